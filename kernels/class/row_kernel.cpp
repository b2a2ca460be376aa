#include "kernels/class/row_kernel.h"

#include <algorithm>

#include <omp.h>

#include "kernels/cpu/cpu_rows.h"

namespace heatlab {

void callRowKernel(const RowKernel& kernel, const float* in, float* out, const GridSize& grid,
                   float r, int rowsPerCall) {
    const int first = 1;
    const int end = grid.ny - 1;
    if (!kernel.splitRows) {
        kernel.entry(in, out, grid.nx, grid.ny, r, first, end);
        return;
    }
    if (rowsPerCall > 0) {
        for (int begin = first; begin < end; begin += rowsPerCall) {
            kernel.entry(in, out, grid.nx, grid.ny, r, begin, std::min(begin + rowsPerCall, end));
        }
        return;
    }
    // One contiguous range a thread, as the slides' OpenMP version cuts
    // them; one thread where threads would cost more than they save, as
    // heatlab's own kernels decide.
    const int rows = end - first;
    const int threads =
        cpu::worthThreads(grid) ? std::max(1, std::min(omp_get_max_threads(), rows)) : 1;
#pragma omp parallel for num_threads(threads) schedule(static, 1) if (threads > 1)
    for (int t = 0; t < threads; ++t) {
        const int begin = first + static_cast<int>(static_cast<long long>(rows) * t / threads);
        const int stop = first + static_cast<int>(static_cast<long long>(rows) * (t + 1) / threads);
        if (begin < stop) {
            kernel.entry(in, out, grid.nx, grid.ny, r, begin, stop);
        }
    }
}

}  // namespace heatlab
