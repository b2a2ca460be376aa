#pragma once
// The run's class kernels as class_kernels.cpp (their steps, their start,
// what the panel reads) and kernel_watcher.cpp (a save compiled and checked
// off the frame's thread) share them. No other file includes this.

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/io/cleanup_list.h"
#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_file.h"
#include "app/kernel_files/kernel_process.h"
#include "kernels/numerics/params.h"
#if HEATLAB_WITH_CUDA
#include "app/kernel_files/cuda_shared_field.h"
#endif

namespace heatlab {

struct ClassKernel {
    KernelFile file;  // its path and name; its source: the version in use
    Kernel kernel;
    bool shipped = false;  // a shipped example: heatlab's own text, no file to watch

    // The version in the field: its process, one request at a time (panes
    // and the bench may share it). The watcher swaps a new version in
    // under it; a step never waits for a compile.
    std::mutex mutex;
    std::unique_ptr<KernelProcess> process;
    bool loaded = false;
    std::string stopped;       // why it stopped for good (until a save that passes)
    bool unavailable = false;  // stopped as it cannot run here (no NVRTC, no device)
    std::string compilerLines;
    std::string loadedText;  // its compile and check times
#if HEATLAB_WITH_CUDA
    std::unique_ptr<CudaSharedField> shared;  // a CUDA kernel's grids, shared with its process
#endif

    // What the panel reads, written by the frame's thread and the
    // watcher's.
    mutable std::mutex statusMutex;
    ClassKernelStatus status;
    std::optional<GridSize> lastGrid;  // the grid it stepped last: a new version is checked on it

    // The panel's Reload, taken by the watcher.
    std::atomic<bool> reloadAsked{false};
};

struct Registry {
    std::mutex mutex;
    std::vector<std::shared_ptr<ClassKernel>> kernels;
    std::string folder;
    CleanupEntry folderEntry;
    bool ended = false;
    std::optional<GridSize> commandGrid;  // the grid startClassKernels checked on
};

Registry& registry();

// The private folder, made at the first kernel's start with the contract
// header in it. Throws RuntimeError.
std::string kernelFolder();

// Each request's CPU seconds (60, or the tests' hook's).
int kernelSeconds();

// The kernels now, in the order they were added.
std::vector<std::shared_ptr<ClassKernel>> classKernelsNow();

// Wakes awaitClassKernels() after a status changed.
void statusChanged();

// The status's fields under its mutex.
template <typename Edit>
void editStatus(ClassKernel& k, const Edit& edit) {
    {
        std::lock_guard<std::mutex> lock(k.statusMutex);
        edit(k.status);
    }
    statusChanged();
}

// The watcher's thread (kernel_watcher.cpp), started by
// watchClassKernels(), joined by stopWatcher() at the session's end.
void stopWatcher();
// Makes it look at the kernels now (a Reload, a kernel added).
void wakeWatcher();

}  // namespace heatlab
