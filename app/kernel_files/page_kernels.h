#pragma once
// What a served lecture's pages may have compiled (`heatlab serve
// --allow-kernels`): a kernel a page compiles runs on the server as the
// user who started it, so by default none. The lecturer's editor sends a
// kernel's text; a scene or cue list dropped on the page, chosen in the
// browser or loaded from the panel's files names a kernel file; the panel's
// Reload compiles one again. CUDA device code makes no system calls, so
// --allow-kernels lets a page send CUDA kernels (and name heatlab's shipped
// examples); a C++ kernel is any code at all, so it needs
// --allow-kernels=cpu. The window's lecturer sits at the machine: Any.

#include <string>

#include "app/kernel_files/named_kernel_file.h"

namespace heatlab {

enum class PageKernels {
    Any,         // the window: every file is the lecturer's own
    None,        // serve without --allow-kernels: a page compiles nothing
    Cuda,        // --allow-kernels: CUDA kernels and the shipped examples
    CudaAndCpu,  // --allow-kernels=cpu: C++ kernels too
};

// "none", "cuda", "cpu" (the page's word for it; Any is the window's "any").
const char* name(PageKernels allowed);

// Why a page may not have a kernel of `language` compiled (the lecturer's
// editor), in one line; empty when it may.
std::string pageKernelRefusal(PageKernels allowed, KernelLanguage language);

// Why a page may not open a file that names `file` (a scene's or a cue's
// "kernel_file"); empty when it may: allowed, or the same file already
// added (nothing new is compiled for it).
std::string pageKernelFileRefusal(PageKernels allowed, const NamedKernelFile& file);

}  // namespace heatlab
