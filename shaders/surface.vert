#version 330 core
// The surface view's mesh (app/picture/surface_mesh.h), drawn with
// glDrawArrays(GL_TRIANGLES) and no vertex buffer: gl_VertexID names the
// quad of the cols x rows grid of values, one of its four triangles and the
// vertex of that.
//
// A vertex's value is uDisplay[uOffset + (uFirst.y + j) * uRowLength +
// uFirst.x + i]: a cell of the window of cells the display buffer holds
// (uFirst the mesh's first cell within it, uRowLength its width) or a pixel
// of the backend's view image (uFirst 0, uRowLength the image's width). Its
// height is the value placed as the colour map places it (scaled(), then
// the range's normalisation: colour.glsl's arithmetic, shared with the
// flat view, so linear or signed-log heights follow the colour scale),
// clamped to the range and times uHeight; its colour is the same t, looked
// up by surface.frag. The display buffer (its range at its start, the
// values after), the scale and the range are colour.glsl's uniforms.

uniform int uOffset;           // where the values start in uDisplay
uniform ivec2 uMesh;           // vertices across and down
uniform ivec2 uFirst;
uniform int uRowLength;
uniform vec2 uSpacing;  // world units between neighbouring vertices (x, z)
uniform float uHeight;  // the height of t = 1
uniform mat4 uViewProjection;

out float vT;
out vec3 vNormal;
flat out int vNonFinite;

float valueAt(ivec2 v) {
    return texelFetch(uDisplay, uOffset + (uFirst.y + v.y) * uRowLength + uFirst.x + v.x).r;
}

// t of a finite value; a non-finite one sits at the plane (its triangles
// take the NaN colour).
float tOf(float value, vec3 n) {
    return nonFinite(value) ? 0.0 : (scaled(value) - n.x) * n.y + n.z;
}

// Vertex v (fractional for a quad's centre) at height t in [0, 1].
vec3 positionOf(vec2 v, float t) {
    vec2 centred = (v - 0.5 * vec2(uMesh - 1)) * uSpacing;
    return vec3(centred.x, t * uHeight, centred.y);
}

// t at vertex v, clamped to the mesh (the normal's neighbours at its edge).
float tAt(ivec2 v, vec3 n) {
    float value = valueAt(clamp(v, ivec2(0), uMesh - 1));
    return clamp(tOf(value, n), 0.0, 1.0);
}

// The normal at vertex v from its neighbours one away on each side: the
// same parity either side, so the extremes rule's alternation (a pixel's
// max beside its neighbour's min, a staircase on any smooth slope) cancels
// out and a smooth field is lit smooth at any minification; a
// checkerboard's spikes are lit flat and told apart by their colours.
vec3 normalAt(vec2 v, float dx, float dz) {
    // dx, dz: the height's change over two vertex spacings.
    return normalize(vec3(-dx * uHeight / (2.0 * uSpacing.x), 1.0, -dz * uHeight / (2.0 * uSpacing.y)));
}

void main() {
    // Four triangles a quad, about its centre: every value is then a peak or
    // a pit of its own (a checkerboard's cells spikes up and down), where
    // two triangles would join two of them by a ridge along a diagonal.
    // The centre sits at the mean height of the quad's corners.
    const ivec2 corners[4] = ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 1));
    int quad = gl_VertexID / 12;
    int triangle = (gl_VertexID / 3) % 4;
    int slot = gl_VertexID % 3;  // 0 the centre, 1 and 2 the triangle's corners
    ivec2 origin = ivec2(quad % (uMesh.x - 1), quad / (uMesh.x - 1));

    vec3 n = normalisation();
    float t[4];
    bool anyNonFinite = false;
    for (int k = 0; k < 4; ++k) {
        float value = valueAt(origin + corners[k]);
        anyNonFinite = anyNonFinite || nonFinite(value);
        t[k] = clamp(tOf(value, n), 0.0, 1.0);
    }
    // A triangle touching a non-finite value takes the NaN colour; the
    // quad's other triangles too, so a lone NaN cell is not a pinprick.
    vNonFinite = anyNonFinite ? 1 : 0;
    if (slot == 0) {
        float middle = 0.25 * (t[0] + t[1] + t[2] + t[3]);
        vT = middle;
        // Across the quad: the corners' right pair less the left, bottom less top.
        vNormal = normalAt(vec2(origin) + 0.5, (t[1] + t[2]) - (t[0] + t[3]),
                           (t[2] + t[3]) - (t[0] + t[1]));
        gl_Position = uViewProjection * vec4(positionOf(vec2(origin) + 0.5, middle), 1.0);
        return;
    }
    int k = slot == 1 ? triangle : (triangle + 1) % 4;
    ivec2 v = origin + corners[k];
    vT = t[k];
    vNormal = normalAt(vec2(v), tAt(v + ivec2(1, 0), n) - tAt(v - ivec2(1, 0), n),
                       tAt(v + ivec2(0, 1), n) - tAt(v - ivec2(0, 1), n));
    gl_Position = uViewProjection * vec4(positionOf(vec2(v), t[k]), 1.0);
}
