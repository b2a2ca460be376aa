#version 330 core
// The surface view's colour: the colour map at the vertex shader's t (the
// field's tables, interpolated as field.frag does), lit by one directional
// light from above the viewer's left shoulder and an ambient share (the
// normals are smooth: surface.vert says why); the NaN
// colour, unlit, on every triangle that touches a non-finite value.

uniform sampler2D uColourTables;
uniform int uMapRow;
uniform vec3 uLight;  // towards the light, world space, unit length
uniform vec3 uNanColour;

in float vT;
in vec3 vNormal;
flat in int vNonFinite;

out vec4 fragColour;

vec3 colourAt(float t) {
    int entries = textureSize(uColourTables, 0).x;
    float position = clamp(t, 0.0, 1.0) * float(entries - 1);
    int below = min(int(position), entries - 2);
    vec3 a = texelFetch(uColourTables, ivec2(below, uMapRow), 0).rgb;
    vec3 b = texelFetch(uColourTables, ivec2(below + 1, uMapRow), 0).rgb;
    return mix(a, b, position - float(below));
}

// The share of the light that is not directional: a facet turned away
// keeps its colour recognisable.
const float kAmbient = 0.3;

void main() {
    if (vNonFinite != 0) {
        fragColour = vec4(uNanColour, 1.0);
        return;
    }
    float diffuse = max(dot(normalize(vNormal), uLight), 0.0);
    fragColour = vec4(colourAt(vT) * (kAmbient + (1.0 - kAmbient) * diffuse), 1.0);
}
