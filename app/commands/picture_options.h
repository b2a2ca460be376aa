#pragma once
// The options of how the field is drawn, with the same names wherever it is
// drawn (heatlab shot, the window): --colormap, --range MIN MAX,
// --display-path, --sampling. Each value is parsed once into the
// FrameSettings it sets; bad values are one line and exit 2.

#include <string>

#include <CLI/CLI.hpp>

#include "app/render/frame.h"

namespace heatlab {

void addPictureOptions(CLI::App& app, FrameSettings& picture);

// The sampling names: "extremes" (false: the min/max rule) or "nearest"
// (true: plain sampling). Throws CLI::ValidationError for anything else.
bool parseSampling(const std::string& text);

}  // namespace heatlab
