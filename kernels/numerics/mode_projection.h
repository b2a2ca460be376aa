#pragma once
// A field's part in the grid's highest-frequency mode (grid_modes.h): its
// coordinates on the mode's eigenspace, taken with the left eigenvectors, so
// that one step multiplies them by exactly the mode's factor whatever else
// the field holds (w^T A u = lambda w^T u). What the stability runs measure
// the growth with, from the first step on, on any grid and boundary.

#include <vector>

#include "kernels/numerics/grid_modes.h"
#include "kernels/numerics/params.h"

namespace heatlab {

class ModeProjection {
public:
    ModeProjection(const GridSize& grid, Boundary boundary);

    // The coordinates of a host field (grid.cells() floats, ring included;
    // the ring takes no part: the step acts on the interior, the ring being
    // the Dirichlet data or derived from the interior). One per basis
    // vector of the eigenspace, in double.
    std::vector<double> coordinates(const float* field) const;

    // The field with `amplitude` times the mode's first basis vector (of
    // unit length) added to its interior, its ring then rebuilt by the
    // boundary's rule (a Dirichlet ring is kept).
    std::vector<float> withMode(std::vector<float> field, double amplitude) const;

    const AxisMode& x() const { return x_; }
    const AxisMode& y() const { return y_; }

private:
    GridSize grid_;
    Boundary boundary_;
    AxisMode x_;
    AxisMode y_;
};

// The Euclidean length of a set of coordinates, or of their difference.
double lengthOf(const std::vector<double>& coordinates);
double lengthOfDifference(const std::vector<double>& a, const std::vector<double>& b);

// The Euclidean length of a field's interior, in double.
double interiorLength(const float* field, const GridSize& grid);

}  // namespace heatlab
