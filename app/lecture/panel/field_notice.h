#pragma once
// What the lecture says on the field itself, where the class looks, not in
// the panel: the pause and why, a screenshot saved, a scene loaded, a
// change refused, a file that could not be written, a cue's caption. A
// notice shows for a few seconds and fades; a pause's reason stays while
// the run is paused. The newest caption, the pause's reason and the newest
// other notice each have a place of their own, one under the other (a
// screenshot taken at the pause does not hide why it paused, nor one a cue
// takes the cue's caption). The panel's message line has each notice
// whole. No GL: app/ui/pictures/field_overlay.h draws it.

#include <optional>
#include <string>
#include <vector>

#include "app/lecture/panel/notice.h"

namespace heatlab {

// Seconds a notice shows at full strength, then fades over.
constexpr double kNoticeSeconds = 4.0;
constexpr double kNoticeFadeSeconds = 1.0;

class FieldNotice {
public:
    // `notice` said at `now`, in brief (Notice::onField): a pause's reason
    // is held until the run goes on; a caption replaces the last caption,
    // any other notice the last other one.
    void say(const Notice& notice, double now);
    // After each frame: once the run goes on, the held pause fades from now.
    void frame(bool running, double now);
    // A new field (a reset, a scene): nothing said of the old one stays.
    void clear();

    struct Line {
        std::string text;
        double strength = 0.0;  // 0 (gone) to 1
        std::string pane;       // Notice::pane: over which pane it shows
    };
    // What shows at `now`, top first: the caption, the pause's reason, then
    // the newest other notice, each while it has any strength.
    std::vector<Line> shown(double now) const;

private:
    struct Said {
        std::string text;
        double fadeFrom = 0.0;  // when it starts to fade
        std::string pane;
    };
    static double strength(const Said& said, double now);

    std::optional<Said> caption_;
    std::optional<Said> pause_;
    bool pauseHeld_ = false;
    std::optional<Said> latest_;
};

}  // namespace heatlab
