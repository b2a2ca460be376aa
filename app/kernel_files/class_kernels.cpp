#include "app/kernel_files/class_kernels.h"

#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "app/i18n/translation.h"
#include "app/io/cleanup_list.h"
#include "app/io/temporary_folder.h"
#include "app/kernel_files/kernel_file.h"
#include "app/kernel_files/kernel_process.h"
#include "kernel_files/heatlab_kernel_h.h"
#include "kernels/base/errors.h"
#include "kernels/class/kernel_stopped.h"
#include "kernels/class/row_kernel.h"
#include "kernels/cpu/cpu_kernel_table.h"
#include "kernels/numerics/ghost_ring.h"
#if HEATLAB_WITH_CUDA
#include "app/kernel_files/cuda_shared_field.h"
#endif

namespace heatlab {

namespace {

// The prefix of the private folder's name ($TMPDIR/heatlab-kernels-PID-XXXXXX).
constexpr const char* kFolderPrefix = "heatlab-kernels";

// Each request's CPU seconds unless the tests' hook lowers them: a slow
// kernel on a large grid is not a hang.
constexpr int kKernelSeconds = 60;

int kernelSeconds() {
    if (const char* hook = std::getenv("HEATLAB_TEST_KERNEL_SECONDS")) {
        const int seconds = std::atoi(hook);
        if (seconds > 0) {
            return seconds;
        }
    }
    return kKernelSeconds;
}

struct ClassKernel {
    KernelFile file;
    Kernel kernel;
    std::mutex mutex;  // one request at a time: panes and the bench may share it
    std::unique_ptr<KernelProcess> process;
    bool loaded = false;
    std::string stopped;       // why it stopped for good
    bool unavailable = false;  // stopped as it cannot run here (no NVRTC, no device)
    std::string compilerLines;
    std::string loadedText;  // its compile and check times
#if HEATLAB_WITH_CUDA
    std::unique_ptr<CudaSharedField> shared;  // a CUDA kernel's grids, shared with its process
#endif
};

struct Registry {
    std::mutex mutex;
    std::vector<std::shared_ptr<ClassKernel>> kernels;
    std::string folder;
    CleanupEntry folderEntry;
    bool ended = false;
};

Registry& registry() {
    static Registry* made = new Registry;  // launchers may outlive any static
    return *made;
}

// The private folder, made at the first kernel's start with the contract
// header in it (each compile puts it before the source).
std::string kernelFolder() {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (r.ended) {
        throw RuntimeError(tr("the run is ending: no class kernel starts now"));
    }
    if (r.folder.empty()) {
        removeStaleTemporaryFolders(kFolderPrefix);
        const std::string folder = makePrivateFolder(kFolderPrefix, &r.folderEntry);
        std::ofstream header(folder + "/heatlab_kernel.h", std::ios::binary);
        header << kernel_files::kHeatlabKernelH;
        if (!header.flush()) {
            removePrivateFolder(folder);
            r.folderEntry.release();
            throw RuntimeError(
                trf("the contract header could not be written into %s", folder.c_str()));
        }
        r.folder = folder;
    }
    return r.folder;
}

// Where `k` stands after a failure: stopped for good, its process gone.
std::string stop(ClassKernel& k, const std::string& why) {
    k.stopped = why;
    k.process.reset();
    return why;
}

// Starts `k`'s process and loads it, unless done; empty, or why it cannot
// run. Under k.mutex.
std::string ensureLoaded(ClassKernel& k, const std::optional<GridSize>& lectureGrid) {
    if (!k.stopped.empty()) {
        return k.stopped;
    }
    if (k.loaded) {
        return "";
    }
    try {
        k.process = std::make_unique<KernelProcess>(
            KernelProcessStart{kernelFolder(), k.file.name, k.file.path,
                               k.file.language == KernelLanguage::Cuda, kernelSeconds()});
    } catch (const RuntimeError& e) {
        return stop(k, e.what());
    }
    // The device the CUDA backend runs on (its first, as it takes it).
    const KernelProcess::Loaded loaded = k.process->load(k.file.source, lectureGrid, 0);
    k.compilerLines = loaded.lines;
    k.loadedText = loaded.done;
    if (!loaded.problem.empty()) {
        k.unavailable = loaded.unavailable;
        return stop(k, loaded.problem);
    }
    k.loaded = true;
    return "";
}

[[noreturn]] void stopped(const ClassKernel& k, const std::string& problem) {
    throw KernelStoppedError(k.kernel, trf("class kernel %s (%s) stopped: %s", k.file.name.c_str(),
                                           k.file.path.c_str(), problem.c_str()));
}

cpu::NewField classStep(const std::shared_ptr<ClassKernel>& k, const cpu::StepBuffers& b) {
    refuseClassKernelGrid(k->kernel, b.grid);
    std::lock_guard<std::mutex> lock(k->mutex);
    std::string problem = ensureLoaded(*k, std::nullopt);
    if (problem.empty()) {
        problem = k->process->step(b.in, b.out, b.grid, b.boundary, b.r);
        if (!problem.empty()) {
            stop(*k, problem);
        }
    }
    if (!problem.empty()) {
        stopped(*k, problem);
    }
    fillGhostRing(b.out, b.grid, b.boundary);
    return cpu::NewField::Out;
}

#if HEATLAB_WITH_CUDA
cuda::NewField classDeviceStep(const std::shared_ptr<ClassKernel>& k, const cuda::StepBuffers& b) {
    const GridSize grid{b.nx, b.ny};
    refuseClassKernelGrid(k->kernel, grid);
    std::lock_guard<std::mutex> lock(k->mutex);
    std::string problem = ensureLoaded(*k, std::nullopt);
    if (problem.empty()) {
        if (!k->shared) {
            k->shared = std::make_unique<CudaSharedField>();
        }
        problem = k->shared->step(b, [&](const unsigned char* in, const unsigned char* out) {
            return k->process->stepDevice(grid, b.r, in, out);
        });
        if (!problem.empty()) {
            stop(*k, problem);
        }
    }
    if (!problem.empty()) {
        stopped(*k, problem);
    }
    return cuda::NewField::Out;
}
#endif

std::shared_ptr<ClassKernel> find(Kernel kernel) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const std::shared_ptr<ClassKernel>& k : r.kernels) {
        if (k->kernel == kernel) {
            return k;
        }
    }
    return nullptr;
}

}  // namespace

