#include "kernels/numerics/view_image.h"

namespace heatlab {

void viewImageOf(const float* field, const GridSize& grid, const ViewSampling& view, float* image) {
#pragma omp parallel for schedule(static)
    for (int py = 0; py < view.height; ++py) {
        float* line = image + static_cast<std::size_t>(py) * static_cast<std::size_t>(view.width);
        for (int px = 0; px < view.width; ++px) {
            line[px] = viewPixel(field, grid.nx, grid.ny, view, px, py);
        }
    }
}

}  // namespace heatlab
