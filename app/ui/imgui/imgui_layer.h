#pragma once
// Dear ImGui for the lecture's UI: its own context, the OpenGL3 renderer and
// the embedded DejaVu Sans scaled to the screen (and larger again in
// presenter mode, for a projector). On a Surface (the window, the headless
// surface) the surface is its platform: the screen's scale, the frame's
// time, the pointer's shape and the clipboard come from it, and its input
// events come in through feed() (no platform backend of ImGui's, so every
// surface feeds ImGui the same way). Made after the surface's GL context and
// destroyed before it, so the renderer's GL objects die while it lives.
// Without a surface (pictures of the UI with no input) the caller gives the
// screen's scale.

#include <optional>
#include <string>

#include "app/i18n/translation.h"
#include "app/platform/surface.h"
#include "app/ui/imgui/imgui_input.h"

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
    // On `surface`, whose GL context is current and outlives this object.
    // Throws RuntimeError when the renderer will not start.
    explicit ImGuiLayer(Surface& surface);
    // With no surface and no input, for a screen of `screenScale` (1: plain,
    // 2: high DPI); needs a current OpenGL 3.3 core context that outlives
    // this object.
    explicit ImGuiLayer(float screenScale);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // One of the surface's input events, for the next frame (the surface's
    // queue has held each tap for a frame).
    void feed(const InputEvent& event);

    // Starts a frame: widgets may be added until render(). `units` is the
    // display's size in ImGui units and `framebufferScale` its pixels per
    // unit; none given: the surface's size now. Then the surface's input
    // queue hears that a frame has seen its input.
    void beginFrame(PixelSize units = {}, float framebufferScale = 1.0f);
    // Draws the frame's widgets into the bound (default) framebuffer.
    void render();
    // Ends a frame begun and never rendered (one that threw): the windows
    // it left open closed and its widgets dropped, so the next
    // beginFrame() starts a frame of its own. Nothing when none is begun.
    void abandonFrame();

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
    // The screen's scale: the surface's now, or the one given.
    float screenScaleOf() const;
    // The clipboard, for ImGui's text fields: the surface's.
    static const char* clipboardText(void* layer);
    static void setClipboardText(void* layer, const char* text);

    Surface* surface_ = nullptr;  // nullptr: no input
    ImGuiContext* context_ = nullptr;
    std::optional<ImGuiInput> input_;  // made in the context, with a surface
    std::string clipboard_;            // what clipboardText() last returned
    double lastFrameSeconds_ = 0.0;    // the surface's clock at the last frame
    float screenScale_ = 1.0f;
    float scale_ = 1.0f;
    float density_ = 1.0f;         // framebuffer pixels a unit, as the font was rasterised
    unsigned fontGeneration_ = 0;  // the characters the atlas has (app/render/script_fonts.h)
    Language notedLanguage_ = Language::English;  // whose translations the fonts were told of
    bool presenter_ = false;
    ImFont* overlayFont_ = nullptr;
    bool started_ = false;  // a frame has begun: the renderer has its font texture
    bool inFrame_ = false;  // between beginFrame() and render()
};

}  // namespace heatlab
