#pragma once
// The roofline as data: the roofs heatlab measured on this machine (and, on
// a GPU, the datasheet's, for contrast), and each kernel as a point from
// table 1's own figures: x its counted arithmetic intensity
// (kernels/kernel_traffic.h), y its GFLOP/s. Built the same way for the
// bench's picture and the panel's live plot (app/ui/panel/roofline_plot.h draws
// it). No ImGui here.

#include <string>
#include <vector>

#include "app/io/png_file.h"
#include "app/measure/bench_measure.h"
#include "kernels/kernel_traffic.h"
#include "kernels/numerics/params.h"
#include "kernels/simulation.h"

namespace heatlab {

struct Roof {
    enum class Kind {
        Memory,   // GB/s: a slope, GFLOP/s = GB/s x flops per byte
        Compute,  // GFLOP/s: flat
    };
    enum class Source {
        Measured,   // timed by heatlab on this machine
        Datasheet,  // the device's theoretical peak (drawn dotted)
    };
    enum class Role {
        FieldMemory,  // the copy floor, the platform's copy: where the field lives
        Cache,        // the L2 (or L3): where the resident kernel's bytes go
        HostCopy,     // copy-back: where a running kernel that copies back goes
        Arithmetic,
    };
    std::string name;
    Kind kind = Kind::Memory;
    Source source = Source::Measured;
    Role role = Role::FieldMemory;
    double value = 0.0;  // GB/s or GFLOP/s
};

struct RooflinePoint {
    std::string label;
    double flopsPerByte = 0.0;
    double gflopPerS = 0.0;
    // What its bytes were counted in: the field's memory, the L2 (the
    // resident kernel's edge exchange) or the host copies (copy-back).
    enum class Bytes { FieldMemory, OnChipL2, ToHost };
    Bytes bytes = Bytes::FieldMemory;
    bool running = false;  // the lecture's kernel now: highlighted
};

struct Roofline {
    std::string title;  // what it was measured on
    std::vector<Roof> roofs;
    std::vector<RooflinePoint> points;
};

// From table 1 as measured so far (rows not yet timed give no roof or
// point): every stencil kernel's row a point (the copy floor computes
// nothing: it is a roof), every measured roof, and the datasheet peaks the
// table knows. `title` says what it was measured on.
Roofline rooflineOf(const KernelTable& table, const std::string& title);

// The lecture's running kernel, from what the window measures of it.
struct RunningKernel {
    std::string label;  // "optimised, copy back every step (pinned)"
    Kernel kernel = Kernel::Optimised;
    GridSize grid;
    // Steps a pass as the window steps it (Backend::manySteps()): 1, the
    // temporal kernel's k, 0 on chip.
    int stepsPerPass = 1;
    double stepsPerSecond = 0.0;  // the lecture's rate, display included
    double copyGBs = 0.0;         // moved to the host by the copy-back policy
};

// What `simulation` runs now, at the rates the window measured of it.
RunningKernel runningKernelOf(Simulation& simulation, double stepsPerSecond, double copyGBs);

// Its point: y its steps a second in GFLOP/s; x its counted intensity, or,
// while it copies back (copyGBs > 0), its operations per byte sent to the
// host, so it sits against the host-copy roofs that bind it. None when the
// lecture is not stepping (no rate).
std::vector<RooflinePoint> runningPoint(const RunningKernel& running);

// The roofs and points as JSON, for the PNG's text chunk "Roofline", and
// the picture's other chunks (Title, Software), so a slide records the
// figures it shows.
std::string rooflineJson(const Roofline& roofline);
PngText rooflineText(const Roofline& roofline);

}  // namespace heatlab
