#pragma once
// The orbit camera of the surface view (V): angles about the surface's
// centre and a distance relative to the fitted one, so "fit" (F) is the
// default camera whatever the picture's size, and a scene or a test can say
// a camera in three numbers. GLM only, no GL: the cpu tests check the maths.
//
// World space: the surface lies in x (columns, right) and z (rows, towards
// the viewer), its longer side 1 long and centred on the origin; y is up,
// the height of a value from 0 (the range's low end) to kSurfaceHeight (its
// high end).

#include <glm/glm.hpp>

namespace heatlab {

// The height of the colour range's top, in units of the surface's longer
// side: tall enough that a spike reads as one, low enough that the lit
// slopes of a smooth field are not all steep.
inline constexpr float kSurfaceHeight = 0.3f;
// The vertical field of view, in degrees.
inline constexpr float kSurfaceFovDegrees = 35.0f;

struct OrbitCamera {
    // About the vertical axis, from looking along -z (the first row at the
    // back), and above the surface's plane.
    float yawDegrees = -30.0f;
    float pitchDegrees = 40.0f;
    // The distance to the centre over the fitted distance: the wheel dollies
    // it (below 1: closer), F sets it back to 1.
    float distance = 1.0f;

    bool operator==(const OrbitCamera& o) const {
        return yawDegrees == o.yawDegrees && pitchDegrees == o.pitchDegrees &&
               distance == o.distance;
    }
};

// Pitch stays between these: never under the plane, never straight down
// (where yaw would have no meaning and "up" would flip).
inline constexpr float kMinPitchDegrees = 5.0f;
inline constexpr float kMaxPitchDegrees = 89.0f;
// The dolly's reach either side of the fitted distance.
inline constexpr float kMinDistance = 0.05f;
inline constexpr float kMaxDistance = 20.0f;

// The surface's extent in world units: the longer side 1.
struct SurfaceBox {
    float width = 1.0f;  // x
    float depth = 1.0f;  // z
};
// The box of a surface over cols x rows cells (any positive sizes).
SurfaceBox surfaceBox(float cols, float rows);

// Dragged by (dx, dy) pixels of a view `height` pixels tall: a drag across
// the whole height turns 180 degrees; yaw wraps to (-180, 180], pitch is
// kept in its bounds.
OrbitCamera orbited(const OrbitCamera& camera, float dx, float dy, int height);
// `clicks` of the wheel (positive: closer), each 10 % of the distance,
// within the dolly's reach.
OrbitCamera dollied(const OrbitCamera& camera, double clicks);

// The distance from the centre at which the whole box, up to the top of the
// range, fits in a view of `aspect` (width / height): the bounding sphere
// of its corners, fitted to the narrower of the two fields of view.
float fittedDistance(const SurfaceBox& box, float aspect);
// The point the camera looks at: the middle of the box, half way up.
glm::vec3 surfaceCentre();
// Where the camera sits for `box` in a view of `aspect`.
glm::vec3 cameraEye(const OrbitCamera& camera, const SurfaceBox& box, float aspect);
// World to clip space: perspective (near and far planes around the box
// wherever the camera is) times the look-at of cameraEye().
glm::mat4 surfaceViewProjection(const OrbitCamera& camera, const SurfaceBox& box, float aspect);

}  // namespace heatlab
