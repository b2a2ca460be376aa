#pragma once
// The shipped examples (kernels/class/examples/), built into the program as
// the shipped scenes are, so the shipped lecture's cues compile them by name
// wherever heatlab runs: the slides' versions for the CPU backend
// (whole_grid, split_rows) and for CUDA (one_thread, per_point,
// shared_tile), and the tile that forgets its halo for a "find the bug" cue
// (halo_bug, tile_halo_bug). Compiled and checked like any kernel file;
// not watched (heatlab's own copy: a lecturer edits a copy of the source,
// given with --kernel-file).

#include <string>
#include <vector>

namespace heatlab {

struct ShippedKernel {
    const char* name;  // the kernel's: "halo_bug"
    const char* file;  // its source: "kernels/class/examples/cpu/halo_bug.cpp"
    const char* text;
};

const std::vector<ShippedKernel>& shippedKernels();
// The one named `name`, or nullptr.
const ShippedKernel* shippedKernel(const std::string& name);
// "whole_grid, split_rows, ...", for messages.
std::string shippedKernelNames();

}  // namespace heatlab
