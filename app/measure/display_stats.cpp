#include "app/measure/display_stats.h"
#include "kernels/base/host_clock.h"
#include "kernels/base/median.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/io/output_file.h"

namespace heatlab {

namespace {

constexpr int kWarmupFrames = 3;

const char* describe(PresentWrite how) {
    return how == PresentWrite::ByLastStep ? "by the frame's last step" : "by a device copy";
}

}  // namespace

ShotStats measureFrames(Simulation& simulation, const FrameRunner& frame,
                        const MeasuredTarget& target, int frames, int stepsPerFrame) {
    Backend& backend = simulation.backend();
    const auto finish = [&] {
        backend.synchronize();
        target.finish();
    };

    ShotStats stats;
    for (int i = 0; i < kWarmupFrames; ++i) {
        frame(false);
        simulation.advance(stepsPerFrame);
    }
    finish();

    // The same steps with and without the display, each from a fresh field,
    // waited for only at the end, as a window's frames would run.
    simulation.reset();
    HostClock::time_point start = HostClock::now();
    for (int i = 0; i < frames; ++i) {
        simulation.advance(stepsPerFrame);
    }
    finish();
    const double totalSteps = static_cast<double>(frames) * stepsPerFrame;
    stats.stepsPerSecondUndisplayed = totalSteps / secondsSince(start);

    simulation.reset();
    start = HostClock::now();
    for (int i = 0; i < frames; ++i) {
        frame(false);
    }
    finish();
    stats.stepsPerSecondDisplayed = totalSteps / secondsSince(start);

    simulation.reset();
    std::vector<double> steps, copies, display, draw, ui, readback;
    FrameStats last;
    for (int i = 0; i < frames; ++i) {
        last = frame(true);
        steps.push_back(last.stepsMs);
        copies.push_back(last.copyBackMs);
        display.push_back(last.displayMs);
        draw.push_back(last.drawMs);
        ui.push_back(last.uiMs);
        const HostClock::time_point readStart = HostClock::now();
        target.readBack();
        readback.push_back(secondsSince(readStart) * 1e3);
    }
    stats.stepsMs = median(steps);
    stats.copyBackMs = median(copies);
    stats.displayMs = median(display);
    stats.drawMs = median(draw);
    stats.uiMs = median(ui);
    stats.readbackMs = median(readback);

    stats.backend = backend.facts().name;
    stats.device = backend.facts().device;
    stats.kernel = name(simulation.params().kernel);
    stats.path = name(last.path);
    stats.grid = simulation.params().grid;
    stats.frames = frames;
    stats.stepsPerFrame = stepsPerFrame;
    stats.viewWidth = target.width;
    stats.viewHeight = target.height;
    stats.presentWrite = last.presentWrite ? describe(*last.presentWrite) : "-";
    stats.interopBuffer = last.interopBuffer ? name(*last.interopBuffer) : "-";
    return stats;
}

std::vector<BudgetRun> measureInBudget(const MeasureFrames& measure, double budgetMs,
                                       const std::vector<DisplayPath>& paths, int probeSteps) {
    std::vector<BudgetRun> runs;
    for (DisplayPath path : paths) {
        const ShotStats probe = measure(probeSteps, path);
        const double room = std::max(0.0, budgetMs - probe.overheadMs());
        const double steps = room * 1e-3 * probe.stepsPerSecondUndisplayed;
        const int stepsPerFrame = static_cast<int>(std::clamp(steps, 1.0, 1e7));
        BudgetRun run;
        run.stats = measure(stepsPerFrame, path);
        run.overheadMs = run.stats.overheadMs();
        run.share = run.stats.stepsPerSecondDisplayed / run.stats.stepsPerSecondUndisplayed;
        runs.push_back(run);
    }
    return runs;
}

std::vector<DisplayPath> budgetPaths(const BackendFacts& backend) {
    if (backend.fieldInHostMemory) {
        return {DisplayPath::ViaHost};
    }
    return {DisplayPath::Interop, DisplayPath::ViaHost};
}

void printBudget(const std::vector<BudgetRun>& runs, double budgetMs) {
    std::printf("\nframes of %.1f ms, each filled with the steps that fit beside the display:\n",
                budgetMs);
    std::printf("  %-28s %12s %14s %14s %9s\n", "display path", "steps/frame", "overhead ms",
                "steps/s shown", "share");
    for (const BudgetRun& run : runs) {
        const std::string path = run.stats.path == "interop"
                                     ? "interop (" + run.stats.interopBuffer + ")"
                                     : run.stats.path;
        std::printf("  %-28s %12d %14.3f %14.0f %8.1f %%\n", path.c_str(), run.stats.stepsPerFrame,
                    run.overheadMs, run.stats.stepsPerSecondDisplayed, 100.0 * run.share);
    }
}

PaneStats paneStatsOf(const std::vector<FrameStats>& frames) {
    PaneStats pane;
    std::vector<double> steps, copies, display, draw;
    for (const FrameStats& f : frames) {
        steps.push_back(f.stepsMs);
        copies.push_back(f.copyBackMs);
        display.push_back(f.displayMs);
        draw.push_back(f.drawMs);
    }
    pane.stepsMs = median(steps);
    pane.copyBackMs = median(copies);
    pane.displayMs = median(display);
    pane.drawMs = median(draw);
    if (!frames.empty()) {
        const FrameStats& last = frames.back();
        pane.path = name(last.path);
        pane.interopBuffer = last.interopBuffer ? name(*last.interopBuffer) : "-";
    }
    return pane;
}

void printShotStats(const ShotStats& s) {
    std::printf("heatlab shot --stats: %s on %s\n", s.backend.c_str(), s.device.c_str());
    std::printf("OpenGL: %s\n", s.context.c_str());
    std::printf("grid %d x %d, kernel %s, %d frames of %d steps, %s drawn into %d x %d pixels\n",
                s.grid.nx, s.grid.ny, s.kernel.c_str(), s.frames, s.stepsPerFrame,
                s.picture.c_str(), s.viewWidth, s.viewHeight);
    std::printf("display path: %s%s%s\n", s.path.c_str(),
                s.fallback.empty() ? "" : " (interop asked for: ", s.fallback.empty() ? "" : ")");
    if (!s.fallback.empty()) {
        std::printf("  %s\n", s.fallback.c_str());
    }
    std::printf("\n%-34s %12s\n", "per frame (median, each part waited for)", "ms");
    std::printf("%-34s %12.4f\n", "steps", s.stepsMs);
    std::printf("%-34s %12.4f\n", "copy back (the policy's copies)", s.copyBackMs);
    std::printf("%-34s %12.4f   (%s)\n", "display update", s.displayMs,
                s.path != "interop" ? "copy to host memory and upload"
                : s.interopBuffer == "mapped buffer"
                    ? "the last step writing the mapped buffer, map and unmap"
                    : "the last step writing the shared buffer");
    std::printf("%-34s %12.4f\n", "draw", s.drawMs);
    std::printf("%-34s %12.4f\n", "panel", s.uiMs);
    std::printf("%-34s %12.4f\n", "readback of the drawn picture", s.readbackMs);
    std::printf("\nsteps per second, frames queued back to back:\n");
    std::printf("  with the display     %14.0f\n", s.stepsPerSecondDisplayed);
    std::printf("  without the display  %14.0f\n", s.stepsPerSecondUndisplayed);
    std::printf("  ratio                %14.1f %%\n",
                100.0 * s.stepsPerSecondDisplayed / s.stepsPerSecondUndisplayed);
    std::printf("interop buffer: %s, written %s; registered with CUDA %d time(s)\n",
                s.interopBuffer.c_str(), s.presentWrite.c_str(), s.registrations);
    if (!s.sharedFallback.empty()) {
        std::printf("  %s\n", s.sharedFallback.c_str());
    }
    if (s.paneB) {
        const PaneStats& b = *s.paneB;
        std::printf("\nA/B, the same timed frames (median ms)   %12s %12s\n", "pane A", "pane B");
        std::printf("%-40s %12s %12s\n", "kernel", s.kernel.c_str(), b.kernel.c_str());
        std::printf("%-40s %12s %12s\n", "display path", s.path.c_str(), b.path.c_str());
        std::printf("%-40s %12.4f %12.4f\n", "steps", s.stepsMs, b.stepsMs);
        std::printf("%-40s %12.4f %12.4f\n", "copy back", s.copyBackMs, b.copyBackMs);
        std::printf("%-40s %12.4f %12.4f\n", "display update", s.displayMs, b.displayMs);
        std::printf("%-40s %12.4f %12.4f\n", "draw", s.drawMs, b.drawMs);
        std::printf("%-40s %12.4f %12.4f\n", "total (A's without the panel)",
                    s.stepsMs + s.copyBackMs + s.displayMs + s.drawMs, b.totalMs());
    }
}

void writeShotStats(const ShotStats& s, const std::string& path,
                    const std::vector<BudgetRun>& budget, double budgetMs) {
    nlohmann::json json = {
        {"backend", s.backend},
        {"device", s.device},
        {"context", s.context},
        {"kernel", s.kernel},
        {"display_path", s.path},
        {"interop_fallback", s.fallback},
        {"interop_buffer", s.interopBuffer},
        {"shared_fallback", s.sharedFallback},
        {"grid", {{"nx", s.grid.nx}, {"ny", s.grid.ny}}},
        {"frames", s.frames},
        {"steps_per_frame", s.stepsPerFrame},
        {"picture", s.picture},
        {"view_pixels", {{"width", s.viewWidth}, {"height", s.viewHeight}}},
        {"steps_per_second_displayed", s.stepsPerSecondDisplayed},
        {"steps_per_second_undisplayed", s.stepsPerSecondUndisplayed},
        {"median_ms",
         {{"steps", s.stepsMs},
          {"copy_back", s.copyBackMs},
          {"display_update", s.displayMs},
          {"draw", s.drawMs},
          {"panel", s.uiMs},
          {"readback", s.readbackMs}}},
        {"interop_written", s.presentWrite},
        {"interop_registrations", s.registrations},
    };
    if (s.paneB) {
        const PaneStats& b = *s.paneB;
        json["pane_b"] = {{"kernel", b.kernel},
                          {"display_path", b.path},
                          {"interop_buffer", b.interopBuffer},
                          {"median_ms",
                           {{"steps", b.stepsMs},
                            {"copy_back", b.copyBackMs},
                            {"display_update", b.displayMs},
                            {"draw", b.drawMs}}}};
    }
    if (!budget.empty()) {
        nlohmann::json runs = nlohmann::json::array();
        for (const BudgetRun& run : budget) {
            runs.push_back({{"display_path", run.stats.path},
                            {"interop_buffer", run.stats.interopBuffer},
                            {"steps_per_frame", run.stats.stepsPerFrame},
                            {"overhead_ms", run.overheadMs},
                            {"steps_per_second_displayed", run.stats.stepsPerSecondDisplayed},
                            {"steps_per_second_undisplayed", run.stats.stepsPerSecondUndisplayed},
                            {"share_of_undrawn_rate", run.share}});
        }
        json["frame_budget"] = {{"ms", budgetMs}, {"runs", runs}};
    }
    writeOutputFile(path, json.dump(2) + "\n");
}

}  // namespace heatlab
