#include "app/commands/prepared_lecture.h"

#include <utility>

#include "app/lecture/run/frame_fault.h"
#include "app/lecture/run/memory_use.h"
#include "app/lecture/run/simulation_control.h"
#include "app/platform/surface_size.h"

namespace heatlab {

PreparedLecture prepareLecture(const LectureStart& start) {
    PreparedLecture prepared;
    prepared.start = start;
    if (!start.scenePath.empty()) {
        // Read and checked whole before the backend or a window starts.
        prepared.scene = readScene(start.scenePath, start.settings);
        static_cast<LessonSettings&>(prepared.start.settings) = prepared.scene->settings;
    }
    // Read and checked whole too: a bad cue list is one line and exit 2.
    if (!start.cues.empty()) {
        prepared.cues = readCues(start.cues);
    }
    prepared.selection = makeBackend(prepared.start.settings.backend);
    // The test hook, where asked for: read once, here
    // (app/lecture/run/frame_fault.h).
    prepared.selection.backend = withFrameFaultAsked(std::move(prepared.selection.backend));
    LectureSettings& settings = prepared.start.settings;
    if (!prepared.scene && !start.gridChosen) {
        settings.params.grid = defaultWindowGrid(prepared.selection.backend->facts());
    }
    settings.useGridFor(choiceOf(*prepared.selection.backend));
    // What the lecture holds besides the backend, for this check and every
    // later one (a scene, a cue, a reset on a new grid, a dropped file).
    setMemoryUse(lectureMemoryUse(settings, kWindowWidth, kWindowHeight));
    Simulation::requireRunnable(*prepared.selection.backend, settings.params);
    if (prepared.cues) {
        LectureSettings begin = settings;
        begin.backend = choiceOf(*prepared.selection.backend);
        checkKernelsPlayable(*prepared.cues, begin);
        // Their grids' memory too, before any window.
        checkGridsPlayable(*prepared.cues, begin, *prepared.selection.backend);
    }
    return prepared;
}

}  // namespace heatlab
