#pragma once
// The lecture's settings as a file names them: one table of fields, each
// with its key, where a scene holds it, whether a cue may set it, its
// reader (the check and the rule its message says) and its writer. A scene
// (scene.cpp) and a cue (cue_list.cpp) read through this table, so a field
// means the same and is checked by the same rule in both files, and adding
// a setting to the files is one row here. Only the lecture's sources
// include it (json_fields.h).

#include <string>
#include <vector>

#include "app/lecture/files/json_fields.h"
#include "app/lecture/panel/lecture_settings.h"

namespace heatlab {

// Where a scene file holds a field: "params", "window", or nowhere (the
// backend: the machine's, which a cue may choose as a lecture step).
enum class SceneGroup { Params, Window, None };

struct SettingField {
    const char* key;
    SceneGroup group;
    // A scene of version 1 always has it; the rest came later, and a scene
    // without them keeps the settings it is read onto.
    bool requiredInScene;
    bool cueMaySet;
    // Reads `key` of `f` into `s`, or throws a Problem naming the field and
    // its rule.
    void (*read)(const Fields& f, const char* key, LectureSettings& s);
    // The value as a scene writes it; null when the scene leaves it out
    // (the split while there is none, the time block while automatic).
    json (*write)(const LessonSettings& s);
    // Copies from `from` to `to` what `read` sets: a field read once (a
    // cue's setting, a scene's field) applied again without its text
    // (SettingsPatch).
    void (*copy)(const LectureSettings& from, LectureSettings& to);
};

const std::vector<SettingField>& settingFields();

// Every field of `group` in `f`, onto `s`: the required ones must be
// there, no unknown one may be. Returns the keys of the fields read.
std::vector<std::string> readSceneGroup(const Fields& f, SceneGroup group, LessonSettings& s);
// The fields of `group` as a scene writes them.
json sceneGroupJson(SceneGroup group, const LessonSettings& s);

// The keys a cue may set, for its allowOnly().
std::vector<std::string> cueSettingKeys();

// r as a scene writes it (a string) or a cue (a number), by the command
// line's rule on the text as written.
float rOf(const Fields& f, const char* key);

}  // namespace heatlab
