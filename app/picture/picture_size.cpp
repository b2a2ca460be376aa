#include "app/picture/picture_size.h"

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

void refuseFieldPictureOver(const GridSize& grid) {
    if (static_cast<long long>(grid.nx) * grid.ny > kMaxPicturePixels) {
        throw UsageError(
            trf("a picture of the %d x %d grid, one pixel a cell, is over the %lld "
                "pixels (768 MiB) a picture may have: --slide WxH draws it smaller "
                "(e.g. --slide 1920x1080)",
                grid.nx, grid.ny, kMaxPicturePixels));
    }
}

int fieldPictureCellsPerPixel(const GridSize& grid) {
    const auto pixels = [&grid](long long c) {
        return ((grid.nx + c - 1) / c) * ((grid.ny + c - 1) / c);
    };
    long long c = 1;
    while (pixels(c) > kMaxPicturePixels) {
        ++c;
    }
    return static_cast<int>(c);
}

}  // namespace heatlab
