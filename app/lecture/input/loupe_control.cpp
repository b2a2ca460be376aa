#include "app/lecture/input/loupe_control.h"

namespace heatlab {

FrameSettings::Loupe LoupeControl::frame(LoupeMode& mode, bool toggle, double factor,
                                         const CellSpot& spot, const FieldArea& area,
                                         const FieldNavigation& navigation,
                                         const GridSize& grid) const {
    if (toggle) {
        mode = loupeShown(mode, factor) ? LoupeMode::Off : LoupeMode::On;
    }
    FrameSettings::Loupe loupe;
    loupe.shown = loupeShown(mode, factor);
    if (!loupe.shown) {
        return loupe;
    }
    std::optional<glm::vec2> followed;
    const float x = static_cast<float>(x_) * area.pixelsPerUnit;
    const float y = static_cast<float>(y_) * area.pixelsPerUnit;
    if (following_ && x >= 0.0f && y >= 0.0f && x < static_cast<float>(area.width) &&
        y < static_cast<float>(area.height)) {
        followed = navigation.cellAt(x, y, area.width, area.height, grid);
    }
    loupe.centre = loupeCentre(followed, spot, grid);
    return loupe;
}

FrameSettings::Loupe LoupeControl::atSpot(LoupeMode mode, double factor, const CellSpot& spot,
                                          const GridSize& grid) {
    FrameSettings::Loupe loupe;
    loupe.shown = loupeShown(mode, factor);
    if (loupe.shown) {
        loupe.centre = loupeCentre(std::nullopt, spot, grid);
    }
    return loupe;
}

}  // namespace heatlab
