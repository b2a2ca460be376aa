// A key tap shorter than a frame (a press and its release between two
// frames: `xdotool key`, a presentation clicker) must reach Dear ImGui, which
// in 1.86 reads key state once a frame: KeyTapQueue's logic and the seam's
// queue (InputQueue) without GLFW, then the window and ImGui together under
// Xvfb, driven by xdotool. xdotool runs to its end between two frames, so
// each of its taps lands whole in one pollEvents(), the case that lost Enter
// in a text field.

#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/platform/input_queue.h"
#include "app/platform/key_tap_queue.h"
#include "app/platform/window.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_input.h"

namespace heatlab {
namespace {

constexpr KeyCode kEnter = KeyCode::Enter;
constexpr KeyCode kSpace = KeyCode::Space;
constexpr KeyCode kA = KeyCode::A;
constexpr KeyCode kDigit2 = KeyCode::Digit2;
constexpr KeyCode kCtrl = KeyCode::LeftControl;

InputEvent press(KeyCode key) { return InputEvent::keyDown(key); }
InputEvent release(KeyCode key) { return InputEvent::keyUp(key); }
InputEvent repeat(KeyCode key) { return InputEvent::keyRepeat(key); }
InputEvent typed(char c) { return InputEvent::text(static_cast<unsigned char>(c)); }

using Inputs = std::vector<InputEvent>;

bool arrive(KeyTapQueue& taps, const InputEvent& in) { return taps.arrive(in); }

TEST(KeyTapQueue, ATapWithinAFrameIsReleasedAfterTheNextFrameBegins) {
    KeyTapQueue taps;
    EXPECT_TRUE(arrive(taps, press(kEnter)));
    EXPECT_FALSE(arrive(taps, release(kEnter)));
    EXPECT_EQ(taps.held(), 1u);
    // Polled again before any frame (a minimised window): still held.
    EXPECT_TRUE(taps.due().empty());
    taps.frameBegan();
    EXPECT_EQ(taps.due(), Inputs{release(kEnter)});
    EXPECT_EQ(taps.held(), 0u);
    EXPECT_TRUE(taps.due().empty());
}

TEST(KeyTapQueue, AKeyHeldAcrossAFrameGoesOnAtOnce) {
    KeyTapQueue taps;
    EXPECT_TRUE(arrive(taps, press(kSpace)));
    taps.frameBegan();
    EXPECT_TRUE(arrive(taps, repeat(kSpace)));
    EXPECT_TRUE(arrive(taps, repeat(kSpace)));
    EXPECT_TRUE(arrive(taps, release(kSpace)));
    EXPECT_EQ(taps.held(), 0u);
}

TEST(KeyTapQueue, ASecondTapBeforeAFrameWaitsAFrameForEachChange) {
    KeyTapQueue taps;
    EXPECT_TRUE(arrive(taps, press(kSpace)));
    EXPECT_FALSE(arrive(taps, release(kSpace)));
    EXPECT_FALSE(arrive(taps, press(kSpace)));
    EXPECT_FALSE(arrive(taps, release(kSpace)));
    taps.frameBegan();
    EXPECT_EQ(taps.due(), Inputs{release(kSpace)});
    EXPECT_TRUE(taps.due().empty());
    taps.frameBegan();
    EXPECT_EQ(taps.due(), Inputs{press(kSpace)});
    taps.frameBegan();
    EXPECT_EQ(taps.due(), Inputs{release(kSpace)});
    EXPECT_EQ(taps.held(), 0u);
}

TEST(KeyTapQueue, ARepeatBehindAHeldEventKeepsItsPlace) {
    KeyTapQueue taps;
    EXPECT_TRUE(arrive(taps, press(kA)));
    EXPECT_FALSE(arrive(taps, release(kA)));
    EXPECT_FALSE(arrive(taps, repeat(kA)));  // behind the release, not before it
    taps.frameBegan();
    EXPECT_EQ(taps.due(), (Inputs{release(kA), repeat(kA)}));
}

TEST(KeyTapQueue, OtherKeysAndTextAreNotHeldUpByAPlainTap) {
    KeyTapQueue taps;
    // "2" typed then Enter, all between two frames: the frame sees the text
    // and Enter down, as ImGui needs to take the text and then leave the field.
    EXPECT_TRUE(arrive(taps, press(kDigit2)));
    EXPECT_TRUE(arrive(taps, typed('2')));
    EXPECT_FALSE(arrive(taps, release(kDigit2)));
    EXPECT_TRUE(arrive(taps, press(kEnter)));
    EXPECT_FALSE(arrive(taps, release(kEnter)));
    taps.frameBegan();
    EXPECT_EQ(taps.due(), (Inputs{release(kDigit2), release(kEnter)}));
}

TEST(KeyTapQueue, TextWaitsBehindAChordTappedJustBeforeIt) {
    KeyTapQueue taps;
    // Ctrl+A, then "2" and Enter, all between two frames (xdotool key ctrl+a
    // type 2 key Return): the first frame sees Ctrl+A down, and ImGui would
    // take no text while Ctrl is down, so the text and all after it wait.
    const Inputs sent = {press(kCtrl),     press(kA),      release(kA),
                         release(kCtrl),   press(kDigit2), typed('2'),
                         release(kDigit2), press(kEnter),  release(kEnter)};
    Inputs now;
    for (const InputEvent& in : sent) {
        if (arrive(taps, in)) {
            now.push_back(in);
        }
    }
    EXPECT_EQ(now, (Inputs{press(kCtrl), press(kA), press(kDigit2)}));
    taps.frameBegan();
    // The chord's releases, then the text with Ctrl up, and Enter down.
    EXPECT_EQ(taps.due(),
              (Inputs{release(kA), release(kCtrl), typed('2'), release(kDigit2), press(kEnter)}));
    taps.frameBegan();
    EXPECT_EQ(taps.due(), Inputs{release(kEnter)});
    EXPECT_EQ(taps.held(), 0u);
}

TEST(KeyTapQueue, KeysWithoutACodeGoOn) {
    KeyTapQueue taps;
    EXPECT_TRUE(arrive(taps, press(KeyCode::Unknown)));
    EXPECT_TRUE(arrive(taps, release(KeyCode::Unknown)));
    EXPECT_TRUE(arrive(taps, InputEvent::focus(false)));
    EXPECT_EQ(taps.held(), 0u);
}

// A click within a frame: the button is down for a frame, up for the next,
// and the pointer's later moves wait behind the release, so the frame that
// sees the press sees it where it was made.
TEST(KeyTapQueue, AClickWithinAFrameIsSeenWhereItWasMade) {
    KeyTapQueue taps;
    const InputEvent there = InputEvent::pointerMove(10.0, 20.0);
    const InputEvent away = InputEvent::pointerMove(300.0, 40.0);
    EXPECT_TRUE(arrive(taps, there));
    EXPECT_TRUE(arrive(taps, InputEvent::pointerButton(0, true)));
    EXPECT_FALSE(arrive(taps, InputEvent::pointerButton(0, false)));
    EXPECT_FALSE(arrive(taps, away));
    EXPECT_FALSE(arrive(taps, InputEvent::wheel(0.0, 1.0)));
    EXPECT_TRUE(arrive(taps, press(kSpace)));                       // keys are not held up by it
    EXPECT_TRUE(arrive(taps, InputEvent::pointerButton(1, true)));  // nor other buttons
    taps.frameBegan();
    EXPECT_EQ(taps.due(),
              (Inputs{InputEvent::pointerButton(0, false), away, InputEvent::wheel(0.0, 1.0)}));
    EXPECT_EQ(taps.held(), 0u);
}

// The seam's queue: the modifiers each key arrived with, counted from the
// modifier keys' own events (a source need send none), and the held taps
// handed on once a frame has begun, before what came after them.
TEST(InputQueue, KeysCarryTheModifiersDownAsTheyArrived) {
    InputQueue queue;
    queue.push(press(kCtrl));
    queue.push(press(KeyCode::R));
    queue.push(release(KeyCode::R));
    queue.push(release(kCtrl));
    queue.push(press(KeyCode::R));
    EXPECT_EQ(queue.modifiers(), 0);
    const Inputs now = queue.take();
    ASSERT_EQ(now.size(), 2u);  // Ctrl and R down; the rest wait a frame
    EXPECT_EQ(now[1].key, KeyCode::R);
    EXPECT_EQ(now[1].modifiers, modifier::kControl);
    EXPECT_EQ(lectureKeyOf(now[1].key, now[1].modifiers), Key::CtrlR);
    EXPECT_TRUE(queue.take().empty());
    queue.frameBegan();
    const Inputs next = queue.take();
    ASSERT_EQ(next.size(), 2u);  // R's and Ctrl's releases; R's second press waits
    EXPECT_EQ(next[0].kind, InputEvent::Kind::KeyUp);
    EXPECT_EQ(next[0].key, KeyCode::R);
    EXPECT_EQ(next[0].modifiers, modifier::kControl);
    EXPECT_EQ(next[1].key, kCtrl);
    EXPECT_EQ(next[1].modifiers, 0);
    queue.frameBegan();
    const Inputs last = queue.take();
    ASSERT_EQ(last.size(), 1u);
    EXPECT_EQ(last[0].modifiers, 0);  // after Ctrl's release: R alone
    EXPECT_EQ(lectureKeyOf(last[0].key, last[0].modifiers), Key::R);
    EXPECT_EQ(queue.pending(), 0u);
}

TEST(InputQueue, LosingTheFocusLetsTheModifiersGo) {
    InputQueue queue;
    queue.push(press(KeyCode::LeftShift));
    queue.push(press(KeyCode::RightControl));
    EXPECT_EQ(queue.modifiers(), modifier::kShift | modifier::kControl);
    queue.push(InputEvent::focus(false));
    EXPECT_EQ(queue.modifiers(), 0);
    queue.push(press(KeyCode::R));
    EXPECT_EQ(queue.take().back().modifiers, 0);
}

// The window, ImGui fed from the window's input queue and a text field as
// the panel has one ("exact r (Enter)"), under Xvfb, with the taps sent by
// xdotool.
class AppKeys {
public:
    AppKeys(Window& window, ImGuiLayer& imgui) : window_(window), imgui_(imgui) {}
    // The window's input that may go on, into ImGui and then, as
    // LectureUi::onKey takes it, the app's keys only when ImGui leaves them.
    void take() {
        for (const InputEvent& event : window_.input().take()) {
            imgui_.feed(event);
            if (event.kind == InputEvent::Kind::KeyDown && !imgui_.wantsKeyboard()) {
                keys.push_back(lectureKeyOf(event.key, event.modifiers));
            }
        }
    }
    std::vector<Key> keys;

private:
    Window& window_;
    ImGuiLayer& imgui_;
};

bool haveXdotool() { return std::system("command -v xdotool >/dev/null 2>&1") == 0; }

int xdotool(const std::string& args) {
    return std::system(("xdotool " + args + " >/dev/null 2>&1").c_str());
}

TEST(KeyTaps, EnterLeavesATextFieldAndTheAppKeysWorkAfter) {
    if (!haveXdotool()) {
        GTEST_SKIP() << "xdotool is not installed";
    }
    const std::string title = "heatlab-key-taps-" + std::to_string(::getpid());
    Window window(title, 480, 200);
    ImGuiLayer imgui(window);
    AppKeys app(window, imgui);

    float value = 0.25f;
    float entered = -1.0f;
    ImVec2 field;
    const auto frame = [&] {
        window.pollEvents();
        app.take();
        imgui.beginFrame();
        ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
        ImGui::SetNextWindowSize(ImVec2(480.0f, 200.0f));
        ImGui::Begin("taps", nullptr, ImGuiWindowFlags_NoDecoration);
        ImGui::SetNextItemWidth(200.0f);
        if (ImGui::InputFloat("exact r (Enter)", &value, 0.0f, 0.0f, "%.6g",
                              ImGuiInputTextFlags_EnterReturnsTrue)) {
            entered = value;
        }
        // Well inside the field's frame (the label is to its right).
        field = ImVec2(ImGui::GetItemRectMin().x + 20.0f,
                       (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f);
        ImGui::End();
        imgui.render();
        window.swapBuffers();
    };
    // Frames until `done`, at most 100: a lost tap stays lost however long.
    const auto until = [&](const std::function<bool()>& done) {
        for (int i = 0; i < 100 && !done(); ++i) {
            frame();
            ::usleep(10000);
        }
        return done();
    };
    const auto frames = [&](int n) {
        for (int i = 0; i < n; ++i) {
            frame();
        }
    };
    const auto clickTheField = [&] {
        return xdotool("search --sync --name '^" + title + "$' mousemove --window %1 " +
                       std::to_string(static_cast<int>(field.x)) + " " +
                       std::to_string(static_cast<int>(field.y)) + " click 1");
    };
    frames(5);

    // Typed, then Enter tapped on its own, as a lecturer would.
    ASSERT_EQ(clickTheField(), 0);
    ASSERT_TRUE(until([&] { return imgui.wantsKeyboard(); })) << "the click missed the field";
    ASSERT_EQ(xdotool("key ctrl+a"), 0);
    frames(3);
    ASSERT_EQ(xdotool("type 0.26"), 0);
    frames(3);
    ASSERT_EQ(xdotool("key Return"), 0);
    EXPECT_TRUE(until([&] { return entered > 0.0f; })) << "Enter was lost";
    EXPECT_FLOAT_EQ(entered, 0.26f);
    EXPECT_TRUE(until([&] { return !imgui.wantsKeyboard(); })) << "the field kept the keyboard";
    ASSERT_EQ(xdotool("key space"), 0);
    EXPECT_TRUE(until([&] { return !app.keys.empty(); })) << "space did not reach the app";
    EXPECT_EQ(app.keys, std::vector<Key>{Key::Space});

    // A chord, the text and Enter all between two frames.
    entered = -1.0f;
    app.keys.clear();
    ASSERT_EQ(clickTheField(), 0);
    ASSERT_TRUE(until([&] { return imgui.wantsKeyboard(); })) << "the click missed the field";
    ASSERT_EQ(xdotool("key ctrl+a type 0.24"), 0);
    ASSERT_EQ(xdotool("key Return"), 0);
    EXPECT_TRUE(until([&] { return entered > 0.0f; })) << "Enter or the text was lost";
    EXPECT_FLOAT_EQ(entered, 0.24f);
    EXPECT_TRUE(until([&] { return !imgui.wantsKeyboard(); })) << "the field kept the keyboard";
    ASSERT_EQ(xdotool("key space"), 0);
    EXPECT_TRUE(until([&] { return !app.keys.empty(); })) << "space did not reach the app";
    EXPECT_EQ(app.keys, std::vector<Key>{Key::Space});
}

// V, the surface view's key, reaches the app from GLFW as Key::V.
TEST(KeyTaps, VReachesTheAppAsTheSurfaceKey) {
    if (!haveXdotool()) {
        GTEST_SKIP() << "xdotool is not installed";
    }
    const std::string title = "heatlab-key-v-" + std::to_string(::getpid());
    Window window(title, 320, 200);
    ImGuiLayer imgui(window);
    AppKeys app(window, imgui);
    const auto frame = [&] {
        window.pollEvents();
        app.take();
        imgui.beginFrame();
        imgui.render();
        window.swapBuffers();
    };
    for (int i = 0; i < 5; ++i) {
        frame();
    }
    ASSERT_EQ(xdotool("search --sync --name '^" + title + "$' windowfocus --sync %1 key v"), 0);
    for (int i = 0; i < 100 && app.keys.empty(); ++i) {
        frame();
        ::usleep(10000);
    }
    EXPECT_EQ(app.keys, std::vector<Key>{Key::V});
}

}  // namespace
}  // namespace heatlab
