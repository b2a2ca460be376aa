#pragma once
// Draws the temperature field and its colour bar with OpenGL 3.3 core.
//
// The field is read from a buffer texture (GL_TEXTURE_BUFFER, internal
// format GL_R32F) over a GL buffer of nx * ny floats, row-major, ring
// included: the layout the simulation writes, and the buffer the CUDA
// interop path writes directly, so nothing is copied or converted on the way.
// Row 0 is drawn at the top of the picture, like the first row of an image;
// column 0 at the left.
//
// Sampling: at one cell per pixel or more cells are crisp squares (nearest,
// exact cell edges). Minified, with Sampling::Extremes, a pixel
// shows the max of the cells under it where (px + py) is even and their min
// where it is odd, so cells that disagree with their neighbours (the
// checkerboard of an unstable step) show as a pixel-level checkerboard
// instead of being aliased or averaged away; a smooth region looks as nearest
// sampling would. NaN or infinity anywhere under a pixel gives kNanColour.

#include <glad/gl.h>

#include <memory>

#include "app/picture/colour_map.h"
#include "app/picture/draw_settings.h"
#include "app/picture/view_transform.h"
#include "app/render/gl_objects.h"
#include "app/render/surface_renderer.h"

namespace heatlab {

class FieldRenderer {
public:
    // Needs a current OpenGL 3.3 core context, which must outlive this
    // object; compiles the program and uploads the colour tables. Throws
    // RuntimeError when GL fails.
    FieldRenderer();

    // Draws the field into the rectangle (x, y, width, height) of the bound
    // framebuffer, in pixels with (x, y) its lower left corner, as glViewport
    // takes it. fieldBufferTexture is a GL_TEXTURE_BUFFER texture over at
    // least nx * ny GL_R32F values. Every GL state the draw changes is
    // restored before it returns (even when it throws).
    // `imageBufferTexture`, when not 0, holds the view's image (one value a
    // pixel of width x height, row 0 at the top: kernels/numerics/
    // view_image.h), made where the field lives for this very view, and the
    // draw reads it instead of the field's cells: for a minified view with
    // Sampling::Extremes only (the field still gives the range and the
    // grid's edges).
    void draw(GLuint fieldBufferTexture, int nx, int ny, const ViewTransform& view,
              const DrawSettings& settings, int x, int y, int width, int height,
              GLuint imageBufferTexture = 0);

    // A colour bar in the rectangle: standing, colourAt(map, 1) on the top
    // pixel row and colourAt(map, 0) on the bottom one; `across`, 0 on the
    // leftmost column and 1 on the rightmost.
    void drawColourBar(ColourMap map, int x, int y, int width, int height, bool across = false);

    // The surface view's renderer (surface_renderer.h), over this one's
    // colour tables; made on first use, so every caller that draws the field
    // (the window, shot, slides, the loupe's frame) can draw the surface and
    // a flat-only run compiles no surface program.
    SurfaceRenderer& surface();

private:
    struct Uniforms {
        GLint field = -1;
        GLint colourTables = -1;
        GLint mapRow = -1;
        GLint mode = -1;
        GLint rect = -1;
        GLint grid = -1;
        GLint pixelToCell = -1;
        GLint cellsPerPixel = -1;
        GLint sampling = -1;
        GLint scale = -1;
        GLint scaleReference = -1;
        GLint normalisation = -1;
        GLint rangeFromField = -1;
        GLint centreOnZero = -1;
        GLint nanColour = -1;
        GLint background = -1;
        GLint image = -1;
        GLint fromImage = -1;
    };

    void drawRectangle(int x, int y, int width, int height);

    gl::Program program_;
    gl::Texture colourTables_;  // one row of kColourTableEntries texels per map
    gl::VertexArray emptyVertexArray_;
    Uniforms uniforms_;
    GLint maxBufferTexels_ = 0;
    std::unique_ptr<SurfaceRenderer> surface_;
};

}  // namespace heatlab
