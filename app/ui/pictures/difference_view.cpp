#include "app/ui/pictures/difference_view.h"

#include <glad/gl.h>

#include "app/picture/display_plan.h"
#include "app/ui/panel/frame_breakdown.h"
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

FrameStats DifferenceView::draw(Pane& a, Pane& b, FieldRenderer& renderer,
                                const FrameSettings& shown, bool timed, PaneDifference& measured) {
    // Timed as runFrame() times its parts: the host clock around work
    // waited for.
    FrameStats stats;
    HostClock::time_point start = HostClock::now();
    Simulation& sa = a.run().simulation();
    Simulation& sb = b.run().simulation();
    const GridSize& grid = sb.params().grid;
    const PaneRect& rect = b.rect();
    const ViewTransform transform =
        shown.view ? *shown.view : fitView(grid.nx, grid.ny, rect.width, rect.height);
    const std::array<long long, 3> state{sa.fieldCount(), sb.fieldCount(), sa.stepCount()};
    if (state != state_) {
        measured = a.run().differenceFrom(b.run(), &difference_);
        range_ = rangeOf(difference_.data(), difference_.size());
        state_ = state;
        uploaded_.reset();
    }
    // What the view shows of A - B (its cells or its image), made on the
    // host from the difference there, again when the view moves.
    const DisplayLayout layout{rect.width, rect.height};
    const DisplayContents contents =
        displayContentsOf(grid, layout, transform, rect.width, rect.height, shown.sampling,
                          std::nullopt, std::nullopt);
    if (!uploaded_ || *uploaded_ != contents) {
        view_.prepare(layout, DisplayPath::ViaHost, sb.backend());
        view_.uploadFromHost(difference_.data(), contents, range_);
        uploaded_ = contents;
    }
    if (timed) {
        glFinish();
        stats.displayMs = msSince(start);
        start = HostClock::now();
    }
    renderer.draw(view_.viewValues(), transform, drawSettingsOf(differenceSettingsOf(shown)),
                  rect.x, rect.y, rect.width, rect.height);
    if (timed) {
        glFinish();
        stats.drawMs = msSince(start);
    }
    stats.path = DisplayPath::ViaHost;
    return stats;
}

void DifferenceView::drawBar(const ColourBar::Strip& strip, const Pane& b, FieldRenderer& renderer,
                             const FrameSettings& shown, float pixelsPerUnit) {
    bar_.draw(strip, view_, renderer, differenceSettingsOf(shown), b.barPlace(shown.view),
              pixelsPerUnit);
}

}  // namespace heatlab
