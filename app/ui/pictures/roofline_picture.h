#pragma once
// `heatlab bench --roofline FILE.png`: the roofline as a slide, drawn by the
// panel's own drawing (app/ui/panel/roofline_plot.h) through the headless
// context `heatlab shot` uses, dark on white, with the figures in its text
// chunks (rooflineText()).

#include <string>

#include "app/measure/roofline.h"
#include "kernels/numerics/params.h"

namespace heatlab {

// `roofline` drawn as a `size.nx` x `size.ny` picture: the PNG file's
// contents, written by the caller with the run's other outputs. Throws
// UsageError when no GL context can be had (as `shot` does).
std::string rooflinePicturePng(const Roofline& roofline, const GridSize& size);

}  // namespace heatlab
