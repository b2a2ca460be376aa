#include "app/kernel_files/kernel_process_main.h"

#include <link.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <dlfcn.h>
#include <fcntl.h>
#include <omp.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "app/i18n/translation.h"
#include "app/kernel_files/cuda_kernel_side.h"
#include "app/kernel_files/cxx_compiler.h"
#include "app/kernel_files/kernel_facts.h"
#include "app/kernel_files/kernel_fault.h"
#include "app/kernel_files/kernel_wire.h"
#include "app/kernel_files/process_limits.h"
#include "app/kernel_files/source_screen.h"
#include "kernels/base/errors.h"
#include "kernels/class/guarded_fields.h"
#include "kernels/class/row_kernel.h"
#include "kernels/class/row_kernel_check.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

namespace {

// The nice value of a background load's thread (a save while the lecture
// runs): below the lecture's frames.
constexpr int kBackgroundNice = 10;

// What out's ring holds while the kernel steps: it must still hold it
// after (heatlab sets the ring).
constexpr std::uint32_t kRingBits = 0x7FC5A5A6u;

struct Start {
    std::string folder;
    std::string name;
    std::string displayPath;
    bool cuda = false;
    ProcessLimits limits;
};

// The address range `object` was loaded at, for a fault's offset.
struct CodeRange {
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
    const char* path = nullptr;
};

int findCode(dl_phdr_info* info, std::size_t /*size*/, void* data) {
    auto* range = static_cast<CodeRange*>(data);
    if (info->dlpi_name == nullptr || std::strcmp(info->dlpi_name, range->path) != 0) {
        return 0;
    }
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& segment = info->dlpi_phdr[i];
        if (segment.p_type == PT_LOAD && (segment.p_flags & PF_X) != 0) {
            range->begin = info->dlpi_addr;
            range->end = info->dlpi_addr + segment.p_vaddr + segment.p_memsz;
        }
    }
    return 1;
}

class Checker {
public:
    explicit Checker(Start start) : start_(std::move(start)) {
        if (start_.cuda) {
            cuda_ = std::make_unique<CudaKernelSide>(start_.displayPath, start_.limits.seconds);
        }
    }

    // Answers requests until the lecture closes its end of the socket.
    int serve() {
        for (;;) {
            KernelRequest request;
            bool timedOut = false;
            if (!receiveAll(kKernelSocketFd, &request, sizeof request, 0.0, &timedOut)) {
                return 0;  // the lecture is gone, or done with this kernel
            }
            std::pair<KernelAnswer, std::string> answer;
            const auto answerIt = [&] {
                try {
                    answer =
                        request.op == static_cast<std::uint32_t>(KernelOp::Load) ? load(request)
                        : request.op == static_cast<std::uint32_t>(KernelOp::Step)
                            ? step(request)
                            : std::make_pair(KernelAnswer::Refused, std::string("unknown request"));
                } catch (const std::exception& e) {
                    answer = {KernelAnswer::Refused, e.what()};
                }
            };
            if (request.background != 0 && !start_.cuda) {
                // A save while the lecture runs: compiled and checked on a
                // thread of lower priority (Linux gives each thread its own
                // nice value, and the compiler inherits it), so the
                // lecture's frames, and this process's steps later, keep
                // theirs. (A CUDA kernel's stays on this thread, where its
                // device context is current; NVRTC takes milliseconds.)
                std::thread([&] {
                    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), kBackgroundNice);
                    useFaultStackOnThisThread();
                    answerIt();
                }).join();
            } else {
                answerIt();
            }
            std::string facts = std::move(facts_);
            facts_.clear();
            if (cuda_) {
                facts = cuda_->takeFacts();
            }
            if (!sendReply(kKernelSocketFd, answer.first, answer.second, facts) ||
                answer.first == KernelAnswer::Fault) {
                return 0;  // after a fault nothing more runs here
            }
        }
    }

