#pragma once
// The display's first choice on a CUDA device: two GL buffers over device
// memory that CUDA allocated with its virtual memory API
// (shared_display_memory.h) and GL imported once
// (GL_EXT_memory_object_fd), used in turn, so no buffer is mapped per
// frame: CUDA writes one while GL draws the other. Ordered from the host:
// before CUDA writes a buffer, GL's fence after the frame that last read it;
// before GL reads one, CUDA's event after its write. The kernels still see
// only a DeviceDisplayBuffer.

#include <glad/gl.h>

#include <memory>
#include <string>

#include "kernels/backend.h"

namespace heatlab {

class SharedGlBuffers : public DeviceDisplayBuffer {
public:
    // The two GL buffers, each at least the asked-for bytes.
    virtual GLuint buffer(int index) const = 0;
    // The buffer the newest release() gave back (-1 before any): what the
    // frame just wrote.
    virtual int written() const = 0;
    // Which buffer GL reads this frame: the newest written, its write waited
    // for on the host; with `latency`, the one written a frame before where
    // there is one, which is long done, so nothing waits (the window's
    // choice: a frame of latency at most).
    virtual int readable(bool latency) = 0;
    // The GL work queued so far has read buffer `index` (its last frame's
    // draws): fenced and flushed, so the fence is on its way to the GPU with
    // the frame's GL work, and waited for (without a flush of its own, which
    // would send the next frame's first GL commands early) before CUDA
    // writes that buffer again.
    virtual void fenceReads(int index) = 0;
    // `bytes` at `offset` of buffer `index`, read by CUDA after its last
    // write: GL's own reads of the imported memory, even a GPU copy, were
    // seen on the H200 to answer from a copy that CUDA's writes had not
    // reached (pane A's colour bar read "0 ... 0" in the lecture's A/B cue
    // while its field, drawn through a texture, was right).
    virtual void read(int index, std::size_t offset, void* out, std::size_t bytes) = 0;
};

// Two buffers of `bytes` in the current GL context, or nullptr with *why:
// no CUDA in this build, a GL without GL_EXT_memory_object_fd, a driver
// that refuses the memory or its import, or one whose GL does not read back
// what CUDA wrote into it (checked once, in a second at most). Must be
// destroyed while the GL
// context is current.
std::unique_ptr<SharedGlBuffers> shareWithCuda(std::size_t bytes, std::string* why);

}  // namespace heatlab
