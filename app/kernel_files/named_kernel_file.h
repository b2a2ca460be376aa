#pragma once
// A kernel file a scene or a cue list names ("kernel_file"): a shipped
// example's name (shipped_kernels.h), or a file relative to the scene's or
// the cue list's own folder: no absolute path, nothing that leads out of
// the folder (no "..", no link to outside it), a file that is there. A
// shipped or dropped file, which has no folder of its own, names shipped
// examples only: no file on the server is read for it. Nothing here
// compiles: class_kernels.h's addNamedKernelFile() adds the kernel.

#include <optional>
#include <string>

#include "app/kernel_files/kernel_file.h"

namespace heatlab {

struct NamedKernelFile {
    std::string name;  // the kernel's
    // The file as opened (the folder and the name given), or a shipped
    // example's source.
    std::string path;
    KernelLanguage language = KernelLanguage::Cxx;
    bool shipped = false;
};

// Throws UsageError, one line on what is wrong with `given` (the caller
// puts where it was written before it).
NamedKernelFile namedKernelFile(const std::string& given, const std::optional<std::string>& folder);

}  // namespace heatlab
