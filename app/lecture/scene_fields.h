#pragma once
// The scene's readers of the settings a cue sets too (cue_list.cpp), so a
// field means the same and is checked by the same rule in both files.

#include "app/lecture/json_fields.h"
#include "app/lecture/lecture_settings.h"

namespace heatlab {

// The window's fields a scene may leave out (files written before the panel
// had them): scale, scale_reference, pace, steps_per_second,
// explosion_pace, loupe, copy_every, pinned, brush, comparison (the A/B
// split and pane B's settings), surface, surface_camera. Those present
// replace `s`'s.
void optionalSettingsOf(const Fields& w, LectureSettings& s);
// "steps_per_frame": the command line's rule, to the panel's top.
int stepsPerFrameOf(const Fields& w);

}  // namespace heatlab
