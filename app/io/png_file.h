#pragma once
// PNG pictures through libpng: 8-bit RGB, the parameters that made the
// picture in its text chunks (so a slide records how it was made), written
// through writeOutputFile() (never half-written, never a clobbered device
// or pipe). Reading is here too, so tests and tools check what was written
// with the same library.

#include <string>
#include <utility>
#include <vector>

#include "app/io/output_file.h"
#include "app/io/rgb_image.h"

namespace heatlab {

// Key and value of one tEXt chunk (keys of 1 to 79 Latin-1 characters).
using PngText = std::vector<std::pair<std::string, std::string>>;

// The PNG file's bytes. Throws RuntimeError when libpng refuses.
std::string encodePng(const RgbImage& image, const PngText& text);

// Encodes and writes (to `disk`, see output_file.h). Throws RuntimeError
// naming the path.
void writePng(const std::string& path, const RgbImage& image, const PngText& text,
              const OutputDisk& disk = {});

struct DecodedPng {
    RgbImage image;
    PngText text;
};
// Reads an 8-bit RGB or RGBA PNG (alpha dropped). Throws RuntimeError on
// anything else or on a damaged file.
DecodedPng readPng(const std::string& path);

}  // namespace heatlab
