#pragma once
// The options of how the field is drawn, with the same names wherever it is
// drawn (heatlab shot, the window): --colormap, --scale, --scale-reference,
// --range MIN MAX, --display-path, --sampling, --surface. Each value is parsed once
// into the PictureSettings it sets; bad values are one line and exit 2.

#include <vector>

#include <CLI/CLI.hpp>

#include "app/picture/picture_settings.h"

namespace heatlab {

// Returns the options added, so a command can refuse them beside a source
// that holds them too (the window's --scene).
std::vector<CLI::Option*> addPictureOptions(CLI::App& app, PictureSettings& picture);

}  // namespace heatlab
