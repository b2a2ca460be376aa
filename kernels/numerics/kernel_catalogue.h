#pragma once
// What a kernel is, as data: its name (the word the command line, scenes,
// cues and the served wire protocol use), and the traits the rest of the
// program asks about it (is it the copy floor, does it fuse steps, how many
// grids a pass moves). No backend here: how a kernel runs lives in each
// backend's launcher table (kernels/cpu/cpu_kernel_table.h,
// kernels/cuda/cuda_kernel_table.cuh), so a kernel added at build time or at
// run time touches no Backend method and no switch over kernels.

#include <string>
#include <vector>

namespace heatlab {

// What the program asks of a kernel besides running it.
struct KernelTraits {
    // Moves the field unchanged, ring and all: the floor the stencils are
    // timed against, not a choice of step (no --kernel accepts it).
    bool copyFloor = false;
    // Runs several steps a pass over memory (the backend's timeBlockFor()
    // steps), so its passes and the roofline's bytes a step are counted so.
    bool fusesSteps = false;
    // Grids read plus grids written by one pass (kernels/kernel_traffic.h):
    // 2 for a kernel that reads the field once and writes it once.
    int gridsMovedPerPass = 2;
};

struct KernelInfo {
    std::string name;  // lower case, no spaces: "optimised", "three-pass"
    KernelTraits traits;
};

// A kernel: a handle into the catalogue, cheap to copy and compare. The
// product's own kernels have names here, in table order; a kernel registered
// later (registerKernel()) has only its handle and its name.
class Kernel {
public:
    constexpr Kernel() = default;  // the copy floor

    static const Kernel Copy;
    static const Kernel Global;
    static const Kernel Tiled;
    static const Kernel ThreePass;
    static const Kernel Optimised;
    static const Kernel Temporal;

    // Its place in the catalogue: allKernels()[index()].
    constexpr int index() const { return index_; }

    constexpr bool operator==(Kernel o) const { return index_ == o.index_; }
    constexpr bool operator!=(Kernel o) const { return index_ != o.index_; }
    constexpr bool operator<(Kernel o) const { return index_ < o.index_; }

private:
    friend Kernel registerKernel(const KernelInfo& info);
    friend std::vector<Kernel> allKernels();
    constexpr explicit Kernel(int index) : index_(index) {}
    int index_ = 0;
};

constexpr Kernel Kernel::Copy{0};
constexpr Kernel Kernel::Global{1};
constexpr Kernel Kernel::Tiled{2};
constexpr Kernel Kernel::ThreePass{3};
constexpr Kernel Kernel::Optimised{4};
constexpr Kernel Kernel::Temporal{5};

// Adds a kernel to the catalogue, after every one before it, and returns its
// handle: from then on --kernel, scenes, cues and the wire accept its name,
// and every backend whose launcher table has it runs it. Throws UsageError
// for an empty name, one with a space or an upper-case letter, or one the
// catalogue already has. Thread-safe: a kernel may be added while another
// thread reads the catalogue (a class kernel a scene names mid-lecture).
Kernel registerKernel(const KernelInfo& info);

const KernelInfo& kernelInfo(Kernel kernel);
inline const KernelTraits& traits(Kernel kernel) { return kernelInfo(kernel).traits; }
// The name, as shown in tables and accepted on the command line; valid for
// the program's life.
const char* name(Kernel kernel);

// Every kernel in the catalogue, in table order: the copy floor first.
std::vector<Kernel> allKernels();
// Every kernel but the copy floor, which moves the field without stepping
// it: what a kernel option accepts. The ones a backend has are its
// Backend::stencilKernels().
std::vector<Kernel> allStencilKernels();

}  // namespace heatlab
