#pragma once
// A scene: the lecture's settings and view as a JSON file, so
// a lecture can be set up before it starts and reopened with one click or
// `heatlab --scene FILE`. Nothing here touches a window, GL or Dear ImGui:
// the cpu tests parse and write scenes directly.
//
// The format, version 2 (values as the command line names them); version 1
// is the same but for the grid per backend, and is still read and written
// whenever a scene has one grid:
//   {"heatlab_scene": 2,
//    "title": "...", "description": "...",                      (optional)
//    "params": {"grid": "2048" | "4096x1024"
//                       | {"cpu": "512", "cuda": "4096"},  (version 2: each
//                         backend's grid, the lesson at its scale),
//               "kernel": "optimised",
//               "r": "0.24", "boundary": "dirichlet", "initial": "hot-square",
//               "time_block": 0 .. 8},                          (optional)
//    "window": {"running": true, "steps_per_frame": 10,
//               "display_path": "interop" | "via-host",
//               "colormap": "heat" | "diverging" | "grey",
//               "range": {"automatic": true, "lo": 0, "hi": 1},
//               "sampling": "extremes" | "nearest", "vsync": true,
//               and optional, as files written before the panel had them:
//               "pace": "fixed" | "fit-30fps" | "steps-per-second",
//               "steps_per_second": 60, "copy_every": 0, "pinned": false,
//               "brush": {"radius_percent": 1, "hot": 1, "cold": 0},
//               "comparison": {"split": true, "difference": false,
//                              "b": {"kernel", "r", "backend", "copy_every",
//                                    "pinned", "display_path",
//                                    "interop_mapped"}}
//                 (the A/B split; each of b's fields optional: absent,
//                 pane B follows pane A's),
//               "scale": "auto" | "linear" | "signed-log" (absent: auto),
//               "scale_reference": 0.001 (the signed-log scale's u0)},
//    "view": {"centre_x": 1024, "centre_y": 1024, "cells_per_pixel": 0.5},
//    "kernel_file": "my_step.cpp"}                                (optional)
// "view" omitted (or null) is the whole grid, fitted. "kernel_file": the
// class's own kernel the scene runs, a file in the scene's own folder (no
// absolute path, no "..") or a shipped example's name ("split_rows"), in
// place of params.kernel (app/kernel_files/named_kernel_file.h); a shipped
// or dropped scene names shipped examples only. r may be written as
// a number too, as a cue writes it. Every field is one of LessonSettings
// (app/lecture/panel/lecture_settings.h), read and written through the table of
// setting_fields.h that a cue's settings share; the machine's settings
// (MachineSettings: backend, presenter layout, panel shown, max |u|
// measured) are never in a scene.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/kernel_files/named_kernel_file.h"
#include "app/lecture/files/settings_patch.h"
#include "app/lecture/panel/lecture_settings.h"

namespace heatlab {

// The newest version; every older one is still read. 2: a grid per backend.
constexpr int kSceneVersion = 2;

struct Scene {
    std::string title;
    std::string description;
    // The lesson's settings: the scene's over the ones it was read onto
    // (see above). The machine's (MachineSettings) are never in a scene.
    LessonSettings settings;
    std::optional<ViewTransform> view;  // empty: the whole grid, fitted
    // Its "kernel_file", found (not compiled: the lecture adds it as it
    // applies the scene, and its kernel runs once it is checked); saved,
    // the lecture's class kernel's file where the scene can name it
    // (lecture_kernel_files.h's savedKernelFile()).
    std::optional<NamedKernelFile> kernelFile;
};

// Parses a scene completely (nothing is applied from a file that fails
// half-way). Throws UsageError with one line naming `fileName` and the
// problem: text that is not JSON (or is cut short), a missing or unknown
// "heatlab_scene" version, a missing, unknown or wrongly typed field, or a
// value the command line would refuse.
// The settings a scene does not hold are `base`'s.
Scene parseScene(const std::string& text, const std::string& fileName,
                 const LessonSettings& base = {});
// A scene read once, to go over other settings later (a cue's scene, read
// with its list and played over what the lecture has when its cue starts):
// over(base) is what parseScene(text, fileName, base) gives, and parses
// nothing. Throws as parseScene() does.
struct ParsedScene {
    Scene scene;           // over the default settings
    SettingsPatch fields;  // the settings the file holds, as read
    Scene over(const LessonSettings& base) const;
};
// `folder`: where the scene's file is (its "kernel_file" is looked for
// there); none for a shipped or dropped scene.
ParsedScene parseSceneFields(const std::string& text, const std::string& fileName,
                             const std::optional<std::string>& folder = std::nullopt);

// A scene is a few hundred bytes; a file past this is not one (and a
// device that never ends is not read until memory runs out).
constexpr std::size_t kMaxSceneBytes = 1024 * 1024;

// Reads `path` through readInputFile() (one version of a file another
// program may be saving at that moment) and parses it; a file that cannot
// be read, is larger than kMaxSceneBytes or changes every time it is read
// is a UsageError too.
Scene readScene(const std::string& path, const LessonSettings& base = {});

// The scene as JSON text (pretty-printed, ending in a newline) that
// parseScene() reads back to an equal scene.
std::string sceneText(const Scene& scene);
// Writes sceneText() through writeOutputFile(). Throws RuntimeError.
void writeScene(const std::string& path, const Scene& scene);

// The scenes built into the program (from app/lecture/scenes/*.json).
struct ShippedScene {
    const char* file;  // its name in the sources, named in a parse error
    const char* text;
};
const std::vector<ShippedScene>& shippedScenes();

}  // namespace heatlab