private:
    std::pair<KernelAnswer, std::string> refused(const std::string& why) {
        return {KernelAnswer::Refused, why};
    }

    std::pair<KernelAnswer, std::string> load(const KernelRequest& request) {
        std::string source(request.sourceBytes, '\0');
        bool timedOut = false;
        if (!receiveAll(kKernelSocketFd, source.data(), source.size(), 0.0, &timedOut)) {
            return refused(tr("the kernel's source did not arrive"));
        }
        if (cuda_) {
            return cuda_->load(source,
                               request.nx > 0
                                   ? std::optional<GridSize>(GridSize{request.nx, request.ny})
                                   : std::nullopt,
                               request.device);
        }
        const std::string screened = screenKernelSource(source);
        if (!screened.empty()) {
            return refused(screened);
        }
        const std::string sourcePath = start_.folder + "/" + start_.name + ".cpp";
        if (!writeWhole(sourcePath, source)) {
            return refused(trf("the kernel's source could not be written where it is compiled: %s",
                               std::strerror(errno)));
        }
        // A new object, never one written over while mapped.
        ::unlink((start_.folder + "/" + start_.name + ".so").c_str());
        rearmCpuLimit(start_.limits.seconds);
        const CompileResult compiled =
            compileCxxKernel({start_.folder, start_.name, start_.displayPath});
        if (!compiled.compiled) {
            return refused(trf("does not compile: %s", compiled.firstLine.c_str()) + "\n" +
                           compiled.lines);
        }
        std::string problem = open(compiled.object);
        if (!problem.empty()) {
            return refused(problem);
        }
        const double start = monotonicSeconds();
        std::vector<GridSize> grids = classKernelCheckGrids(
            request.nx > 0 ? std::optional<GridSize>(GridSize{request.nx, request.ny})
                           : std::nullopt);
        for (const GridSize& grid : grids) {
            problem = check(grid);
            if (!problem.empty()) {
                return refused(problem);
            }
        }
        KernelBuild build;
        build.compiler = "c++";
        for (const std::string& option : cxxKernelOptions()) {
            build.options += (build.options.empty() ? "" : " ") + option;
        }
        build.compileSeconds = compiled.seconds;
        build.checkSeconds = monotonicSeconds() - start;
        build.checkedGrids = static_cast<int>(grids.size());
        facts_ = kernelBuildText(build);
        return {KernelAnswer::Done, trf("compiled in %.2f s, checked on %zu grids in %.2f s",
                                        build.compileSeconds, grids.size(), build.checkSeconds)};
    }

    // Loads the object and finds the contract's two symbols.
    std::string open(const std::string& object) {
        void* handle = ::dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) {
            const char* why = ::dlerror();
            return trf("compiled, but does not load: %s", why != nullptr ? why : "?");
        }
        CodeRange range;
        range.path = object.c_str();
        ::dl_iterate_phdr(findCode, &range);
        setFaultKernelCode(range.begin, range.end);
        kernel_.entry = reinterpret_cast<RowKernelEntry>(::dlsym(handle, "step"));
        if (kernel_.entry == nullptr) {
            return tr(
                "defines no entry point: extern \"C\" void step(const float* in, float* "
                "out, int width, int height, float r, int rowBegin, int rowEnd) (see "
                "heatlab_kernel.h)");
        }
        const auto* split = static_cast<const int*>(::dlsym(handle, "heatlab_split_rows"));
        if (split == nullptr) {
            return tr(
                "does not say how heatlab may call it: write HEATLAB_SPLIT_ROWS; (its rows "
                "may be split over threads) or HEATLAB_WHOLE_GRID; (one call a step) in "
                "the file");
        }
        kernel_.splitRows = *split != 0;
        return "";
    }

    std::string check(const GridSize& grid) {
        rearmCpuLimit(start_.limits.seconds);
        // The step's fields are placed again at the next step.
        setFaultFields(nullptr);
        fields_.reset();
        WrongReport wrong;
        const std::string problem = checkRowKernel(kernel_, grid, setFaultFields, &wrong);
        if (problem.empty()) {
            checked_.insert({grid.nx, grid.ny});
            return "";
        }
        if (wrong.width > 0) {
            facts_ = wrongReportText(wrong);
        }
        return trf("wrong on %s", problem.c_str());
    }

    std::pair<KernelAnswer, std::string> step(const KernelRequest& request) {
        if (cuda_) {
            return cuda_->step(request);
        }
        if (kernel_.entry == nullptr) {
            return refused(tr("no kernel is loaded"));
        }
        const GridSize grid{request.nx, request.ny};
        if (checked_.count({grid.nx, grid.ny}) == 0 && checkableGrid(grid)) {
            const std::string problem = check(grid);
            if (!problem.empty()) {
                return refused(problem);
            }
        }
        mapRegion(static_cast<std::size_t>(request.regionBytes));
        if (!fields_ || fields_->grid().nx != grid.nx || fields_->grid().ny != grid.ny) {
            setFaultFields(nullptr);
            fields_ = std::make_unique<GuardedFields>(region_, mapped_, grid);
            setFaultFields(fields_.get());
        }
        const float r = request.r;
        float* out = fields_->out();
        float ring = 0.0f;
        std::memcpy(&ring, &kRingBits, sizeof ring);
        forEachRingCell(grid, [&](std::size_t i) { out[i] = ring; });
        fields_->armCanaries();
        rearmCpuLimit(start_.limits.seconds * omp_get_max_threads());
        callRowKernel(kernel_, fields_->in(), out, grid, r, 0);
        const std::string stray = fields_->canaryProblem();
        if (!stray.empty()) {
            return refused(trf("on %s: %s", gridText(grid).c_str(), stray.c_str()));
        }
        std::string ringWritten;
        forEachRingCell(grid, [&](std::size_t i) {
            if (ringWritten.empty() && std::memcmp(&out[i], &kRingBits, sizeof ring) != 0) {
                ringWritten =
                    trf("on %s: wrote the ring at cell (row %zu, col %zu) (heatlab sets "
                        "the ring: write the interior only)",
                        gridText(grid).c_str(), i / static_cast<std::size_t>(grid.nx),
                        i % static_cast<std::size_t>(grid.nx));
            }
        });
        if (!ringWritten.empty()) {
            return refused(ringWritten);
        }
        return {KernelAnswer::Done, ""};
    }

    // Maps the shared region again where the lecture made it larger.
    void mapRegion(std::size_t bytes) {
        if (bytes == mapped_) {
            return;
        }
        setFaultFields(nullptr);
        fields_.reset();
        if (region_ != nullptr) {
            ::munmap(region_, mapped_);
            region_ = nullptr;
            mapped_ = 0;
        }
        raiseMemoryLimit(start_.limits, bytes);
        void* at = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, kKernelRegionFd, 0);
        if (at == MAP_FAILED) {
            throw RuntimeError(trf("the shared field (%zu bytes) could not be mapped: %s", bytes,
                                   std::strerror(errno)));
        }
        region_ = static_cast<unsigned char*>(at);
        mapped_ = bytes;
    }

    static bool writeWhole(const std::string& path, const std::string& text) {
        const int fd =
            ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) {
            return false;
        }
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                ::close(fd);
                return false;
            }
            done += static_cast<std::size_t>(n);
        }
        return ::close(fd) == 0;
    }

    Start start_;
    RowKernel kernel_;
    std::set<std::pair<int, int>> checked_;
    unsigned char* region_ = nullptr;
    std::size_t mapped_ = 0;
    std::unique_ptr<GuardedFields> fields_;
    std::unique_ptr<CudaKernelSide> cuda_;  // a CUDA kernel's side, where it is one
    std::string facts_;                     // sent with the answer being made (kernel_facts.h)
};

}  // namespace

int runKernelProcess(int argc, char** argv) {
    if (argc != 8) {
        return 2;
    }
    Start start;
    start.folder = argv[2];
    start.name = argv[3];
    start.displayPath = argv[4];
    start.limits.seconds = std::max(1, std::atoi(argv[5]));
    start.cuda = std::string(argv[7]) == "cuda";
    if (start.cuda) {
        // The driver reserves address space by the terabyte (unified
        // memory): no limit on it, the deadline and the CPU time stay.
        start.limits.memoryBytes = 0;
    }
    Language language = Language::English;
    parseLanguage(argv[6], &language);
    setLanguage(language);
    // Only the two descriptors handed over, and 0 to 2 (/dev/null).
    applyProcessLimits(start.limits, kKernelSocketFd + 1);
    installFaultReports(kKernelSocketFd);
    Checker checker(std::move(start));
    return checker.serve();
}

}  // namespace heatlab
