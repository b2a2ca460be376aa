#include "app/lecture/panel/lecture_settings.h"

#include <algorithm>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

CopyPolicy copyPolicyOf(const LectureSettings& settings) {
    return {settings.copyEvery, settings.pinned ? HostMemory::Pinned : HostMemory::Pageable};
}

LectureSettings paneBSettingsOf(const LectureSettings& a, BackendChoice aRunsOn) {
    const PaneBSettings& b = a.comparison.b;
    LectureSettings s = a;
    s.params.kernel = b.kernel.value_or(a.params.kernel);
    s.params.r = b.r.value_or(a.params.r);
    s.backend = b.backend.value_or(aRunsOn);
    s.copyEvery = b.copyEvery.value_or(a.copyEvery);
    s.pinned = b.pinned.value_or(a.pinned);
    s.picture.path = b.path.value_or(a.picture.path);
    s.picture.mapPerFrame = b.mapPerFrame.value_or(a.picture.mapPerFrame);
    return s;
}

std::string paneBBackendProblem(BackendChoice choice) {
    const std::string why = backendUnavailable(choice);
    return why.empty() ? why : std::string("backend=") + name(choice) + ": " + why;
}

BackendSelection makePaneBBackend(BackendChoice choice) {
    const std::string problem = paneBBackendProblem(choice);
    if (!problem.empty()) {
        throw UsageError(problem);
    }
    return makeBackend(choice);
}

void refuseDifferenceWithoutSplit(const ABComparison& comparison) {
    if (comparison.difference && !comparison.split) {
        throw UsageError(tr("--difference shows A - B in pane B: it needs --split"));
    }
}

GridSize defaultWindowGrid(const BackendFacts& backend) {
    return backend.fieldInHostMemory ? GridSize{512, 512} : GridSize{2048, 2048};
}

PaceSettings paceSettingsOf(const LectureSettings& settings, double factor) {
    PaceSettings pace;
    pace.pace = settings.pace;
    pace.stepsPerFrame = settings.stepsPerFrame;
    pace.stepsPerSecond = settings.stepsPerSecond;
    pace.maxStepsPerFrame = kMaxStepsPerFrame;
    const double explosion = explosionStepsPerSecond(factor, settings.explosionDecadesPerSecond);
    if (explosion > 0.0) {
        pace.pace = Pace::StepsPerSecond;
        pace.stepsPerSecond = std::clamp(explosion, kMinStepsPerSecond, kMaxStepsPerSecond);
    }
    return pace;
}

FrameSettings frameSettingsOf(const LectureSettings& settings, int steps,
                              const std::optional<ViewTransform>& view) {
    FrameSettings frame;
    static_cast<PictureSettings&>(frame) = settings.picture;
    frame.steps = steps;
    frame.view = view;
    return frame;
}

}  // namespace heatlab
