#pragma once
// What each kernel computes and moves a step, counted from how it is
// written: the roofline's x (arithmetic intensity: floating-point operations
// per byte moved). The one place these counts are made; the bench's table,
// its JSON and the roofline all read them from here.
//
// Operations: kHeatUpdateFlops (7) per interior cell a step: the updates the
// answer needs. The temporal kernel also recomputes the overlap of its tiles
// (a margin of k cells), which is work done but not counted, so it shows as
// a distance below the roof, where it belongs.
//
// Bytes, in the memory the field lives in: every buffer a pass reads is read
// once and every buffer it writes written once (the neighbours come from
// cache, as they do on both backends), ring included:
//   copy, global, tiled, optimised   2 grids a step (read one, write one)
//   three-pass                       7 grids a step: Laplacian (read the
//                                    field, write it), integrate (read both,
//                                    write the new field), update (read it,
//                                    write it back over the field)
//   temporal, k steps a pass         2 grids a pass: 2 / k a step
// The ring's ghost fill (a few rows and columns) is left out: under 0.3 % of
// a 2048 grid's bytes.
//
// The resident kernel (the optimised step with the grid held on chip for
// all the steps, ManySteps::Submission::OnChip) moves no grid through memory
// between its one load and one store; what it moves a step is the edge
// exchange between its tiles, through the L2: each edge two neighbouring
// tiles share is published by both (a 64-bit word per cell: the value and
// its step) and read by the other. So it is placed against the L2 roof,
// with those bytes.

#include "kernels/numerics/params.h"

namespace heatlab {

// Which memory a kernel's bytes are counted in.
enum class TrafficLevel {
    FieldMemory,  // where the field lives: device memory, or host memory on the CPU
    OnChipL2,     // the resident kernel's edge exchange
};

struct KernelTraffic {
    double flopsPerStep = 0.0;
    double bytesPerStep = 0.0;
    TrafficLevel level = TrafficLevel::FieldMemory;

    // Operations per byte; 0 for the copy floor, which computes nothing.
    double intensity() const { return bytesPerStep > 0.0 ? flopsPerStep / bytesPerStep : 0.0; }
};

// Grids read plus grids written by one pass of `kernel` (above): its
// traits' gridsMovedPerPass (kernels/numerics/kernel_catalogue.h).
int gridsMovedPerPass(Kernel kernel);

// Bytes through the L2 a step of the resident kernel on an nx x ny field.
double residentExchangeBytesPerStep(const GridSize& grid);

// `kernel` on `grid`, run `stepsPerPass` steps a pass over memory as the
// bench's KernelTiming and ManySteps say: 1, the temporal kernel's k, or 0
// for the grid held on chip (the resident kernel).
KernelTraffic kernelTraffic(Kernel kernel, const GridSize& grid, int stepsPerPass);

}  // namespace heatlab
