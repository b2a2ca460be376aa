#include "app/kernel_files/class_kernels.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "app/i18n/translation.h"
#include "app/io/temporary_folder.h"
#include "app/kernel_files/class_kernel_registry.h"
#include "app/kernel_files/shipped_kernels.h"
#include "kernel_files/heatlab_kernel_h.h"
#include "kernels/base/errors.h"
#include "kernels/class/kernel_stopped.h"
#include "kernels/class/row_kernel.h"
#include "kernels/cpu/cpu_kernel_table.h"
#include "kernels/numerics/ghost_ring.h"

namespace heatlab {

namespace {

// The prefix of the private folder's name ($TMPDIR/heatlab-kernels-PID-XXXXXX).
constexpr const char* kFolderPrefix = "heatlab-kernels";

// Each request's CPU seconds unless the tests' hook lowers them: a slow
// kernel on a large grid is not a hang.
constexpr int kKernelSeconds = 60;

}  // namespace

int kernelSeconds() {
    if (const char* hook = std::getenv("HEATLAB_TEST_KERNEL_SECONDS")) {
        const int seconds = std::atoi(hook);
        if (seconds > 0) {
            return seconds;
        }
    }
    return kKernelSeconds;
}

Registry& registry() {
    static Registry* made = new Registry;  // launchers may outlive any static
    return *made;
}

std::vector<std::shared_ptr<ClassKernel>> classKernelsNow() {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    return r.kernels;
}

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

namespace {

// Where `k` stands after a failure: stopped for good, its process gone.
// Under k.mutex.
std::string stop(ClassKernel& k, const std::string& why, bool unavailable = false) {
    // Wrong on a grid it was checked on only now: where.
    const KernelFacts facts = parseKernelFacts(k.process ? k.process->facts() : "");
    k.stopped = why;
    k.unavailable = unavailable;
    k.loaded = false;
    k.process.reset();
    editStatus(k, [&](ClassKernelStatus& status) {
        status.wrong = facts.wrong;
        // A version that never ran failed; one that ran stopped.
        status.state = unavailable            ? KernelFileState::Unavailable
                       : status.versions == 0 ? KernelFileState::Failed
                                              : KernelFileState::Stopped;
        status.reason = why;
        status.olderRunning = false;
    });
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
    editStatus(k, [&](ClassKernelStatus& status) { status.compilerLines = loaded.lines; });
    if (!loaded.problem.empty()) {
        return stop(k, loaded.problem, loaded.unavailable);
    }
    k.loaded = true;
    editStatus(k, [&](ClassKernelStatus& status) {
        status.state = KernelFileState::Checked;
        status.reason.clear();
        status.built = loaded.done;
        status.build = parseKernelFacts(loaded.facts).build;
        status.wrong.reset();
        status.versions += 1;
        status.sourceHash = sourceHash(k.file.source);
    });
    return "";
}

[[noreturn]] void stopped(const ClassKernel& k, const std::string& problem) {
    throw KernelStoppedError(k.kernel, trf("class kernel %s (%s) stopped: %s", k.file.name.c_str(),
                                           k.file.path.c_str(), problem.c_str()));
}

// Under k.mutex, before a step: the kernel ready to step, or why not. While
// the file is watched a version not yet checked is the watcher's to load:
// the frame never waits for a compile.
std::string readyToStep(ClassKernel& k, const GridSize& grid) {
    {
        std::lock_guard<std::mutex> lock(k.statusMutex);
        k.lastGrid = grid;
    }
    if (!k.loaded && k.stopped.empty() && classKernelsWatched()) {
        return tr("it is being compiled and checked: it runs once it passes");
    }
    return ensureLoaded(k, std::nullopt);
}

// Under k.mutex, after a step that went well.
void stepped(ClassKernel& k) {
    editStatus(k, [](ClassKernelStatus& status) {
        if (status.state == KernelFileState::Checked) {
            status.state = KernelFileState::Running;
        }
    });
}

cpu::NewField classStep(const std::shared_ptr<ClassKernel>& k, const cpu::StepBuffers& b) {
    refuseClassKernelGrid(k->kernel, b.grid);
    std::lock_guard<std::mutex> lock(k->mutex);
    std::string problem = readyToStep(*k, b.grid);
    if (problem.empty()) {
        problem = k->process->step(b.in, b.out, b.grid, b.boundary, b.r);
        if (!problem.empty()) {
            stop(*k, problem);
        }
    }
    if (!problem.empty()) {
        stopped(*k, problem);
    }
    stepped(*k);
    fillGhostRing(b.out, b.grid, b.boundary);
    return cpu::NewField::Out;
}

#if HEATLAB_WITH_CUDA
cuda::NewField classDeviceStep(const std::shared_ptr<ClassKernel>& k, const cuda::StepBuffers& b) {
    const GridSize grid{b.nx, b.ny};
    refuseClassKernelGrid(k->kernel, grid);
    std::lock_guard<std::mutex> lock(k->mutex);
    std::string problem = readyToStep(*k, grid);
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
    stepped(*k);
    return cuda::NewField::Out;
}
#endif

std::shared_ptr<ClassKernel> find(Kernel kernel) {
    for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
        if (k->kernel == kernel) {
            return k;
        }
    }
    return nullptr;
}

}  // namespace

const char* name(KernelFileState state) {
    switch (state) {
    case KernelFileState::Compiling: return "compiling";
    case KernelFileState::Checked: return "checked";
    case KernelFileState::Running: return "running";
    case KernelFileState::Failed: return "failed";
    case KernelFileState::Stopped: return "stopped";
    case KernelFileState::Unavailable: return "unavailable";
    }
    return "?";
}

std::uint64_t sourceHash(const std::string& source) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const char c : source) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ull;
    }
    return hash;
}

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

