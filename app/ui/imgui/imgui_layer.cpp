#include "app/ui/imgui/imgui_layer.h"

#include <glad/gl.h>

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ErrorCheckEndFrameRecover: a frame that threw

#include <algorithm>
#include <cmath>

#include "app/i18n/translation.h"
#include "app/render/script_fonts.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Large enough to read from the back of a lecture room at scale 1.
constexpr float kFontPixels = 16.0f;

// A new context, made current, that writes no files.
ImGuiContext* makeContext() {
    ImGuiContext* context = ImGui::CreateContext();
    ImGui::SetCurrentContext(context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the panel is docked: no layout to remember
    io.LogFilename = nullptr;
    return context;
}

}  // namespace

ImGuiLayer::ImGuiLayer(Surface& surface)
    : surface_(&surface), screenScale_(screenScaleOf()), scale_(screenScale_) {
    start();
}

ImGuiLayer::ImGuiLayer(float screenScale)
    : screenScale_(std::max(1.0f, screenScale)), scale_(screenScale_) {
    start();
}

// The context, its style and font, the surface as its platform (none
// without one) and the renderer; a failure throws with nothing left behind.
void ImGuiLayer::start() {
    context_ = makeContext();
    // The panel's language combo names Japanese in its own script: its
    // characters are the first atlas's, so the system's Japanese font is
    // found and read once at start, not in the middle of a lecture (where
    // fontconfig and the font's file, some 30 MB in Debian 13, would look
    // like the window's memory growing). Where no font has them, nothing
    // is said for the combo's sake: the placeholder shows there alone.
    if (fontFileFor(U'\u65E5')) {
        noteText("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E");  // 日本語
    }
    try {
        buildStyleAndFont();
    } catch (const RuntimeError&) {
        ImGui::DestroyContext(context_);
        throw;
    }
    if (surface_ != nullptr) {
        ImGuiIO& io = ImGui::GetIO();
        io.BackendPlatformName = "heatlab surface";
        io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
        io.ClipboardUserData = this;
        io.GetClipboardTextFn = clipboardText;
        io.SetClipboardTextFn = setClipboardText;
        input_.emplace();
        lastFrameSeconds_ = surface_->seconds();
    }
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
        ImGui::DestroyContext(context_);
        throw RuntimeError(tr("the panel (Dear ImGui's OpenGL3 renderer) could not start"));
    }
}

ImGuiLayer::~ImGuiLayer() {
    abandonFrame();  // a frame that threw on its way out
    ImGui::SetCurrentContext(context_);
    ImGui_ImplOpenGL3_Shutdown();  // GL objects, while the surface's context lives
    ImGui::DestroyContext(context_);
}

const char* ImGuiLayer::clipboardText(void* layer) {
    ImGuiLayer& self = *static_cast<ImGuiLayer*>(layer);
    self.clipboard_ = self.surface_->clipboard();
    noteText(self.clipboard_);  // pasted text in another script: its glyphs from the next frame
    return self.clipboard_.c_str();
}

void ImGuiLayer::setClipboardText(void* layer, const char* text) {
    static_cast<ImGuiLayer*>(layer)->surface_->setClipboard(text != nullptr ? text : "");
}

void ImGuiLayer::feed(const InputEvent& event) {
    if (input_) {
        ImGui::SetCurrentContext(context_);
        input_->feed(event);
    }
}

void ImGuiLayer::buildStyleAndFont() {
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.ScaleAllSizes(scale_);
    ImGui::GetStyle() = style;
    ImGuiIO& io = ImGui::GetIO();
    ImFontAtlas& fonts = *io.Fonts;
    fonts.Clear();
    // Rasterised at the framebuffer's pixels and drawn at the units' size,
    // so text on a screen of more pixels than units stays sharp.
    io.FontGlobalScale = 1.0f / density_;
    fontGeneration_ = textGeneration();
    // The first font added is ImGui's default: the panel's.
    const ImFont* font = addScriptFont(fonts, kFontPixels * scale_ * density_);
    overlayFont_ = addScriptFont(fonts, kOverlayFontPixels * scale_ * density_);
    if (font == nullptr || overlayFont_ == nullptr) {
        throw RuntimeError(tr("the panel's font (DejaVu Sans) could not be loaded"));
    }
}

float presenterScale(float displayHeightUnits) {
    // Never below 1.3: still a third larger than the plain panel.
    constexpr float kFullHeight = 1080.0f;
    constexpr float kLeast = 1.3f;
    if (!(displayHeightUnits > 0.0f)) {
        return kPresenterScale;
    }
    const float scale =
        std::clamp(kPresenterScale * displayHeightUnits / kFullHeight, kLeast, kPresenterScale);
    // In steps of 0.05: a window being resized rebuilds its font at a few
    // sizes, not at every frame.
    return std::round(scale * 20.0f) / 20.0f;
}

