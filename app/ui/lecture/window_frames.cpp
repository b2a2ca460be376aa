#include "app/ui/lecture/window_frames.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdio>

#include "app/io/png_file.h"
#include "app/render/offscreen_target.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

void WindowFrames::wait(const FrameWait& wait) {
    if (wait.latest > 0.0) {
        window_.waitEventsFor(std::max(0.0, wait.latest - secondsNow()));
    } else {
        window_.pollEvents();
    }
}

Turn WindowFrames::next(LectureUi& ui) {
    const SurfaceSize size = window_.size();
    if (size.pixels.width < 1 || size.pixels.height < 1) {
        // Minimised: nothing to draw into; the simulation waits with it.
        if (window_.shouldClose()) {
            return Turn::End;
        }
        window_.waitEvents();
        return Turn::Skip;
    }
    if (ui.settings().vsync != window_.vsync()) {
        window_.setVsync(ui.settings().vsync);
    }
    if (ui.settings().fullScreen != window_.fullScreen()) {
        window_.setFullScreen(ui.settings().fullScreen);
        // What the window really is: a screen with no monitor stays windowed.
        ui.settings().fullScreen = window_.fullScreen();
    }
    return Turn::Draw;
}

void WindowFrames::begin(LectureUi& /*ui*/) { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

void WindowFrames::drawn(LectureUi& /*ui*/, const FrameDrawn& frame) {
    // The last frame stays in the back buffer, for --screenshot-window.
    if (!frame.last) {
        window_.swapBuffers();
    }
}

void writeWindowPictures(const LectureStart& start, const FramesRun& run, Window& window,
                         LectureUi& ui) {
    if (run.endedOnAFrame && !start.screenshotWindow.empty()) {
        const PixelSize size = window.framebufferSize();
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glReadBuffer(GL_BACK);
        writePng(start.screenshotWindow, readPixels(size.width, size.height),
                 ui.pictures().describe());
        std::printf("%s\n", start.screenshotWindow.c_str());
    }
    if (!start.screenshot.empty()) {
        ui.pictures().saveField(start.screenshot);
        std::printf("%s\n", start.screenshot.c_str());
    }
}

}  // namespace heatlab
