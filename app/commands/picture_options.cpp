#include "app/commands/picture_options.h"

#include <string>
#include <vector>

#include "app/commands/option_values.h"

namespace heatlab {

void addPictureOptions(CLI::App& app, PictureSettings& picture) {
    addChoiceOption(app, "--colormap", picture.map, allColourMaps(), "Colour map");
    addParsedOption(app, "--range", "Lock the colour range to MIN MAX (MIN < MAX)", "MIN MAX",
                    "automatic",
                    [&picture](const std::vector<std::string>& values) {
                        const ValueEnds ends = parseValueEnds(values.at(0), values.at(1));
                        picture.range = ColourRange{false, ends.lo, ends.hi};
                    })
        ->expected(2);
    addChoiceOption(app, "--display-path", picture.path, allDisplayPaths(),
                    "interop: the field reaches the picture without leaving the device; "
                    "via-host: copied to host memory and uploaded, as a first version would");
    addChoiceOption(app, "--sampling", picture.sampling, allSamplings(),
                    "extremes (cells that disagree inside a pixel show as a pixel checkerboard) "
                    "or nearest (plain sampling)");
}

}  // namespace heatlab
