#pragma once
// The lecture's frames drawn offscreen, as the window draws them: a
// headless context, an offscreen target of 640 x 400 and a small grid, for
// the tests that drive LectureUi frame by frame.

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

// The clicker's next (Page Down, or `key`) as a lecturer presses it: once,
// and once more where the cue said it still runs for its result
// (CuePlayer::move); `frame` draws a frame after each press.
template <typename Frame>
void pressNextCue(LectureUi& ui, const Frame& frame, Key key = Key::PageDown) {
    const int before = ui.cues().index();
    ui.onKey(key, false);
    frame();
    if (ui.cues().index() == before && ui.cues().toldStillRunning()) {
        ui.onKey(key, false);
        frame();
    }
}

class LectureFixture : public ::testing::Test {
protected:
    LectureFixture() {
        options.params.grid = GridSize{67, 45};
        options.params.r = 0.24f;
        options.stepsPerFrame = 3;
    }

    // Runs `frames` frames into the offscreen target.
    void run(LectureUi& ui, int frames) {
        const auto bound = target.bind();
        for (int i = 0; i < frames; ++i) {
            ui.frame(surface);
        }
    }

    // Frames a 60th of a second apart in simulated time, the clock the
    // lecture reads once it is given clockedBy(ui).
    void frames(LectureUi& ui, int count) {
        for (int i = 0; i < count; ++i) {
            now_ += 1.0 / 60.0;
            run(ui, 1);
        }
    }
    void clockedBy(LectureUi& ui) {
        ui.setClock([this] { return now_; });
    }

    double now_ = 1.0;
    HeadlessContext context;
    ImGuiLayer imgui{1.0f};
    OffscreenTarget target{640, 400};
    SurfaceSize surface{{640, 400}, {640, 400}};
    LectureSettings options;
};

}  // namespace heatlab
