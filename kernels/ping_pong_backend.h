#pragma once
// What the CPU and CUDA backends keep alike, whatever memory their buffers
// live in: the field as two ping-pong buffers, the newest in buffer
// current_, a step writing buffer next() and then swapping, the check every
// call that touches the field makes first, and the way `steps` steps of a
// kernel are cut into temporal passes and single steps.

#include "kernels/backend.h"

namespace heatlab {

class PingPongBackend : public Backend {
protected:
    // `owner` and `where` word the no-field error: "<owner>::<operation>: no
    // field <where>yet (upload one first)"; `where` is empty or ends in a
    // space ("on the device ").
    PingPongBackend(const char* owner, const char* where) : owner_(owner), where_(where) {}

    // Throws RuntimeError, naming the operation, while the backend holds no
    // field: before the first upload(), or while one reallocates.
    void requireField(const char* operation) const;

    // The buffer a step writes; swapBuffers() makes it the newest.
    int next() const { return 1 - current_; }
    void swapBuffers() { current_ = next(); }

    // `steps` steps of `kernel`: for a kernel that fuses steps (the
    // temporal one), temporalPass(levels) while at least timeBlockFor(grid_)
    // = levels steps are left, then singleStep() for the rest (one level of
    // a pass is a single step, bit for bit); for every other kernel, `steps`
    // calls of singleStep().
    template <typename TemporalPass, typename SingleStep>
    void runSteps(Kernel kernel, int steps, TemporalPass&& temporalPass,
                  SingleStep&& singleStep) const {
        int done = 0;
        if (traits(kernel).fusesSteps) {
            const int levels = timeBlockFor(grid_);
            for (; steps - done >= levels; done += levels) {
                temporalPass(levels);
            }
        }
        for (; done < steps; ++done) {
            singleStep();
        }
    }

    int current_ = 0;  // which ping-pong buffer holds the newest field

private:
    const char* owner_;
    const char* where_;
};

}  // namespace heatlab
