#pragma once
// The one definition of the numerics: the per-cell update and the boundary
// ghost rule, shared by the CPU backend, the CUDA kernels and the tests.
// HEATLAB_HD makes a function callable from both sides when nvcc compiles it
// and is empty for the host compiler.

#include "kernels/numerics/params.h"

#if defined(__CUDACC__)
#define HEATLAB_HD __host__ __device__
#else
#define HEATLAB_HD
#endif

namespace heatlab {

// The explicit five-point update, in two halves so that the three-pass
// kernels (which store the Laplacian between passes) and the single-pass
// kernels evaluate the same expressions in the same order and round alike:
//   laplacian = ((west + east) + north) + south - 4 centre
//   new       = centre + r * laplacian
// Templated on the value type: float for the backends, double for the
// reference, and eight floats at once (__m256, whose + - * GCC defines lane
// by lane) for the CPU's AVX2 loops. The 4 is an int for that last one: it
// converts exactly to the element type, as a vector type cannot be built
// from it with T(4). Every backend calls these; none types the arithmetic
// again.
template <typename T>
HEATLAB_HD inline T heatLaplacian(T centre, T west, T east, T north, T south) {
    return west + east + north + south - 4 * centre;
}

template <typename T>
HEATLAB_HD inline T heatIntegrate(T centre, T laplacian, T r) {
    return centre + r * laplacian;
}

// Floating-point operations in one heatUpdate(), as written: three adds and
// a subtract with a multiply for the Laplacian, a multiply and an add to
// integrate. What the roofline counts per cell update (a compiler that fuses
// a multiply and an add still does both).
constexpr int kHeatUpdateFlops = 7;

template <typename T>
HEATLAB_HD inline T heatUpdate(T centre, T west, T east, T north, T south, T r) {
    return heatIntegrate(centre, heatLaplacian(centre, west, east, north, south), r);
}

// Where a ring cell takes its value from, along one axis. For the non-Dirichlet
// boundaries the ring holds ghost values derived from the interior after every
// step, so the interior update can read it like any other neighbour:
//   insulated:   ghost = edge                     (zero flux across the face)
//   periodic:    ghost = the opposite edge        (interior period n - 2)
//   extrapolate: ghost = 2 * edge - inner         (zero curvature)
// An interior index maps to itself with weight 1. With a single interior cell
// there is no "inner" neighbour, so extrapolation degrades to ghost = edge.
struct GhostTaps {
    int index[2];
    float weight[2];
    int count;
};

HEATLAB_HD inline GhostTaps ghostTaps(int i, int n, Boundary boundary) {
    const bool low = (i == 0);
    const bool high = (i == n - 1);
    if (!low && !high) {
        return {{i, 0}, {1.0f, 0.0f}, 1};
    }
    const int edge = low ? 1 : n - 2;
    switch (boundary) {
    case Boundary::Periodic: return {{low ? n - 2 : 1, 0}, {1.0f, 0.0f}, 1};
    case Boundary::Extrapolate:
        if (n - 2 >= 2) {
            return {{edge, low ? 2 : n - 3}, {2.0f, -1.0f}, 2};
        }
        return {{edge, 0}, {1.0f, 0.0f}, 1};
    case Boundary::Insulated:
    case Boundary::Dirichlet:  // never asked: the Dirichlet ring is not rewritten
    default: return {{edge, 0}, {1.0f, 0.0f}, 1};
    }
}

// Interior index 1 .. n - 2 that index i outside 0 .. n - 1 stands for
// under periodic wrapping (period n - 2): the ring maps to the opposite
// edge, as ghostTaps() maps it, and so on further out. For the temporal
// kernels, which read past the field where periodic.
HEATLAB_HD inline int wrapped(int i, int n) {
    const int period = n - 2;
    int t = (i - 1) % period;
    if (t < 0) {
        t += period;
    }
    return 1 + t;
}

// The ghost value of a ring cell from the rows its taps name: rows[a][c] is
// column c of row ty.index[a] (anything indexable twice: row pointers, or a
// kernel's own row references). Corners combine both axes, so a corner is
// the ghost of a ghost. The one loop of the ghost rule: ghostValue() below
// and the CPU's temporal tiles (which hold the rows of each step apart from
// the field) both call it, so both round alike.
template <typename T, typename Rows>
HEATLAB_HD inline T ghostFromRows(const Rows& rows, const GhostTaps& ty, const GhostTaps& tx) {
    T sum = T(0);
    for (int a = 0; a < ty.count; ++a) {
        T rowSum = T(0);
        for (int b = 0; b < tx.count; ++b) {
            rowSum += T(tx.weight[b]) * rows[a][tx.index[b]];
        }
        sum += T(ty.weight[a]) * rowSum;
    }
    return sum;
}

// The rows ghostFromRows() reads, in a whole nx-wide field.
template <typename T>
struct FieldTapRows {
    const T* u;
    int nx;
    const GhostTaps& ty;
    HEATLAB_HD const T* operator[](int a) const {
        return u + static_cast<long long>(ty.index[a]) * nx;
    }
};

// The ghost value of ring cell (row, col) of an nx x ny field, from the
// interior of `u`. Templated on the element type so the reference shares it.
template <typename T>
HEATLAB_HD inline T ghostValue(const T* u, int nx, int ny, int row, int col, Boundary boundary) {
    const GhostTaps ty = ghostTaps(row, ny, boundary);
    const GhostTaps tx = ghostTaps(col, nx, boundary);
    return ghostFromRows<T>(FieldTapRows<T>{u, nx, ty}, ty, tx);
}

// The ghost of a ring cell from the two interior cells nearest it along one
// axis (`edge` next to the ring, `inner` one further in) for the insulated
// and extrapolated boundaries: what ghostValue() computes, in the same
// operations, for a kernel that holds those two cells in registers.
// `interiorCells` is n - 2 along that axis.
HEATLAB_HD inline float ghostAlongAxis(float edge, float inner, int interiorCells,
                                       bool extrapolate) {
    return (extrapolate && interiorCells >= 2) ? 2.0f * edge - inner : edge;
}

// Ring cells are numbered 0 .. ringCells - 1: the top row, the bottom row,
// then the left and right columns without the corners. Lets a backend fill
// the ring with one flat loop or one 1D launch.
HEATLAB_HD inline long long ringCellCount(int nx, int ny) { return 2LL * nx + 2LL * (ny - 2); }

HEATLAB_HD inline void ringCell(long long k, int nx, int ny, int* row, int* col) {
    if (k < nx) {
        *row = 0;
        *col = static_cast<int>(k);
    } else if (k < 2LL * nx) {
        *row = ny - 1;
        *col = static_cast<int>(k - nx);
    } else {
        const long long side = k - 2LL * nx;  // 0 .. 2 (ny - 2) - 1
        *row = 1 + static_cast<int>(side / 2);
        *col = (side % 2 == 0) ? 0 : nx - 1;
    }
}

// The interior cells a paint stroke may touch: the disc's bounding box
// clipped to rows and columns 1 .. n - 2 (empty when first > last).
struct PaintBox {
    int firstCol, lastCol, firstRow, lastRow;
};

HEATLAB_HD inline int clampToInterior(float v, int n) {
    return v < 1.0f ? 1 : (v > float(n - 2) ? n - 2 : int(v));
}

HEATLAB_HD inline PaintBox paintBox(float col, float row, float radius, int nx, int ny) {
    return {clampToInterior(col - radius, nx), clampToInterior(col + radius, nx),
            clampToInterior(row - radius, ny), clampToInterior(row + radius, ny)};
}

// Whether cell (c, r), whose centre is at (c + 0.5, r + 0.5), lies in the disc.
HEATLAB_HD inline bool inPaintDisc(int c, int r, float col, float row, float radius) {
    const float dx = float(c) + 0.5f - col;
    const float dy = float(r) + 0.5f - row;
    return dx * dx + dy * dy <= radius * radius;
}

}  // namespace heatlab
