#pragma once
// The loupe: a magnified inset of the field, at 8 or more screen pixels a
// cell, where the checkerboard of an unstable step is unmistakable however
// far the grid is minified. Where it sits and what it shows, as plain
// geometry (no GL), for the window, `shot --ui` and slides alike; the
// drawing is app/render/loupe_inset.h's.

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "app/picture/view_transform.h"
#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// When the window shows it (--loupe, the scene's and cue's "loupe", key M):
// auto while the running grid's highest mode grows (past its own bound),
// always, or never.
enum class LoupeMode { Auto, On, Off };
const char* name(LoupeMode mode);  // "auto", "on", "off"
std::vector<LoupeMode> allLoupeModes();
// Whether `mode` shows the loupe on a grid whose highest mode's factor a
// step is `factor`.
bool loupeShown(LoupeMode mode, double factor);

// Cells across the inset: odd, so the spot's cell is the middle one, and
// few enough that each is a square of at least kMinLoupePixelsPerCell.
constexpr int kLoupeCellsAcross = 21;
constexpr int kMinLoupePixelsPerCell = 8;

// The inset in a field rectangle: a square of `side` pixels whose lower left
// corner is (left, bottom) from the rectangle's (GL's y up), showing `view`.
struct LoupeLayout {
    int left = 0;
    int bottom = 0;
    int side = 0;
    int pixelsPerCell = 0;
    int border = 0;  // the frame's width, outside the square
    ViewTransform view;
};

// The inset for a width x height field rectangle where `mainView` draws
// `grid`, looking at the cell coordinate `centre`: about 40 % of the shorter
// side of the part of the rectangle the grid covers (of the whole rectangle
// when that part is too small), a whole number of pixels a cell, in that
// part's bottom-right corner, or bottom-left when the looked-at cells would
// be under it. Empty when the rectangle has no room for kLoupeCellsAcross
// cells at the smallest magnification.
std::optional<LoupeLayout> loupeLayout(int width, int height, const ViewTransform& mainView,
                                       const GridSize& grid, glm::vec2 centre);

// What the loupe looks at: the cell under the cursor while the follow key
// is held (`followed`), otherwise the strongest checkerboard's spot, or the
// grid's centre when the field has none; in cell coordinates, at the
// cell's centre.
glm::vec2 loupeCentre(const std::optional<glm::vec2>& followed, const CellSpot& spot,
                      const GridSize& grid);

// The pixel of a width x height rectangle (from its top left, y down) where
// `view` draws the cell coordinate `cell`: pixelToCell()'s inverse.
glm::vec2 cellToPixel(const ViewTransform& view, int width, int height, glm::vec2 cell);

}  // namespace heatlab
