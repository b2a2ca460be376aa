#include "app/lecture/field_notice.h"

#include <algorithm>

namespace heatlab {

void FieldNotice::frame(const std::string& message, bool running, double now) {
    if (message != lastMessage_) {
        lastMessage_ = message;
        text_ = message;
        shownAt_ = now;
        sticky_ = wasRunning_ && !running;
    }
    if (sticky_ && running) {
        // The run went on: the pause's reason fades from now.
        sticky_ = false;
        shownAt_ = now - kNoticeSeconds;
    }
    wasRunning_ = running;
}

double FieldNotice::strength(double now) const {
    if (text_.empty()) {
        return 0.0;
    }
    if (sticky_) {
        return 1.0;
    }
    const double age = now - shownAt_;
    if (age <= kNoticeSeconds) {
        return 1.0;
    }
    return std::clamp(1.0 - (age - kNoticeSeconds) / kNoticeFadeSeconds, 0.0, 1.0);
}

}  // namespace heatlab
