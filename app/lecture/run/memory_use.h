#pragma once
// What each command holds for its grid besides the backend's buffers
// (kernels/memory_plan.h's MemoryUse), from its settings, set once by the
// command before its first check: the window and serve (a lecture), shot.
// The bench makes a plan of its own (app/measure/bench_plan.h).

#include <cstddef>

#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/run/shot_settings.h"
#include "kernels/memory_plan.h"

namespace heatlab {

// A lecture on a surface of viewWidth x viewHeight pixels (its panes' views
// are within it): its display path as
// asked (via host on a backend whose field is in host memory), both panes
// where it starts split, and the copy-back policy's buffer, which C or a
// cue may ask for at any time.
MemoryUse lectureMemoryUse(const LectureSettings& settings, int viewWidth, int viewHeight);

// `heatlab shot`: with --ui a lecture's; otherwise the display path, the
// picture of the field at one pixel a cell (not with --slide or --stats),
// --field's copies, and the policy's buffer where --copy-every asks.
MemoryUse shotMemoryUse(const ShotOptions& options);

}  // namespace heatlab
