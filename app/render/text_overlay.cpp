#include "app/render/text_overlay.h"

#include <glad/gl.h>

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/i18n/translation.h"
#include "app/render/script_fonts.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Makes `context` current for the lifetime of the guard and puts back
// whichever was current, so the overlay never disturbs the window's panel.
class CurrentContext {
public:
    explicit CurrentContext(ImGuiContext* context) : previous_(ImGui::GetCurrentContext()) {
        ImGui::SetCurrentContext(context);
    }
    ~CurrentContext() { ImGui::SetCurrentContext(previous_); }
    CurrentContext(const CurrentContext&) = delete;
    CurrentContext& operator=(const CurrentContext&) = delete;

private:
    ImGuiContext* previous_;
};

}  // namespace

TextOverlay::TextOverlay(float pixelHeight) : pixelHeight_(pixelHeight) {
    context_ = ImGui::CreateContext();
    const CurrentContext current(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // nothing of this context is worth a file
    io.LogFilename = nullptr;
    fontGeneration_ = textGeneration();
    font_ = addScriptFont(*io.Fonts, pixelHeight);
    // Built now, not at the first frame, so width() knows every glyph.
    if (font_ == nullptr || !io.Fonts->Build() || !ImGui_ImplOpenGL3_Init("#version 330 core")) {
        ImGui::DestroyContext(context_);
        throw RuntimeError(tr("the text renderer (Dear ImGui) could not start"));
    }
}

TextOverlay::~TextOverlay() {
    {
        const CurrentContext current(context_);
        ImGui_ImplOpenGL3_Shutdown();
    }
    ImGui::DestroyContext(context_);
}

void TextOverlay::rebuildFontIfStale() {
    if (textGeneration() == fontGeneration_) {
        return;
    }
    const CurrentContext current(context_);
    ImFontAtlas& fonts = *ImGui::GetIO().Fonts;
    fonts.Clear();
    fontGeneration_ = textGeneration();
    font_ = addScriptFont(fonts, pixelHeight_);
    if (font_ == nullptr || !fonts.Build()) {
        throw RuntimeError(tr("the text renderer's font could not be rebuilt"));
    }
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

float TextOverlay::width(const std::string& text) {
    noteText(text);
    rebuildFontIfStale();
    return font_->CalcTextSizeA(pixelHeight_, 1.0e9f, 0.0f, text.c_str()).x;
}

void TextOverlay::add(const std::string& text, float x, float y, Rgb8 colour) {
    noteText(text);
    lines_.push_back({text, x, y, colour});
}

void TextOverlay::addRectangle(float x, float y, float width, float height, Rgb8 colour) {
    rectangles_.push_back({x, y, width, height, colour});
}

void TextOverlay::draw(int width, int height) {
    rebuildFontIfStale();
    const CurrentContext current(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImDrawList* list = ImGui::GetForegroundDrawList();
    for (const Rectangle& r : rectangles_) {
        list->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.x + r.width, r.y + r.height),
                            IM_COL32(r.colour.r, r.colour.g, r.colour.b, 255));
    }
    for (const Line& line : lines_) {
        list->AddText(font_, pixelHeight_, ImVec2(line.x, line.y),
                      IM_COL32(line.colour.r, line.colour.g, line.colour.b, 255),
                      line.text.c_str());
    }
    ImGui::Render();
    // ImGui's OpenGL3 renderer saves and restores the GL state it changes.
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    lines_.clear();
    rectangles_.clear();
}

}  // namespace heatlab
