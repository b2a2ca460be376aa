#include "app/render/slide_picture.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/render/gl_check.h"
#include "app/render/offscreen_target.h"
#include "app/render/text_overlay.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

// The one-line caption of a slide: what a lecture needs to say what it
// shows. The checkerboard's growth is the grid's own (and its bound), with
// the infinite grid's |1 - 8r| beside it, or alone where the two agree to
// the digits shown.
std::string caption(Simulation& simulation, const std::string& maxAbs) {
    const Params& p = simulation.params();
    const double r = p.r;
    const std::string infinite = numberText(std::fabs(infiniteGridFactor(r)), 3);
    const std::string grid = numberText(std::fabs(highestModeFactor(p.grid, p.boundary, r)), 3);
    const double bound = gridStabilityBound(p.grid, p.boundary);
    const std::string boundText = std::isinf(bound) ? "none" : numberText(bound, 4);
    const std::string growth =
        grid == infinite && boundText == "0.25"
            ? "|1 - 8r| = " + infinite
            : "this grid x" + grid + " a step, bound " + boundText + ", |1 - 8r| = " + infinite;
    return "r = " + rText(p.r) + " (1 - 4r = " + numberText(1.0 - 4.0 * r, 3) + ", " + growth +
           "),  step " + std::to_string(simulation.stepCount()) + ",  max |u| = " + maxAbs + ",  " +
           std::to_string(p.grid.nx) + " x " + std::to_string(p.grid.ny) + " " + name(p.boundary) +
           ",  " + name(p.kernel) + " on " + simulation.backend().facts().name;
}

}  // namespace

// The field as large as the picture allows with square cells, its colour
// bar right of it with the range's ends beside the bar, a caption below,
// all centred on the renderer's background.
Picture slidePicture(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, int width, int height) {
    const GridSize& grid = simulation.params().grid;
    TextOverlay text(std::max(12.0f, static_cast<float>(height) / 40.0f));
    const int margin = std::max(4, height / 24);
    const int barWidth = std::max(8, width / 48);
    const int gap = static_cast<int>(text.lineHeight() / 2);
    // Room for the longest label a range can have ("-1.23e+09").
    const int labelWidth = static_cast<int>(text.width("-0.000e+00"));
    const int captionHeight = static_cast<int>(text.lineHeight() * 1.6f);
    const double spareWidth = width - 3.0 * margin - barWidth - gap - labelWidth;
    const double spareHeight = height - 2.0 * margin - captionHeight;
    const double scale = std::max(0.0, std::min(spareWidth / grid.nx, spareHeight / grid.ny));
    const int fieldWidth = std::max(1, static_cast<int>(grid.nx * scale));
    const int fieldHeight = std::max(1, static_cast<int>(grid.ny * scale));
    const int groupWidth = fieldWidth + margin + barWidth + gap + labelWidth;
    const int left = std::max(0, (width - groupWidth) / 2);
    // GL's y runs up: the field sits above the caption strip.
    const int bottom = captionHeight + std::max(0, (height - captionHeight - fieldHeight) / 2);
    const int barLeft = left + fieldWidth + margin;

    Picture picture;
    OffscreenTarget target(width, height);
    {
        const auto bound = target.bind();
        glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        picture.frame = runFrame(simulation, view, renderer, settings, left, bottom, fieldWidth,
                                 fieldHeight, false);
        renderer.drawColourBar(settings.map, barLeft, bottom, barWidth, fieldHeight);
        picture.range = drawnRange(view, settings);

        const Rgb8 ink{225, 225, 225};
        const auto top = static_cast<float>(height - bottom - fieldHeight);  // y down
        const float labelX = static_cast<float>(barLeft + barWidth + gap);
        text.add(numberText(picture.range.hi, 4), labelX, top, ink);
        text.add(numberText(picture.range.lo, 4), labelX,
                 top + static_cast<float>(fieldHeight) - text.lineHeight(), ink);
        const std::string line = caption(simulation, numberText(simulation.backend().maxAbs(), 3));
        const float captionTop =
            static_cast<float>(height - captionHeight) + text.lineHeight() * 0.3f;
        text.add(line,
                 std::max(static_cast<float>(margin),
                          (static_cast<float>(width) - text.width(line)) / 2.0f),
                 captionTop, ink);
        text.draw(width, height);
    }
    picture.image = target.read();
    return picture;
}

}  // namespace heatlab
