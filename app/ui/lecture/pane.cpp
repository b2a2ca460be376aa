#include "app/ui/lecture/pane.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "app/i18n/translation.h"
#include "app/ui/panel/choice_words.h"
#include "app/ui/panel/frame_breakdown.h"
#include "app/ui/pictures/field_overlay.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

namespace {

// What a pane runs: "A  temporal, r = 0.2500".
std::string kernelLine(const std::string& pane, const Params& params) {
    char text[112];
    std::snprintf(text, sizeof text, "%s  %s, r = %.4f", pane.c_str(), name(params.kernel),
                  static_cast<double>(params.r));
    return text;
}

// Where: "cuda, interop (shared memory), copy every step (pinned)".
// In the words' language, the backend's name as it is.
std::string whereLine(const Backend& backend, const FrameStats& frame, int copyEvery, bool pinned) {
    std::string where = backend.facts().name + ", " + choiceInWords(name(frame.path));
    if (frame.interopBuffer) {
        where += std::string(" (") + choiceInWords(name(*frame.interopBuffer)) + ")";
    }
    if (copyEvery > 0) {
        const char* memory = pinned ? "pinned" : "pageable";
        where +=
            ", " + (copyEvery == 1 ? trf("copy every step (%s)", choiceInWords(memory))
                                   : trf("copy every %d (%s)", copyEvery, choiceInWords(memory)));
    }
    return where;
}

// Its costs from the newest timed frame: ms a step, the frame, and the steps
// a second that frame's parts allow.
std::string costsLine(const std::optional<FrameStats>& timed, int steps) {
    if (!timed || timed->totalMs() <= 0.0) {
        return tr("not timed yet");
    }
    const FrameStats& f = *timed;
    return trf("%s a step, frame %s, %.0f steps/s",
               f.stepsTimed > 0 ? legendTime(f.stepsMs / f.stepsTimed).c_str() : "-",
               legendTime(f.totalMs()).c_str(), 1000.0 * steps / f.totalMs());
}

// The steps alone, timed as runFrame() times them (the backend's own
// stopwatch), for a pane whose rectangle shows something else.
FrameStats stepsOnly(Simulation& simulation, const FrameSettings& shown, bool timed) {
    FrameStats stats;
    const std::unique_ptr<Stopwatch> watch = timed ? simulation.backend().stopwatch() : nullptr;
    if (watch) {
        watch->start();
    }
    simulation.advance(shown.steps);
    if (watch) {
        stats.stepsMs = watch->stopMs();
        stats.stepsTimed = shown.steps;
    }
    if (shown.beforeDraw) {
        shown.beforeDraw();
    }
    return stats;
}

}  // namespace

std::vector<PaneRect> layoutPanes(const PixelSize& window, int panelPixels,
                                  const ColourBar::Strip& bar, int panes, bool outside) {
    const int count = std::max(1, panes);
    const int labelBand = kLabelBandLines * bar.line + bar.margin;
    const int column = std::max(1, (window.width - panelPixels) / count);
    const int width = std::max(1, outside ? column - bar.margin : column - bar.width);
    const int below = outside ? bar.across + bar.line + bar.margin : 0;
    const int height = std::max(1, window.height - (outside ? labelBand : 0) - below);
    std::vector<PaneRect> rects;
    for (int i = 0; i < count; ++i) {
        const int x = outside ? i * column : i * (width + bar.width);
        rects.push_back(PaneRect{x, below, window.height - below - height, width, height, outside});
    }
    return rects;
}

const FrameStats& Pane::frame(FieldRenderer& renderer, const FrameSettings& shown, bool timed,
                              bool drawn) {
    Simulation& simulation = run_->simulation();
    lastFrame_ = drawn ? runFrame(simulation, view_, renderer, shown, rect_.x, rect_.y, rect_.width,
                                  rect_.height, timed)
                       : stepsOnly(simulation, shown, timed);
    lastTimed_ = timed;
    if (timed) {
        timedFrame_ = lastFrame_;
    }
    return lastFrame_;
}

void Pane::showDisplayPath(PaneReadouts& shown) const {
    shown.path = lastFrame_.path;
    shown.fallbackReason = view_.fallbackReason();
    shown.interopBuffer = lastFrame_.interopBuffer ? name(*lastFrame_.interopBuffer) : "";
    shown.sharedFallbackReason = view_.sharedFallbackReason();
}

