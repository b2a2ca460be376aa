#pragma once
// A minified view's image (kernels/numerics/view_image.h) made on the
// device, a thread a pixel on all SMs, so the draw reads one value a pixel.

#include <cuda_runtime.h>

#include "kernels/numerics/view_image.h"

namespace heatlab::cuda {

// Writes view.pixels() floats (row 0 at the top) into `image`, device
// memory, from the nx x ny `field`, queued on `stream`.
void launchViewImage(const float* field, int nx, int ny, const ViewSampling& view, float* image,
                     cudaStream_t stream);

}  // namespace heatlab::cuda
