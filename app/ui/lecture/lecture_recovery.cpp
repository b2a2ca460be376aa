// LectureUi's undoing of a frame that threw (frame_guard.h): the lecture
// put back as the frame found it, on its backend or, the device lost, on
// the CPU. Apart from lecture_ui.cpp, which runs the frames.
#include <exception>

#include "app/i18n/translation.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

LectureUi::FrameStart LectureUi::frameStart() const {
    const PaneRun& a = lead();
    return FrameStart{a.settings(),
                      a.simulation().params(),
                      a.simulation().fieldCount(),
                      input_.navigation().view(),
                      scenePanel_.loadedTitle,
                      scenePanel_.loadedDescription};
}

Notice LectureUi::recover(const FrameStart& before, const std::string& why) {
    imgui_.abandonFrame();
    Simulation& run = simulation();
    settings() = before.settings;
    // Intact: still the field the frame found (no reset or scene replaced
    // it before the throw) and still readable from its backend. A step
    // that threw ran none of its steps, or all: the step count is the
    // field's own either way.
    bool intact = run.fieldCount() == before.field;
    if (intact) {
        try {
            (void)run.fieldOnHost();
        } catch (const std::exception&) {
            intact = false;
        }
    }
    // Kernel and r as the frame found them; grid, boundary and initial
    // field the ones the frame's field was made from.
    run.setParams(before.running);
    if (!intact) {
        run.reset();  // a throw here: the lecture cannot be put back
    }
    const Notice said =
        intact
            ? Notice::info(trf("a frame failed (%s): the lecture goes on as it was, at step %lld",
                               why.c_str(), run.stepCount()),
                           tr("a frame failed: the lecture goes on"))
            : Notice::info(trf("a frame failed (%s): the lecture goes on from its scene, made "
                               "anew at step 0",
                               why.c_str()),
                           tr("a frame failed: the lecture goes on"));
    return restoreAround(before, !intact, said);
}

Notice LectureUi::recoverOnCpu(const FrameStart& before, const std::string& why) {
    imgui_.abandonFrame();
    // Nothing on the lost device is touched again: the table's rows and
    // pane B ran there too.
    measures_.cancelBandwidth();
    panes_.dropFollowers();
    settings() = before.settings;
    const SimulationControl::MovedToCpu moved =
        lead().control().moveToCpu(before.running, simulation().fieldCount() == before.field, why);
    return restoreAround(before, !moved.fieldKept, moved.notice);
}

Notice LectureUi::restoreAround(const FrameStart& before, bool fieldReplaced, const Notice& said) {
    if (fieldReplaced) {
        notice_.clear();  // a new field: nothing said of the old one stays
        restartFollowers();
        // A table of the grid a scene in the failed frame brought is of no
        // grid that runs.
        if (measures_.bandwidth().running() &&
            (measures_.bandwidth().grid().nx != before.running.grid.nx ||
             measures_.bandwidth().grid().ny != before.running.grid.ny)) {
            measures_.cancelBandwidth();
        }
    }
    input_.navigation().setView(before.view);
    scenePanel_.loadedTitle = before.title;
    scenePanel_.loadedDescription = before.description;
    lead().showBackend();
    say(said);
    return said;
}

}  // namespace heatlab
