#pragma once
// The newest field on the GL side, as much of it as the view needs
// (GlField; not to be confused with the ViewTransform, which says what part
// of the grid is shown): a display buffer laid out for the view
// (kernels/display_layout.h: the field's range, the cells in view or the
// view's image, the loupe's cells) and a buffer texture (R32F) over all of
// it, which the renderer reads with texelFetch. Its size follows the view,
// never the grid, so any grid the backend holds is drawn. A texture buffer
// needs no upload pass of its own: what fills the buffer is what the
// renderer reads.
//
// Two ways to fill it (the display path):
//   interop   the frame's last step is followed on the device by the copy
//             of what the view needs into it; the host never touches the
//             field. The buffer is, in order of preference (the fallback
//             chain, each step said in one line):
//             shared  two buffers over memory CUDA allocated and GL
//                     imported once per view size, used in turn, no map
//                     per frame (shared_gl_buffer.h);
//             mapped  one GL buffer registered with CUDA once per view
//                     size and mapped around each frame's write.
//   via host  what the view needs (its cells or its image, the loupe's
//             cells, the range) is copied to host memory and uploaded with
//             glBufferSubData: the only path on the CPU backend, and
//             selectable on CUDA to show its cost.
// Where interop cannot be set up, the view falls back to via host and
// fallbackReason() says why in one line.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/picture/picture_settings.h"
#include "app/render/field_values.h"
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

    // Makes the buffer hold `layout` (the view's: display_layout.h),
    // reallocating (and registering with CUDA again) only when it changes,
    // so a view's size costs one registration, whatever the grid and the
    // number of frames; and sets the path: `wanted` when it can be had, else
    // via host (see fallbackReason). `backend` decides whether interop can
    // apply at all. Throws RuntimeError when the layout is larger than one
    // buffer texture may be (gl_limits.h: a view of about 11 500 pixels a
    // side on a GL of 2^27 texels). `mapPerFrame` skips the shared buffers
    // for the mapped one (to compare them, and the fallback chain's test).
    // Before anything else it fences the previous frame's reads of a
    // shared buffer, unless finishFrame() did.
    void prepare(const DisplayLayout& layout, DisplayPath wanted, const Backend& backend,
                 bool mapPerFrame = false);
    // After the frame's write on the interop path (which wrote `written`)
    // and before its draws: which shared buffer GL reads (the newest, its
    // write waited for; with `latency`, the one written the frame before,
    // which nothing waits for, where that one holds just what this frame's
    // write holds: the same windows and image of the same grid, so a view
    // that moved never draws from an older buffer). Elsewhere it notes what
    // the buffer holds.
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
    // Interop only: what the frame's write writes into.
    DeviceDisplayBuffer& deviceBuffer();
    const DisplayLayout& layout() const { return layout_; }

    // Via host: what `contents` asks for of `backend`'s newest field (its
    // cells, Backend::copyWindow; its image, Backend::viewImage; the
    // loupe's cells) and `range` (the caller has it from where the field
    // lives: a scan here would cost more than the upload), into host memory
    // held here (the layout's size), then uploaded: a view's worth of
    // values, never the grid's.
    void uploadFrom(Backend& backend, const DisplayContents& contents, const FieldRange& range);
    // The same from a field in host memory (`field`, contents.grid's cells:
    // the difference view's A - B).
    void uploadFromHost(const float* field, const DisplayContents& contents,
                        const FieldRange& range);

    // The min, max and NaN flag at the buffer's start (what an automatic
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

    // The buffer texture over this frame's buffer, all of it.
    GLuint texture() const;
    // What this frame's buffer holds; empty before anything was written.
    const std::optional<DisplayContents>& drawn() const;
    // What the draws read: the view's values (its cells or its image) and
    // the loupe's cells, of this frame's buffer. Throws RuntimeError before
    // anything was written.
    FieldValues viewValues() const;
    FieldValues loupeValues() const;

    // The bytes of the GL buffers it holds now (asked of GL): the display
    // buffer (two more shared with CUDA on interop) and the range's
    // readback; a view's, whatever the grid.
    std::size_t glBytes() const;
    // How many times a GL buffer was registered with CUDA, and how many
    // pairs of CUDA memory GL imported: once per view size, whatever the
    // number of frames.
    int registrations() const { return registrations_; }
    int sharedImports() const { return sharedImports_; }

private:
    bool usingShared() const { return path_ == DisplayPath::Interop && shared_ && !mapPerFrame_; }
    GLuint drawnBuffer() const;
    // Copies what `contents` asks for into staging_ with `fill`, then
    // uploads the parts written.
    template <typename Fill>
    void upload(const DisplayContents& contents, const FieldRange& range, Fill fill);

    DisplayLayout layout_;
    DisplayPath path_ = DisplayPath::ViaHost;
    std::string fallbackReason_;
    gl::Buffer buffer_;
    gl::Texture texture_;
    std::optional<DisplayContents> held_;  // what buffer_ holds
    std::vector<float> staging_;           // via host: the values on their way up
    // Declared after the buffer, so it is unregistered before the buffer dies.
    std::unique_ptr<DeviceDisplayBuffer> interop_;
    // Registration failed for this buffer, and why: not retried per frame.
    bool interopRefused_ = false;
    std::string refusal_;
    int registrations_ = 0;
    // The shared pair, its textures, what each holds, which one this frame
    // draws, and why it could not be had (not retried per frame).
    std::unique_ptr<SharedGlBuffers> shared_;
    gl::Texture sharedTextures_[2];
    std::array<std::optional<DisplayContents>, 2> sharedHeld_;
    int drawn_ = -1;
    bool drawnFenced_ = false;  // finishFrame() fenced the drawn buffer's reads
    bool sharedRefused_ = false;
    std::string sharedRefusal_;
    bool mapPerFrame_ = false;
    int sharedImports_ = 0;
    gl::Buffer rangeReadback_;
    GLsync rangeCopied_ = nullptr;           // the fence behind the copy in flight
    std::optional<FieldRange> sharedRange_;  // read by CUDA, not yet answered
};

}  // namespace heatlab
