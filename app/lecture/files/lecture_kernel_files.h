#pragma once
// The class kernel files a lecture's files name (a scene's or a cue's
// "kernel_file"), added as the file is opened, each said by the line
// returned, so the lecturer knows which file will be compiled: compiled
// from then on on the watcher's thread while a lecture watches; else (shot
// --ui) here, a scene's at once and a cue list's as the first cue that
// names one starts (loadCueKernelFiles()). A cue's or a scene's kernel runs
// once it is checked (classKernelReady(): until then the field goes on
// with the kernel it runs).

#include <optional>
#include <string>
#include <vector>

#include "app/kernel_files/page_kernels.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"

namespace heatlab {

// Every kernel file of `list` for a backend this machine has: a line each,
// "cues FILE: cue 16 compiles kernels/class/examples/cpu/whole_grid.cpp".
// Throws UsageError where one cannot be added (another file of its name,
// a file no longer there).
std::vector<std::string> addCueKernelFiles(const CueList& list);

// Where no lecture watches the files: every kernel file added and not yet
// loaded, loaded here (the cue `cue` of `list` starts and names one).
void loadCueKernelFiles(const CueList& list, int cue);

// The kernel file a scene saved into `folder` names for `kernel`, so a
// heatlab that opens it again compiles the same file: a shipped example by
// its name; a file in `folder` itself by its name there. None for
// heatlab's own kernels, for a download (no folder) of a file's kernel and
// for a file elsewhere, which a scene cannot name: its params.kernel alone
// then, read back beside --kernel-file.
std::optional<NamedKernelFile> savedKernelFile(Kernel kernel,
                                               const std::optional<std::string>& folder);

// `scene`'s kernel file, its kernel made the scene's; the line that says
// which file compiles, or empty where the scene names none. Throws as
// addCueKernelFiles() does.
std::string addSceneKernelFile(Scene& scene, const std::string& sceneName);

// A file from a served page (dropped, chosen in the browser, loaded from
// the panel's files): throws UsageError, one line, where it names a kernel
// file `allowed` does not let a page have compiled (page_kernels.h), so the
// whole file is refused and nothing is compiled.
void refusePageKernelFiles(PageKernels allowed, const CueList& list);
void refusePageKernelFiles(PageKernels allowed, const Scene& scene);

}  // namespace heatlab
