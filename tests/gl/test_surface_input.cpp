// The lecture's input through the seam (app/platform/surface.h) on the
// headless surface: events pushed as plain data reach Dear ImGui's panel
// and the lecture alike, all of them landing between two frames as
// `xdotool` sends them, and the panel's value changes in the lecture's
// settings. The same path as the window's (tests/gl/test_key_taps.cpp
// drives that one with xdotool).

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/platform/headless_surface.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_input.h"
#include "app/ui/lecture/lecture_ui.h"
#include "kernels/cpu/cpu_backend.h"

namespace heatlab {
namespace {

class SurfaceInput : public ::testing::Test {
protected:
    SurfaceInput() {
        options.params.grid = GridSize{67, 45};
        options.params.r = 0.24f;
        options.stepsPerFrame = 1;
    }

    // Frames until `done`, at most 30: input that is lost stays lost.
    bool until(LectureUi& ui, const std::function<bool()>& done) {
        const auto bound = target.bind();
        for (int i = 0; i < 30 && !done(); ++i) {
            surface.advance(1.0 / 60.0);
            lectureFrame(surface, imgui, ui);
        }
        return done();
    }
    void frames(LectureUi& ui, int n) {
        int done = 0;
        until(ui, [&] { return done++ >= n; });
    }
    void push(const InputEvent& event) { surface.input().push(event); }
    void type(const std::string& text) {
        for (char c : text) {
            push(InputEvent::text(static_cast<unsigned char>(c)));
        }
    }
    void tap(KeyCode key) {
        push(InputEvent::keyDown(key));
        push(InputEvent::keyUp(key));
    }

    HeadlessContext context;
    HeadlessSurface surface{
        SurfaceSize{{kWindowWidth, kWindowHeight}, {kWindowWidth, kWindowHeight}}};
    ImGuiLayer imgui{surface};
    OffscreenTarget target{kWindowWidth, kWindowHeight};
    LectureSettings options;
};

// Ctrl+click on the r slider makes it a text field (Dear ImGui's own way);
// the value typed and Enter, all before one frame, set r; then the panel
// gives the keyboard back and Space reaches the lecture.
TEST_F(SurfaceInput, AValueTypedIntoThePanelChangesTheLecturesR) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    frames(ui, 3);
    const PanelRect slider = ui.panelLayout().rSlider;
    ASSERT_TRUE(slider.drawn);
    ASSERT_FALSE(imgui.wantsKeyboard());

    push(InputEvent::keyDown(KeyCode::LeftControl));
    push(InputEvent::pointerMove(slider.left + 15.0, (slider.top + slider.bottom) * 0.5));
    push(InputEvent::pointerButton(0, true));
    push(InputEvent::pointerButton(0, false));
    push(InputEvent::keyUp(KeyCode::LeftControl));
    type("0.23");
    tap(KeyCode::Enter);
    EXPECT_TRUE(until(ui, [&] { return ui.settings().params.r == 0.23f; }))
        << "r is " << ui.settings().params.r;
    EXPECT_TRUE(until(ui, [&] { return !imgui.wantsKeyboard(); })) << "the field kept the keyboard";

    const bool running = ui.settings().running;
    tap(KeyCode::Space);
    EXPECT_TRUE(until(ui, [&] { return ui.settings().running != running; }))
        << "Space did not reach the lecture";
    EXPECT_FLOAT_EQ(ui.settings().params.r, 0.23f);
}

// While the panel's field has the keyboard the lecture's keys are text:
// "r" typed there resets nothing, and Escape leaves the field unchanged.
TEST_F(SurfaceInput, KeysTypedIntoAFieldAreNotTheLecturesKeys) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    frames(ui, 3);
    const PanelRect slider = ui.panelLayout().rSlider;
    ASSERT_TRUE(slider.drawn);
    push(InputEvent::keyDown(KeyCode::LeftControl));
    push(InputEvent::pointerMove(slider.left + 15.0, (slider.top + slider.bottom) * 0.5));
    push(InputEvent::pointerButton(0, true));
    push(InputEvent::pointerButton(0, false));
    push(InputEvent::keyUp(KeyCode::LeftControl));
    ASSERT_TRUE(until(ui, [&] { return imgui.wantsKeyboard(); })) << "the click missed the slider";
    const bool running = ui.settings().running;
    tap(KeyCode::Space);  // a key the lecture would take, into the field instead
    type(" ");
    frames(ui, 3);
    EXPECT_EQ(ui.settings().running, running);
    EXPECT_TRUE(imgui.wantsKeyboard());
    tap(KeyCode::Escape);
    EXPECT_TRUE(until(ui, [&] { return !imgui.wantsKeyboard(); }));
    EXPECT_FLOAT_EQ(ui.settings().params.r, 0.24f);
    EXPECT_EQ(ui.settings().running, running);
}

// Ctrl+C in a field copies onto the surface's clipboard, Ctrl+V pastes from
// it: the panel's clipboard is the surface's.
TEST_F(SurfaceInput, ThePanelsClipboardIsTheSurfaces) {
    LectureUi ui(options, std::make_unique<CpuBackend>(), imgui, context.description());
    frames(ui, 3);
    const PanelRect slider = ui.panelLayout().rSlider;
    ASSERT_TRUE(slider.drawn);
    const auto ctrlClickTheSlider = [&] {
        push(InputEvent::keyDown(KeyCode::LeftControl));
        push(InputEvent::pointerMove(slider.left + 15.0, (slider.top + slider.bottom) * 0.5));
        push(InputEvent::pointerButton(0, true));
        push(InputEvent::pointerButton(0, false));
        push(InputEvent::keyUp(KeyCode::LeftControl));
        return until(ui, [&] { return imgui.wantsKeyboard(); });
    };
    ASSERT_TRUE(ctrlClickTheSlider());
    // The field opens with its text selected: Ctrl+C copies it.
    push(InputEvent::keyDown(KeyCode::LeftControl));
    tap(KeyCode::C);
    push(InputEvent::keyUp(KeyCode::LeftControl));
    frames(ui, 3);  // a field takes one key a frame: Escape after the copy
    tap(KeyCode::Escape);
    ASSERT_TRUE(until(ui, [&] { return !imgui.wantsKeyboard(); }));
    EXPECT_EQ(surface.clipboard().substr(0, 4), "0.24") << surface.clipboard();

    surface.setClipboard("0.21");
    ASSERT_TRUE(ctrlClickTheSlider());
    push(InputEvent::keyDown(KeyCode::LeftControl));
    tap(KeyCode::V);
    push(InputEvent::keyUp(KeyCode::LeftControl));
    frames(ui, 3);
    tap(KeyCode::Enter);
    EXPECT_TRUE(until(ui, [&] { return ui.settings().params.r == 0.21f; }))
        << "r is " << ui.settings().params.r;
}

}  // namespace
}  // namespace heatlab