void Pane::addDrawn(const FrameStats& drawn) {
    for (FrameStats* f : {&lastFrame_, lastTimed_ ? &*timedFrame_ : nullptr}) {
        if (f) {
            f->displayMs += drawn.displayMs;
            f->drawMs += drawn.drawMs;
            f->path = drawn.path;
        }
    }
}

void Pane::addUiMs(double ms) {
    lastFrame_.uiMs = ms;
    if (lastTimed_) {
        timedFrame_->uiMs = ms;
    }
}

void Pane::drawBar(const ColourBar::Strip& strip, FieldRenderer& renderer,
                   const FrameSettings& shown, float pixelsPerUnit) {
    bar_.draw(strip, view_, renderer, shown, barPlace(shown.view), pixelsPerUnit);
}

ColourBar::Place Pane::barPlace(const std::optional<ViewTransform>& view) const {
    const GridSize& grid = run_->simulation().params().grid;
    const ViewTransform drawn = view ? *view : fitView(grid.nx, grid.ny, rect_.width, rect_.height);
    const auto column = [&](float cells) {
        const float x = cellToPixel(drawn, rect_.width, rect_.height, glm::vec2(cells, 0)).x;
        return rect_.x + std::clamp(static_cast<int>(std::lround(x)), 0, rect_.width);
    };
    ColourBar::Place place;
    place.across = rect_.labelsOutside;
    place.gridLeft = column(0.0f);
    place.gridRight = column(static_cast<float>(grid.nx));
    place.fieldTop = rect_.top;
    place.fieldBottom = rect_.y;
    place.fieldHeight = rect_.height;
    return place;
}

DrawnPane Pane::drawn(FieldRenderer& renderer) {
    return DrawnPane{DrawnField{run_->simulation(), view_, renderer},
                     frameSettingsOf(run_->settings(), 0, std::nullopt)};
}

std::vector<std::string> Pane::labelLines(int steps) const {
    const LectureSettings& s = run_->settings();
    return {kernelLine(run_->name(), run_->simulation().params()),
            whereLine(run_->simulation().backend(), lastFrame_, s.copyEvery, s.pinned),
            costsLine(timedFrame_, steps)};
}

OverlayBand drawPaneLabel(float left, float top, float width,
                          const std::vector<std::string>& lines) {
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const float pad = size * 0.3f;
    const float wrap = std::max(size, width - 6.0f * pad);
    std::vector<std::string> wrapped;
    float textWidth = 0.0f;
    float textHeight = 0.0f;
    for (const std::string& line : lines) {
        wrapped.push_back(wrappedToWidth(font, size, line, wrap));
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, wrapped.back().c_str());
        textWidth = std::max(textWidth, extent.x);
        textHeight += extent.y;
    }
    ImVec2 at(left + 2.0f * pad, top + 2.0f * pad);
    const OverlayBand band{at.x - pad, at.y - pad, textWidth + 2.0f * pad, textHeight + 2.0f * pad};
    draw->AddRectFilled(ImVec2(band.x, band.y), ImVec2(band.x + band.width, band.bottom()),
                        IM_COL32(0, 0, 0, 170), pad);
    bool first = true;
    for (const std::string& line : wrapped) {
        const ImU32 ink = first ? IM_COL32(255, 235, 150, 255) : IM_COL32(220, 220, 220, 255);
        draw->AddText(font, size, at, ink, line.c_str());
        at.y += font->CalcTextSizeA(size, FLT_MAX, 0.0f, line.c_str()).y;
        first = false;
    }
    return band;
}

ColourRange Pane::rangeOnScreen(const LectureSettings& settings) const {
    if (!view_.drawn()) {
        return ColourRange{false, 0.0f, 1.0f};
    }
    FrameSettings drawnWith = frameSettingsOf(settings, 0, std::nullopt);
    drawnWith.range.automatic = true;
    const ValueRange drawn = drawnRange(view_, drawnWith);
    const bool usable = std::isfinite(drawn.lo) && std::isfinite(drawn.hi) && drawn.lo < drawn.hi;
    return ColourRange{false, usable ? drawn.lo : 0.0f, usable ? drawn.hi : 1.0f};
}

}  // namespace heatlab
