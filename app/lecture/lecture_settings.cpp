#include "app/lecture/lecture_settings.h"

namespace heatlab {

CopyPolicy copyPolicyOf(const LectureSettings& settings) {
    return {settings.copyEvery, settings.pinned ? HostMemory::Pinned : HostMemory::Pageable};
}

PaceSettings paceSettingsOf(const LectureSettings& settings) {
    PaceSettings pace;
    pace.pace = settings.pace;
    pace.stepsPerFrame = settings.stepsPerFrame;
    pace.stepsPerSecond = settings.stepsPerSecond;
    pace.maxStepsPerFrame = kMaxStepsPerFrame;
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
