#include "app/ui/pictures/roofline_picture.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>

#include "app/io/png_file.h"
#include "app/measure/measure_words.h"
#include "app/platform/headless_context.h"
#include "app/render/gl_check.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/panel/roofline_plot.h"

namespace heatlab {

namespace {

// The text's height in pixels for a picture this tall: about 45 lines on a
// slide, readable from the back of a room at 1080 lines (24 px).
float fontPixelsFor(int height) { return std::max(14.0f, static_cast<float>(height) / 45.0f); }

}  // namespace

std::string rooflinePicturePng(const Roofline& roofline, const GridSize& size) {
    HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    OffscreenTarget target(size.nx, size.ny);
    const auto bound = target.bind();
    GL_CHECK(glViewport(0, 0, size.nx, size.ny));
    GL_CHECK(glClearColor(1.0f, 1.0f, 1.0f, 1.0f));
    GL_CHECK(glClear(GL_COLOR_BUFFER_BIT));
    imgui.beginFrame(PixelSize{size.nx, size.ny}, 1.0f);
    RooflineStyle style;
    // The overlay font, rasterised at 32 px: drawn smaller it stays sharp.
    style.font = imgui.overlayFont();
    style.fontSize = fontPixelsFor(size.ny);
    style.light = true;
    // Its names in the words' language; its text chunks keep the English.
    drawRoofline(*ImGui::GetBackgroundDrawList(), ImVec2(0.0f, 0.0f),
                 ImVec2(static_cast<float>(size.nx), static_cast<float>(size.ny)),
                 rooflineInWords(roofline), style);
    imgui.render();
    gl::throwOnError("the roofline picture", __FILE__, __LINE__);
    return encodePng(target.read(), rooflineText(roofline));
}

}  // namespace heatlab
