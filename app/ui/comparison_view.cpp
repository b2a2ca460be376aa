#include "app/ui/comparison_view.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app/ui/field_overlay.h"
#include "app/ui/frame_breakdown.h"
#include "kernels/base/host_clock.h"
#include "kernels/numerics/field_measures.h"

namespace heatlab {

FrameSettings differenceSettingsOf(const FrameSettings& shown) {
    FrameSettings s = shown;
    s.map = ColourMap::Diverging;
    s.range.automatic = true;
    s.steps = 0;
    s.loupe = FrameSettings::Loupe{};
    s.path = DisplayPath::ViaHost;
    s.beforeDraw = nullptr;
    return s;
}

FrameStats ComparisonView::frame(ComparisonRun& run, Simulation& a, FieldRenderer& renderer,
                                 const FrameSettings& shown, bool difference, const PaneRect& rect,
                                 bool timed, bool measure, PaneDifference& measured) {
    Simulation& b = run.simulation();
    if (!difference) {
        const FrameStats stats =
            runFrame(b, view_, renderer, shown, rect.x, 0, rect.width, rect.height, timed);
        if (measure) {
            measured = run.difference(a);
        }
        return stats;
    }
    // B steps as its own frame would, and the pane shows A - B instead.
    // Timed as runFrame() times its parts: the steps by the backend's own
    // stopwatch, the rest by the host clock around work waited for.
    FrameStats stats;
    const std::unique_ptr<Stopwatch> watch = timed ? b.backend().stopwatch() : nullptr;
    if (watch) {
        watch->start();
    }
    b.advance(shown.steps);
    if (watch) {
        stats.stepsMs = watch->stopMs();
        stats.stepsTimed = shown.steps;
    }
    if (shown.beforeDraw) {
        shown.beforeDraw();
    }
    HostClock::time_point start = HostClock::now();
    const GridSize& grid = b.params().grid;
    // Made once a step: paused, the frames draw the difference already up.
    const std::array<long long, 3> state{a.fieldCount(), b.fieldCount(), a.stepCount()};
    if (state != differenceState_) {
        measured = run.difference(a, &difference_);
        differenceView_.prepare(grid, DisplayPath::ViaHost, b.backend());
        differenceView_.uploadFromHost(difference_.data(),
                                       rangeOf(difference_.data(), difference_.size()));
        differenceState_ = state;
    }
    if (timed) {
        glFinish();
        stats.displayMs = msSince(start);
        start = HostClock::now();
    }
    const FrameSettings drawn = differenceSettingsOf(shown);
    const ViewTransform transform =
        shown.view ? *shown.view : FieldRenderer::fit(grid.nx, grid.ny, rect.width, rect.height);
    renderer.draw(differenceView_.texture(), grid.nx, grid.ny, transform, drawSettingsOf(drawn),
                  rect.x, 0, rect.width, rect.height);
    if (timed) {
        glFinish();
        stats.drawMs = msSince(start);
    }
    stats.path = DisplayPath::ViaHost;
    return stats;
}

void ComparisonView::drawBar(const ColourBar::Strip& strip, FieldRenderer& renderer,
                             const FrameSettings& shown, bool difference, int barX, int height,
                             float pixelsPerUnit) {
    if (difference) {
        differenceBar_.draw(strip, differenceView_, renderer, differenceSettingsOf(shown), barX,
                            height, pixelsPerUnit);
    } else {
        bar_.draw(strip, view_, renderer, shown, barX, height, pixelsPerUnit);
    }
}

void drawPaneLabel(float left, float top, float width, const std::vector<std::string>& lines) {
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const float pad = size * 0.3f;
    const float wrap = std::max(size, width - 6.0f * pad);
    std::vector<std::string> wrapped;
    float textWidth = 0.0f;
    float textHeight = 0.0f;
    for (const std::string& line : lines) {
        wrapped.push_back(wrappedAtSpaces(font, size, line, wrap));
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, wrapped.back().c_str());
        textWidth = std::max(textWidth, extent.x);
        textHeight += extent.y;
    }
    ImVec2 at(left + 2.0f * pad, top + 2.0f * pad);
    draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad),
                        ImVec2(at.x + textWidth + pad, at.y + textHeight + pad),
                        IM_COL32(0, 0, 0, 170), pad);
    bool first = true;
    for (const std::string& line : wrapped) {
        const ImU32 ink = first ? IM_COL32(255, 235, 150, 255) : IM_COL32(220, 220, 220, 255);
        draw->AddText(font, size, at, ink, line.c_str());
        at.y += font->CalcTextSizeA(size, FLT_MAX, 0.0f, line.c_str()).y;
        first = false;
    }
}

// What a pane runs, in its label: "temporal, r = 0.2500" and "cuda,
// interop (shared memory), copy every step (pinned)".
std::string paneKernel(const Params& params) {
    char text[96];
    std::snprintf(text, sizeof text, "%s, r = %.4f", name(params.kernel),
                  static_cast<double>(params.r));
    return text;
}

std::string paneWhere(const Backend& backend, const FrameStats& frame, int copyEvery, bool pinned) {
    std::string where = backend.facts().name + ", " + name(frame.path);
    if (frame.interopBuffer) {
        where += std::string(" (") + name(*frame.interopBuffer) + ")";
    }
    if (copyEvery > 0) {
        where += copyEvery == 1 ? ", copy every step" : ", copy every " + std::to_string(copyEvery);
        where += pinned ? " (pinned)" : " (pageable)";
    }
    return where;
}

// Its costs from the newest timed frame: ms a step, the frame, and the steps
// a second that frame's parts allow.
std::string paneCosts(const std::optional<FrameStats>& timed, int steps) {
    if (!timed || timed->totalMs() <= 0.0) {
        return "not timed yet";
    }
    const FrameStats& f = *timed;
    char text[160];
    std::snprintf(text, sizeof text, "%s a step, frame %s, %.0f steps/s",
                  f.stepsTimed > 0 ? legendTime(f.stepsMs / f.stepsTimed).c_str() : "-",
                  legendTime(f.totalMs()).c_str(), 1000.0 * steps / f.totalMs());
    return text;
}

}  // namespace heatlab
