#pragma once
// The launcher table both backends keep (cpu/cpu_kernel_table.h,
// cuda/cuda_kernel_table.cuh): a backend's kernels are the entries of its
// table, in order, and a kernel is added by adding an entry, at build time
// or at run time. Written once here for any Launcher with `kernel`, `step`
// and `pass` members; each backend's table file gives its one table
// (launcherTable()) and its users call the table's own members. Header-only,
// so nvcc and the host compiler both build it. Thread-safe: a launcher may
// be added while another thread finds one (a class kernel a scene names
// mid-lecture, the bandwidth table's thread stepping); a launcher found
// stays where it is.

#include <deque>
#include <mutex>
#include <vector>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/numerics/kernel_catalogue.h"

namespace heatlab {

template <typename Launcher>
class LauncherTable {
public:
    // `backend` names the backend in refusals ("cpu", "cuda").
    LauncherTable(const char* backend, std::vector<Launcher> launchers)
        : backend_(backend), launchers_(launchers.begin(), launchers.end()) {}

    std::vector<Kernel> kernels() const {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<Kernel> kernels;
        for (const Launcher& launcher : launchers_) {
            kernels.push_back(launcher.kernel);
        }
        return kernels;
    }

    // The launcher of `kernel`, or nullptr where the table has none.
    const Launcher* find(Kernel kernel) const {
        std::lock_guard<std::mutex> lock(mutex_);
        return findLocked(kernel);
    }

    // Adds `launcher` after the others. Throws UsageError where the table
    // has its kernel already, where it has no step, or where the kernel's
    // traits fuse steps and it has no pass.
    void add(const Launcher& launcher) {
        const char* kernel = name(launcher.kernel);
        std::lock_guard<std::mutex> lock(mutex_);
        if (findLocked(launcher.kernel) != nullptr) {
            throw UsageError(trf("the %s backend has a kernel '%s' already", backend_, kernel));
        }
        if (!launcher.step) {
            throw UsageError(trf("kernel '%s' for the %s backend: no step", kernel, backend_));
        }
        if (traits(launcher.kernel).fusesSteps && !launcher.pass) {
            throw UsageError(
                trf("kernel '%s' fuses steps: the %s backend needs its pass", kernel, backend_));
        }
        launchers_.push_back(launcher);
    }

private:
    const Launcher* findLocked(Kernel kernel) const {
        for (const Launcher& launcher : launchers_) {
            if (launcher.kernel == kernel) {
                return &launcher;
            }
        }
        return nullptr;
    }

    const char* backend_;
    mutable std::mutex mutex_;
    std::deque<Launcher> launchers_;  // a deque: a launcher found stays where it is
};

}  // namespace heatlab
