#pragma once
// A right class kernel for the CPU backend, as a student writes it from the
// slides (its rows split over threads): the text of a kernel file. `extra`
// goes first in the step's body (line 4 of the file), `comment` on its last
// line, so tests make versions of it that compile differently or only
// differ in text.

#include <string>

inline std::string rowKernelText(const std::string& extra = "", const std::string& comment = "") {
    return "HEATLAB_SPLIT_ROWS;\n"
           "extern \"C\" void step(const float* in, float* out, int width, int height, float r,\n"
           "                       int rowBegin, int rowEnd) {\n" +
           extra +
           "    for (int y = rowBegin; y < rowEnd; ++y)\n"
           "        for (int x = 1; x < width - 1; ++x) {\n"
           "            const int c = y * width + x;\n"
           "            out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] +\n"
           "                                  in[c + width] - 4 * in[c]);\n"
           "        }\n"
           "}\n// " +
           comment + "\n";
}
