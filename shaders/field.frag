#version 330 core
// Colours the field (uMode 0) or a colour bar, standing (uMode 1) or lying
// (uMode 2), in the viewport rectangle uRect (x, y, width, height in window
// pixels, y up).
//
// The values come from the display buffer (kernels/display_layout.h),
// read with texelFetch from uOffset on: a window of the grid's cells
// (uWindow: first column, first row, width, height; row-major), or with
// uFromImage the view's image, one value a pixel of the rectangle, row 0 at
// the top. Row 0 of the grid is the top row of the picture, like an image.
// What the buffer holds follows the view, never the grid: a grid of any
// size is drawn by the same few values a pixel.
//
// Sampling rule:
//  - A pixel whose centre falls outside the grid gets the background.
//  - At one cell per pixel or more (magnified), the pixel takes the cell
//    under its centre (nearest), from the window of cells in view: cell
//    edges are exact and cells are crisp squares.
//  - Minified (a pixel covers more than one cell), the image holds the
//    pixel's value, made where the field lives with every cell of its
//    footprint read (kernels/numerics/view_image.h): with extremes
//    sampling the max of those cells when (px + py) is even and their min
//    when it is odd, so cells that disagree (the checkerboard of an
//    unstable step, which alternates every cell) show as a pixel-level
//    checkerboard instead of being aliased away, and a NaN or infinity
//    anywhere under the pixel as the NaN colour; with nearest sampling the
//    cell under its centre.
//
// Colour scale: a finite value is placed on the map by scaled() before the
// range normalises it, as the host's scaledValue() does: itself (uScale
// linear) or sign(v) * log10(1 + |v| / u0) (signed-log, u0 =
// uScaleReference), so the checkerboard at 1e30 and the diffusing field at
// 0..1 show in one picture. The range's ends are placed the same way.
//
// Colours come from uColourTables (one row of kColourTableEntries RGBA8
// texels per map), interpolated linearly between neighbouring entries; the
// host's colourOfValue() does the same arithmetic. The scale, the range and
// the lookup are colour.glsl's, shared with the surface view.

// The display buffer, the scale, the range and the tables: colour.glsl's uniforms.
uniform int uMode;  // 0: field, 1: colour bar standing, 2: lying
uniform vec4 uRect;
uniform mat3 uPixelToCell;   // pixel centre (x right, y down from the top left) -> cell
uniform vec3 uNanColour;
uniform vec3 uBackground;
uniform int uOffset;     // where the values start in uDisplay
uniform ivec4 uWindow;   // the cells held there: first column, first row, width, height
uniform bool uFromImage; // the view's image there instead, one value a pixel

flat in vec3 vNormalisation;  // field.vert's normalisation()

out vec4 fragColour;

// The cell's value from the window; a cell off it (which the window's
// margin keeps from happening) takes the window's nearest one.
float cellAt(ivec2 cell) {
    ivec2 inWindow = clamp(cell - uWindow.xy, ivec2(0), uWindow.zw - 1);
    return texelFetch(uDisplay, uOffset + inWindow.y * uWindow.z + inWindow.x).r;
}

vec3 colourOfValue(float v, vec3 n) {
    if (nonFinite(v)) {
        return uNanColour;
    }
    return colourAt((scaled(v) - n.x) * n.y + n.z);
}

void main() {
    // This pixel, counted from the rectangle's top left corner.
    ivec2 inRect = ivec2(floor(gl_FragCoord.xy - uRect.xy));
    ivec2 pixel = ivec2(inRect.x, int(uRect.w) - 1 - inRect.y);

    if (uMode == 1) {
        // Bottom row t = 0, top row t = 1 exactly.
        float t = uRect.w > 1.0 ? float(inRect.y) / (uRect.w - 1.0) : 0.5;
        fragColour = vec4(colourAt(t), 1.0);
        return;
    }
    if (uMode == 2) {
        // Left column t = 0, right column t = 1 exactly.
        float t = uRect.z > 1.0 ? float(inRect.x) / (uRect.z - 1.0) : 0.5;
        fragColour = vec4(colourAt(t), 1.0);
        return;
    }

    vec2 cell = (uPixelToCell * vec3(vec2(pixel) + 0.5, 1.0)).xy;
    bool offGrid = cell.x < 0.0 || cell.y < 0.0 || cell.x >= float(uGrid.x) || cell.y >= float(uGrid.y);
    if (offGrid || (!uFromImage && (uWindow.z <= 0 || uWindow.w <= 0))) {
        fragColour = vec4(uBackground, 1.0);
        return;
    }
    float v = uFromImage ? texelFetch(uDisplay, uOffset + pixel.y * int(uRect.z) + pixel.x).r
                         : cellAt(ivec2(floor(cell)));
    fragColour = vec4(colourOfValue(v, vNormalisation), 1.0);
}
