#pragma once
// Draws the field as a lit height field (the surface view, V): the mesh of
// app/picture/surface_mesh.h seen by the orbit camera of
// app/picture/surface_camera.h, coloured by the same map, scale and range as
// the flat view (DrawSettings), into a rectangle of the bound framebuffer.
// The mesh's values are the display buffer's (field_values.h): the window of
// cells it holds (a vertex a cell) or its view image (a vertex a pixel of
// the image, made by the backend where the field lives).
//
// It draws into a target of its own, with a depth buffer and multisampled
// where GL allows (4 samples), then copies the result into the rectangle,
// so it needs nothing of the caller's framebuffer (the window's has no
// depth buffer, nor has `shot`'s) and leaves its depth alone.

#include <glad/gl.h>

#include <glm/glm.hpp>

#include "app/picture/draw_settings.h"
#include "app/picture/surface_camera.h"
#include "app/picture/surface_mesh.h"
#include "app/render/field_values.h"
#include "app/render/gl_objects.h"

namespace heatlab {

class SurfaceRenderer {
public:
    // Needs a current OpenGL 3.3 core context; `colourTables` is the
    // FieldRenderer's table texture (one row per map), which must outlive
    // this object. Throws RuntimeError when GL fails.
    explicit SurfaceRenderer(GLuint colourTables);

    // Draws `mesh` of `values` (the mesh's cells in its window, or for a
    // mesh that is not fromField its image) into the rectangle (x, y,
    // width, height) of the bound draw framebuffer, GL's lower left corner,
    // the rest of the rectangle the background. Every GL state it changes
    // is restored before it returns (even when it throws).
    void draw(const FieldValues& values, const SurfaceMesh& mesh, const OrbitCamera& camera,
              const DrawSettings& settings, int x, int y, int width, int height);

    // The bytes of the targets it holds now (made again when the
    // rectangle's size changes): a view's, whatever the grid.
    std::size_t targetBytes() const;

    // Samples a pixel of its target: 4, or fewer where GL offers fewer.
    int samples() const { return samples_; }

private:
    // The targets, made again only when the rectangle's size changes.
    void prepareTargets(int width, int height);

    struct Uniforms {
        GLint display = -1, offset = -1, grid = -1, mesh = -1, first = -1, rowLength = -1,
              spacing = -1, height = -1, viewProjection = -1, scale = -1, scaleReference = -1,
              normalisation = -1, rangeFromField = -1, centreOnZero = -1, colourTables = -1,
              mapRow = -1, light = -1, nanColour = -1;
    };

    GLuint colourTables_ = 0;
    gl::Program program_;
    gl::VertexArray emptyVertexArray_;
    Uniforms uniforms_;
    int samples_ = 1;
    int targetWidth_ = 0;
    int targetHeight_ = 0;
    // Drawn into (multisampled where samples_ > 1), then resolved into the
    // single-sampled one, which is copied into the caller's rectangle: a
    // multisampled copy into a framebuffer of another format is an error.
    gl::Framebuffer drawTarget_;
    gl::Texture drawColour_;
    gl::Texture drawDepth_;
    gl::Framebuffer resolvedTarget_;
    gl::Texture resolvedColour_;
};

}  // namespace heatlab
