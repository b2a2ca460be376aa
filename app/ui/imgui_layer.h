#pragma once
// Dear ImGui for the lecture's UI: its own context, the OpenGL3 renderer and
// the embedded DejaVu Sans scaled to the screen (and larger again in
// presenter mode, for a projector). In a window it also has the GLFW
// platform backend, made after the Window (whose input callbacks ImGui then
// chains, the window holding key taps in front of them for ImGui 1.86) and
// destroyed before it, so the renderer's GL objects die while the context
// lives. Offscreen (`heatlab shot --ui`) there is no platform:
// the caller gives the display's size, and no input arrives.

#include "app/ui/window.h"

struct ImGuiContext;
struct ImFont;

namespace heatlab {

// Presenter mode scales every size and the font by up to this: the panel
// read from the back of a lecture hall on a projector of 1080 lines; on a
// smaller one (1280 x 800) by less, so the lecture's essentials still fit
// (presenterScale()).
constexpr float kPresenterScale = 1.75f;
float presenterScale(float displayHeightUnits);
// The overlays' text on the field: twice the panel's, readable from the back
// of a hall on a projector (and larger again in presenter mode).
constexpr float kOverlayFontPixels = 32.0f;

class ImGuiLayer {
public:
    // Throws RuntimeError when a backend will not start.
    explicit ImGuiLayer(Window& window);
    // Offscreen, for a screen of `screenScale` (1: plain, 2: high DPI); needs
    // a current OpenGL 3.3 core context that outlives this object.
    explicit ImGuiLayer(float screenScale);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // Starts a frame: widgets may be added until render(). `units` is the
    // display's size in ImGui units and `framebufferScale` its pixels per
    // unit; a window reads both from GLFW instead (and follows the window to
    // a screen of another scale), so they are only used offscreen.
    void beginFrame(PixelSize units = {}, float framebufferScale = 1.0f);
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
    // The same font at the size of the lecture's overlays on the field
    // (kOverlayFontPixels, times scale()), rasterised at that size.
    ImFont* overlayFont() const { return overlayFont_; }
    bool presenter() const { return presenter_; }

private:
    // A fresh style scaled by scale_ (scaling the current one again would
    // compound the rounding) and the font rasterised at its pixel size, so
    // the text stays sharp rather than stretched.
    void buildStyleAndFont();

    void start();
    // The screen's scale: the window's now, or the one given offscreen.
    float screenScaleOf() const;

    Window* window_ = nullptr;  // nullptr offscreen
    ImGuiContext* context_ = nullptr;
    float screenScale_ = 1.0f;
    float scale_ = 1.0f;
    bool presenter_ = false;
    ImFont* overlayFont_ = nullptr;
    bool started_ = false;  // a frame has begun: the renderer has its font texture
};

}  // namespace heatlab
