#version 330 core
// Colours the field (uMode 0) or a colour bar, standing (uMode 1) or lying
// (uMode 2), in the viewport rectangle uRect (x, y, width, height in window
// pixels, y up).
//
// The field is nx * ny float32 values, row-major, read from a buffer texture
// with texelFetch(uField, row * nx + col), the layout the simulation and the
// CUDA interop write. Row 0 is the top row of the picture, like an image.
//
// Sampling rule:
//  - A pixel whose centre falls outside the grid gets the background.
//  - At one cell per pixel or more (magnified), or with uSampling nearest,
//    the pixel takes the cell under its centre (nearest): cell edges
//    are exact and cells are crisp squares.
//  - Minified (a pixel covers more than one cell) with uSampling extremes,
//    the pixel takes the max of the cells under its footprint when
//    (px + py) is even and their min when it is odd. Cells that disagree
//    (the checkerboard of an unstable step, which alternates every cell)
//    then show as a pixel-level checkerboard instead of being aliased away by
//    nearest sampling or averaged away by linear filtering, while a smooth
//    region (min close to max) looks as nearest sampling would. Up to 16 x 16
//    cells are read exactly; a larger footprint is read with an odd stride,
//    so both parities of cell are still visited.
//  - A NaN or infinite value anywhere in what the pixel reads gives the NaN
//    colour: a blow-up is never hidden by minification.
//  - With uFromImage the minified rule's result comes made, one value a
//    pixel (the backend read every cell): the draw reads that.
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

// The field, the scale, the range and the tables: colour.glsl's uniforms.
uniform int uMode;  // 0: field, 1: colour bar standing, 2: lying
uniform vec4 uRect;
uniform mat3 uPixelToCell;   // pixel centre (x right, y down from the top left) -> cell
uniform float uCellsPerPixel;
uniform int uSampling;  // Sampling: 0 extremes, 1 nearest
uniform vec3 uNanColour;
uniform vec3 uBackground;
// A minified view's image, one value a pixel (row 0 at the top), made where
// the field lives by the same extremes rule with every cell read: read
// instead of the footprint's cells when uFromImage.
uniform samplerBuffer uImage;
uniform bool uFromImage;

flat in vec3 vNormalisation;  // field.vert's normalisation()

out vec4 fragColour;

float fieldAt(ivec2 cell) { return texelFetch(uField, cell.y * uGrid.x + cell.x).r; }

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
    if (cell.x < 0.0 || cell.y < 0.0 || cell.x >= float(uGrid.x) || cell.y >= float(uGrid.y)) {
        fragColour = vec4(uBackground, 1.0);
        return;
    }

    vec3 n = vNormalisation;
    if (uCellsPerPixel <= 1.0 || uSampling != 0) {
        fragColour = vec4(colourOfValue(fieldAt(ivec2(floor(cell))), n), 1.0);
        return;
    }
    if (uFromImage) {
        float v = texelFetch(uImage, pixel.y * int(uRect.z) + pixel.x).r;
        fragColour = vec4(colourOfValue(v, n), 1.0);
        return;
    }

    // The cells under the footprint [cell - reach, cell + reach), reach = half a
    // pixel in cells; the small margin keeps a footprint edge that lands on a cell
    // edge from taking in the neighbouring cell through rounding.
    vec2 reach = vec2(0.5 * uCellsPerPixel);
    ivec2 first = max(ivec2(floor(cell - reach + 1e-3)), ivec2(0));
    ivec2 last = min(ivec2(ceil(cell + reach - 1e-3)) - 1, uGrid - 1);
    last = max(last, first);
    ivec2 stride = (last - first + 16) / 16;  // ceil(count / 16): at most 16 reads per axis
    stride += (stride + 1) & 1;               // odd, so consecutive reads change parity
    float lowest = 3.4e38;
    float highest = -3.4e38;
    for (int row = first.y; row <= last.y; row += stride.y) {
        for (int col = first.x; col <= last.x; col += stride.x) {
            float v = fieldAt(ivec2(col, row));
            if (nonFinite(v)) {
                fragColour = vec4(uNanColour, 1.0);
                return;
            }
            lowest = min(lowest, v);
            highest = max(highest, v);
        }
    }
    bool even = ((pixel.x + pixel.y) & 1) == 0;
    fragColour = vec4(colourOfValue(even ? highest : lowest, n), 1.0);
}
