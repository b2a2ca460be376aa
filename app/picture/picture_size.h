#pragma once
// How large a picture of the field may be, checked before anything is
// allocated or drawn: `heatlab shot`'s flags are refused on it before the
// grid exists, and pictureOfField() (app/render/field_picture.h) holds to it.
// No GL here.

#include "kernels/numerics/params.h"

namespace heatlab {

// The most pixels a picture of the field may have: 2^28 (768 MiB of RGB),
// 16384 x 16384 or 65536 x 4096.
inline constexpr long long kMaxPicturePixels = 1LL << 28;

// Throws UsageError, in one line saying how to get a picture instead
// (--slide WxH), when a picture of `grid` at one pixel a cell would be over
// kMaxPicturePixels: called before the grid is allocated, and again by
// pictureOfField().
void refuseFieldPictureOver(const GridSize& grid);

// The fewest whole cells a pixel (each way) at which a picture of `grid`
// has at most kMaxPicturePixels pixels (ceil(nx / c) x ceil(ny / c)): 1 for
// every grid a picture at one pixel a cell may show; what the window's
// field screenshot of a larger grid is drawn at.
int fieldPictureCellsPerPixel(const GridSize& grid);

}  // namespace heatlab
