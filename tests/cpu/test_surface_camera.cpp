// The surface view's orbit camera and mesh, as plain maths: the fitted
// camera shows the whole box and little else at any aspect, orbiting and
// dollying keep their bounds, and the mesh is sampled at the view's
// resolution (never a vertex a cell of a large grid), the grid's cells
// themselves only where a vertex would span a cell or less.

#include <cmath>

#include <gtest/gtest.h>

#include "app/lecture/input/field_input.h"
#include "app/picture/surface_camera.h"
#include "app/picture/surface_mesh.h"
#include "app/picture/view_transform.h"

namespace heatlab {
namespace {

// The box's eight corners through the camera: the largest |x| or |y| in
// normalised device coordinates, and whether every corner is in front.
struct Extent {
    float reach = 0.0f;
    bool inFront = true;
};
Extent projectedExtent(const OrbitCamera& camera, const SurfaceBox& box, float aspect) {
    const glm::mat4 m = surfaceViewProjection(camera, box, aspect);
    Extent e;
    for (int i = 0; i < 8; ++i) {
        const glm::vec4 corner((i & 1 ? 0.5f : -0.5f) * box.width, i & 2 ? kSurfaceHeight : 0.0f,
                               (i & 4 ? 0.5f : -0.5f) * box.depth, 1.0f);
        const glm::vec4 clip = m * corner;
        e.inFront = e.inFront && clip.w > 0.0f && std::fabs(clip.z) <= clip.w * 1.0001f;
        e.reach = std::max({e.reach, std::fabs(clip.x / clip.w), std::fabs(clip.y / clip.w)});
    }
    return e;
}

TEST(SurfaceCamera, TheFittedCameraShowsTheWholeBoxAndFillsTheView) {
    for (const SurfaceBox box :
         {surfaceBox(2048, 2048), surfaceBox(4096, 1024), surfaceBox(3, 65536)}) {
        for (float aspect : {0.5f, 1.0f, 1.6f, 3.0f}) {
            for (const OrbitCamera camera : {OrbitCamera{}, OrbitCamera{90.0f, 5.0f, 1.0f},
                                             OrbitCamera{180.0f, 89.0f, 1.0f}}) {
                const Extent e = projectedExtent(camera, box, aspect);
                EXPECT_TRUE(e.inFront) << aspect;
                EXPECT_LE(e.reach, 1.0f) << "aspect " << aspect << " yaw " << camera.yawDegrees;
                // The bounding sphere is fitted, not the box: it may leave a
                // margin (widest for a flat or thin box seen edge on), never
                // most of the view.
                EXPECT_GT(e.reach, 0.25f) << "aspect " << aspect << " yaw " << camera.yawDegrees;
            }
        }
    }
}

TEST(SurfaceCamera, TheBoxKeepsTheGridsShapeWithItsLongerSideOne) {
    const SurfaceBox wide = surfaceBox(4096, 1024);
    EXPECT_FLOAT_EQ(wide.width, 1.0f);
    EXPECT_FLOAT_EQ(wide.depth, 0.25f);
    const SurfaceBox tall = surfaceBox(3, 65536);
    EXPECT_FLOAT_EQ(tall.depth, 1.0f);
    EXPECT_NEAR(tall.width, 3.0f / 65536.0f, 1e-9f);
}

TEST(SurfaceCamera, OrbitingTurnsHalfAWayAcrossTheViewAndKeepsPitchInBounds) {
    const OrbitCamera start;
    // A drag across the whole height of the view: 180 degrees of yaw.
    const OrbitCamera turned = orbited(start, 600.0f, 0.0f, 600);
    EXPECT_NEAR(turned.yawDegrees, start.yawDegrees - 180.0f + 360.0f, 1e-3f);  // wrapped
    EXPECT_GT(turned.yawDegrees, -180.0f);
    EXPECT_LE(turned.yawDegrees, 180.0f);
    EXPECT_FLOAT_EQ(turned.pitchDegrees, start.pitchDegrees);
    EXPECT_FLOAT_EQ(turned.distance, start.distance);
    // Dragged far down or up, pitch stops at its bounds: never under the
    // plane, never straight down.
    EXPECT_FLOAT_EQ(orbited(start, 0.0f, 10000.0f, 600).pitchDegrees, kMaxPitchDegrees);
    EXPECT_FLOAT_EQ(orbited(start, 0.0f, -10000.0f, 600).pitchDegrees, kMinPitchDegrees);
    // Small drags add up to the same turn as one.
    OrbitCamera walked = start;
    for (int i = 0; i < 10; ++i) {
        walked = orbited(walked, 6.0f, 3.0f, 600);
    }
    const OrbitCamera once = orbited(start, 60.0f, 30.0f, 600);
    EXPECT_NEAR(walked.yawDegrees, once.yawDegrees, 1e-3f);
    EXPECT_NEAR(walked.pitchDegrees, once.pitchDegrees, 1e-3f);
}

TEST(SurfaceCamera, TheWheelDolliesTenPercentAClickWithinItsReach) {
    const SurfaceBox box = surfaceBox(512, 512);
    const OrbitCamera closer = dollied(OrbitCamera{}, 1.0);
    EXPECT_NEAR(closer.distance, 0.9f, 1e-6f);
    EXPECT_NEAR(glm::length(cameraEye(closer, box, 1.0f) - surfaceCentre()),
                0.9f * fittedDistance(box, 1.0f), 1e-5f);
    EXPECT_NEAR(dollied(closer, -1.0).distance, 1.0f, 1e-6f);
    EXPECT_FLOAT_EQ(dollied(OrbitCamera{}, 1000.0).distance, kMinDistance);
    EXPECT_FLOAT_EQ(dollied(OrbitCamera{}, -1000.0).distance, kMaxDistance);
    // Dollied out, the whole box fits with room to spare; in, it does not.
    EXPECT_LT(projectedExtent(dollied(OrbitCamera{}, -5.0), box, 1.0f).reach, 0.7f);
    EXPECT_GT(projectedExtent(dollied(OrbitCamera{}, 5.0), box, 1.0f).reach, 1.0f);
}

TEST(SurfaceCamera, FFitsTheCameraInTheSurfaceViewAndTheFieldInTheFlatOne) {
    FieldInput input;
    LectureSettings settings;
    const GridSize grid{100, 50};
    input.navigation().zoom(3.0, 150.0f, 60.0f, 400, 200, grid);
    settings.picture.surface = true;
    settings.picture.camera = OrbitCamera{10.0f, 20.0f, 0.5f};
    input.fit(settings);
    EXPECT_TRUE(settings.picture.camera == OrbitCamera{});
    EXPECT_TRUE(input.navigation().view());  // the flat view's zoom kept
    settings.picture.surface = false;
    input.fit(settings);
    EXPECT_FALSE(input.navigation().view());
}

TEST(SurfaceMesh, AMinifiedViewGivesAnImageAtTheViewsResolution) {
    const GridSize grid{8192, 8192};
    const ViewTransform fitted = fitView(grid.nx, grid.ny, 900, 800);
    const SurfaceMesh mesh = surfaceMesh(fitted, 900, 800, grid);
    EXPECT_FALSE(mesh.fromField);
    // A vertex every few pixels of the 800 the grid spans, not 8192.
    EXPECT_EQ(mesh.cols, 800 / kSurfacePixelsPerVertex);
    EXPECT_EQ(mesh.rows, 800 / kSurfacePixelsPerVertex);
    EXPECT_EQ(mesh.image.width, mesh.cols);
    EXPECT_EQ(mesh.image.height, mesh.rows);
    EXPECT_FLOAT_EQ(mesh.image.originCol, 0.0f);
    EXPECT_FLOAT_EQ(mesh.image.originRow, 0.0f);
    EXPECT_FLOAT_EQ(mesh.image.cellsPerPixel, kSurfacePixelsPerVertex * fitted.cellsPerPixel);
    // Every vertex's centre on the grid: none falls where an image holds 0.
    const float lastCentre =
        mesh.image.originCol + (static_cast<float>(mesh.cols) - 0.5f) * mesh.image.cellsPerPixel;
    EXPECT_LT(lastCentre, static_cast<float>(grid.nx));
    // An 8192-pixel slide still has a capped mesh.
    const SurfaceMesh big = surfaceMesh(fitView(grid.nx, grid.ny, 8192, 8192), 8192, 8192, grid);
    EXPECT_LE(big.cols, kMaxSurfaceVertices);
    EXPECT_LE(big.rows, kMaxSurfaceVertices);
}

TEST(SurfaceMesh, AMagnifiedViewReadsTheCellsItShows) {
    const GridSize grid{64, 48};
    // Fitted into 640 x 480: ten pixels a cell, a vertex a cell.
    const SurfaceMesh whole = surfaceMesh(fitView(64, 48, 640, 480), 640, 480, grid);
    EXPECT_TRUE(whole.fromField);
    EXPECT_EQ(whole.firstCol, 0);
    EXPECT_EQ(whole.firstRow, 0);
    EXPECT_EQ(whole.cols, 64);
    EXPECT_EQ(whole.rows, 48);
    // Zoomed in on cells 20..29 x 10..17 (a flat view's zoom), only those.
    const SurfaceMesh part = surfaceMesh(ViewTransform{{25.0f, 14.0f}, 0.05f}, 200, 160, grid);
    EXPECT_TRUE(part.fromField);
    EXPECT_EQ(part.firstCol, 20);
    EXPECT_EQ(part.firstRow, 10);
    EXPECT_EQ(part.cols, 10);
    EXPECT_EQ(part.rows, 8);
    // Zoomed on one cell: still a mesh of two vertices a side.
    const SurfaceMesh one = surfaceMesh(ViewTransform{{63.5f, 47.5f}, 0.001f}, 200, 160, grid);
    EXPECT_GE(one.cols, 2);
    EXPECT_GE(one.rows, 2);
    EXPECT_LE(one.firstCol + one.cols, grid.nx);
    EXPECT_LE(one.firstRow + one.rows, grid.ny);
}

}  // namespace
}  // namespace heatlab
