#pragma once
// The double-precision reference: obviously right rather than fast. Every
// fast path is compared with it.

#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

class Reference {
public:
    // Starts from a float field (the one the backends were handed).
    Reference(const GridSize& grid, const std::vector<float>& initial, Boundary boundary);

    // Starts again from `initial` (on the same grid) under `boundary`,
    // keeping its buffers: a check that steps many fields of one grid
    // allocates, and the system faults in, its memory once.
    void restart(const std::vector<float>& initial, Boundary boundary);

    void step(int steps, double r);

    const std::vector<double>& field() const { return current_; }
    const GridSize& grid() const { return grid_; }

private:
    GridSize grid_;
    Boundary boundary_;
    std::vector<double> current_;
    std::vector<double> next_;
};

}  // namespace heatlab
