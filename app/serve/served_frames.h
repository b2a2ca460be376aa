#pragma once
// The served lecture's frames in the one frame loop (app/ui/lecture/frame_loop.h):
// the pages' input is its source, the pages its sink. The source hands the
// controller's input to the surface's queue (remote_surface.h: the page's
// canvas in CSS pixels, its device pixel ratio as the pixels a unit) and a
// file dropped on the page to the scene panel, and waits for the loop's
// tick, woken early by input; the lecturer's editor's kernels go to
// served_kernels.h. The sink draws each frame into an offscreen
// target of the page's size (nvJPEG's, where the GPU encodes), reads it
// back at once and encodes it in each codec some page takes; the browser's
// downloads go to the controller's page.

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "app/io/downloads.h"
#include "app/render/async_readback.h"
#include "app/render/offscreen_target.h"
#include "app/serve/frame_encoder.h"
#include "app/serve/frame_server.h"
#include "app/serve/gpu_jpeg.h"
#include "app/serve/recent_times.h"
#include "app/serve/remote_surface.h"
#include "app/serve/served_kernels.h"
#include "app/serve/wire.h"
#include "app/ui/lecture/frame_loop.h"

namespace heatlab {

class ServedInput : public FrameSource {
public:
    ServedInput(FrameServer& server, RemoteSurface& surface)
        : server_(server),
          surface_(surface),
          kernels_([&server](std::string text) { server.sendToController(std::move(text)); }) {}

    void wait(const FrameWait& wait) override;
    Turn next(LectureUi& ui) override;

    // A pointer button held (the lecturer drags: smaller frames keep up).
    bool pointerHeld() const { return pointerHeld_; }
    // The controller's own numbering of its input: a page reloaded (or
    // another taking control) counts from 1 again.
    std::uint32_t lastInput() const { return lastInput_; }

private:
    void take(const ClientMessage& message, LectureUi& ui);

    FrameServer& server_;
    RemoteSurface& surface_;
    ServedKernels kernels_;
    bool pointerHeld_ = false;
    std::uint32_t lastInput_ = 0;
};

class ServedOutput : public FrameSink {
public:
    // `gpuJpeg`: openEncoders()'s; `downloads`: null where --allow-writes
    // writes them on the server; `h264`: offered to the pages.
    ServedOutput(FrameServer& server, const ServedInput& input, const RemoteSurface& surface,
                 std::unique_ptr<GpuJpeg> gpuJpeg, Downloads* downloads, bool h264);

    void begin(LectureUi& ui) override;
    void drawn(LectureUi& ui, const FrameDrawn& frame) override;

    // Each encoder's median encode time, for the line said at the end.
    std::string encodeTimes() const;

private:
    void sizeTarget();
    bool sendBound(LectureUi& ui, bool deviceLost);
    FrameHeader headerOf(LectureUi& ui);
    void encodeReads(bool onGpu);
    void letGoOfGpu();

    FrameServer& server_;
    const ServedInput& input_;
    const RemoteSurface& surface_;
    Downloads* downloads_;
    std::unique_ptr<GpuJpeg> gpuJpeg_;
    RecentTimes gpuTimes_;
    FrameEncoder jpeg_;
    std::unique_ptr<FrameEncoder> video_;
    std::unique_ptr<OffscreenTarget> target_;
    std::unique_ptr<OffscreenTarget::Binding> bound_;  // from begin() to drawn()
    // The frames in flight between the GL read and the encoders: each
    // read's header, in the order the reads were started.
    AsyncReadback readback_{3};
    std::deque<FrameHeader> headers_;
    // This frame's: its size, its quality, the codecs some page takes.
    PixelSize pixels_;
    int quality_ = 0;
    bool wantJpeg_ = false;
    bool wantVideo_ = false;
    std::uint32_t sequence_ = 0;
};

}  // namespace heatlab
