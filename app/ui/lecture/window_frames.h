#pragma once
// The GLFW window (app/platform/window.h) as the frame loop's source and
// sink (frame_loop.h): its events and its close button are the input, the
// frame is drawn into its default framebuffer and shown by a swap, which
// vsync paces; a minimised window draws nothing and waits for its events.
// The lecture's vsync and full-screen settings reach the window before each
// frame.

#include "app/lecture/run/lecture_start.h"
#include "app/platform/window.h"
#include "app/ui/lecture/frame_loop.h"

namespace heatlab {

class WindowFrames : public FrameSource, public FrameSink {
public:
    explicit WindowFrames(Window& window) : window_(window) {}

    void wait(const FrameWait& wait) override;
    Turn next(LectureUi& ui) override;
    bool ended() const override { return window_.shouldClose(); }
    void begin(LectureUi& ui) override;
    void drawn(LectureUi& ui, const FrameDrawn& frame) override;

private:
    Window& window_;
};

// As the window ends: --screenshot-window (the back buffer of the last
// frame, where the run ended on one) and --screenshot (pane A's field),
// each path said on stdout.
void writeWindowPictures(const LectureStart& start, const FramesRun& run, Window& window,
                         LectureUi& ui);

}  // namespace heatlab
