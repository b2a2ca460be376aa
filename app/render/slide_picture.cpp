#include "app/render/slide_picture.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/i18n/translation.h"
#include "app/render/gl_check.h"
#include "app/render/offscreen_target.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

const Rgb8 kInk{225, 225, 225};

// The one-line caption of a slide: what a lecture needs to say what it
// shows, and how to read its colours when they are not linear. The
// checkerboard's growth is the grid's own (and its bound), with the
// infinite grid's |1 - 8r| beside it, or alone where the two agree to the
// digits shown.
std::string caption(Simulation& simulation, const FrameSettings& settings,
                    const std::string& maxAbs, bool nonFinite) {
    const Params& p = simulation.params();
    const double r = p.r;
    const std::string infinite = numberText(std::fabs(infiniteGridFactor(r)), 3);
    const std::string grid = numberText(std::fabs(highestModeFactor(p.grid, p.boundary, r)), 3);
    const double bound = gridStabilityBound(p.grid, p.boundary);
    const std::string boundText = std::isinf(bound) ? tr("none") : numberText(bound, 4);
    const std::string growth = grid == infinite && !std::isinf(bound) && boundText == "0.25"
                                   ? "|1 - 8r| = " + infinite
                                   : trf("this grid x%s a step, bound %s, |1 - 8r| = %s",
                                         grid.c_str(), boundText.c_str(), infinite.c_str());
    // Its parts joined by a comma and two spaces, where the caption may
    // wrap (wrappedCaption), in every language.
    std::string line = trf("r = %s (1 - 4r = %s, %s)", rText(p.r).c_str(),
                           numberText(1.0 - 4.0 * r, 3).c_str(), growth.c_str()) +
                       ",  " + trf("step %lld", simulation.stepCount()) + ",  max |u| = " + maxAbs +
                       ",  " + std::to_string(p.grid.nx) + " x " + std::to_string(p.grid.ny) + " " +
                       name(p.boundary) + ",  " +
                       trf("%s on %s", name(p.kernel), simulation.backend().facts().name.c_str());
    if (settings.scale == ColourScale::SignedLog) {
        line += ",  " + trf("colours %s (u0 = %s)", name(settings.scale),
                            numberText(settings.scaleReference, 3).c_str());
    }
    if (nonFinite) {
        line += std::string(",  ") + tr("green: NaN or inf");
    }
    return line;
}

// The range's ends at the bar's top and bottom, and the ticks between them,
// each a mark right of the bar and its value beside it.
void labelBar(TextOverlay& text, const SlideLayout& layout, int height,
              const FrameSettings& settings, const ValueRange& range) {
    const auto top =
        static_cast<float>(height - layout.fieldBottom - layout.fieldHeight);  // y down
    const auto labelX = static_cast<float>(layout.labelLeft);
    text.add(numberText(range.hi, 4), labelX, top, kInk);
    text.add(numberText(range.lo, 4), labelX,
             top + static_cast<float>(layout.fieldHeight) - text.lineHeight(), kInk);
    const float markWidth = static_cast<float>(layout.labelLeft - layout.barLeft - layout.barWidth);
    const float markHeight = std::max(1.0f, std::round(text.lineHeight() / 12.0f));
    for (const ColourBarTick& tick : slideTicks(layout, settings, range)) {
        const float y = top + tickOffsetFromTop(tick.position, layout.fieldHeight);
        text.addRectangle(static_cast<float>(layout.barLeft + layout.barWidth),
                          y - 0.5f * markHeight, 0.7f * markWidth, markHeight, kInk);
        text.add(tick.label, labelX, y - 0.5f * text.lineHeight(), kInk);
    }
}

}  // namespace

float slideLineHeight(int height) { return std::max(12.0f, static_cast<float>(height) / 40.0f); }

std::vector<ColourBarTick> slideTicks(const SlideLayout& layout, const FrameSettings& settings,
                                      const ValueRange& range) {
    const float spacing = 2.0f * layout.lineHeight / static_cast<float>(layout.fieldHeight);
    return colourBarTicks(range, settings.scale, settings.scaleReference, spacing);
}

namespace {

// `line` in lines no wider than `width`, broken where its parts are
// separated (two spaces after a comma); a part wider than that alone keeps
// its own line.
std::vector<std::string> wrappedCaption(const std::string& line, TextOverlay& text, float width) {
    std::vector<std::string> lines;
    std::string current;
    std::size_t from = 0;
    while (from < line.size()) {
        std::size_t to = line.find(",  ", from);
        to = to == std::string::npos ? line.size() : to + 1;
        const std::string part = line.substr(from, to - from);
        const std::string joined = current.empty() ? part : current + "  " + part;
        if (!current.empty() && text.width(joined) > width) {
            lines.push_back(current);
            current = part;
        } else {
            current = joined;
        }
        from = to == line.size() ? to : to + 2;
    }
    if (!current.empty()) {
        lines.push_back(current);
    }
    return lines;
}

}  // namespace

