#include "app/ui/lecture/frame_guard.h"

#include <cstdio>
#include <utility>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

FrameGuard::FrameGuard(LectureUi& lecture, std::string terminal)
    : lecture_(lecture), terminal_(std::move(terminal)) {}

bool FrameGuard::frame(const std::function<bool()>& frame) {
    for (;;) {
        const LectureUi::FrameStart before = lecture_.frameStart();
        try {
            const bool quit = frame();
            failedInARow_ = 0;
            // Said once the lecture is drawn again: frames that end it
            // leave only the one line that says so.
            for (const std::string& line : unsaid_) {
                std::fprintf(stderr, "%s: %s\n", terminal_.c_str(), terminalLine(line).c_str());
            }
            unsaid_.clear();
            return quit;
        } catch (const std::exception& failure) {
            recover(before, failure);
        }
    }
}

void FrameGuard::recover(const LectureUi::FrameStart& before, const std::exception& failure) {
    if (++failedInARow_ >= kMostFailedFrames) {
        throw RuntimeError(trf("the lecture ended: %d frames in a row failed, the last with: %s",
                               failedInARow_, failure.what()));
    }
    const bool lost = dynamic_cast<const DeviceLostError*>(&failure) != nullptr;
    try {
        const Notice said = lost ? lecture_.recoverOnCpu(before, failure.what())
                                 : lecture_.recover(before, failure.what());
        unsaid_.push_back(said.text);
    } catch (const std::exception& e) {
        throw RuntimeError(
            trf("the lecture ended: a frame failed (%s) and the lecture could not be put back: %s",
                failure.what(), e.what()));
    }
    deviceLost_ = deviceLost_ || lost;
}

}  // namespace heatlab
