// The served frames of a build without the CUDA backend: TurboJPEG only.
#include "app/serve/gpu_jpeg.h"

namespace heatlab {

std::unique_ptr<GpuJpeg> openGpuJpeg(std::string* why) {
    *why = "this build has no CUDA backend";
    return nullptr;
}

}  // namespace heatlab