namespace {

// Adds `file`'s kernel (kernels/README.md's recipe: its name to the
// catalogue, a launcher to its backend's table). Returns it.
std::shared_ptr<ClassKernel> addOne(KernelFile file, bool shipped) {
    auto k = std::make_shared<ClassKernel>();
    k->kernel = registerKernel({file.name, {}});
    k->file = std::move(file);
    k->shipped = shipped;
    k->status.kernel = k->kernel;
    k->status.name = k->file.name;
    k->status.path = k->file.path;
    k->status.cuda = k->file.language == KernelLanguage::Cuda;
    // A C++ kernel runs on the CPU backend, a CUDA kernel on the CUDA
    // backend (where the build has one): the other backend refuses it by
    // name, as it would any kernel it has not.
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
    r.kernels.push_back(k);
    return k;
}

}  // namespace

void addClassKernels(const std::vector<std::string>& given) {
    for (KernelFile& file : readKernelFiles(given)) {
        addOne(std::move(file), false);
    }
    wakeWatcher();  // a lecture watching: the new files too
}

Kernel addNamedKernelFile(const NamedKernelFile& named) {
    for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
        if (k->file.name != named.name) {
            continue;
        }
        // The same file again (a cue played twice, a scene loaded again).
        if (k->file.path == named.path) {
            return k->kernel;
        }
        throw UsageError(trf("kernel files %s and %s both name a kernel '%s'; rename one",
                             k->file.path.c_str(), named.path.c_str(), named.name.c_str()));
    }
    KernelFile file;
    file.name = named.name;
    file.path = named.path;
    file.language = named.language;
    if (named.shipped) {
        const ShippedKernel* shipped = shippedKernel(named.name);
        file.source = shipped != nullptr ? shipped->text : "";
    } else {
        file.source = readKernelSource(named.path);
    }
    const Kernel kernel = addOne(std::move(file), named.shipped)->kernel;
    wakeWatcher();
    return kernel;
}

std::string classKernelFolder() { return kernelFolder(); }

bool classKernelFileAdded(const NamedKernelFile& named) {
    for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
        if (k->file.name == named.name && k->file.path == named.path) {
            return true;
        }
    }
    return false;
}

void loadClassKernels() {
    std::vector<std::thread> loads;
    for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
        loads.emplace_back([k] {
            std::lock_guard<std::mutex> lock(k->mutex);
            try {
                (void)ensureLoaded(*k, std::nullopt);
            } catch (const std::exception& e) {
                stop(*k, e.what());
            }
        });
    }
    for (std::thread& load : loads) {
        load.join();
    }
}

bool classKernelReady(Kernel kernel) {
    const std::shared_ptr<ClassKernel> k = find(kernel);
    if (!k) {
        return true;  // heatlab's own
    }
    std::lock_guard<std::mutex> lock(k->statusMutex);
    switch (k->status.state) {
    case KernelFileState::Checked:
    case KernelFileState::Running: return true;
    case KernelFileState::Compiling:
    case KernelFileState::Failed: return k->status.olderRunning;
    default: return false;
    }
}

std::vector<std::string> startClassKernels(const std::optional<GridSize>& lectureGrid) {
    std::vector<std::string> lines;
    const std::vector<std::shared_ptr<ClassKernel>> kernels = classKernelsNow();
    {
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        r.commandGrid = lectureGrid;
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

std::string classKernelFileName(Kernel kernel) {
    const std::shared_ptr<ClassKernel> k = find(kernel);
    if (!k) {
        return {};
    }
    return k->file.label.empty() ? std::filesystem::path(k->file.path).filename().string()
                                 : k->file.label;
}

std::string kernelLabel(Kernel kernel) {
    const std::string file = classKernelFileName(kernel);
    return file.empty() ? std::string(name(kernel)) : file;
}

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
    std::lock_guard<std::mutex> lock(k->statusMutex);
    return k->status.compilerLines;
}

namespace {

std::mutex changesMutex;
std::condition_variable changed;
std::uint64_t changes = 0;

}  // namespace

void statusChanged() {
    {
        std::lock_guard<std::mutex> lock(changesMutex);
        ++changes;
    }
    changed.notify_all();
}

bool awaitClassKernels(const std::function<bool(const std::vector<ClassKernelStatus>&)>& done,
                       double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
        std::uint64_t seen = 0;
        {
            std::lock_guard<std::mutex> lock(changesMutex);
            seen = changes;
        }
        if (done(classKernelStatuses())) {
            return true;
        }
        std::unique_lock<std::mutex> lock(changesMutex);
        if (!changed.wait_until(lock, deadline, [&] { return changes != seen; })) {
            return false;
        }
    }
}

std::vector<ClassKernelStatus> classKernelStatuses() {
    std::vector<ClassKernelStatus> statuses;
    for (const std::shared_ptr<ClassKernel>& k : classKernelsNow()) {
        std::lock_guard<std::mutex> lock(k->statusMutex);
        statuses.push_back(k->status);
    }
    return statuses;
}

void reloadClassKernel(Kernel kernel) {
    if (const std::shared_ptr<ClassKernel> k = find(kernel)) {
        k->reloadAsked = true;
        wakeWatcher();
    }
}

ClassKernelSession::ClassKernelSession() {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.ended = false;
}

ClassKernelSession::~ClassKernelSession() {
    // The watcher first: it starts and swaps processes.
    stopWatcher();
    Registry& r = registry();
    std::vector<std::shared_ptr<ClassKernel>> kernels;
    {
        std::lock_guard<std::mutex> lock(r.mutex);
        r.ended = true;
        kernels = r.kernels;
        // Their launchers stay in the backends' tables, stopped; a session
        // after this one (a test's) starts with none.
        r.kernels.clear();
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
