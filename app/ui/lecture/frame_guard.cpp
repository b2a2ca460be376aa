#include "app/ui/lecture/frame_guard.h"

#include <cstdio>
#include <utility>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"
#include "kernels/class/kernel_stopped.h"

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
    // A class kernel that stopped would fail every frame after: the
    // lecture goes on with heatlab's own kernel where it ran it.
    LectureUi::FrameStart start = before;
    std::string why = failure.what();
    if (const auto* stopped = dynamic_cast<const KernelStoppedError*>(&failure)) {
        const Kernel instead = Params{}.kernel;
        for (Kernel* kernel : {&start.settings.params.kernel, &start.running.kernel}) {
            *kernel = *kernel == stopped->kernel ? instead : *kernel;
        }
        if (start.settings.comparison.b.kernel == stopped->kernel) {
            start.settings.comparison.b.kernel = instead;
        }
        why = trf("%s; the lecture goes on with heatlab's kernel %s", why.c_str(), name(instead));
    }
    try {
        const Notice said = lost ? lecture_.recoverOnCpu(start, why) : lecture_.recover(start, why);
        unsaid_.push_back(said.text);
    } catch (const std::exception& e) {
        throw RuntimeError(
            trf("the lecture ended: a frame failed (%s) and the lecture could not be put back: %s",
                failure.what(), e.what()));
    }
    deviceLost_ = deviceLost_ || lost;
}

}  // namespace heatlab
