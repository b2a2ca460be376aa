#pragma once
// How the lecture window starts: its settings, and what the command line
// asked of this one run beyond them (a scene to start from, a frame count
// for scripts, the pictures written at the end).

#include <string>

#include "app/lecture/panel/lecture_settings.h"

namespace heatlab {

struct LectureStart {
    LectureSettings settings;
    // --scene FILE: read and checked whole before a backend or a window
    // starts; the settings it holds replace those above, the rest stay.
    std::string scenePath;
    // --cues NAME|FILE: a shipped cue list ("lecture") or a file, read and
    // checked whole before a backend or a window starts
    // (app/lecture/files/cue_list.h).
    std::string cues;
    // --grid was given; otherwise the grid is the backend's default
    // (defaultWindowGrid).
    bool gridChosen = false;
    int frames = 0;                // quit after this many frames; 0: when closed
    std::string screenshot;        // the field at grid resolution, at quit
    std::string screenshotWindow;  // the whole window after the last frame
};

}  // namespace heatlab
