#pragma once
// The window's keys, as edits of the lecture's settings and the panel's
// actions: the same model the panel edits, so a key and its button cannot
// disagree.

#include "app/lecture/key.h"
#include "app/lecture/panel_edits.h"

namespace heatlab {

// The keys, on one line: the help shown along the bottom of the field.
inline constexpr const char* kKeyHelp =
    "Space run/pause   N step   R reset   Up/Down r +/- 0.001   F12/P screenshot   C copy every "
    "step   L log colours   "
    "left/right paint hot/cold, wheel zoom, middle-drag pan, F fit   H panel   F5 presenter   Esc "
    "quit";

// Applies one key press (`repeat`: held down) to the settings or the
// actions. Run, reset, screenshot, panel, colour scale, presenter and quit
// ignore repeats; a single step and r follow them, so holding the key walks.
void applyKey(Key key, bool repeat, LectureSettings& settings, PanelActions& actions);

}  // namespace heatlab
