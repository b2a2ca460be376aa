// A key tap shorter than a frame (a press and its release between two
// frames: `xdotool key`, a presentation clicker) must reach Dear ImGui, which
// in 1.86 reads key state once a frame: KeyTapQueue's logic without GLFW,
// then the window and ImGui together under Xvfb, driven by xdotool. xdotool
// runs to its end between two frames, so each of its taps lands whole in
// one pollEvents(), the case that lost Enter in a text field.

#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>

#include "app/ui/imgui_layer.h"
#include "app/ui/key_tap_queue.h"
#include "app/ui/window.h"

namespace heatlab {
namespace {

constexpr int kEnter = 257;  // GLFW_KEY_ENTER
constexpr int kSpace = 32;   // GLFW_KEY_SPACE
constexpr int kA = 65;       // GLFW_KEY_A
constexpr int kDigit2 = 50;  // GLFW_KEY_2
constexpr int kCtrl = 341;   // GLFW_KEY_LEFT_CONTROL

TapInput press(int key) { return TapInput::of({key, key + 1000, KeyEvent::kPress, 0}); }
TapInput release(int key) { return TapInput::of({key, key + 1000, KeyEvent::kRelease, 0}); }
TapInput repeat(int key) { return TapInput::of({key, key + 1000, KeyEvent::kRepeat, 0}); }
TapInput typed(char c) { return TapInput::character(static_cast<unsigned char>(c)); }

using Inputs = std::vector<TapInput>;

// What the window does with each: a key event or a typed character.
bool arrive(KeyTapQueue& taps, const TapInput& in) {
    return in.isChar ? taps.arriveChar(in.codepoint) : taps.arrive(in.key);
}

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
    KeyTapQueue taps({kCtrl});
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
    KeyTapQueue taps({kCtrl});
    // Ctrl+A, then "2" and Enter, all between two frames (xdotool key ctrl+a
    // type 2 key Return): the first frame sees Ctrl+A down, and ImGui would
    // take no text while Ctrl is down, so the text and all after it wait.
    const Inputs sent = {press(kCtrl),     press(kA),      release(kA),
                         release(kCtrl),   press(kDigit2), typed('2'),
                         release(kDigit2), press(kEnter),  release(kEnter)};
    Inputs now;
    for (const TapInput& in : sent) {
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

TEST(KeyTapQueue, UnknownKeysGoOnAndTakeAllEmptiesIt) {
    KeyTapQueue taps;
    EXPECT_TRUE(taps.arrive({-1, 90, KeyEvent::kPress, 0}));
    EXPECT_TRUE(taps.arrive({-1, 90, KeyEvent::kRelease, 0}));
    EXPECT_TRUE(arrive(taps, press(kEnter)));
    EXPECT_FALSE(arrive(taps, release(kEnter)));
    EXPECT_FALSE(arrive(taps, press(kEnter)));
    EXPECT_EQ(taps.takeAll(), (Inputs{release(kEnter), press(kEnter)}));
    EXPECT_EQ(taps.held(), 0u);
    EXPECT_TRUE(arrive(taps, release(kEnter)));  // nothing changed this frame any more
}

// The window, ImGui's GLFW backend and a text field as the panel has one
// ("exact r (Enter)"), under Xvfb, with the taps sent by xdotool.
class Listener : public WindowListener {
public:
    explicit Listener(const ImGuiLayer& imgui) : imgui_(imgui) {}
    // As LectureUi::onKey: the app's keys only when ImGui leaves them.
    void onKey(Key key, bool repeat) override {
        if (!repeat && !imgui_.wantsKeyboard()) {
            appKeys.push_back(key);
        }
    }
    std::vector<Key> appKeys;

private:
    const ImGuiLayer& imgui_;
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
    Listener listener(imgui);
    window.setListener(&listener);

    float value = 0.25f;
    float entered = -1.0f;
    ImVec2 field;
    const auto frame = [&] {
        window.pollEvents();
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
    EXPECT_TRUE(until([&] { return !listener.appKeys.empty(); })) << "space did not reach the app";
    EXPECT_EQ(listener.appKeys, std::vector<Key>{Key::Space});

    // A chord, the text and Enter all between two frames.
    entered = -1.0f;
    listener.appKeys.clear();
    ASSERT_EQ(clickTheField(), 0);
    ASSERT_TRUE(until([&] { return imgui.wantsKeyboard(); })) << "the click missed the field";
    ASSERT_EQ(xdotool("key ctrl+a type 0.24"), 0);
    ASSERT_EQ(xdotool("key Return"), 0);
    EXPECT_TRUE(until([&] { return entered > 0.0f; })) << "Enter or the text was lost";
    EXPECT_FLOAT_EQ(entered, 0.24f);
    EXPECT_TRUE(until([&] { return !imgui.wantsKeyboard(); })) << "the field kept the keyboard";
    ASSERT_EQ(xdotool("key space"), 0);
    EXPECT_TRUE(until([&] { return !listener.appKeys.empty(); })) << "space did not reach the app";
    EXPECT_EQ(listener.appKeys, std::vector<Key>{Key::Space});
    window.setListener(nullptr);
}

// V, the surface view's key, reaches the app from GLFW as Key::V.
TEST(KeyTaps, VReachesTheAppAsTheSurfaceKey) {
    if (!haveXdotool()) {
        GTEST_SKIP() << "xdotool is not installed";
    }
    const std::string title = "heatlab-key-v-" + std::to_string(::getpid());
    Window window(title, 320, 200);
    ImGuiLayer imgui(window);
    Listener listener(imgui);
    window.setListener(&listener);
    const auto frame = [&] {
        window.pollEvents();
        imgui.beginFrame();
        imgui.render();
        window.swapBuffers();
    };
    for (int i = 0; i < 5; ++i) {
        frame();
    }
    ASSERT_EQ(xdotool("search --sync --name '^" + title + "$' windowfocus --sync %1 key v"), 0);
    for (int i = 0; i < 100 && listener.appKeys.empty(); ++i) {
        frame();
        ::usleep(10000);
    }
    EXPECT_EQ(listener.appKeys, std::vector<Key>{Key::V});
    window.setListener(nullptr);
}

}  // namespace
}  // namespace heatlab
