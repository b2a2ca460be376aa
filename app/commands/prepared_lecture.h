#pragma once
// What a lecture (the window, `heatlab serve`) starts from, read and
// checked before any window or GL, so that a refusal is one line and exit 2
// with nothing made.

#include <optional>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/run/lecture_start.h"
#include "kernels/backend_factory.h"

namespace heatlab {

// The --scene file (its settings in `start`), the --cues list, the backend
// (the grid the backend's default where none was chosen), the grid and the
// cues' kernels and grids checked against it: the lecture's memory plan
// (lectureMemoryUse(), set here for every later check) on its memory.
struct PreparedLecture {
    LectureStart start;
    std::optional<Scene> scene;
    std::optional<CueList> cues;
    BackendSelection selection;
};

// Throws UsageError (one line, exit 2) for a scene or cue list that cannot
// be read or is not valid, and a grid or kernel the backend refuses.
PreparedLecture prepareLecture(const LectureStart& start);

}  // namespace heatlab
