#pragma once
// The explosion on cue, and never a broken picture. Past the grid's own
// bound the checkerboard grows by |factor| a step (kernels/numerics/
// grid_modes.h): at 10 steps a frame it blinks past in a second or two, and
// stepping on until the floats overflow ends on a field of NaN that looks
// like a rendering bug. So:
// - the lecture's automatic pace, where the grid is unstable at its r, runs
//   the steps a second that grow the mode by a chosen number of powers of
//   ten a second (1.5 by default: from the first visible checkerboard,
//   about 1e-2, to the pause at 1e30, 32 decades, is about 21 s on any grid
//   and either backend, as long as the backend keeps up);
// - under every pace a frame runs no more steps than keep max |u|, predicted
//   from its newest measure (which on a GPU arrives a frame or two late),
//   below kPauseAmplitude; the run pauses there, on a finite field, saying
//   why. No GL here.

#include <optional>

#include <string>
#include "app/i18n/translation.h"
#include "app/lecture/panel/notice.h"

#include "kernels/numerics/params.h"

namespace heatlab {

// The explosion's growth the automatic pace aims at, in powers of ten of
// the mode's amplitude a second, and what the panel offers.
constexpr double kDefaultDecadesPerSecond = 1.5;
constexpr double kMinDecadesPerSecond = 0.25;
constexpr double kMaxDecadesPerSecond = 10.0;
// What the flag and the scene accept: 0 (off) or within those.
bool explosionPaceAllowed(double decadesPerSecond);
// Translated where it is shown.
constexpr const char* kExplosionPaceRule =
    trNoop("0 (off) or from 0.25 to 10 powers of ten a second");

// max |u| at which an unstable run pauses: far enough below float's largest
// value (3.4e38) that the frames drawn before the pause, their neighbour
// sums and their colour range stay finite, with 8 decades to spare for a
// measure that arrives late.
constexpr double kPauseAmplitude = 1e30;

// Steps a second that grow a mode of `factor` a step by 10^decadesPerSecond
// a second; 0 where |factor| <= 1 (nothing grows).
double explosionStepsPerSecond(double factor, double decadesPerSecond);

// A measured max |u| and the step it was measured at.
struct AmplitudeSample {
    long long step = 0;
    double maxAbs = 0.0;
};

// The most steps a frame may run from `stepNow` so that max |u|, grown by
// |factor| a step from `measured`, stays below kPauseAmplitude: 0 when it is
// there already. Unlimited (nullopt) where nothing grows (|factor| <= 1).
std::optional<long long> stepsBeforePause(double factor, const AmplitudeSample& measured,
                                          long long stepNow);

// Why the run paused before overflow: whole for the panel, and in brief
// with what to do for the field.
Notice explosionPause(long long step, double factor, double r, double maxAbs);
// What Run (Space, N) at that pause says: why the run cannot go on, and
// what will.
Notice cannotGoOnPastPause(double factor);

}  // namespace heatlab
