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
//
// While a lecture runs (watchClassKernels()), each file is watched: saved
// in the lecturer's own editor, it is compiled and checked on a thread of
// the lecture's that the frame never waits for, in a new process of lower
// priority, and put in the field in place of the version before only once
// it passes; a version that fails leaves the one before running, and says
// why in the panel (classKernelStatuses()).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/kernel_files/kernel_facts.h"
#include "app/kernel_files/named_kernel_file.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Where a kernel file stands, as the panel's "Your kernel" section shows it.
enum class KernelFileState {
    Compiling,    // a version is being compiled and checked (the one before may run meanwhile)
    Checked,      // compiled and checked: a step that asks for it runs it
    Running,      // stepping a field
    Failed,       // the newest version does not compile or is wrong (the one before may run)
    Stopped,      // it faulted, hung or was wrong while running: stopped until a save passes
    Unavailable,  // it cannot run here (no NVRTC, no CUDA device): no fault of its own
};
// "compiling", "checked", "running", "failed", "stopped", "unavailable".
const char* name(KernelFileState state);

struct ClassKernelStatus {
    Kernel kernel;
    std::string name;  // the kernel's name: its file's, without the extension
    std::string path;  // the file as it was named
    bool cuda = false;
    KernelFileState state = KernelFileState::Compiling;
    std::string reason;         // failed, stopped, unavailable: why, in one line
    std::string compilerLines;  // a compile error's lines about the file: line, excerpt, caret
    std::string built;          // the version checked last: its compile and check
    std::optional<KernelBuild> build;  // the same, each figure on its own
    std::optional<WrongReport> wrong;  // failed or stopped with wrong values: where
    // Compiling or failed while the version before still runs in the field.
    bool olderRunning = false;
    int versions = 0;              // versions checked and put in use since the start
    std::uint64_t sourceHash = 0;  // the version in use's source (sourceHash()), 0 for none
    // The version the watcher compiled and checked last, to its end (passed
    // or failed): a served page's next version waits for it (served_kernels.h).
    std::uint64_t triedHash = 0;
};

// A 64-bit FNV-1a of a kernel's source: which version is which.
std::uint64_t sourceHash(const std::string& source);

// Every class kernel's status now, in the order they were added.
std::vector<ClassKernelStatus> classKernelStatuses();

// Waits until `done` holds for the statuses (true), or `seconds` pass
// (false); each change of a status wakes it. The tests' and the bench's:
// a lecture reads classKernelStatuses() each frame.
bool awaitClassKernels(const std::function<bool(const std::vector<ClassKernelStatus>&)>& done,
                       double seconds);

// Starts watching every class kernel's file (and each added later), on a
// thread of the lecture's own until the session ends; a second call does
// nothing. The window and serve call it; bench and shot, which run one
// version from start to end, do not.
void watchClassKernels();

// Whether watchClassKernels() was called: a lecture watches the files.
bool classKernelsWatched();

// The panel's Reload: `kernel`'s file read, compiled and checked again,
// even unchanged (a kernel stopped for good gets a new process).
void reloadClassKernel(Kernel kernel);

// The tests' hook: called on the watcher's thread with the file's path
// after each version is read and before it is compiled, so a test can
// change the file at exactly that moment (the compile of the version read
// is then given up or its result dropped, and the newer one compiled).
void setClassKernelReloadHook(std::function<void(const std::string& path)> hook);

// --kernel-file's values wherever they are on the command line (given as
// "--kernel-file FILE" or "--kernel-file=FILE"): read before the options
// are made, since the kernel options' choices include the class kernels.
std::vector<std::string> kernelFilesAsked(int argc, char** argv);

// Reads the files and folders `given` names (kernel_file.h) and adds each
// kernel. Throws UsageError, one line naming the file: one that cannot be a
// kernel here (a CUDA file: this build compiles C++ kernels only), or one
// readKernelFiles() refuses.
void addClassKernels(const std::vector<std::string>& given);

// The kernel file a scene or a cue list names (named_kernel_file.h) as a
// class kernel: added where it is not yet (the same file again is the same
// kernel), its load on the watcher's thread while a lecture watches (else
// at loadClassKernels() or its first step). Throws UsageError where another
// file has its name, or where the file cannot be read as a kernel file.
Kernel addNamedKernelFile(const NamedKernelFile& file);

// Whether `file` is a class kernel already (the same name, the same file):
// naming it again compiles nothing new.
bool classKernelFileAdded(const NamedKernelFile& file);

// The class kernels' private folder (0700, on the clean-up list, made now
// where it is not yet): where serve writes its lecturer's page's kernels
// (app/serve/served_kernels.h). Throws RuntimeError.
std::string classKernelFolder();

// Loads every class kernel not loaded yet, here and now, each in its own
// process at once; one that fails is said in its status (a lecture without
// the watcher: shot --ui playing cues).
void loadClassKernels();

// Whether a step of `kernel` runs now: heatlab's own kernels always; a
// class kernel once a version of it is checked (a lecture asked for one
// still compiling, or failed, goes on with the kernel it runs, the frame
// never waiting).
bool classKernelReady(Kernel kernel);

// Starts every class kernel's process, compiles and checks the kernel (on
// `lectureGrid` too, where given). Throws UsageError naming the file and
// what was first wrong: a compile error (its first line), a wrong value, a
// fault, a deadline. Returns a line for each kernel started: its compile
// and check times.
std::vector<std::string> startClassKernels(const std::optional<GridSize>& lectureGrid);

// Whether `kernel` came from a kernel file.
bool isClassKernel(Kernel kernel);

// A class kernel's file's name ("split_rows.cpp", or "alice/step.cu" where
// another file given has its name); empty for heatlab's own.
std::string classKernelFileName(Kernel kernel);

// What the bandwidth table and the roofline call `kernel`: a class
// kernel's file's name (the lecturer's own word for it), else its name.
std::string kernelLabel(Kernel kernel);

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
    ClassKernelSession();
    ~ClassKernelSession();
    ClassKernelSession(const ClassKernelSession&) = delete;
    ClassKernelSession& operator=(const ClassKernelSession&) = delete;
};

}  // namespace heatlab
