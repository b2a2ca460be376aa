#include "app/picture/surface_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace heatlab {

SurfaceBox surfaceBox(float cols, float rows) {
    const float longer = std::max(cols, rows);
    if (!(longer > 0.0f)) {
        return SurfaceBox{};
    }
    return SurfaceBox{cols / longer, rows / longer};
}

OrbitCamera orbited(const OrbitCamera& camera, float dx, float dy, int height) {
    const float degreesPerPixel = 180.0f / static_cast<float>(std::max(height, 1));
    OrbitCamera moved = camera;
    float yaw = camera.yawDegrees - dx * degreesPerPixel;
    yaw = std::fmod(yaw, 360.0f);
    if (yaw > 180.0f) {
        yaw -= 360.0f;
    } else if (yaw <= -180.0f) {
        yaw += 360.0f;
    }
    moved.yawDegrees = yaw;
    // Dragging down raises the camera, as if the surface were pulled down.
    moved.pitchDegrees =
        std::clamp(camera.pitchDegrees + dy * degreesPerPixel, kMinPitchDegrees, kMaxPitchDegrees);
    return moved;
}

OrbitCamera dollied(const OrbitCamera& camera, double clicks) {
    OrbitCamera moved = camera;
    const double factor = std::pow(0.9, clicks);
    moved.distance = static_cast<float>(std::clamp(static_cast<double>(camera.distance) * factor,
                                                   static_cast<double>(kMinDistance),
                                                   static_cast<double>(kMaxDistance)));
    return moved;
}

glm::vec3 surfaceCentre() { return glm::vec3(0.0f, 0.5f * kSurfaceHeight, 0.0f); }

float fittedDistance(const SurfaceBox& box, float aspect) {
    // Every corner of the box is within this of the centre.
    const float radius = 0.5f * std::sqrt(box.width * box.width + box.depth * box.depth +
                                          kSurfaceHeight * kSurfaceHeight);
    const float halfFov = glm::radians(0.5f * kSurfaceFovDegrees);
    const float horizontal = std::atan(std::tan(halfFov) * std::max(aspect, 1e-3f));
    return radius / std::sin(std::min(halfFov, horizontal));
}

glm::vec3 cameraEye(const OrbitCamera& camera, const SurfaceBox& box, float aspect) {
    const float yaw = glm::radians(camera.yawDegrees);
    const float pitch = glm::radians(camera.pitchDegrees);
    const float distance = camera.distance * fittedDistance(box, aspect);
    // Yaw 0 looks along -z: the camera sits on +z, in front of the last row.
    const glm::vec3 direction(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                              std::cos(pitch) * std::cos(yaw));
    return surfaceCentre() + distance * direction;
}

glm::mat4 surfaceViewProjection(const OrbitCamera& camera, const SurfaceBox& box, float aspect) {
    const glm::vec3 eye = cameraEye(camera, box, aspect);
    const float toCentre = glm::length(eye - surfaceCentre());
    const float radius = 0.5f * std::sqrt(box.width * box.width + box.depth * box.depth +
                                          kSurfaceHeight * kSurfaceHeight);
    // The box lies within `radius` of the centre: the planes hug it, so the
    // depth buffer's precision goes where the surface is; closer than its
    // radius (dollied in), the near plane is a small share of the distance.
    const float nearPlane = std::max(toCentre - radius, 0.01f * toCentre);
    const float farPlane = toCentre + radius;
    const glm::mat4 projection = glm::perspective(glm::radians(kSurfaceFovDegrees),
                                                  std::max(aspect, 1e-3f), nearPlane, farPlane);
    const glm::mat4 view = glm::lookAt(eye, surfaceCentre(), glm::vec3(0.0f, 1.0f, 0.0f));
    return projection * view;
}

}  // namespace heatlab
