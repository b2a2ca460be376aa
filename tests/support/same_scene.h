#pragma once
// Whether two scenes hold the same values: the settings a scene keeps (see
// app/lecture/files/scene.h), its title, description and view. For the scene
// tests' round trips.

#include "app/lecture/files/scene.h"

namespace heatlab {

inline bool sameScene(const Scene& a, const Scene& b) {
    const Params& p = a.settings.params;
    const Params& q = b.settings.params;
    const LessonSettings& s = a.settings;
    const LessonSettings& t = b.settings;
    const PictureSettings& u = s.picture;
    const PictureSettings& v = t.picture;
    const auto same = [](const GridSize& x, const GridSize& y) {
        return x.nx == y.nx && x.ny == y.ny;
    };
    const bool sameGrids =
        s.grids.has_value() == t.grids.has_value() &&
        (!s.grids || (same(s.grids->cpu, t.grids->cpu) && same(s.grids->cuda, t.grids->cuda)));
    const bool sameView = a.view.has_value() == b.view.has_value() &&
                          (!a.view || (a.view->centre == b.view->centre &&
                                       a.view->cellsPerPixel == b.view->cellsPerPixel));
    return a.title == b.title && a.description == b.description && p.grid.nx == q.grid.nx &&
           p.grid.ny == q.grid.ny && p.r == q.r && p.kernel == q.kernel &&
           p.timeBlock == q.timeBlock && p.boundary == q.boundary && p.initial == q.initial &&
           s.running == t.running && s.stepsPerFrame == t.stepsPerFrame && u.path == v.path &&
           u.map == v.map && u.scale == v.scale && u.autoScale == v.autoScale &&
           u.scaleReference == v.scaleReference && u.range.automatic == v.range.automatic &&
           u.range.lo == v.range.lo && u.range.hi == v.range.hi && u.sampling == v.sampling &&
           s.vsync == t.vsync && s.pace == t.pace && s.stepsPerSecond == t.stepsPerSecond &&
           s.copyEvery == t.copyEvery && s.pinned == t.pinned && s.brushPercent == t.brushPercent &&
           s.brushHot == t.brushHot && s.brushCold == t.brushCold && u.surface == v.surface &&
           u.camera == v.camera && sameView && sameGrids;
}

}  // namespace heatlab
