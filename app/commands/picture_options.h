#pragma once
// The options of how the field is drawn, with the same names wherever it is
// drawn (heatlab shot, the window): --colormap, --range MIN MAX,
// --display-path, --sampling. Each value is parsed once into the
// PictureSettings it sets; bad values are one line and exit 2.

#include <CLI/CLI.hpp>

#include "app/render/picture_settings.h"

namespace heatlab {

void addPictureOptions(CLI::App& app, PictureSettings& picture);

}  // namespace heatlab
