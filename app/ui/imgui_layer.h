#pragma once
// Dear ImGui for the window: its own context, the GLFW platform backend and
// the OpenGL3 renderer, the embedded DejaVu Sans scaled to the screen (and
// larger again in presenter mode, for a projector). Made
// after the Window (whose input callbacks ImGui then chains) and destroyed
// before it, so the renderer's GL objects die while the context lives.

#include "app/platform/window.h"

struct ImGuiContext;

namespace heatlab {

// Presenter mode scales every size and the font by this: the panel read
// from the back of a lecture hall on a projector.
constexpr float kPresenterScale = 1.75f;

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
    // Sizes in the panel are in ImGui units times this (the screen's scale,
    // times kPresenterScale in presenter mode).
    float scale() const { return scale_; }

    // Presenter mode on or off from the next beginFrame(): the style and the
    // font are rebuilt at the new scale, which cannot happen mid-frame.
    void setPresenter(bool on) { presenter_ = on; }
    bool presenter() const { return presenter_; }

private:
    // A fresh style scaled by scale_ (scaling the current one again would
    // compound the rounding) and the font rasterised at its pixel size, so
    // the text stays sharp rather than stretched.
    void buildStyleAndFont();

    ImGuiContext* context_ = nullptr;
    float screenScale_ = 1.0f;
    float scale_ = 1.0f;
    bool presenter_ = false;
    bool started_ = false;  // a frame has begun: the renderer has its font texture
};

}  // namespace heatlab
