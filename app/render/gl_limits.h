#pragma once
// What the current GL context can hold and draw, as heatlab asks it: the
// most values one buffer texture may have (GL_MAX_TEXTURE_BUFFER_SIZE: a
// display buffer, kernels/display_layout.h, which follows the view, never
// the grid) and the largest side of a target it can make and draw all of
// (the least of GL_MAX_TEXTURE_SIZE, GL_MAX_RENDERBUFFER_SIZE and
// GL_MAX_VIEWPORT_DIMS; a larger picture is drawn in tiles).
//
// A test hook, no user option: HEATLAB_TEST_GL_TEXELS and
// HEATLAB_TEST_GL_SIDE (whole numbers) lower them, never raise them, so a
// grid past a GL's limits is drawn on Mesa at a test's size
// (tests/gl/test_windowed_display.cpp); heatlab's own commands never set
// them.

namespace heatlab {

struct GlLimits {
    long long bufferTexels = 0;
    int targetSide = 0;
};

// Reads the current context's limits (and the hook's), each call.
GlLimits glLimits();

constexpr const char* kGlTexelsVariable = "HEATLAB_TEST_GL_TEXELS";
constexpr const char* kGlSideVariable = "HEATLAB_TEST_GL_SIDE";

}  // namespace heatlab
