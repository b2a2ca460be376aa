#include "app/render/frame.h"
#include "kernels/base/host_clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

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
    // Minified under the extremes rule, the backend makes the view's image
    // (every cell under each pixel read where the field lives) and the draw
    // reads one value a pixel.
    // The surface view's mesh reads an image of its own
    // (app/picture/surface_mesh.h), made the same way, or the field's cells.
    std::optional<ViewSampling> image;
    std::optional<SurfaceMesh> mesh;
    if (settings.surface) {
        mesh = surfaceMesh(transform, width, height, grid);
        if (!mesh->fromField) {
            image = mesh->image;
        }
    } else if (transform.cellsPerPixel > 1.0f && settings.sampling == Sampling::Extremes) {
        image = viewSamplingOf(transform, width, height);
    }
    view.prepare(grid, settings.path, backend, image ? image->pixels() : 0, settings.mapPerFrame);

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

    HostClock::time_point start = HostClock::now();
    if (view.path() == DisplayPath::Interop) {
        // All steps but the last run on their own, so a timed frame can tell
        // them from the display write; untimed, they are queued back to back
        // either way.
        runSteps(settings.steps > 0 ? settings.steps - 1 : 0);
        start = HostClock::now();
        // The cells are written only where something reads them: a view at
        // one cell a pixel or more, the loupe, a surface made from them.
        DisplayContents contents;
        contents.image = image ? &*image : nullptr;
        contents.cells = !image || settings.loupe.shown || (mesh && mesh->fromField);
        stats.presentWrite = simulation.advanceAndPresent(settings.steps - stats.stepsTimed,
                                                          view.deviceBuffer(), contents);
        view.settle(settings.displayLatency, contents);
        wait();
        stats.displayMs = msSince(start);
        takeCopies(stats.displayMs);
    } else {
        runSteps(settings.steps);
        start = HostClock::now();
        const FieldRange range = backend.range();
        view.uploadFromHost(simulation.fieldOnHost().data(), range);
        if (image) {
            view.uploadImageOf(backend, *image);
        }
        wait();
        stats.displayMs = msSince(start);
    }

    if (settings.beforeDraw) {
        settings.beforeDraw();
    }
    start = HostClock::now();
    const DrawSettings draw = drawSettingsOf(settings);
    if (mesh) {
        renderer.surface().draw(view, *mesh, settings.camera, draw, x, y, width, height);
    } else {
        renderer.draw(view.texture(), grid.nx, grid.ny, transform, draw, x, y, width, height,
                      image ? view.imageTexture() : 0);
    }
    if (settings.loupe.shown) {
        const glm::vec2 centre = settings.loupe.centre
                                     ? *settings.loupe.centre
                                     : loupeCentre(std::nullopt, backend.checkerboardSpot(), grid);
        stats.loupe = loupeLayout(width, height, transform, grid, centre);
        if (stats.loupe) {
            drawLoupe(renderer, view, draw, *stats.loupe, transform, x, y, width, height,
                      !settings.surface);
        }
    }
    wait();
    stats.drawMs = msSince(start);
    simulation.setTimedCopies(false);
    return stats;
}

}  // namespace heatlab
