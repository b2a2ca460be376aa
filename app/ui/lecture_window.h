#pragma once
// The lecture window: a GLFW window running the lecture's frames
// (LectureUi) until it is closed, Escape, Quit or --frames, with its input
// handed to them. Owns, in the order they are made and (reversed)
// destroyed: the window and its GL context, Dear ImGui, the lecture.

#include <memory>
#include <string>

#include "app/platform/window.h"
#include "app/ui/imgui_layer.h"
#include "app/ui/lecture_ui.h"

namespace heatlab {

class LectureWindow : public WindowListener {
public:
    // Opens the window (UsageError without a display), then prints
    // `backendReason` on stderr, so a missing display is the only line.
    LectureWindow(const LectureOptions& options, std::unique_ptr<Backend> backend,
                  const std::string& backendReason);
    ~LectureWindow() override;

    // Runs frames until the window is closed, Escape, Quit or --frames;
    // writes the pictures asked for on the command line before returning.
    void run();

    void onKey(Key key, bool repeat) override;
    void onScroll(double dx, double dy) override;
    void onMouseButton(int button, bool pressed) override;
    void onCursor(double x, double y) override;

private:
    void finish(bool drawn);

    LectureOptions options_;
    Window window_;
    ImGuiLayer imgui_;  // after the window: shut down while its context lives
    LectureUi lecture_;
};

}  // namespace heatlab
