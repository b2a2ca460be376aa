#include "kernels/numerics/reference.h"

#include <algorithm>
#include <utility>

#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

Reference::Reference(const GridSize& grid, const std::vector<float>& initial, Boundary boundary)
    : grid_(grid), boundary_(boundary), current_(initial.begin(), initial.end()), next_(current_) {}

void Reference::restart(const std::vector<float>& initial, Boundary boundary) {
    boundary_ = boundary;
    std::copy(initial.begin(), initial.end(), current_.begin());
}

void Reference::step(int steps, double r) {
    const int nx = grid_.nx;
    const int ny = grid_.ny;
    for (int s = 0; s < steps; ++s) {
        const double* u = current_.data();
        double* out = next_.data();
        // Every cell is written every step, the ring too, so nothing depends
        // on what the other buffer held before.
        for (int row = 0; row < ny; ++row) {
            for (int col = 0; col < nx; ++col) {
                const std::size_t c = static_cast<std::size_t>(row) * nx + col;
                const bool ring = row == 0 || col == 0 || row == ny - 1 || col == nx - 1;
                out[c] =
                    ring ? u[c] : heatUpdate(u[c], u[c - 1], u[c + 1], u[c - nx], u[c + nx], r);
            }
        }
        fillGhostRing(out, grid_, boundary_);
        std::swap(current_, next_);
    }
}

}  // namespace heatlab
