#include "kernels/cpu/cpu_kernels.h"

#include "kernels/numerics/stencil.h"

namespace heatlab::cpu {

namespace {

std::size_t at(const GridSize& g, int row, int col) {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(g.nx) + col;
}

// The row loops of the copy floor and the optimised stencil are compiled
// twice, for AVX2 and for baseline x86-64, and the loader picks one (GCC
// function multiversioning). The binary must run on any x86-64, but on two
// cores the stencil is bound by 128-bit SIMD arithmetic, not by memory:
// AVX2 halves its time. The copy gets the same treatment so the floor stays
// the fastest loop this build can make.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HEATLAB_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define HEATLAB_SIMD_CLONES
#endif

HEATLAB_SIMD_CLONES
void copyRow(const float* __restrict src, float* __restrict dst, int count) {
#pragma omp simd
    for (int col = 0; col < count; ++col) {
        dst[col] = src[col];
    }
}

HEATLAB_SIMD_CLONES
void updateRow(const float* __restrict north, const float* __restrict centre,
               const float* __restrict south, float* __restrict dst, int last, float r) {
#pragma omp simd
    for (int col = 1; col < last; ++col) {
        dst[col] =
            heatUpdate(centre[col], centre[col - 1], centre[col + 1], north[col], south[col], r);
    }
}

}  // namespace

// Rows are split statically across threads by every loop below, the copy
// included, so each thread touches the same rows in every kernel and the
// comparison with the floor is like for like.

void copyField(const float* in, float* out, const GridSize& grid) {
#pragma omp parallel for schedule(static)
    for (int row = 0; row < grid.ny; ++row) {
        copyRow(in + at(grid, row, 0), out + at(grid, row, 0), grid.nx);
    }
}

void stepGlobal(const float* in, float* out, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            out[c] = heatUpdate(in[c], in[c - 1], in[c + 1], in[c - nx], in[c + nx], r);
        }
    }
}

void stepThreePass(float* field, float* laplacian, float* scratch, const GridSize& grid, float r) {
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            laplacian[c] =
                heatLaplacian(field[c], field[c - 1], field[c + 1], field[c - nx], field[c + nx]);
        }
    }
    // Integrate: the outer half of heatUpdate.
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            scratch[c] = heatIntegrate(field[c], laplacian[c], r);
        }
    }
    // Update: the new interior becomes the current field.
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        for (int col = 1; col < grid.nx - 1; ++col) {
            const std::size_t c = at(grid, row, col);
            field[c] = scratch[c];
        }
    }
}

void stepOptimised(const float* in, float* out, const GridSize& grid, float r) {
    const int last = grid.nx - 1;
#pragma omp parallel for schedule(static)
    for (int row = 1; row < grid.ny - 1; ++row) {
        updateRow(in + at(grid, row - 1, 0), in + at(grid, row, 0), in + at(grid, row + 1, 0),
                  out + at(grid, row, 0), last, r);
    }
}

}  // namespace heatlab::cpu
