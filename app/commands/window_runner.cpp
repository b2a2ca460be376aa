#include "app/commands/window_runner.h"

#include <cstdio>
#include <utility>

#include "app/commands/prepared_lecture.h"
#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/platform/window.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/frame_loop.h"
#include "app/ui/lecture/lecture_ui.h"
#include "app/ui/lecture/window_frames.h"

namespace heatlab {

int runWindow(const LectureStart& asked) {
    PreparedLecture prepared = prepareLecture(asked);
    const LectureStart& start = prepared.start;
    // Made and (reversed) destroyed in this order: the window and its GL
    // context, Dear ImGui (shut down while the context lives), the lecture.
    Window window(tr("heatlab: the 2D heat equation"), kWindowWidth, kWindowHeight);
    ImGuiLayer imgui(window);
    LectureUi ui(start.settings, std::move(prepared.selection.backend), imgui, window.description(),
                 prepared.scene);
    // After the window: a missing display is the only line.
    std::fprintf(stderr, "%s\n", terminalLine(prepared.selection.reason).c_str());
    // A frame of latency on the shared buffers, so no frame waits for its
    // own steps before GL draws, and no frame for a row of the table.
    ui.setWindowed(true);
    if (prepared.cues) {
        ui.setCues(*prepared.cues);
    }
    WindowFrames frames(window);
    FrameRules rules;
    rules.endOnQuit = true;
    rules.mostFrames = start.frames;
    rules.slowWhileRowTimed = true;
    const FramesRun run = runFrames({window, imgui, ui}, frames, frames, FrameClock{}, rules);
    writeWindowPictures(start, run, window, ui);
    return 0;
}

}  // namespace heatlab
