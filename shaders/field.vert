#version 330 core
// One triangle that covers the whole viewport, made from gl_VertexID alone,
// so the draw needs no vertex buffer: vertices (-1,-1), (3,-1) and (-1,3) in
// clip space; everything outside [-1,1] is clipped away.
//
// The range's normalisation is the same for every pixel, so it is computed
// here, three times a draw, and handed on flat: the fragment stage then
// reads no range of its own (on a GPU with few graphics SMs, every texel
// fetch a pixel shows in the draw's time).

flat out vec3 vNormalisation;

void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    vNormalisation = normalisation();
}
