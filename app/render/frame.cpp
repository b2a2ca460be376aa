#include "app/render/frame.h"
#include "kernels/base/host_clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "app/picture/display_plan.h"
#include "app/picture/surface_mesh.h"
#include "app/picture/view_transform.h"
#include "app/render/gl_check.h"
#include "app/render/loupe_inset.h"

namespace heatlab {

ValueRange drawnRange(const GlField& view, const FrameSettings& settings) {
    if (!settings.range.automatic) {
        return {settings.range.lo, settings.range.hi};
    }
    return drawnRangeOf(view.storedRange(), settings);
}

FrameStats runFrame(Simulation& simulation, GlField& view, FieldRenderer& renderer,
                    const FrameSettings& settings, int x, int y, int width, int height,
                    bool timed) {
    Backend& backend = simulation.backend();
    const GridSize& grid = simulation.params().grid;
    const ViewTransform transform =
        settings.view ? *settings.view : fitView(grid.nx, grid.ny, width, height);
    // The surface view's mesh reads an image of its own
    // (app/picture/surface_mesh.h) or the field's cells.
    std::optional<SurfaceMesh> mesh;
    if (settings.surface) {
        mesh = surfaceMesh(transform, width, height, grid);
    }
    // The display's buffers are made for the view (or the room asked for),
    // whatever the grid.
    const DisplayLayout layout = settings.displayRoom
                                     ? DisplayLayout{std::max(width, settings.displayRoom->x),
                                                     std::max(height, settings.displayRoom->y)}
                                     : DisplayLayout{width, height};
    view.prepare(layout, settings.path, backend, settings.mapPerFrame);

    FrameStats stats;
    stats.path = view.path();
    stats.interopBuffer = view.interopBuffer();
    simulation.setTimedCopies(timed);
    const auto wait = [&] {
        if (timed) {
            backend.synchronize();
            glFinish();
        }
    };
    // The policy's copies run among the steps: their time moves from the
    // part they ran in to copyBackMs, so each millisecond is counted once.
    const auto takeCopies = [&](double& partMs) {
        const double copied = simulation.takeCopyBackMs();
        partMs = std::max(0.0, partMs - copied);
        stats.copyBackMs += copied;
    };

    // The steps are timed by the backend's own stopwatch (device events on
    // a GPU), the other parts by the host clock around work waited for.
    const std::unique_ptr<Stopwatch> watch = timed ? backend.stopwatch() : nullptr;
    const auto runSteps = [&](int steps) {
        if (watch) {
            watch->start();
        }
        simulation.advance(steps);
        if (watch) {
            stats.stepsMs = watch->stopMs();
            glFinish();
            takeCopies(stats.stepsMs);
        }
        stats.stepsTimed = steps;
    };

    // The loupe looks where the frame is told, or at the strongest
    // checkerboard of the field after the steps, found before the display
    // is written (it holds the loupe's cells: display_plan.h).
    const bool spotAfterSteps = settings.loupe.shown && !settings.loupe.centre;
    std::optional<glm::vec2> loupeAt =
        settings.loupe.shown ? settings.loupe.centre : std::optional<glm::vec2>{};
    const auto contents = [&] {
        if (spotAfterSteps) {
            loupeAt = loupeCentre(std::nullopt, backend.checkerboardSpot(), grid);
        }
        return displayContentsOf(grid, layout, transform, width, height, settings.sampling, mesh,
                                 loupeAt);
    };

    HostClock::time_point start = HostClock::now();
    if (view.path() == DisplayPath::Interop) {
        // All steps but the last run on their own, so a timed frame can tell
        // them from the display write; untimed, they are queued back to back
        // either way. A loupe that looks for its spot needs all of them
        // first, and the display is then written from the field (ByCopy).
        runSteps(spotAfterSteps ? settings.steps : std::max(settings.steps - 1, 0));
        start = HostClock::now();
        const DisplayContents written = contents();
        stats.presentWrite = simulation.advanceAndPresent(settings.steps - stats.stepsTimed,
                                                          view.deviceBuffer(), written);
        view.settle(settings.displayLatency, written);
        wait();
        stats.displayMs = msSince(start);
        takeCopies(stats.displayMs);
    } else {
        // Via host, what the view needs of the field (its cells or its
        // image, the loupe's cells) is copied to host memory and uploaded:
        // a view's worth, never the grid.
        runSteps(settings.steps);
        start = HostClock::now();
        const DisplayContents written = contents();
        view.uploadFrom(backend, written, backend.range());
        wait();
        stats.displayMs = msSince(start);
    }

    if (settings.beforeDraw) {
        settings.beforeDraw();
    }
    start = HostClock::now();
    const DrawSettings draw = drawSettingsOf(settings);
    if (mesh) {
        renderer.surface().draw(view.viewValues(), *mesh, settings.camera, draw, x, y, width,
                                height);
    } else {
        renderer.draw(view.viewValues(), transform, draw, x, y, width, height);
    }
    if (loupeAt) {
        stats.loupe = loupeLayout(width, height, transform, grid, *loupeAt);
        if (stats.loupe) {
            drawLoupe(renderer, view.loupeValues(), draw, *stats.loupe, transform, x, y, width,
                      height, !settings.surface);
        }
    }
    wait();
    stats.drawMs = msSince(start);
    simulation.setTimedCopies(false);
    return stats;
}

}  // namespace heatlab
