#pragma once
// Reductions over a field that stay on the device, so a readout (max |u| per
// step, per frame) never copies the grid to the host. No device code here.

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "kernels/numerics/field_measures.h"

namespace heatlab::cuda {

// Writes the bit pattern of max |field[i]| over `count` cells into *result
// (a device word, which this zeroes first). |u| is never negative, so its
// IEEE bits order like unsigned integers and one atomicMax merges blocks; a
// NaN's bits order above infinity, so a NaN anywhere comes out as NaN.
void launchMaxAbs(const float* field, std::size_t count, std::uint32_t* result,
                  cudaStream_t stream);

// Reduces min and max over `count` cells into result[0..2] (device words,
// which this resets first): result[0] and result[1] the order-preserving
// encodings of min and max (decode with decodeOrdered), result[2] non-zero
// when a NaN was seen. A float maps to an unsigned integer that orders like
// it (negative values bit-inverted, positive ones with the sign bit set), so
// atomicMin and atomicMax merge blocks.
void launchRange(const float* field, std::size_t count, std::uint32_t* result, cudaStream_t stream);

// Writes launchRange's result as two floats, min then max, to `dst` (device
// memory), on the device: +inf, -inf when no value but NaN was seen.
void launchWriteRange(const std::uint32_t* result, float* dst, cudaStream_t stream);

// The float an encoding of launchRange stands for.
float decodeOrdered(std::uint32_t ordered);

// Device scratch launchCheckerboardAmplitude needs: one partial sum a block.
constexpr std::size_t kCheckerboardPartials = 1024;

// Writes the field's projection on the checkerboard mode into *result (a
// device double): the mean over the interior of an nx x ny field (ring
// excluded, nx, ny >= 3) of (-1)^(row + col) u, accumulated in double, NaN
// when an interior cell is NaN or infinite (checkerboardTerm and
// checkerboardMean in kernels/numerics/field_measures.h). `partials` is
// device scratch of kCheckerboardPartials doubles. Each block writes its own
// partial and one more block adds them in a fixed order, rather than a double
// atomicAdd, so the same field always gives the same bits.
void launchCheckerboardAmplitude(const float* field, int nx, int ny, double* partials,
                                 double* result, cudaStream_t stream);

// Finds the interior cell where the checkerboard is strongest (CellSpot and
// checkerboardStrength in kernels/numerics/field_measures.h) and writes it
// into *result (a device word, which this zeroes first) as one 64-bit key:
// the strength's float bits above, the complement of the cell's row-major
// index below, so one atomicMax keeps the strongest and, on a tie, the first
// cell; 0 means no spot. nx * ny must be below 2^32 (any grid that fits a
// device).
void launchCheckerboardSpot(const float* field, int nx, int ny, unsigned long long* result,
                            cudaStream_t stream);

// The spot a key of launchCheckerboardSpot stands for, on a field nx wide.
CellSpot decodeSpot(unsigned long long key, int nx);

}  // namespace heatlab::cuda
