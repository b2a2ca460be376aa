#pragma once
// What the lecture says to the person at the screen: one type for every
// message, returned by what has something to say (a control's outcome, a
// pane's pause, a screenshot, a scene, the recording) and shown by the
// lecture in two places: whole on the panel's message line, and in brief on
// the field, where the class looks (field_notice.h).

#include <string>
#include <utility>

#include "kernels/base/words.h"

namespace heatlab {

struct Notice {
    enum class Kind {
        Info,   // shows for a few seconds, then fades
        Pause,  // why the run paused: stays while it is paused
        // A cue's caption: shows for a few seconds as Info does, in a place
        // of its own, so a notice the cue brings (a screenshot saved) shows
        // beside it, not in its place.
        Caption,
    };
    // The panel's message line: all of it (whole paths, every figure).
    std::string text;
    // On the field, where a long line would cover the lesson: at most
    // about three lines (a file's name, not its path); empty: the text.
    std::string brief;
    Kind kind = Kind::Info;
    // The pane it speaks of, shown over that pane ("B"); empty: the
    // lecture's, shown over pane A.
    std::string pane;

    static Notice info(std::string text, std::string brief = {}) {
        return {std::move(text), std::move(brief), Kind::Info, {}};
    }
    static Notice pause(std::string text, std::string brief = {}) {
        return {std::move(text), std::move(brief), Kind::Pause, {}};
    }
    static Notice caption(std::string text) { return {std::move(text), {}, Kind::Caption, {}}; }
    const std::string& onField() const { return brief.empty() ? text : brief; }
    // The same notice said of one pane of two ("pane B paused ..."), shown
    // over that pane.
    Notice ofPane(const std::string& name) const {
        const auto named = [&name](const std::string& said) {
            return trf("pane %s %s", name.c_str(), said.c_str());
        };
        return {named(text), brief.empty() ? "" : named(brief), kind, name};
    }
};

}  // namespace heatlab
