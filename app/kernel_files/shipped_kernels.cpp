#include "app/kernel_files/shipped_kernels.h"

#include "kernel_files/halo_bug_cpp.h"
#include "kernel_files/one_thread_cu.h"
#include "kernel_files/per_point_cu.h"
#include "kernel_files/shared_tile_cu.h"
#include "kernel_files/split_rows_cpp.h"
#include "kernel_files/tile_halo_bug_cu.h"
#include "kernel_files/whole_grid_cpp.h"

namespace heatlab {

const std::vector<ShippedKernel>& shippedKernels() {
    static const std::vector<ShippedKernel> kernels = {
        {"whole_grid", "kernels/class/examples/cpu/whole_grid.cpp", kernel_files::kWholeGridCpp},
        {"split_rows", "kernels/class/examples/cpu/split_rows.cpp", kernel_files::kSplitRowsCpp},
        {"halo_bug", "kernels/class/examples/cpu/halo_bug.cpp", kernel_files::kHaloBugCpp},
        {"one_thread", "kernels/class/examples/cuda/one_thread.cu", kernel_files::kOneThreadCu},
        {"per_point", "kernels/class/examples/cuda/per_point.cu", kernel_files::kPerPointCu},
        {"shared_tile", "kernels/class/examples/cuda/shared_tile.cu", kernel_files::kSharedTileCu},
        {"tile_halo_bug", "kernels/class/examples/cuda/tile_halo_bug.cu",
         kernel_files::kTileHaloBugCu},
    };
    return kernels;
}

const ShippedKernel* shippedKernel(const std::string& name) {
    for (const ShippedKernel& kernel : shippedKernels()) {
        if (name == kernel.name) {
            return &kernel;
        }
    }
    return nullptr;
}

std::string shippedKernelNames() {
    std::string names;
    for (const ShippedKernel& kernel : shippedKernels()) {
        names += (names.empty() ? "" : ", ") + std::string(kernel.name);
    }
    return names;
}

}  // namespace heatlab
