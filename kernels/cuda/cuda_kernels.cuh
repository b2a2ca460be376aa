#pragma once
// Host-callable launchers for the kernels of cuda_kernels.cu: the copy floor,
// the global, tiled and three-pass steps, the ring fill, paint and the
// device probe. The other kernel families have a launcher header each, next
// to their .cu: cuda_optimised.cuh, cuda_temporal.cuh, cuda_resident.cuh and
// cuda_reductions.cuh. Each launcher picks its launch shape, queues the
// kernel on `stream` and checks the launch (CUDA_CHECK_LAUNCH), so a caller
// never sees <<<...>>> or a block size. They return as soon as the work is
// queued.
//
// Conventions all the launcher headers share:
// - A field is nx columns by ny rows, row-major, the boundary ring included,
//   nx, ny >= 3. Flat indices are size_t (32768^2 cells overflow int).
// - Stencil kernels read `in` and write only the interior (rows 1..ny-2,
//   cols 1..nx-2) of `out`; in and out must not overlap. Every one of them
//   computes each cell with heatlab::heatUpdate (kernels/numerics/stencil.h), with west/east
//   = col -+ 1 and north/south = row -+ 1, so they all round alike.
// - Device pointers come from cudaMalloc (256-byte aligned). The vector paths
//   also check alignment themselves and fall back to scalar code otherwise.
//
// No device code here, so host-compiled code may include it.

#include <cstddef>

#include <cuda_runtime.h>

#include "kernels/numerics/params.h"

namespace heatlab::cuda {

// The floor: copies `count` floats from in to out, whole grid, ring included.
void launchCopy(const float* in, float* out, std::size_t count, cudaStream_t stream);

// One thread per interior cell, five reads from global memory.
void launchHeatGlobal(const float* in, float* out, int nx, int ny, float r, cudaStream_t stream);

// Tile plus a one-cell apron staged in shared memory.
void launchHeatTiled(const float* in, float* out, int nx, int ny, float r, cudaStream_t stream);

// The three passes of the textbook version (Laplacian, integrate, update
// copy), each a kernel of its own. Buffer roles for one step:
//   current    the field u; read by passes 1 and 2, its interior rewritten by
//              pass 3, so after the step it holds the new field again
//   laplacian  scratch, nx * ny floats, interior = w + e + n + s - 4c of u
//   next       receives u + r * laplacian in its interior (pass 2), which
//              pass 3 copies back into current
// Only interiors are touched; the rings of current stay as they were.
void launchLaplacian(const float* current, float* laplacian, int nx, int ny, cudaStream_t stream);
void launchIntegrate(const float* current, const float* laplacian, float* next, int nx, int ny,
                     float r, cudaStream_t stream);
void launchUpdateCopy(const float* next, float* current, int nx, int ny, cudaStream_t stream);

// Writes ghostValue() into every ring cell of `field` from its interior.
// Reads only interior cells, so one pass over the ring is race-free. For
// Dirichlet, whose ring is data, not derived, it does nothing.
void launchRingFill(float* field, int nx, int ny, Boundary boundary, cudaStream_t stream);

// Sets the interior cells of `field` within `radius` of (col, row) to
// `value` (paintBox and inPaintDisc of kernels/numerics/stencil.h).
void launchPaint(float* field, int nx, int ny, float col, float row, float radius, float value,
                 cudaStream_t stream);

// cudaSuccess when this binary holds code the current device can run;
// otherwise the reason (typically cudaErrorNoKernelImageForDevice when the
// device's architecture was not compiled in). Clears the last-error state
// it may leave, so a later CUDA_CHECK_LAUNCH does not report it again.
cudaError_t probeKernelImage();

}  // namespace heatlab::cuda
