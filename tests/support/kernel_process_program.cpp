// A test binary is not heatlab: the class kernels' checking processes it
// starts (app/kernel_files/kernel_process.h) are the build's heatlab,
// whichever test plays a lecture whose cues name kernel files (the shipped
// one does). Linked into every binary that makes a lecture.

#include "app/kernel_files/kernel_process.h"
#include "tests/support/run_command.h"

namespace {

const bool kProgramSet = [] {
    heatlab::setKernelProcessProgram(heatlabBinary());
    return true;
}();

}  // namespace
