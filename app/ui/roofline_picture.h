#pragma once
// `heatlab bench --roofline FILE.png`: the roofline as a slide, drawn by the
// panel's own drawing (roofline_plot.h) through the headless context `heatlab
// shot` uses, dark on white, with the figures in its text chunks
// (rooflineText()).

#include <string>

#include "app/measure/roofline.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// Writes `roofline` as a `size.nx` x `size.ny` PNG to `path` (through
// writePng()). Throws UsageError when no GL context can be had (as `shot`
// does), RuntimeError when the file cannot be written.
void writeRooflinePicture(const Roofline& roofline, const GridSize& size, const std::string& path);

}  // namespace heatlab
