#pragma once
// The lecture's side of a class kernel's checking process: the process
// that compiles, checks and runs one kernel file, so that a kernel that is
// wrong, hangs or faults costs that process only. It is started by exec of
// heatlab itself (the hidden command of kernel_process_main.h), never as a
// fork of the lecture: it inherits no descriptor but the two it is handed
// (the shared field's memory and a socket; every other one, the listening
// socket and the token file included, is closed in the exec), runs in a
// process group of its own, which is killed whole (a C++ kernel may fork),
// and puts no-core, CPU-time, memory and file-size limits on itself. Every
// answer is awaited until a deadline: past it the group is killed.
//
// The field crosses in memory both map (a memfd, laid out as
// guarded_fields.h says): a step copies `in` there, asks, and copies the
// new interior back.

#include <sys/types.h>
#include <functional>
#include <optional>
#include <string>

#include "kernels/numerics/params.h"

namespace heatlab {

struct KernelProcessStart {
    std::string folder;  // the private folder its objects go into
    // The name of its files there (NAME.cpp, NAME.so): the kernel's name,
    // and the version's number where a file is loaded again, so a process
    // running one version never has its object replaced by the next.
    std::string name;
    std::string displayPath;  // its file as the lecturer named it
    bool cuda = false;        // a CUDA kernel (NVRTC), else C++
    // Each request's CPU seconds (a step's, times the threads), and the
    // wall time the lecture waits for an answer on top of them.
    int seconds = 60;
};

// How often a background load asks whether to give up.
constexpr double kAbandonSeconds = 0.05;

// The program started as the checking process: heatlab itself
// (/proc/self/exe) unless a test binary, which is not heatlab, names it.
void setKernelProcessProgram(const std::string& path);

class KernelProcess {
public:
    // Starts the process. Throws RuntimeError where it cannot.
    explicit KernelProcess(const KernelProcessStart& start);
    // Kills its process group and waits for it.
    ~KernelProcess();
    KernelProcess(const KernelProcess&) = delete;
    KernelProcess& operator=(const KernelProcess&) = delete;

    struct Loaded {
        std::string problem;       // empty when it passed: one line why not
        bool unavailable = false;  // it cannot run here (no NVRTC, no device): no fault of its
        std::string lines;         // the compiler's lines about the file, where it did not compile
        std::string done;          // where it passed: its compile and check times
        bool abandoned = false;    // given up for a newer save (loadInBackground)
        // How it was built, or where it was wrong (kernel_facts.h).
        std::string facts;
    };
    // Compiles `source` there and checks the kernel (on `lectureGrid` too
    // where given; a CUDA kernel on device `device`). The process is gone
    // after a fault or a deadline.
    Loaded load(const std::string& source, const std::optional<GridSize>& lectureGrid,
                int device = 0);
    // The same while a lecture runs (a save of the file): compiled and
    // checked at a lower priority, and given up, the process killed, as
    // soon as `abandon` (asked every kAbandonSeconds while it waits) says
    // the file changed again (Loaded::abandoned).
    Loaded loadInBackground(const std::string& source, const std::optional<GridSize>& lectureGrid,
                            int device, const std::function<bool()>& abandon);

    // One step of `in` into `out`'s interior (the ring is the caller's).
    // Empty when done; else one line why, and `out` is unchanged.
    std::string step(const float* in, float* out, const GridSize& grid, Boundary boundary, float r);

    // A CUDA kernel's step from the lecture's shared device grid `in` into
    // `out` (CUDA IPC memory handles, 64 bytes each). Empty when done.
    std::string stepDevice(const GridSize& grid, float r, const unsigned char* inHandle,
                           const unsigned char* outHandle);

    // Whether the process still answers (no fault, no deadline passed).
    bool running() const { return pid_ > 0; }
    // The facts that came with the last answer (kernel_facts.h): a step
    // on a new grid checks it first, and may be wrong there.
    const std::string& facts() const { return facts_; }

private:
    Loaded load(const std::string& source, const std::optional<GridSize>& lectureGrid, int device,
                bool background, const std::function<bool()>& abandon);
    std::string ask(const struct KernelRequest& request, const std::string& payload, double seconds,
                    std::string* text, bool* unavailable = nullptr,
                    const std::function<bool()>& abandon = {});
    // Waits for the reply's first byte until `deadline`, asking `abandon`
    // meanwhile: false where it was abandoned (the process then killed).
    bool awaitReply(double deadline, const std::function<bool()>& abandon);
    std::string ended(bool timedOut, double seconds);
    // A fault's line for the lecture: the process's sentence, and the
    // source line where it can be found.
    std::string faultReport(const std::string& said) const;
    void growRegion(std::size_t bytes);
    void stop();

    KernelProcessStart start_;
    pid_t pid_ = -1;
    int socket_ = -1;
    int region_ = -1;
    unsigned char* mapped_ = nullptr;
    std::size_t mappedBytes_ = 0;
    bool abandoned_ = false;  // a background load given up
    std::string facts_;       // the last reply's
};

}  // namespace heatlab
