#include "kernels/cpu/cpu_backend.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include <omp.h>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/cpu/cpu_arithmetic.h"
#include "kernels/cpu/cpu_kernel_table.h"
#include "kernels/cpu/cpu_kernels.h"
#include "kernels/cpu/cpu_rows.h"
#include "kernels/cpu/host_memory.h"
#include "kernels/numerics/field_measures.h"
#include "kernels/numerics/initial_conditions.h"
#include "kernels/numerics/paint_disc.h"

namespace heatlab {

namespace {

std::string cpuModel() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos && colon + 2 <= line.size()) {
                return line.substr(colon + 2);
            }
        }
    }
    return "CPU";
}

// The checkerboard terms of row `row`'s interior cells (ring columns left
// out), each signed by its absolute position.
double checkerboardRowSum(const float* field, int nx, int row) {
    const float* cells = field + static_cast<std::size_t>(row) * nx;
    double sum = 0.0;
    for (int col = 1; col < nx - 1; ++col) {
        sum += checkerboardTerm(cells[col], row, col);
    }
    return sum;
}

}  // namespace

CpuBackend::CpuBackend() : PingPongBackend("CpuBackend", "") {
    std::ostringstream text;
    text << cpuModel() << " (" << omp_get_max_threads() << " threads)";
    facts_.name = "cpu";
    facts_.device = text.str();
    facts_.fieldInHostMemory = true;
    const cpu::LastLevelCache cache = cpu::lastLevelCache();
    facts_.cacheBytes = cache.bytes;
    facts_.cacheName = "L" + std::to_string(cache.level);
}

std::size_t CpuBackend::availableBytes() const { return hostAvailableBytes() + heldBytes(); }

std::size_t CpuBackend::bytesNeeded(const GridSize& grid) const {
    // ping, pong, and the three-pass laplacian; then a result a row for
    // maxAbs, range and checkerboardSpot.
    const auto rows = static_cast<std::size_t>(grid.ny > 0 ? grid.ny : 0);
    return 3 * grid.bytes() + rows * (sizeof(float) + sizeof(FieldRange) + sizeof(CellSpot));
}

std::size_t CpuBackend::heldBytes() const {
    return (buffers_[0].capacity() + buffers_[1].capacity() + laplacian_.capacity() +
            rowMax_.capacity()) *
               sizeof(float) +
           rowRanges_.capacity() * sizeof(FieldRange) + rowSpots_.capacity() * sizeof(CellSpot);
}

std::vector<Kernel> CpuBackend::kernelList() { return cpu::launcherTable().kernels(); }

int CpuBackend::automaticTimeBlock(const GridSize& /*grid*/) const {
    // The measured best (cpu_backend.h); deeper passes than 8 were not
    // measured faster here.
    constexpr int kCpuTimeBlock = 8;
    return kCpuTimeBlock;
}

bool CpuBackend::keepsFieldIfUploadFails(const GridSize& grid) const {
    return (grid.nx == grid_.nx && grid.ny == grid_.ny) ||
           hostAvailableBytes() >= bytesNeeded(grid);
}

void CpuBackend::allocateFor(const GridSize& grid) {
    if (grid.nx == grid_.nx && grid.ny == grid_.ny && buffers_[0].size() == grid.cells()) {
        return;
    }
    if (!keepsFieldIfUploadFails(grid)) {
        // No room for both: the old field goes first.
        grid_ = GridSize{0, 0};
        for (Buffer<float>* old : {&buffers_[0], &buffers_[1], &laplacian_, &rowMax_}) {
            Buffer<float>().swap(*old);
        }
        Buffer<FieldRange>().swap(rowRanges_);
        Buffer<CellSpot>().swap(rowSpots_);
    }
    const auto rows = static_cast<std::size_t>(grid.ny);
    Buffer<float> ping(grid.cells());
    Buffer<float> pong(grid.cells());
    Buffer<float> laplacian(grid.cells());
    Buffer<float> rowMax(rows);
    Buffer<FieldRange> rowRanges(rows);
    Buffer<CellSpot> rowSpots(rows);
    // Nothing below throws: the old buffers go as the new take their place.
    buffers_[0].swap(ping);
    buffers_[1].swap(pong);
    laplacian_.swap(laplacian);
    rowMax_.swap(rowMax);
    rowRanges_.swap(rowRanges);
    rowSpots_.swap(rowSpots);
    grid_ = grid;
}

void CpuBackend::upload(const GridSize& grid, const float* field, Boundary boundary) {
    checkUpload(grid, field);
    allocateFor(grid);
    boundary_ = boundary;
    std::copy(field, field + grid.cells(), buffers_[0].begin());
    std::copy(field, field + grid.cells(), buffers_[1].begin());
    std::fill(laplacian_.begin(), laplacian_.end(), 0.0f);
    current_ = 0;
}

void CpuBackend::uploadInitial(const GridSize& grid, InitialCondition initial, Boundary boundary) {
    checkGrid(grid);
    allocateFor(grid);
    boundary_ = boundary;
    float* const ping = buffers_[0].data();
    float* const pong = buffers_[1].data();
    const std::size_t nx = static_cast<std::size_t>(grid.nx);
    // A band of rows a thread, each made where it lies, then its copy.
#pragma omp parallel if (cpu::worthThreads(grid))
    {
        const int threads = omp_get_num_threads();
        const int me = omp_get_thread_num();
        const int first = static_cast<int>(static_cast<long long>(grid.ny) * me / threads);
        const int last = static_cast<int>(static_cast<long long>(grid.ny) * (me + 1) / threads);
        if (last > first) {
            makeInitialRows(grid, initial, boundary, first, last - first, ping + first * nx);
            std::memcpy(pong + first * nx, ping + first * nx,
                        static_cast<std::size_t>(last - first) * nx * sizeof(float));
        }
    }
    std::fill(laplacian_.begin(), laplacian_.end(), 0.0f);
    current_ = 0;
}

