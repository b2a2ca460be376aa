#include "app/lecture/lecture_settings.h"

#include <algorithm>

namespace heatlab {

CopyPolicy copyPolicyOf(const LectureSettings& settings) {
    return {settings.copyEvery, settings.pinned ? HostMemory::Pinned : HostMemory::Pageable};
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
