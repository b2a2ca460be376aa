#pragma once
// What a step of a class kernel throws once the kernel has stopped for
// good (it faulted, hung, or was found wrong on a grid it had not been
// checked on): a runtime failure like any other, which also names the
// kernel, so that a running lecture can go on with one of heatlab's own
// (app/ui/lecture/frame_guard.h) instead of failing every frame after.

#include <string>

#include "kernels/base/errors.h"
#include "kernels/numerics/kernel_catalogue.h"

namespace heatlab {

struct KernelStoppedError : RuntimeError {
    KernelStoppedError(Kernel stopped, const std::string& what)
        : RuntimeError(what), kernel(stopped) {}
    Kernel kernel;
};

}  // namespace heatlab
