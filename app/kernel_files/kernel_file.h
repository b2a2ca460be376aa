#pragma once
// A class kernel's file as the command line names it (--kernel-file FILE,
// or a folder of them): read once, whole, and named. The kernel's name is
// the file's name without its extension, in lower case ("Halo_Bug.cpp" is
// halo_bug), the word --kernel, --split kernel= and a scene's kernel then
// take (files of one name in different folders: "folder.name"); a name of
// heatlab's own kernels, or one two files give, is refused saying why. Nothing here compiles or
// runs the kernel (kernel_process.h does, in a process of its own).

#include <string>
#include <vector>

namespace heatlab {

enum class KernelLanguage {
    Cxx,   // .cpp .cc .cxx: the system's C++ compiler, the CPU backend
    Cuda,  // .cu: NVRTC, the CUDA backend
};

// The most a kernel file holds: a page's kernel message is held to the
// same size.
constexpr std::size_t kKernelFileMaxBytes = 256 * 1024;

struct KernelFile {
    std::string path;  // as given, or the folder given and the file's name
    std::string name;  // the kernel's name
    // What tables and pictures call it: empty for the file's own name, or
    // "folder/file.cu" where another file given has the same name.
    std::string label;
    KernelLanguage language = KernelLanguage::Cxx;
    std::string source;
};

// The kernel's name a file's path gives, or throws UsageError saying why
// it gives none (an extension that is no kernel's, a character a kernel's
// name may not hold).
std::string kernelNameOf(const std::string& path, KernelLanguage* language);

// Every file `given` names, in order: a file, or a folder's kernel files
// (.cpp .cc .cxx .cu directly in it, in name order). Each is read whole
// (a regular file of text, at most kKernelFileMaxBytes: a FIFO, a device,
// a folder named as a file, a binary or a larger file is refused) and
// named. Files of one name in different folders (each student's step.cu)
// are told apart by their folder: alice/step.cu and bob/step.cu are the
// kernels alice.step and bob.step. Throws UsageError, one line naming the
// file: the first file that cannot be a kernel, a folder with none, two
// files whose folders do not tell them apart, or a name heatlab's own
// kernels have.
std::vector<KernelFile> readKernelFiles(const std::vector<std::string>& given);

// A kernel file's text read again (a save while the lecture runs), with
// readKernelFiles()'s refusals. Throws UsageError, one line naming it.
std::string readKernelSource(const std::string& path);

}  // namespace heatlab
