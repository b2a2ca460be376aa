#pragma once
// The newest field on the GL side (GlField; not to be confused with the
// ViewTransform, which says what part of it is shown): a GL buffer of nx * ny floats (then its
// min and max: displayBufferFloats) and a
// buffer texture (R32F) over it, which the renderer reads with texelFetch.
// A texture buffer needs no upload pass of its own: what fills the buffer is
// what the renderer reads.
//
// Two ways to fill it (the display path):
//   interop   the frame's last step writes the field into it on the device;
//             the host never touches the grid. The buffer is, in order of
//             preference (the fallback chain, each step said in one line):
//             shared  two buffers over memory CUDA allocated and GL
//                     imported once per grid or view size, used in turn,
//                     no map per frame (shared_gl_buffer.h);
//             mapped  one GL buffer registered with CUDA once per grid or
//                     view size and mapped around each frame's write.
//   via host  the field is copied to host memory and uploaded with
//             glBufferSubData, as a first version would do it: the only path
//             on the CPU backend, and selectable on CUDA to show its cost.
// Where interop cannot be set up, the view falls back to via host and
// fallbackReason() says why in one line.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/picture/picture_settings.h"
#include "app/render/gl_objects.h"
#include "app/render/shared_gl_buffer.h"
#include "kernels/backend.h"
#include "kernels/numerics/params.h"

namespace heatlab {

class GlField {
public:
    GlField();
    ~GlField();
    GlField(const GlField&) = delete;
    GlField& operator=(const GlField&) = delete;

    // Makes the buffer hold `grid`, reallocating (and registering with CUDA
    // again) only when its size changes, and sets the path: `wanted` when it
    // can be had, else via host (see fallbackReason). `backend` decides
    // whether interop can apply at all. Throws RuntimeError when the grid
    // is larger than one buffer texture may be.
    // `imagePixels`: room for a minified view's image after the field (the
    // backend writes it: stepAndPresent() on interop, viewImage() and
    // uploadImage() via host); a new size reallocates and registers again,
    // so a view's size, like the grid's, costs one registration; 0 (a view
    // that needs none) keeps the room there is.
    // `mapPerFrame` skips the shared buffers for the mapped one (to compare
    // them, and the fallback chain's test). Before anything else it fences
    // the previous frame's reads of a shared buffer, unless finishFrame()
    // did.
    void prepare(const GridSize& grid, DisplayPath wanted, const Backend& backend,
                 std::size_t imagePixels = 0, bool mapPerFrame = false);
    // After the frame's write on the interop path and before its draws:
    // which shared buffer GL reads (the newest, its write waited for; with
    // `latency`, the one written the frame before, which nothing waits for,
    // where that one holds what this frame's write holds: `written`, so a
    // frame that needs the cells or an image never draws a buffer without
    // them). Does nothing on the other paths.
    void settle(bool latency, const DisplayContents& written);

    // After the frame's last GL work that reads this frame's buffer (the
    // field, the loupe, the colour bar's range; the window's panel after
    // them): fences those reads and flushes the frame's GL work, so the
    // frame reaches the GPU as one submission, once its steps are queued,
    // and the GPU switches from CUDA to GL and back once a frame. The window
    // calls it last in a frame; without it the next prepare() fences.
    void finishFrame();

    DisplayPath path() const { return path_; }
    // Interop: which buffer it writes; empty via host.
    std::optional<InteropBuffer> interopBuffer() const;
    // Empty unless interop was asked for and could not be had.
    const std::string& fallbackReason() const { return fallbackReason_; }
    // Empty unless interop runs on the mapped buffer where the shared ones
    // were wanted: why they could not be had.
    const std::string& sharedFallbackReason() const { return sharedRefusal_; }
    // Interop only: what the frame's last step writes.
    DeviceDisplayBuffer& deviceBuffer();
    // Via host: copies `field` (grid.cells() floats) into the buffer, and
    // its min, max and NaN flag after it, as the device path does (the caller has the
    // range from where the field lives: a scan here would cost more than the
    // upload).
    void uploadFromHost(const float* field, const FieldRange& range);
    // Via host: the view's image made by `backend` (Backend::viewImage)
    // into host memory held here, then uploaded after the field.
    void uploadImageOf(Backend& backend, const ViewSampling& sampling);
    // The min, max and NaN flag stored after the field (what an automatic
    // range draws with). Reads the buffer back, so it waits for what writes it.
    FieldRange storedRange() const;
    // The same without waiting, for labels drawn every frame: the stored
    // min and max are copied on the GPU into a small buffer of their own
    // (from shared buffers CUDA reads them at once: 12 bytes, already written),
    // behind the frame that wrote them (queueRangeReadback(), one copy in
    // flight; a call while one is in flight does nothing; it goes to the
    // GPU with the frame's work, at finishFrame() or a buffer swap), and
    // read once GL says the copy is done (finishedRange(): nothing until
    // then).
    void queueRangeReadback();
    std::optional<FieldRange> finishedRange();

    // The buffer texture the renderer samples (this frame's buffer), and
    // the grid it holds.
    GLuint texture() const;
    // The image's buffer texture (0 without one) and its size.
    GLuint imageTexture() const;
    std::size_t imagePixels() const { return imagePixels_; }
    const GridSize& grid() const { return grid_; }
    // How many times a GL buffer was registered with CUDA, and how many
    // pairs of CUDA memory GL imported: once per grid or view size, whatever
    // the number of frames.
    int registrations() const { return registrations_; }
    int sharedImports() const { return sharedImports_; }

private:
    bool usingShared() const { return path_ == DisplayPath::Interop && shared_ && !mapPerFrame_; }
    GLuint drawnBuffer() const;
    // The two textures over a buffer holding `grid` and an image after it.
    void viewsOver(GLuint buffer, gl::Texture& field, gl::Texture& image) const;

    GridSize grid_{0, 0};
    DisplayPath path_ = DisplayPath::ViaHost;
    std::string fallbackReason_;
    gl::Buffer buffer_;
    gl::Texture texture_;
    gl::Texture imageTexture_;
    std::size_t imagePixels_ = 0;
    std::vector<float> hostImage_;  // via host: the image on its way up
    // Declared after the buffer, so it is unregistered before the buffer dies.
    std::unique_ptr<DeviceDisplayBuffer> interop_;
    // Registration failed for this buffer, and why: not retried per frame.
    bool interopRefused_ = false;
    std::string refusal_;
    int registrations_ = 0;
    // The shared pair, its textures, which one this frame draws, and why it
    // could not be had (not retried per frame).
    std::unique_ptr<SharedGlBuffers> shared_;
    gl::Texture sharedTextures_[2];
    gl::Texture sharedImageTextures_[2];
    int drawn_ = -1;
    bool drawnFenced_ = false;  // finishFrame() fenced the drawn buffer's reads
    // What the newest shared buffer holds, before this frame's write.
    struct Held {
        bool cells = false;
        bool image = false;
    };
    std::optional<Held> newestHolds_;
    bool sharedRefused_ = false;
    std::string sharedRefusal_;
    bool mapPerFrame_ = false;
    int sharedImports_ = 0;
    gl::Buffer rangeReadback_;
    GLsync rangeCopied_ = nullptr;           // the fence behind the copy in flight
    std::optional<FieldRange> sharedRange_;  // read by CUDA, not yet answered
};

}  // namespace heatlab
