#pragma once
// `heatlab shot --stats`: where a displayed frame's time goes, measured on
// the machine it runs on (a GPU server through EGL included), and the steps
// per second with and without the display, in the same call.

#include <string>

#include "app/commands/shot_picture.h"

namespace heatlab {

struct ShotStats {
    std::string backend;
    std::string device;
    std::string context;  // the OpenGL context's one line
    std::string kernel;
    std::string path;      // the display path that ran
    std::string fallback;  // why not interop, when it was asked for and not had
    GridSize grid;
    int frames = 0;
    int stepsPerFrame = 0;
    int viewSize = 0;  // the frames are drawn into a square of this many pixels
    // Throughput over `frames` frames, the device waited for only at the end:
    double stepsPerSecondDisplayed = 0.0;    // each frame drawn
    double stepsPerSecondUndisplayed = 0.0;  // the same steps, nothing drawn
    // Medians of `frames` frames each waited for after every part.
    double stepsMs = 0.0;
    double displayMs = 0.0;
    double drawMs = 0.0;
    double readbackMs = 0.0;   // the drawn picture read back to host memory
    std::string presentWrite;  // how the interop buffer was written, or "-"
    int registrations = 0;     // GL buffers registered with CUDA in the whole run
};

ShotStats measureShot(ShotScene& scene, const ShotOptions& options);
void printShotStats(const ShotStats& stats);
// Written through writeOutputFile().
void writeShotStats(const ShotStats& stats, const std::string& path);

}  // namespace heatlab