void CpuBackend::uploadFrom(Backend& source, const GridSize& grid, Boundary boundary) {
    auto* cpu = dynamic_cast<CpuBackend*>(&source);
    if (cpu == nullptr || cpu == this) {
        Backend::uploadFrom(source, grid, boundary);
        return;
    }
    cpu->requireField("copyToHost");
    if (cpu->grid_.nx != grid.nx || cpu->grid_.ny != grid.ny) {
        throw RuntimeError("uploadFrom: the source holds a " + gridText(cpu->grid_) +
                           " field, not " + gridText(grid));
    }
    upload(grid, cpu->buffers_[cpu->current_].data(), boundary);
}

void CpuBackend::step(Kernel kernel, int steps, float r) {
    requireField("step");
    requireSteps(kernel, steps);
    const cpu::Launcher& launcher = *cpu::launcherTable().find(kernel);  // requireSteps() found it
    const auto buffers = [&] {
        return cpu::StepBuffers{buffers_[current_].data(),
                                buffers_[next()].data(),
                                laplacian_.data(),
                                grid_,
                                boundary_,
                                r};
    };
    runSteps(
        kernel, steps,
        [&](int levels) {
            launcher.pass(buffers(), levels);
            swapBuffers();
        },
        [&] {
            if (launcher.step(buffers()) == cpu::NewField::Out) {
                swapBuffers();
            }
        });
}

void CpuBackend::arithmeticBurst() { cpu::arithmeticBurst(); }

double CpuBackend::arithmeticBurstFlops() const { return cpu::arithmeticBurstFlops(); }

void CpuBackend::systemCopy() {
    requireField("systemCopy");
    // The C library's memcpy, one contiguous slice per thread: a single
    // thread could not fill the memory system any more than one GPU SM could.
    const float* src = buffers_[current_].data();
    float* dst = buffers_[next()].data();
    const std::size_t cells = grid_.cells();
#pragma omp parallel if (cpu::worthThreads(grid_))
    {
        const std::size_t threads = static_cast<std::size_t>(omp_get_num_threads());
        const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
        const std::size_t begin = cells * me / threads;
        const std::size_t end = cells * (me + 1) / threads;
        std::memcpy(dst + begin, src + begin, (end - begin) * sizeof(float));
    }
}

void CpuBackend::copyToHost(float* dst, HostMemory /*memory*/) {
    requireField("copyToHost");
    std::memcpy(dst, buffers_[current_].data(), grid_.bytes());
}

void CpuBackend::paint(float col, float row, float radius, float value) {
    requireField("paint");
    paintDisc(buffers_[current_].data(), grid_, boundary_, col, row, radius, value);
}

float CpuBackend::maxAbs() {
    requireField("maxAbs");
    // Row maxima in parallel, then the maximum of those: one definition of
    // max |u| (with its NaN rule) at both levels.
    const float* field = buffers_[current_].data();
    rowMax_.resize(static_cast<std::size_t>(grid_.ny));  // allocates once per grid
#pragma omp parallel for schedule(static) if (cpu::worthThreads(grid_))
    for (int row = 0; row < grid_.ny; ++row) {
        rowMax_[static_cast<std::size_t>(row)] =
            largestMagnitude(field + static_cast<std::size_t>(row) * grid_.nx, grid_.nx);
    }
    return largestMagnitude(rowMax_.data(), rowMax_.size());
}

FieldRange CpuBackend::range() {
    requireField("range");
    const float* field = buffers_[current_].data();
    const std::size_t rows = static_cast<std::size_t>(grid_.ny);
    rowRanges_.resize(rows);  // allocates once per grid
#pragma omp parallel for schedule(static) if (cpu::worthThreads(grid_))
    for (int row = 0; row < grid_.ny; ++row) {
        rowRanges_[static_cast<std::size_t>(row)] =
            rangeOf(field + static_cast<std::size_t>(row) * grid_.nx, grid_.nx);
    }
    return mergeRanges(rowRanges_.data(), rows);
}

double CpuBackend::checkerboardAmplitude() {
    requireField("checkerboardAmplitude");
    const float* field = buffers_[current_].data();
    double sum = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : sum) if (cpu::worthThreads(grid_))
    for (int row = 1; row < grid_.ny - 1; ++row) {
        sum += checkerboardRowSum(field, grid_.nx, row);
    }
    return checkerboardMean(sum, grid_.interiorCells());
}

void CpuBackend::viewImage(const ViewSampling& view, float* image) {
    requireField("viewImage");
    viewImageOf(buffers_[current_].data(), grid_, view, image);
}

void CpuBackend::copyWindow(const CellWindow& window, float* dst) {
    requireField("copyWindow");
    copyWindowOf(buffers_[current_].data(), grid_, window, dst);
}

CellSpot CpuBackend::checkerboardSpot() {
    requireField("checkerboardSpot");
    const float* field = buffers_[current_].data();
    rowSpots_.resize(static_cast<std::size_t>(grid_.ny));  // allocates once per grid
#pragma omp parallel for schedule(static) if (cpu::worthThreads(grid_))
    for (int row = 1; row < grid_.ny - 1; ++row) {
        rowSpots_[static_cast<std::size_t>(row)] = strongestInRow(field, grid_.nx, row);
    }
    // Merged in row order, as the reference does, so a tie goes the same way.
    CellSpot best;
    for (int row = 1; row < grid_.ny - 1; ++row) {
        best = strongerSpot(best, rowSpots_[static_cast<std::size_t>(row)], grid_.nx);
    }
    return best;
}

}  // namespace heatlab
