#pragma once
// A cue's settings: the fields it names, checked when its list is read (by
// the scene's readers, setting_fields.h) and applied over the lecture's
// settings each time the cue starts; the fields it does not name stay as
// they are. Kept as the checked JSON text, so the JSON library stays the
// lecture's private dependency.

#include <string>
#include <vector>

#include "app/lecture/lecture_settings.h"

namespace heatlab {

class Fields;

class SettingsPatch {
public:
    SettingsPatch() = default;
    // The setting fields of the cue `c` (the others are the cue's own:
    // caption, until, ...); a value a reader refuses throws its Problem now.
    static SettingsPatch of(const Fields& c);

    void applyTo(LectureSettings& s) const;
    bool sets(const std::string& key) const;
    // `s` with this patch applied.
    LectureSettings over(LectureSettings s) const {
        applyTo(s);
        return s;
    }

private:
    std::string text_ = "{}";  // the fields, as checked
    std::string where_;        // "cue 3", for a message
    std::vector<std::string> keys_;
};

}  // namespace heatlab
