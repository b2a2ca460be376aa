#include "app/picture/loupe_layout.h"

#include <algorithm>
#include <cmath>

namespace heatlab {

const char* name(LoupeMode mode) {
    switch (mode) {
    case LoupeMode::Auto: return "auto";
    case LoupeMode::On: return "on";
    case LoupeMode::Off: return "off";
    }
    return "?";
}

std::vector<LoupeMode> allLoupeModes() { return {LoupeMode::Auto, LoupeMode::On, LoupeMode::Off}; }

bool loupeShown(LoupeMode mode, double factor) {
    return mode == LoupeMode::On || (mode == LoupeMode::Auto && std::fabs(factor) > 1.0);
}

namespace {

// A rectangle in pixels from the field rectangle's top left (y down).
struct Box {
    int x0, y0, x1, y1;
    int shorter() const { return std::min(x1 - x0, y1 - y0); }
};

// The inset inside `box`, or nothing where it has no room.
std::optional<LoupeLayout> insetIn(const Box& box, int height, glm::vec2 spotPixel) {
    const int shorter = box.shorter();
    const int margin = std::max(4, shorter / 40);
    const int border = std::max(2, shorter / 300);
    const int room = shorter - 2 * (margin + border);
    const int wanted = std::max(kMinLoupePixelsPerCell * kLoupeCellsAcross, shorter * 2 / 5);
    const int pixelsPerCell = std::min(wanted, room) / kLoupeCellsAcross;
    if (pixelsPerCell < kMinLoupePixelsPerCell) {
        return std::nullopt;
    }
    LoupeLayout layout;
    layout.pixelsPerCell = pixelsPerCell;
    layout.side = pixelsPerCell * kLoupeCellsAcross;
    layout.border = border;
    layout.bottom = height - box.y1 + margin + border;
    layout.left = box.x1 - margin - border - layout.side;
    // The spot under the inset would hide what it magnifies: the other corner.
    const int insetTop = box.y1 - margin - 2 * border - layout.side;
    if (spotPixel.x >= static_cast<float>(layout.left - border - margin) &&
        spotPixel.y >= static_cast<float>(insetTop - margin)) {
        layout.left = box.x0 + margin + border;
    }
    return layout;
}

}  // namespace

std::optional<LoupeLayout> loupeLayout(int width, int height, const ViewTransform& mainView,
                                       const GridSize& grid, glm::vec2 centre) {
    const glm::vec2 first = cellToPixel(mainView, width, height, glm::vec2(0.0f));
    const glm::vec2 last = cellToPixel(mainView, width, height, glm::vec2(grid.nx, grid.ny));
    const Box whole{0, 0, width, height};
    const Box covered{std::clamp(static_cast<int>(std::ceil(first.x)), 0, width),
                      std::clamp(static_cast<int>(std::ceil(first.y)), 0, height),
                      std::clamp(static_cast<int>(std::floor(last.x)), 0, width),
                      std::clamp(static_cast<int>(std::floor(last.y)), 0, height)};
    const glm::vec2 spotPixel = cellToPixel(mainView, width, height, centre);
    std::optional<LoupeLayout> layout = insetIn(covered, height, spotPixel);
    if (!layout) {
        layout = insetIn(whole, height, spotPixel);
    }
    if (layout) {
        layout->view.centre = centre;
        layout->view.cellsPerPixel = 1.0f / static_cast<float>(layout->pixelsPerCell);
    }
    return layout;
}

glm::vec2 loupeCentre(const std::optional<glm::vec2>& followed, const CellSpot& spot,
                      const GridSize& grid) {
    if (followed) {
        return glm::floor(*followed) + 0.5f;
    }
    if (spot.found()) {
        return glm::vec2(static_cast<float>(spot.col), static_cast<float>(spot.row)) + 0.5f;
    }
    return 0.5f * glm::vec2(static_cast<float>(grid.nx), static_cast<float>(grid.ny));
}

glm::vec2 cellToPixel(const ViewTransform& view, int width, int height, glm::vec2 cell) {
    const glm::vec2 half(0.5f * static_cast<float>(width), 0.5f * static_cast<float>(height));
    return half + (cell - view.centre) / view.cellsPerPixel;
}

}  // namespace heatlab
