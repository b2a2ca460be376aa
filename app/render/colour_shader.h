#pragma once
// The GLSL the field's and the surface's programs share (shaders/colour.glsl:
// the scale, the range's normalisation and the table lookup), behind the
// line that gives it the host's table size, so the shaders and colourTable()
// cannot disagree on it. Passed to gl::linkProgram() as its library.

#include <string>

#include "app/picture/colour_map.h"
#include "shaders/colour_glsl.h"

namespace heatlab {

inline std::string colourShaderLibrary() {
    return "const int kColourTableEntries = " + std::to_string(kColourTableEntries) + ";\n" +
           shaders::kColourGlsl;
}

}  // namespace heatlab
