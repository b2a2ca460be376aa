#pragma once
// Dear ImGui for the window: its own context, the GLFW platform backend and
// the OpenGL3 renderer, the embedded DejaVu Sans scaled to the screen. Made
// after the Window (whose input callbacks ImGui then chains) and destroyed
// before it, so the renderer's GL objects die while the context lives.

#include "app/platform/window.h"

struct ImGuiContext;

namespace heatlab {

class ImGuiLayer {
public:
    // Throws RuntimeError when a backend will not start.
    explicit ImGuiLayer(Window& window);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // Starts a frame: widgets may be added until render().
    void beginFrame();
    // Draws the frame's widgets into the bound (default) framebuffer.
    void render();

    // Whether ImGui takes the input: the app's own keys and mouse wait then.
    bool wantsKeyboard() const;
    bool wantsMouse() const;
    // Sizes in the panel are in ImGui units times this (the screen's scale).
    float scale() const { return scale_; }

private:
    ImGuiContext* context_ = nullptr;
    float scale_ = 1.0f;
};

}  // namespace heatlab
