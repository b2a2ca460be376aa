#include "app/kernel_files/cuda_kernel_side.h"

#include <cstdlib>

#include "app/i18n/translation.h"
#include "app/kernel_files/kernel_facts.h"
#include "app/kernel_files/nvrtc_library.h"
#include "app/kernel_files/process_limits.h"
#include "app/kernel_files/source_screen.h"
#include "kernel_files/heatlab_kernel_h.h"
#include "kernels/class/row_kernel_check.h"
#if HEATLAB_WITH_CUDA
#include "app/kernel_files/cuda_kernel_runner.h"
#endif

namespace heatlab {

namespace {

// What NVRTC compiles for where there is no device to ask: PTX of the
// oldest architecture heatlab's CUDA backend is built for, which is enough
// to find every compile error.
constexpr const char* kNoDeviceArchitecture = "compute_75";

}  // namespace

#if !HEATLAB_WITH_CUDA
// The runner exists only with the CUDA backend; here it is never made.
class CudaKernelRunner {};
#endif

CudaKernelSide::CudaKernelSide(std::string displayPath, int checkSeconds)
    : displayPath_(std::move(displayPath)), checkSeconds_(checkSeconds) {}

CudaKernelSide::~CudaKernelSide() = default;

KernelReplyText CudaKernelSide::failure(const std::string& why) const {
#if HEATLAB_WITH_CUDA
    if (runner_ && runner_->contextLost()) {
        return {KernelAnswer::Fault, why};
    }
#endif
    return {KernelAnswer::Refused, why};
}

KernelReplyText CudaKernelSide::load(const std::string& source,
                                     const std::optional<GridSize>& lectureGrid, int device) {
    const std::string screened = screenKernelSource(source);
    if (!screened.empty()) {
        return {KernelAnswer::Refused, screened};
    }
    std::string why;
    // The tests' hook: a machine without NVRTC, made on one that has it.
    const char* hidden = std::getenv("HEATLAB_TEST_NO_NVRTC");
    if (hidden == nullptr || *hidden == '\0') {
        nvrtc_ = NvrtcLibrary::load(&why);
    } else {
        why = tr("NVRTC (libnvrtc.so.13 or .12, the CUDA toolkit's) is not found here");
    }
    if (!nvrtc_) {
        return {KernelAnswer::Unavailable, trf("%s: the CUDA kernel is not compiled", why.c_str())};
    }
    std::string noDevice = tr("this build of heatlab has no CUDA backend");
#if HEATLAB_WITH_CUDA
    runner_ = CudaKernelRunner::open(device, &noDevice);
#else
    (void)device;
#endif
    rearmCpuLimit(checkSeconds_);
    CudaCompile compile;
    compile.source = source;
    compile.displayPath = displayPath_;
    compile.contract = kernel_files::kHeatlabKernelH;
#if HEATLAB_WITH_CUDA
    compile.architecture = runner_ ? runner_->architecture() : kNoDeviceArchitecture;
#else
    compile.architecture = kNoDeviceArchitecture;
#endif
    const CudaCompileResult compiled = nvrtc_->compile(compile);
    if (!compiled.compiled) {
        return {KernelAnswer::Refused,
                trf("does not compile: %s", compiled.firstLine.c_str()) + "\n" + compiled.lines};
    }
    const std::string made = trf("compiled with %s in %.2f s (%s)", nvrtc_->description().c_str(),
                                 compiled.seconds, compiled.options.c_str());
    KernelBuild build;
    build.compiler = nvrtc_->description();
    build.options = compiled.options;
    build.compileSeconds = compiled.seconds;
    facts_ = kernelBuildText(build);  // compiled, where it cannot run here
#if HEATLAB_WITH_CUDA
    if (!runner_) {
        return {KernelAnswer::Unavailable, trf("%s; not run: %s", made.c_str(), noDevice.c_str())};
    }
    std::string problem = runner_->load(compiled.image);
    if (!problem.empty()) {
        return failure(problem);
    }
    const double start = monotonicSeconds();
    const std::vector<GridSize> grids = classKernelCheckGrids(lectureGrid);
    for (const GridSize& grid : grids) {
        const KernelReplyText checked = check(grid);
        if (checked.first != KernelAnswer::Done) {
            return checked;
        }
    }
    const CudaResources resources = runner_->resourceCounts();
    build.registers = resources.registers;
    build.localBytes = resources.localBytes;
    build.sharedBytes = resources.sharedBytes;
    build.checkSeconds = monotonicSeconds() - start;
    build.checkedGrids = static_cast<int>(grids.size());
    facts_ = kernelBuildText(build);
    return {KernelAnswer::Done,
            trf("%s; %s; checked on %zu grids in %.2f s", made.c_str(),
                runner_->resources().c_str(), grids.size(), build.checkSeconds)};
#else
    (void)lectureGrid;
    return {KernelAnswer::Unavailable, trf("%s; not run: %s", made.c_str(), noDevice.c_str())};
#endif
}

KernelReplyText CudaKernelSide::check(const GridSize& grid) {
#if HEATLAB_WITH_CUDA
    rearmCpuLimit(checkSeconds_);
    WrongReport wrong;
    const std::string problem =
        checkKernelSteps([this](const float* in, float* out, const GridSize& g,
                                float r) { return runner_->checkedStep(in, out, g, r); },
                         grid, {}, &wrong);
    if (problem.empty()) {
        checked_.insert({grid.nx, grid.ny});
        return {KernelAnswer::Done, ""};
    }
    if (wrong.width > 0) {
        facts_ = wrongReportText(wrong);
    }
    return failure(trf("wrong on %s", problem.c_str()));
#else
    (void)grid;
    return {KernelAnswer::Refused, tr("no kernel is loaded")};
#endif
}

KernelReplyText CudaKernelSide::step(const KernelRequest& request) {
#if HEATLAB_WITH_CUDA
    if (!runner_) {
        return {KernelAnswer::Refused, tr("no kernel is loaded")};
    }
    const GridSize grid{request.nx, request.ny};
    if (checked_.count({grid.nx, grid.ny}) == 0 && checkableGrid(grid)) {
        const KernelReplyText checked = check(grid);
        if (checked.first != KernelAnswer::Done) {
            return checked;
        }
    }
    // The host waits for the device: its CPU time too, for a step as long
    // as a check.
    rearmCpuLimit(checkSeconds_);
    IpcHandle in;
    IpcHandle out;
    std::copy(std::begin(request.inHandle), std::end(request.inHandle), in.bytes);
    std::copy(std::begin(request.outHandle), std::end(request.outHandle), out.bytes);
    const std::string problem = runner_->sharedStep(in, out, grid, request.r);
    return problem.empty() ? KernelReplyText{KernelAnswer::Done, ""} : failure(problem);
#else
    (void)request;
    return {KernelAnswer::Refused, tr("no kernel is loaded")};
#endif
}

}  // namespace heatlab
