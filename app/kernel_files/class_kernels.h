#pragma once
// The class kernels of this run: each file --kernel-file names becomes a
// kernel like heatlab's own, by the recipe of kernels/README.md: its name
// in the catalogue (registerKernel) and a launcher in the CPU backend's
// table whose step hands the field to the kernel's checking process
// (kernel_process.h) and sets the ring after it. From then --kernel, --split
// kernel=, a scene's and a cue's kernel, the bench's tables and the panel
// take it by name. A kernel's process is started, and the kernel compiled
// and checked, at the command's start (startClassKernels) or at its first
// step; a kernel that fails then, or at any later step, stops for good,
// each later step refused with the same line: the lecture's own kernels
// and field go on.

#include <optional>
#include <string>
#include <vector>

#include "kernels/numerics/params.h"

namespace heatlab {

// --kernel-file's values wherever they are on the command line (given as
// "--kernel-file FILE" or "--kernel-file=FILE"): read before the options
// are made, since the kernel options' choices include the class kernels.
std::vector<std::string> kernelFilesAsked(int argc, char** argv);

// Reads the files and folders `given` names (kernel_file.h) and adds each
// kernel. Throws UsageError, one line naming the file: one that cannot be a
// kernel here (a CUDA file: this build compiles C++ kernels only), or one
// readKernelFiles() refuses.
void addClassKernels(const std::vector<std::string>& given);

// Starts every class kernel's process, compiles and checks the kernel (on
// `lectureGrid` too, where given). Throws UsageError naming the file and
// what was first wrong: a compile error (its first line), a wrong value, a
// fault, a deadline. Returns a line for each kernel started: its compile
// and check times.
std::vector<std::string> startClassKernels(const std::optional<GridSize>& lectureGrid);

// Whether `kernel` came from a kernel file.
bool isClassKernel(Kernel kernel);

// Throws UsageError where `kernel` is a class kernel and `grid` has more
// cells than an int indexes (kClassKernelMaxCells).
void refuseClassKernelGrid(Kernel kernel, const GridSize& grid);

// The compiler's lines about the file of a kernel that did not compile
// (empty for any other).
std::string classKernelCompilerLines(Kernel kernel);

// Held for the length of a run: at its end every class kernel's process
// is killed and the private folder of their objects removed, whatever
// ended the run (a usage error included).
class ClassKernelSession {
public:
    ClassKernelSession() = default;
    ~ClassKernelSession();
    ClassKernelSession(const ClassKernelSession&) = delete;
    ClassKernelSession& operator=(const ClassKernelSession&) = delete;
};

}  // namespace heatlab