std::vector<std::string> kernelFilesAsked(int argc, char** argv) {
    const std::string flag = "--kernel-file";
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word == flag && i + 1 < argc) {
            files.push_back(argv[++i]);
        } else if (word.rfind(flag + "=", 0) == 0) {
            files.push_back(word.substr(flag.size() + 1));
        }
    }
    return files;
}

void addClassKernels(const std::vector<std::string>& given) {
    for (KernelFile& file : readKernelFiles(given)) {
        auto k = std::make_shared<ClassKernel>();
        k->kernel = registerKernel({file.name, {}});
        k->file = std::move(file);
        // A C++ kernel runs on the CPU backend, a CUDA kernel on the CUDA
        // backend (where the build has one): the other backend refuses it
        // by name, as it would any kernel it has not.
        if (k->file.language == KernelLanguage::Cxx) {
            cpu::launcherTable().add(
                {k->kernel, [k](const cpu::StepBuffers& b) { return classStep(k, b); }, {}});
        } else {
#if HEATLAB_WITH_CUDA
            cuda::Launcher launcher;
            launcher.kernel = k->kernel;
            launcher.step = [k](const cuda::StepBuffers& b) { return classDeviceStep(k, b); };
            launcher.hostSteps = true;
            cuda::launcherTable().add(launcher);
#endif
        }
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        r.kernels.push_back(std::move(k));
    }
}

std::vector<std::string> startClassKernels(const std::optional<GridSize>& lectureGrid) {
    std::vector<std::string> lines;
    std::vector<std::shared_ptr<ClassKernel>> kernels;
    {
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        kernels = r.kernels;
    }
    // Each in its own process at once: the compiles and checks of several
    // files overlap (the lecture's start waits for the slowest, not the
    // sum).
    std::vector<std::string> problems(kernels.size());
    std::vector<std::thread> starts;
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        starts.emplace_back([&, i] {
            ClassKernel& k = *kernels[i];
            std::lock_guard<std::mutex> lock(k.mutex);
            try {
                problems[i] = ensureLoaded(k, lectureGrid);
            } catch (const std::exception& e) {
                problems[i] = stop(k, e.what());
            }
        });
    }
    for (std::thread& start : starts) {
        start.join();
    }
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const ClassKernel& k = *kernels[i];
        if (k.unavailable) {
            // No fault of the kernel's: the lecture runs on without it.
            lines.push_back(trf("kernel file %s: %s", k.file.path.c_str(), problems[i].c_str()));
            continue;
        }
        if (!problems[i].empty()) {
            throw UsageError(trf("kernel file %s: %s", k.file.path.c_str(), problems[i].c_str()));
        }
        lines.push_back(trf("class kernel %s (%s): %s", k.file.name.c_str(), k.file.path.c_str(),
                            k.loadedText.c_str()));
    }
    return lines;
}

bool isClassKernel(Kernel kernel) { return find(kernel) != nullptr; }

void refuseClassKernelGrid(Kernel kernel, const GridSize& grid) {
    if (static_cast<long long>(grid.cells()) > kClassKernelMaxCells && isClassKernel(kernel)) {
        throw UsageError(
            trf("class kernel %s on a %s grid: its %zu cells are more than an int "
                "indexes (2^31); give a smaller --grid",
                name(kernel), gridText(grid).c_str(), grid.cells()));
    }
}

std::string classKernelCompilerLines(Kernel kernel) {
    const std::shared_ptr<ClassKernel> k = find(kernel);
    if (!k) {
        return "";
    }
    std::lock_guard<std::mutex> lock(k->mutex);
    return k->compilerLines;
}

ClassKernelSession::~ClassKernelSession() {
    Registry& r = registry();
    std::vector<std::shared_ptr<ClassKernel>> kernels;
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        r.ended = true;
        kernels = r.kernels;
    }
    for (const std::shared_ptr<ClassKernel>& k : kernels) {
        std::lock_guard<std::mutex> lock(k->mutex);
        if (k->stopped.empty()) {
            k->stopped = tr("the run has ended");
        }
        k->process.reset();
#if HEATLAB_WITH_CUDA
        k->shared.reset();  // the lecture's device memory, while its context lives
#endif
    }
    std::lock_guard<std::mutex> lock(r.mutex);
    if (!r.folder.empty()) {
        removePrivateFolder(r.folder);
        r.folderEntry.release();
        r.folder.clear();
    }
}

}  // namespace heatlab
