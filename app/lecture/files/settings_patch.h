#pragma once
// Settings a file names, to go over the lecture's: a cue's (checked when
// its list is read), or the fields a scene file holds (a cue's scene, read
// with its list and played over whatever the lecture has then). Read once,
// by the scene's readers (setting_fields.h), and kept as the values read:
// applying it copies those fields and parses nothing, and the fields it
// does not name stay as they are. No JSON here: the library stays the
// lecture's private dependency.

#include <string>
#include <vector>

#include "app/lecture/panel/lecture_settings.h"

namespace heatlab {

class Fields;

class SettingsPatch {
public:
    SettingsPatch() = default;
    // The setting fields of the cue `c` (the others are the cue's own:
    // caption, until, ...); a value a reader refuses throws its Problem now.
    static SettingsPatch of(const Fields& c);
    // The fields `keys` (setting_fields.h's keys) as `values` holds them.
    SettingsPatch(std::vector<std::string> keys, const LectureSettings& values)
        : values_(values), keys_(std::move(keys)) {}

    void applyTo(LectureSettings& s) const;
    bool sets(const std::string& key) const;
    // `s` with this patch applied.
    LectureSettings over(LectureSettings s) const {
        applyTo(s);
        return s;
    }
    // The values of the fields it sets (the others are the defaults').
    const LectureSettings& values() const { return values_; }

private:
    LectureSettings values_;
    std::vector<std::string> keys_;
};

}  // namespace heatlab
