#pragma once
// The lecture window: the window (app/platform/window.h) running the
// lecture's frames (LectureUi) until it is closed, Escape, Quit or --frames,
// its input handed to them through the surface's queue (lecture_input.h),
// each frame run through a FrameGuard (an error in one is a notice).
// Owns, in the order they are made and (reversed) destroyed: the window and
// its GL context, Dear ImGui, the lecture.

#include <memory>
#include <optional>
#include <string>

#include "app/lecture/cue_list.h"
#include "app/lecture/lecture_start.h"
#include "app/lecture/scene.h"
#include "app/platform/window.h"
#include "app/ui/frame_guard.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/lecture_ui.h"
#include "kernels/backend_factory.h"

namespace heatlab {

class LectureWindow {
public:
    // Opens the window (UsageError without a display), then prints
    // `backendReason` on stderr, so a missing display is the only line.
    LectureWindow(const LectureStart& start, const std::optional<Scene>& scene,
                  std::unique_ptr<Backend> backend, const std::string& backendReason);

    LectureUi& lecture() { return lecture_; }

    // Runs frames until the window is closed, Escape, Quit or --frames;
    // writes the pictures asked for on the command line before returning.
    void run();

private:
    void finish(bool drawn);

    LectureStart start_;
    Window window_;
    ImGuiLayer imgui_;  // after the window: shut down while its context lives
    LectureUi lecture_;
    FrameGuard guard_;  // every frame through it: no error in one ends the lecture
};

// What a lecture starts from, read and checked before any window or GL:
// the --scene file (its settings in `start`), the --cues list, the backend
// (the grid the backend's default where none was chosen), the grid and the
// cues' kernels checked against it. Throws UsageError (one line, exit 2)
// for a scene or cue list that cannot be read or is not valid.
struct PreparedLecture {
    LectureStart start;
    std::optional<Scene> scene;
    std::optional<CueList> cues;
    BackendSelection selection;
};
PreparedLecture prepareLecture(const LectureStart& start);

// `heatlab` with no command: reads the --scene file, makes the backend and
// checks the grid and kernel against it before any window, then runs the
// window. Returns the exit status. Throws UsageError (exit 2, one line) when
// there is no display, naming `heatlab serve`, `heatlab shot` and `heatlab bench`, and when
// the scene file cannot be read or is not a valid scene.
int runWindow(const LectureStart& start);

}  // namespace heatlab
