#version 330 core
// The surface view's colour: the colour map at the vertex shader's t
// (colour.glsl's colourAt(), as the flat view looks it up), lit by one directional
// light from above the viewer's left shoulder and an ambient share (the
// normals are smooth: surface.vert says why); the NaN
// colour, unlit, on every triangle that touches a non-finite value.

uniform vec3 uLight;  // towards the light, world space, unit length
uniform vec3 uNanColour;

in float vT;
in vec3 vNormal;
flat in int vNonFinite;

out vec4 fragColour;

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
