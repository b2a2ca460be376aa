#pragma once
// Draws the temperature field and its colour bar with OpenGL 3.3 core.
//
// The values are read from a buffer texture (GL_TEXTURE_BUFFER, internal
// format GL_R32F) over a display buffer (kernels/display_layout.h,
// field_values.h): the window of cells a view shows at one cell a pixel
// or more, or a minified view's image, one value a pixel, made where the
// field lives; never the whole grid, so any grid is drawn at the cost of
// its view. Row 0 is drawn at the top of the picture, like the first row
// of an image; column 0 at the left.
//
// Sampling: at one cell per pixel or more cells are crisp squares (nearest,
// exact cell edges). Minified, the image's rule (view_image.h): with
// Sampling::Extremes a pixel shows the max of the cells under it where
// (px + py) is even and their min where it is odd, so cells that disagree
// with their neighbours (the checkerboard of an unstable step) show as a
// pixel-level checkerboard instead of being aliased or averaged away, and
// NaN or infinity anywhere under a pixel gives kNanColour; with
// Sampling::Nearest the cell under its centre.

#include <glad/gl.h>

#include <memory>

#include "app/picture/colour_map.h"
#include "app/picture/draw_settings.h"
#include "app/picture/view_transform.h"
#include "app/render/field_values.h"
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
    // takes it, showing `view` of values.grid. `values` must hold what the
    // view reads: where view.cellsPerPixel <= 1 the cells under the
    // rectangle's pixel centres, else the view's image for this very
    // rectangle (app/picture/display_plan.h says which). Every GL state the
    // draw changes is restored before it returns (even when it throws).
    void draw(const FieldValues& values, const ViewTransform& view, const DrawSettings& settings,
              int x, int y, int width, int height);

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
        GLint display = -1;
        GLint colourTables = -1;
        GLint mapRow = -1;
        GLint mode = -1;
        GLint rect = -1;
        GLint grid = -1;
        GLint pixelToCell = -1;
        GLint scale = -1;
        GLint scaleReference = -1;
        GLint normalisation = -1;
        GLint rangeFromField = -1;
        GLint centreOnZero = -1;
        GLint nanColour = -1;
        GLint background = -1;
        GLint offset = -1;
        GLint window = -1;
        GLint fromImage = -1;
    };

    void drawRectangle(int x, int y, int width, int height);

    gl::Program program_;
    gl::Texture colourTables_;  // one row of kColourTableEntries texels per map
    gl::VertexArray emptyVertexArray_;
    Uniforms uniforms_;
    std::unique_ptr<SurfaceRenderer> surface_;
};

}  // namespace heatlab
