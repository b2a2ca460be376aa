#pragma once
// What the lecture says on the field itself, where the class looks, not in
// the panel: the pause and why, a screenshot saved, a scene loaded, a
// change refused, a file that could not be written. Each notice shows for a
// few seconds and fades; a pause stays until the run goes on. The panel's
// message line keeps the history. No GL: app/ui/field_overlay.h draws it.

#include <string>

namespace heatlab {

// Seconds a notice shows at full strength, then fades over.
constexpr double kNoticeSeconds = 4.0;
constexpr double kNoticeFadeSeconds = 1.0;

class FieldNotice {
public:
    // After each frame: a message that changed is shown from `now`; it
    // stays while `paused` when it came with the run pausing (the run was
    // going before this frame and is not now).
    void frame(const std::string& message, bool running, double now);

    // The text shown and its strength, 0 (gone) to 1.
    const std::string& text() const { return text_; }
    double strength(double now) const;

private:
    std::string text_;
    std::string lastMessage_;
    double shownAt_ = 0.0;
    bool sticky_ = false;
    bool wasRunning_ = false;
};

}  // namespace heatlab