// The field as large as the picture allows with square cells, its colour
// bar right of it with the range's values beside the bar, a caption below,
// all centred on the renderer's background.
SlideLayout slideLayout(const GridSize& grid, int width, int height, TextOverlay& text) {
    SlideLayout layout;
    layout.lineHeight = text.lineHeight();
    layout.margin = std::max(4, height / 24);
    layout.barWidth = std::max(8, width / 48);
    const int gap = static_cast<int>(text.lineHeight() / 2);
    // Room for the longest label a range can have ("-1.23e+09").
    const int labelWidth = static_cast<int>(text.width("-0.000e+00"));
    layout.captionHeight = static_cast<int>(text.lineHeight() * 1.6f);
    const double spareWidth = width - 3.0 * layout.margin - layout.barWidth - gap - labelWidth;
    const double spareHeight = height - 2.0 * layout.margin - layout.captionHeight;
    const double scale = std::max(0.0, std::min(spareWidth / grid.nx, spareHeight / grid.ny));
    layout.fieldWidth = std::max(1, static_cast<int>(grid.nx * scale));
    layout.fieldHeight = std::max(1, static_cast<int>(grid.ny * scale));
    const int groupWidth = layout.fieldWidth + layout.margin + layout.barWidth + gap + labelWidth;
    layout.fieldLeft = std::max(0, (width - groupWidth) / 2);
    // GL's y runs up: the field sits above the caption strip.
    layout.fieldBottom = layout.captionHeight +
                         std::max(0, (height - layout.captionHeight - layout.fieldHeight) / 2);
    layout.barLeft = layout.fieldLeft + layout.fieldWidth + layout.margin;
    layout.labelLeft = layout.barLeft + layout.barWidth + gap;
    return layout;
}

Picture slidePicture(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                     const FrameSettings& settings, int width, int height) {
    TextOverlay text(slideLineHeight(height));
    const SlideLayout layout = slideLayout(simulation.params().grid, width, height, text);

    Picture picture;
    OffscreenTarget target(width, height);
    {
        const auto bound = target.bind();
        glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        picture.frame = runFrame(simulation, view, renderer, settings, layout.fieldLeft,
                                 layout.fieldBottom, layout.fieldWidth, layout.fieldHeight, false);
        renderer.drawColourBar(settings.map, layout.barLeft, layout.fieldBottom, layout.barWidth,
                               layout.fieldHeight);
        picture.range = drawnRange(view, settings);
        labelBar(text, layout, height, settings, picture.range);
        if (const std::optional<LoupeLayout>& loupe = picture.frame.loupe) {
            // Above the inset, ending at its right edge.
            const std::string label = "loupe x" + std::to_string(loupe->pixelsPerCell);
            const auto top = static_cast<float>(height - layout.fieldBottom - loupe->bottom -
                                                loupe->side - 3 * loupe->border);
            const auto right =
                static_cast<float>(layout.fieldLeft + loupe->left + loupe->side + loupe->border);
            // On a dark strip: the field under it may be any colour.
            const float pad = 0.25f * text.lineHeight();
            const float w = text.width(label);
            text.addRectangle(right - w - 2.0f * pad, top - text.lineHeight() - pad, w + 2.0f * pad,
                              text.lineHeight() + pad, Rgb8{16, 16, 16});
            text.add(label, right - w - pad, top - text.lineHeight() - 0.5f * pad, kInk);
        }

        const FieldRange stored = view.storedRange();
        const bool nonFinite = stored.hasNaN || std::isinf(stored.min) || std::isinf(stored.max);
        const std::vector<std::string> lines = wrappedCaption(
            caption(simulation, settings, numberText(simulation.backend().maxAbs(), 3), nonFinite),
            text, static_cast<float>(width - 2 * layout.margin));
        // A caption wider than the slide (half of an A/B slide) takes more
        // lines, upwards into the room a narrow slide leaves under the field.
        float lineTop = static_cast<float>(height - layout.captionHeight) +
                        text.lineHeight() * (0.3f - static_cast<float>(lines.size() - 1));
        for (const std::string& line : lines) {
            text.add(line,
                     std::max(static_cast<float>(layout.margin),
                              (static_cast<float>(width) - text.width(line)) / 2.0f),
                     lineTop, kInk);
            lineTop += text.lineHeight();
        }
        text.draw(width, height);
    }
    picture.image = target.read();
    return picture;
}

}  // namespace heatlab