float ImGuiLayer::screenScaleOf() const {
    return surface_ != nullptr ? std::max(1.0f, surface_->contentScale()) : screenScale_;
}

namespace {

// The pointer's look ImGui asks for, in the shapes a surface has.
PointerShape pointerShapeOf(ImGuiMouseCursor cursor) {
    switch (cursor) {
    case ImGuiMouseCursor_TextInput: return PointerShape::Text;
    case ImGuiMouseCursor_Hand: return PointerShape::Hand;
    case ImGuiMouseCursor_ResizeEW: return PointerShape::ResizeHorizontal;
    case ImGuiMouseCursor_ResizeNS: return PointerShape::ResizeVertical;
    default: return PointerShape::Arrow;
    }
}

// A frame's time when the clock has not moved (a headless surface whose
// driver does not pace it, or no surface): ImGui needs more than none.
constexpr double kUnpacedFrameSeconds = 1.0 / 60.0;

}  // namespace

void ImGuiLayer::beginFrame(PixelSize units, float framebufferScale) {
    ImGui::SetCurrentContext(context_);
    if (surface_ != nullptr && units.width <= 0) {
        const SurfaceSize size = surface_->size();
        units = size.units;
        framebufferScale = size.units.width > 0 ? static_cast<float>(size.pixels.width) /
                                                      static_cast<float>(size.units.width)
                                                : 1.0f;
    }
    // A window dragged to a screen of another scale gets its text rebuilt
    // sharp for that screen.
    screenScale_ = screenScaleOf();
    const float height =
        units.height > 0 ? static_cast<float>(units.height) : ImGui::GetIO().DisplaySize.y;
    // Where a unit is already several pixels (a browser's CSS pixel at a
    // device pixel ratio of 2, a Retina point), the screen's scale is in
    // the units already: the layout grows by what the scale has beyond
    // them, and the font is rasterised at the pixels.
    const float density = std::max(1.0f, framebufferScale);
    const float layout = std::max(1.0f, screenScale_ / density);
    const float wanted = layout * (presenter_ ? presenterScale(height) : 1.0f);
    // Japanese chosen (--lang, the locale, the panel): every translation's
    // characters, before the first frame in it.
    if (language() != notedLanguage_) {
        notedLanguage_ = language();
        if (notedLanguage_ == Language::Japanese) {
            for (const std::string_view text : japaneseTexts()) {
                noteText(text);
            }
        }
    }
    // Text with characters the atlas lacks gets them too.
    if (wanted != scale_ || density != density_ || textGeneration() != fontGeneration_) {
        scale_ = wanted;
        density_ = density;
        buildStyleAndFont();
        // The renderer's texture still holds the old atlas: upload the new
        // one. Before the first frame there is none yet; NewFrame makes it.
        if (started_) {
            ImGui_ImplOpenGL3_DestroyFontsTexture();
            ImGui_ImplOpenGL3_CreateFontsTexture();
        }
    }
    started_ = true;
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(units.width), static_cast<float>(units.height));
    io.DisplayFramebufferScale = ImVec2(framebufferScale, framebufferScale);
    double seconds = kUnpacedFrameSeconds;
    if (surface_ != nullptr) {
        const double now = surface_->seconds();
        if (now > lastFrameSeconds_) {
            seconds = now - lastFrameSeconds_;
        }
        lastFrameSeconds_ = now;
        // The shape the last frame asked for, over what the pointer is on.
        if ((io.ConfigFlags & ImGuiConfigFlags_NoMouseCursorChange) == 0) {
            surface_->setPointerShape(pointerShapeOf(ImGui::GetMouseCursor()));
        }
    }
    io.DeltaTime = static_cast<float>(seconds);
    ImGui::NewFrame();
    inFrame_ = true;
    if (surface_ != nullptr) {
        surface_->input().frameBegan();  // the taps held for this frame may go on
    }
}

void ImGuiLayer::abandonFrame() {
    if (!inFrame_) {
        return;
    }
    ImGui::SetCurrentContext(context_);
    // The panel's windows the throw left open (Begin without End, a style
    // or an ID pushed) closed, as ImGui's own error recovery does, then the
    // frame ended unrendered: NewFrame() would refuse a frame never ended.
    ImGui::ErrorCheckEndFrameRecover(nullptr);
    ImGui::EndFrame();
    inFrame_ = false;
}

void ImGuiLayer::render() {
    ImGui::SetCurrentContext(context_);
    inFrame_ = false;
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ImGuiLayer::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

bool ImGuiLayer::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }

}  // namespace heatlab
