#pragma once
// What a served lecture makes for the browser instead of files: pictures,
// videos and the saved scene, each whole in memory (nothing on the
// server's disk), waiting for the server to send them to the controller's
// page. A file over mostBytes() is refused: a picture or scene as it is
// added, a video as it is muxed (its sink stops it before: memory_sink.h).
// Used on the lecture's thread only.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/io/memory_sink.h"

namespace heatlab {

// The most one download holds: a browser takes it in one message.
inline constexpr std::size_t kMostDownloadBytes = std::size_t{1} << 30;

struct Download {
    std::string name;
    std::vector<unsigned char> bytes;
};

class Downloads {
public:
    explicit Downloads(std::size_t mostBytes = kMostDownloadBytes) : mostBytes_(mostBytes) {}

    std::size_t mostBytes() const { return mostBytes_; }
    // A whole file. Throws RuntimeError when it is over mostBytes().
    void add(std::string name, std::vector<unsigned char> bytes);
    // A file written piece by piece (a video): added when committed.
    std::unique_ptr<MemorySink> sink(const std::string& name);
    // The files added since the last call, in order.
    std::vector<Download> take();

private:
    std::size_t mostBytes_;
    std::vector<Download> waiting_;
};

}  // namespace heatlab
