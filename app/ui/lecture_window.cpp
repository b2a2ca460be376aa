#include "app/ui/lecture_window.h"

#include <glad/gl.h>

#include <cstdio>

#include "app/i18n/terminal_locale.h"
#include "app/io/png_file.h"
#include "app/lecture/frame_fault.h"
#include "app/lecture/simulation_control.h"
#include "app/render/offscreen_target.h"
#include "app/ui/lecture_input.h"

namespace heatlab {

LectureWindow::LectureWindow(const LectureStart& start, const std::optional<Scene>& scene,
                             std::unique_ptr<Backend> backend, const std::string& backendReason)
    : start_(start),
      window_("heatlab: the 2D heat equation", kWindowWidth, kWindowHeight),
      imgui_(window_),
      lecture_(start.settings, std::move(backend), imgui_, window_.description(), scene),
      guard_(lecture_, "heatlab") {
    std::fprintf(stderr, "%s\n", terminalLine(backendReason).c_str());
    // A frame of latency on the shared buffers, so no frame waits for its
    // own steps before GL draws, and no frame for a row of the table.
    lecture_.setWindowed(true);
}

namespace {

constexpr double kFrameSecondsWhileARowIsTimed = 0.25;

}  // namespace

void LectureWindow::run() {
    long long done = 0;
    for (;;) {
        if (lecture_.measuringRow()) {
            // The table's row is timed beside as little drawing as may be
            // (on the CPU the software GL shares its cores): a frame when a
            // key or the pointer comes, else a few a second.
            window_.waitEventsFor(kFrameSecondsWhileARowIsTimed);
        } else {
            window_.pollEvents();
        }
        const SurfaceSize size = window_.size();
        if (size.pixels.width < 1 || size.pixels.height < 1) {
            // Minimised: nothing to draw into; the simulation waits with it.
            if (window_.shouldClose()) {
                finish(false);
                return;
            }
            window_.waitEvents();
            continue;
        }
        if (lecture_.settings().vsync != window_.vsync()) {
            window_.setVsync(lecture_.settings().vsync);
        }
        if (lecture_.settings().fullScreen != window_.fullScreen()) {
            window_.setFullScreen(lecture_.settings().fullScreen);
            // What the window really is: a screen with no monitor stays windowed.
            lecture_.settings().fullScreen = window_.fullScreen();
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        const bool quit = guard_.frame([this] { return lectureFrame(window_, imgui_, lecture_); });
        ++done;
        if (quit || window_.shouldClose() || (start_.frames > 0 && done >= start_.frames)) {
            finish(true);
            return;
        }
        window_.swapBuffers();
    }
}

void LectureWindow::finish(bool drawn) {
    if (drawn && !start_.screenshotWindow.empty()) {
        const PixelSize size = window_.framebufferSize();
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glReadBuffer(GL_BACK);
        writePng(start_.screenshotWindow, readPixels(size.width, size.height),
                 lecture_.pictures().describe());
        std::printf("%s\n", start_.screenshotWindow.c_str());
    }
    if (!start_.screenshot.empty()) {
        lecture_.pictures().saveField(start_.screenshot);
        std::printf("%s\n", start_.screenshot.c_str());
    }
}

PreparedLecture prepareLecture(const LectureStart& start) {
    PreparedLecture prepared;
    prepared.start = start;
    if (!start.scenePath.empty()) {
        // Read and checked whole before the backend or a window starts.
        prepared.scene = readScene(start.scenePath, start.settings);
        static_cast<LessonSettings&>(prepared.start.settings) = prepared.scene->settings;
    }
    // Read and checked whole too: a bad cue list is one line and exit 2.
    if (!start.cues.empty()) {
        prepared.cues = readCues(start.cues);
    }
    prepared.selection = makeBackend(prepared.start.settings.backend);
    // The test hook, where asked for: read once, here (frame_fault.h).
    prepared.selection.backend = withFrameFaultAsked(std::move(prepared.selection.backend));
    LectureSettings& settings = prepared.start.settings;
    if (!prepared.scene && !start.gridChosen) {
        settings.params.grid = defaultWindowGrid(prepared.selection.backend->facts());
    }
    settings.useGridFor(choiceOf(*prepared.selection.backend));
    Simulation::requireRunnable(*prepared.selection.backend, settings.params);
    if (prepared.cues) {
        LectureSettings begin = settings;
        begin.backend = choiceOf(*prepared.selection.backend);
        checkKernelsPlayable(*prepared.cues, begin);
    }
    return prepared;
}

int runWindow(const LectureStart& start) {
    PreparedLecture prepared = prepareLecture(start);
    LectureWindow window(prepared.start, prepared.scene, std::move(prepared.selection.backend),
                         prepared.selection.reason);
    if (prepared.cues) {
        window.lecture().setCues(*prepared.cues);
    }
    window.run();
    return 0;
}

}  // namespace heatlab
