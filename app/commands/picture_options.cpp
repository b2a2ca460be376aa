#include "app/commands/picture_options.h"

#include <string>
#include <vector>

#include "app/commands/option_values.h"
#include "app/i18n/translation.h"

namespace heatlab {

std::vector<CLI::Option*> addPictureOptions(CLI::App& app, PictureSettings& picture) {
    std::vector<CLI::Option*> options;
    options.push_back(
        addChoiceOption(app, "--colormap", picture.map, allColourMaps(), tr("Colour map")));
    options.push_back(addParsedOption(
        app, "--scale",
        tr("Where a value sits on the colour map: linear; signed-log (sign(u) log10(1 + |u| / u0): "
           "the diffusing field and an exploding checkerboard in one picture); or auto, linear "
           "until a run past the grid's bound explodes, then signed-log"),
        "{auto,linear,signed-log}", name(picture.scaleChoice()),
        [&picture](const std::vector<std::string>& values) {
            picture.chooseScale(parseChoice(values.back(), allScaleChoices()));
        }));
    options.push_back(addParsedOption(
        app, "--scale-reference",
        tr("The signed-log scale's u0, in field units: values well below it sit at the map's "
           "middle, every decade above it takes the same share of the map"),
        "U0", numberText(picture.scaleReference),
        [&picture](const std::vector<std::string>& values) {
            picture.scaleReference = parsePositiveNormal(values.back());
        }));
    options.push_back(
        addParsedOption(app, "--range",
                        tr("Lock the colour range to MIN MAX (MIN < MAX), in field units under "
                           "either scale"),
                        "MIN MAX", "automatic",
                        [&picture](const std::vector<std::string>& values) {
                            const ValueEnds ends = parseValueEnds(values.at(0), values.at(1));
                            picture.range = ColourRange{false, ends.lo, ends.hi};
                        })
            ->expected(2));
    options.push_back(addChoiceOption(
        app, "--display-path", picture.path, allDisplayPaths(),
        tr("interop: the field reaches the picture without leaving the device; "
           "via-host: copied to host memory and uploaded, as a first version would")));
    options.push_back(addChoiceOption(
        app, "--sampling", picture.sampling, allSamplings(),
        tr("extremes (cells that disagree inside a pixel show as a pixel checkerboard) "
           "or nearest (plain sampling)")));
    options.push_back(addFlag(
        app, "--surface", picture.surface,
        tr("The field as a lit 3D height field (the window's V): heights and colours by the "
           "colour map, scale and range, the checkerboard as spikes up and down")));
    // The machine's choice, not the lecture's: no scene holds it, so it is
    // not among the options a scene refuses.
    addFlag(app, "--interop-mapped", picture.mapPerFrame,
            tr("interop through one GL buffer mapped for CUDA each frame, not the two shared "
               "buffers (CUDA memory GL imported once), to compare them"));
    return options;
}

}  // namespace heatlab
