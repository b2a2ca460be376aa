#pragma once
// The window's keys, as edits of the panel's state and actions: the same
// model the panel edits, so a key and its button cannot disagree.

#include "app/platform/window.h"
#include "app/ui/panel_state.h"

namespace heatlab {

// The keys, on one line: the help shown along the bottom of the field.
inline constexpr const char* kKeyHelp =
    "Space run/pause   N step   R reset   Up/Down r +/- 0.001   F12/P screenshot   C copy every "
    "step   "
    "left/right paint hot/cold, wheel zoom, middle-drag pan, F fit   H panel   F5 presenter   Esc "
    "quit";

// Applies one key press (`repeat`: held down) to the state or the actions.
// Run, reset, screenshot, panel and quit ignore repeats; a single step and r
// follow them, so holding the key walks.
void applyKey(Key key, bool repeat, PanelState& state, PanelActions& actions);

// The presenter key (F5, as slide programs start their show): scales the
// whole window's UI for a projector, or back. A held key does not flicker.
bool togglesPresenter(Key key, bool repeat);

}  // namespace heatlab
