#include "app/measure/roofline.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "app/kernel_files/class_kernels.h"

namespace heatlab {

namespace {

void addMemoryRoof(Roofline& r, std::string name, Roof::Role role, double gbs) {
    if (gbs > 0.0) {
        r.roofs.push_back({std::move(name), Roof::Kind::Memory, Roof::Source::Measured, role, gbs});
    }
}

const char* bytesName(RooflinePoint::Bytes bytes) {
    switch (bytes) {
    case RooflinePoint::Bytes::OnChipL2: return "L2";
    case RooflinePoint::Bytes::ToHost: return "to host";
    case RooflinePoint::Bytes::FieldMemory:
    default: return "field memory";
    }
}

const char* roleName(Roof::Role role) {
    switch (role) {
    case Roof::Role::Cache: return "cache";
    case Roof::Role::HostCopy: return "host copy";
    case Roof::Role::Arithmetic: return "arithmetic";
    case Roof::Role::FieldMemory:
    default: return "field memory";
    }
}

}  // namespace

Roofline rooflineOf(const KernelTable& table, const std::string& title) {
    Roofline r;
    r.title = title;
    addMemoryRoof(r, "copy (floor)", Roof::Role::FieldMemory, table.floorGBs);
    addMemoryRoof(r, table.systemCopy.name, Roof::Role::FieldMemory, table.systemCopy.gbPerS);
    const CacheRoofs& roofs = table.roofs;
    addMemoryRoof(r, roofs.cacheName + ": copy floor on " + gridText(roofs.cacheGrid),
                  Roof::Role::Cache, roofs.cacheCopy.gbPerS);
    for (const HostCopyTiming& h : table.hostCopies) {
        addMemoryRoof(r, std::string("to host, ") + name(h.memory), Roof::Role::HostCopy, h.gbPerS);
    }
    if (roofs.arithmeticGflops > 0.0) {
        r.roofs.push_back({"the stencil's arithmetic", Roof::Kind::Compute, Roof::Source::Measured,
                           Roof::Role::Arithmetic, roofs.arithmeticGflops});
    }
    if (table.peakGBs > 0.0) {
        r.roofs.push_back({"datasheet: memory clock x bus width", Roof::Kind::Memory,
                           Roof::Source::Datasheet, Roof::Role::FieldMemory, table.peakGBs});
    }
    if (roofs.peakGflops > 0.0) {
        r.roofs.push_back({"datasheet: SMs x clock x FP32 lanes x 2", Roof::Kind::Compute,
                           Roof::Source::Datasheet, Roof::Role::Arithmetic, roofs.peakGflops});
    }
    double fastest = 0.0;
    for (const KernelTiming& k : table.kernels) {
        if (traits(k.kernel).copyFloor || k.traffic.bytesPerStep <= 0.0) {
            continue;  // the floor computes nothing: it is a roof, not a point
        }
        r.points.push_back({k.name, k.traffic.intensity(), k.gflopPerS,
                            k.traffic.level == TrafficLevel::OnChipL2
                                ? RooflinePoint::Bytes::OnChipL2
                                : RooflinePoint::Bytes::FieldMemory,
                            false});
        fastest = std::max(fastest, k.gflopPerS);
    }
    // A roof bounds what runs under it: a measured arithmetic roof below a
    // kernel was timed while something else ran, and says so rather than
    // claim to bound it.
    for (Roof& roof : r.roofs) {
        if (roof.role == Roof::Role::Arithmetic && roof.source == Roof::Source::Measured &&
            roof.value < fastest) {
            roof.name += " (timed while busy)";
        }
    }
    return r;
}

RunningKernel runningKernelOf(Simulation& simulation, double stepsPerSecond, double copyGBs) {
    const Params& p = simulation.params();
    const ManySteps many = simulation.backend().manySteps(p.kernel, p.grid, p.boundary);
    RunningKernel running;
    running.kernel = p.kernel;
    running.grid = p.grid;
    running.stepsPerPass = many.stepsPerPass;
    running.stepsPerSecond = stepsPerSecond;
    running.copyGBs = copyGBs;
    running.label = kernelLabel(p.kernel);  // a class kernel: its file's name
    if (traits(p.kernel).fusesSteps && many.stepsPerPass > 0) {
        running.label += ", " + std::to_string(many.stepsPerPass) + " steps a pass";
    }
    if (many.stepsPerPass == 0) {
        running.label += ", on chip";
    }
    const CopyPolicy& copy = simulation.copyPolicy();
    if (copy.every > 0) {
        running.label += copy.every == 1 ? ", copy back every step"
                                         : ", copy back every " + std::to_string(copy.every);
        running.label += std::string(" (") + name(copy.memory) + ")";
    }
    return running;
}

std::vector<RooflinePoint> runningPoint(const RunningKernel& running) {
    if (traits(running.kernel).copyFloor || !(running.stepsPerSecond > 0.0)) {
        return {};
    }
    const KernelTraffic traffic = kernelTraffic(running.kernel, running.grid, running.stepsPerPass);
    RooflinePoint point;
    point.label = "now: " + running.label;
    point.running = true;
    point.gflopPerS = traffic.flopsPerStep * running.stepsPerSecond / 1e9;
    if (running.copyGBs > 0.0) {
        // Operations per byte sent to the host: both are rates of the same run.
        point.flopsPerByte = point.gflopPerS / running.copyGBs;
        point.bytes = RooflinePoint::Bytes::ToHost;
    } else {
        point.flopsPerByte = traffic.intensity();
        point.bytes = traffic.level == TrafficLevel::OnChipL2 ? RooflinePoint::Bytes::OnChipL2
                                                              : RooflinePoint::Bytes::FieldMemory;
    }
    if (!(point.flopsPerByte > 0.0) || !std::isfinite(point.flopsPerByte)) {
        return {};
    }
    return {point};
}

std::string rooflineJson(const Roofline& roofline) {
    using nlohmann::json;
    json out;
    out["title"] = roofline.title;
    out["roofs"] = json::array();
    for (const Roof& roof : roofline.roofs) {
        const bool memory = roof.kind == Roof::Kind::Memory;
        out["roofs"].push_back(
            {{"name", roof.name},
             {"role", roleName(roof.role)},
             {"source", roof.source == Roof::Source::Measured ? "measured" : "datasheet"},
             {memory ? "gb_per_s" : "gflop_per_s", roof.value}});
    }
    out["points"] = json::array();
    for (const RooflinePoint& p : roofline.points) {
        out["points"].push_back({{"label", p.label},
                                 {"flops_per_byte", p.flopsPerByte},
                                 {"gflop_per_s", p.gflopPerS},
                                 {"bytes_through", bytesName(p.bytes)},
                                 {"running", p.running}});
    }
    // ASCII only: a tEXt chunk holds Latin-1.
    return out.dump(-1, ' ', true);
}

PngText rooflineText(const Roofline& roofline) {
    return {{"Title", "heatlab roofline: " + roofline.title},
            {"Software", "heatlab " HEATLAB_VERSION},
            {"Roofline", rooflineJson(roofline)}};
}

}  // namespace heatlab
