#include "app/commands/picture_options.h"

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/commands/option_values.h"

namespace heatlab {

namespace {

// --range MIN MAX: two finite numbers, MIN < MAX.
ColourRange parseColourRange(const std::vector<std::string>& values) {
    float ends[2] = {0.0f, 0.0f};
    for (int i = 0; i < 2; ++i) {
        const std::string& text = values.at(static_cast<std::size_t>(i));
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) ||
            std::fabs(value) > 3.0e38) {
            throw CLI::ValidationError("expected two finite numbers MIN MAX, got '" + text + "'");
        }
        ends[i] = static_cast<float>(value);
    }
    if (!(ends[0] < ends[1])) {
        throw CLI::ValidationError("MIN must be below MAX, got " + values[0] + " " + values[1]);
    }
    return ColourRange{false, ends[0], ends[1]};
}

}  // namespace

bool parseSampling(const std::string& text) {
    if (text == "extremes") {
        return false;
    }
    if (text == "nearest") {
        return true;
    }
    throw CLI::ValidationError("'" + text + "' is not one of: extremes, nearest");
}

void addPictureOptions(CLI::App& app, FrameSettings& picture) {
    addChoiceOption(app, "--colormap", picture.map, allColourMaps(), "Colour map");
    addParsedOption(app, "--range", "Lock the colour range to MIN MAX (MIN < MAX)", "MIN MAX",
                    "automatic",
                    [&picture](const std::vector<std::string>& values) {
                        picture.range = parseColourRange(values);
                    })
        ->expected(2);
    addChoiceOption(app, "--display-path", picture.path, allDisplayPaths(),
                    "interop: the field reaches the picture without leaving the device; "
                    "via-host: copied to host memory and uploaded, as a first version would");
    addParsedOption(app, "--sampling",
                    "extremes (cells that disagree inside a pixel show as a pixel checkerboard) "
                    "or nearest (plain sampling)",
                    "{extremes,nearest}", "extremes",
                    [&picture](const std::vector<std::string>& v) {
                        picture.showDisagreement = !parseSampling(v.back());
                    });
}

}  // namespace heatlab
