#include "app/ui/imgui_layer.h"

#include <glad/gl.h>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/render/embedded_font.h"
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

ImGuiLayer::ImGuiLayer(Window& window)
    : window_(&window), screenScale_(screenScaleOf()), scale_(screenScale_) {
    start();
}

ImGuiLayer::ImGuiLayer(float screenScale)
    : screenScale_(std::max(1.0f, screenScale)), scale_(screenScale_) {
    start();
}

// The context, its style and font, the window's platform backend (none
// offscreen) and the renderer; a failure throws with nothing left behind.
void ImGuiLayer::start() {
    context_ = makeContext();
    try {
        buildStyleAndFont();
    } catch (const RuntimeError&) {
        ImGui::DestroyContext(context_);
        throw;
    }
    // The callbacks go in after the window's own: ImGui calls those first.
    if (window_ != nullptr && !ImGui_ImplGlfw_InitForOpenGL(window_->handle(), true)) {
        ImGui::DestroyContext(context_);
        throw RuntimeError("the panel (Dear ImGui's GLFW backend) could not start");
    }
    if (window_ != nullptr) {
        // In front of ImGui's key and char callbacks: a tap shorter than a
        // frame is held until a frame has seen it (ImGui 1.86 loses it).
        window_->holdKeyTaps();
    }
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
        if (window_ != nullptr) {
            window_->stopHoldingKeyTaps();
            ImGui_ImplGlfw_Shutdown();
        }
        ImGui::DestroyContext(context_);
        throw RuntimeError("the panel (Dear ImGui's OpenGL3 renderer) could not start");
    }
}

ImGuiLayer::~ImGuiLayer() {
    ImGui::SetCurrentContext(context_);
    ImGui_ImplOpenGL3_Shutdown();  // GL objects, while the window's context lives
    if (window_ != nullptr) {
        window_->stopHoldingKeyTaps();  // ImGui's key callback back, then
        ImGui_ImplGlfw_Shutdown();      // the window's own callbacks
    }
    ImGui::DestroyContext(context_);
}

void ImGuiLayer::buildStyleAndFont() {
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.ScaleAllSizes(scale_);
    ImGui::GetStyle() = style;
    ImFontAtlas& fonts = *ImGui::GetIO().Fonts;
    fonts.Clear();
    // The first font added is ImGui's default: the panel's.
    const ImFont* font = addEmbeddedFont(fonts, kFontPixels * scale_);
    overlayFont_ = addEmbeddedFont(fonts, kOverlayFontPixels * scale_);
    if (font == nullptr || overlayFont_ == nullptr) {
        throw RuntimeError("the panel's font (DejaVu Sans) could not be loaded");
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
    return window_ != nullptr ? std::max(1.0f, window_->contentScale()) : screenScale_;
}

void ImGuiLayer::beginFrame(PixelSize units, float framebufferScale) {
    ImGui::SetCurrentContext(context_);
    // A window dragged to a screen of another scale gets its text rebuilt
    // sharp for that screen.
    screenScale_ = screenScaleOf();
    const float height =
        units.height > 0 ? static_cast<float>(units.height) : ImGui::GetIO().DisplaySize.y;
    const float wanted = screenScale_ * (presenter_ ? presenterScale(height) : 1.0f);
    if (wanted != scale_) {
        scale_ = wanted;
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
    if (window_ != nullptr) {
        ImGui_ImplGlfw_NewFrame();
    } else {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(static_cast<float>(units.width), static_cast<float>(units.height));
        io.DisplayFramebufferScale = ImVec2(framebufferScale, framebufferScale);
        io.DeltaTime = 1.0f / 60.0f;
    }
    ImGui::NewFrame();
    if (window_ != nullptr) {
        window_->frameBegan();  // the keys held for this frame may go on
    }
}

void ImGuiLayer::render() {
    ImGui::SetCurrentContext(context_);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool ImGuiLayer::wantsKeyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }

bool ImGuiLayer::wantsMouse() const { return ImGui::GetIO().WantCaptureMouse; }

}  // namespace heatlab
