#include "app/lecture/panel/field_notice.h"

#include <algorithm>

namespace heatlab {

void FieldNotice::say(const Notice& notice, double now) {
    if (notice.kind == Notice::Kind::Pause) {
        pause_ = Said{notice.onField(), now, notice.pane};
        pauseHeld_ = true;
    } else if (notice.kind == Notice::Kind::Caption) {
        caption_ = Said{notice.onField(), now + kNoticeSeconds, notice.pane};
    } else {
        latest_ = Said{notice.onField(), now + kNoticeSeconds, notice.pane};
    }
}

void FieldNotice::frame(bool running, double now) {
    if (pauseHeld_ && running) {
        // The run went on: the pause's reason fades from now.
        pauseHeld_ = false;
        pause_->fadeFrom = now;
    }
}

void FieldNotice::clear() {
    caption_.reset();
    pause_.reset();
    pauseHeld_ = false;
    latest_.reset();
}

double FieldNotice::strength(const Said& said, double now) {
    if (said.text.empty()) {
        return 0.0;
    }
    return std::clamp(1.0 - (now - said.fadeFrom) / kNoticeFadeSeconds, 0.0, 1.0);
}

std::vector<FieldNotice::Line> FieldNotice::shown(double now) const {
    std::vector<Line> lines;
    if (caption_) {
        if (const double s = strength(*caption_, now); s > 0.0) {
            lines.push_back({caption_->text, s, caption_->pane});
        }
    }
    if (pause_) {
        const double s = pauseHeld_ ? 1.0 : strength(*pause_, now);
        if (s > 0.0) {
            lines.push_back({pause_->text, s, pause_->pane});
        }
    }
    if (latest_) {
        if (const double s = strength(*latest_, now); s > 0.0) {
            lines.push_back({latest_->text, s, latest_->pane});
        }
    }
    return lines;
}

}  // namespace heatlab
