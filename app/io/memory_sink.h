#pragma once
// A file made in memory, never on a disk: what a served lecture's video
// becomes (the browser gets it as a download). Its bytes grow as they are
// written, up to a cap; writing past the cap is a RuntimeError, and room()
// says how near it is (a video stops adding frames while its finish still
// fits: video_file.h). commit() hands the bytes on.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/io/seekable_sink.h"

namespace heatlab {

class MemorySink final : public SeekableSink {
public:
    using Deliver = std::function<void(const std::string& name, std::vector<unsigned char> bytes)>;

    // `name` is what messages say and what the bytes are handed on as.
    MemorySink(std::string name, std::size_t cap, Deliver deliver);

    void write(const void* data, std::size_t size) override;
    std::int64_t seek(std::int64_t offset, int whence) override;
    void complete() override;
    void commit() override;
    void abandon() noexcept override;
    const std::string& path() const override { return name_; }
    std::size_t read(std::int64_t offset, void* data, std::size_t size) const override;
    std::size_t room() const override;

    std::size_t size() const { return bytes_.size(); }
    std::size_t cap() const { return cap_; }

private:
    std::string name_;
    std::size_t cap_;
    Deliver deliver_;
    std::vector<unsigned char> bytes_;
    std::size_t at_ = 0;
    bool complete_ = false;
};

}  // namespace heatlab
