#pragma once
// Pictures read back from GL without waiting for them: glReadPixels into a
// pixel buffer object returns at once, and the pixels are copied out a
// frame or two later, once the GPU (or Mesa's threads) has written them. A
// recording window reads each frame this way, so the frame that asks never
// stalls on the transfer.

#include <glad/gl.h>

#include <deque>
#include <optional>
#include <vector>

#include "app/io/rgb_image.h"
#include "app/render/gl_objects.h"

namespace heatlab {

class AsyncReadback {
public:
    // At most `depth` reads in flight; a start() beyond them first takes
    // the oldest (waiting for it), which the next take() returns.
    explicit AsyncReadback(int depth = 3);
    ~AsyncReadback();
    AsyncReadback(const AsyncReadback&) = delete;
    AsyncReadback& operator=(const AsyncReadback&) = delete;

    // Starts reading the lower left width x height pixels of the bound read
    // framebuffer.
    void start(int width, int height);
    // The oldest read whose pixels have arrived, top row first; with
    // `wait`, the oldest one whatever it takes. Empty when none is ready.
    std::optional<RgbImage> take(bool wait);
    int inFlight() const { return static_cast<int>(reads_.size()); }

private:
    struct Read {
        GLuint buffer = 0;
        GLsync fence = nullptr;
        int width = 0;
        int height = 0;
    };
    RgbImage finish(Read read);

    std::size_t depth_;
    std::deque<Read> reads_;
    std::vector<GLuint> spare_;  // buffers to reuse: a fresh one costs a first write
    std::deque<RgbImage> ready_;
};

}  // namespace heatlab
