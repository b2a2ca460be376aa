#pragma once
// The window's keys, as edits of the lecture's settings and the panel's
// actions: the same model the panel edits, so a key and its button cannot
// disagree.

#include "app/i18n/translation.h"
#include "app/lecture/input/key.h"
#include "app/lecture/panel/panel_edits.h"

namespace heatlab {

// The keys, one to a line: the help F1 (or ?) shows over the field (in
// English here, translated where it is drawn).
inline constexpr const char* kKeyHelp = trNoop(
    "Space   run / pause\n"
    "N   one step\n"
    "R   reset\n"
    "Up / Down   r + / - 0.001\n"
    "F12 or P   screenshot\n"
    "Ctrl+R   record a video, or stop\n"
    "Ctrl+S / Ctrl+O   save / open a scene\n"
    "C   copy back every step, or never\n"
    "L   colours linear / signed-log\n"
    "M   loupe on / off;  hold Z: it follows the cursor\n"
    "B   A/B: two panes in lockstep, or one\n"
    "Page Down or Right   next cue (--cues)\n"
    "Page Up or Left   the cue before, again\n"
    "left / right drag   paint hot / cold\n"
    "wheel, middle drag   zoom, pan;  F fit\n"
    "V   3D surface: right or middle drag orbit, wheel dolly, F fit (paint in 2D)\n"
    "H   panel\n"
    "F5   presenter mode\n"
    "F11   full screen\n"
    "F1 or ?   these keys\n"
    "Esc   quit");
// What shows of it while it is folded away.
inline constexpr const char* kKeyHelpHint = trNoop("F1 or ?: keys");

// Applies one key press (`repeat`: held down) to the settings or the
// actions. Run, the cues, reset, screenshot, panel, colour scale, presenter and quit
// ignore repeats; a single step and r follow them, so holding the key walks.
void applyKey(Key key, bool repeat, LectureSettings& settings, PanelActions& actions);

}  // namespace heatlab
