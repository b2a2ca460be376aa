#include "app/lecture/setting_fields.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/i18n/translation.h"
#include "app/io/value_parsers.h"
#include "app/render/surface_camera.h"
#include "kernels/base/errors.h"

namespace heatlab {

// "512", "4096x1024", or a whole number of cells a side.
GridSize gridOf(const Fields& f, const char* key) {
    const json& value = f.at(key);
    if (!value.is_number_integer()) {
        return f.parsed(key, parseGridSize);
    }
    try {
        return parseGridSize(std::to_string(value.get<long long>()));
    } catch (const UsageError& e) {
        throw Problem(f.where(key) + ": " + e.what());
    }
}

// A number's text as the file wrote it, so 1e-300 is refused as 1e-300, not
// as the 0 a float makes of it.
float rOf(const Fields& f, const char* key) {
    const json& value = f.at(key);
    if (value.is_string()) {
        return f.parsed(key, parseR);
    }
    if (!value.is_number()) {
        throw Problem(f.where(key) + " must be a number (or a string holding one), got " +
                      typeName(value));
    }
    f.real(key);  // a finite number
    try {
        return parseR(value.dump());
    } catch (const UsageError& e) {
        throw Problem(f.where(key) + ": " + e.what());
    }
}

namespace {

// "copy_every": steps between copies back, 0 for never.
int copyEveryOf(const Fields& f, const char* key) {
    return static_cast<int>(f.whole(key, 0, std::numeric_limits<int>::max(),
                                    "0 (never) or a whole number of steps up to 2147483647"));
}

// "comparison": the A/B split; pane B's fields each optional (absent: it
// follows pane A's).
ABComparison comparisonOf(const Fields& c) {
    c.allowOnly({"split", "difference", "b"});
    ABComparison comparison;
    comparison.split = c.boolean("split");
    if (c.has("difference")) {
        comparison.difference = c.boolean("difference");
    }
    if (!c.has("b")) {
        return comparison;
    }
    const Fields b = c.object("b");
    b.allowOnly(
        {"kernel", "r", "backend", "copy_every", "pinned", "display_path", "interop_mapped"});
    PaneBSettings& pane = comparison.b;
    if (b.has("kernel")) {
        pane.kernel = b.choice("kernel", allStencilKernels());
    }
    if (b.has("r")) {
        pane.r = rOf(b, "r");
    }
    if (b.has("backend")) {
        pane.backend = b.choice("backend", allBackendChoices());
    }
    if (b.has("copy_every")) {
        pane.copyEvery = copyEveryOf(b, "copy_every");
    }
    if (b.has("pinned")) {
        pane.pinned = b.boolean("pinned");
    }
    if (b.has("display_path")) {
        pane.path = b.choice("display_path", allDisplayPaths());
    }
    if (b.has("interop_mapped")) {
        pane.mapPerFrame = b.boolean("interop_mapped");
    }
    return comparison;
}

json comparisonJson(const ABComparison& c) {
    json b = json::object();
    const PaneBSettings& pane = c.b;
    if (pane.kernel) {
        b["kernel"] = name(*pane.kernel);
    }
    if (pane.r) {
        b["r"] = shortestText(*pane.r);
    }
    if (pane.backend) {
        b["backend"] = name(*pane.backend);
    }
    if (pane.copyEvery) {
        b["copy_every"] = *pane.copyEvery;
    }
    if (pane.pinned) {
        b["pinned"] = *pane.pinned;
    }
    if (pane.path) {
        b["display_path"] = name(*pane.path);
    }
    if (pane.mapPerFrame) {
        b["interop_mapped"] = *pane.mapPerFrame;
    }
    return {{"split", c.split}, {"difference", c.difference}, {"b", b}};
}

OrbitCamera cameraOf(const Fields& c) {
    c.allowOnly({"yaw", "pitch", "distance"});
    OrbitCamera camera;
    camera.yawDegrees = c.number("yaw");
    camera.pitchDegrees = c.number("pitch");
    camera.distance = c.number("distance");
    // The bounds the mouse keeps it in (surface_camera.h).
    if (!(camera.yawDegrees > -180.0f && camera.yawDegrees <= 180.0f)) {
        throw Problem(c.where("yaw") + " must be above -180 and at most 180 degrees, got " +
                      c.shown("yaw"));
    }
    if (!(camera.pitchDegrees >= kMinPitchDegrees && camera.pitchDegrees <= kMaxPitchDegrees)) {
        throw Problem(c.where("pitch") + " must be from " + numberText(kMinPitchDegrees) + " to " +
                      numberText(kMaxPitchDegrees) + " degrees, got " + c.shown("pitch"));
    }
    if (!(camera.distance >= kMinDistance && camera.distance <= kMaxDistance)) {
        throw Problem(c.where("distance") + " must be from " + numberText(kMinDistance) + " to " +
                      numberText(kMaxDistance) + " (the fitted distance's share), got " +
                      c.shown("distance"));
    }
    return camera;
}

ColourRange rangeOf(const Fields& f, const char* key) {
    const Fields range = f.object(key);
    range.allowOnly({"automatic", "lo", "hi"});
    ColourRange r;
    r.automatic = range.boolean("automatic");
    r.lo = range.number("lo");
    r.hi = range.number("hi");
    // As `heatlab shot --range MIN MAX`; kept when automatic too, so
    // switching to locked never shows an empty range.
    if (!(r.lo < r.hi)) {
        throw Problem(f.where(key) + ": lo must be below hi, got " + range.shown("lo") + " " +
                      range.shown("hi"));
    }
    return r;
}

void readBrush(const Fields& f, const char* key, LectureSettings& s) {
    const Fields brush = f.object(key);
    brush.allowOnly({"radius_percent", "hot", "cold"});
    const float percent = brush.number("radius_percent");
    if (!(percent >= kMinBrushPercent && percent <= kMaxBrushPercent)) {
        throw Problem(brush.where("radius_percent") + " must be from " +
                      shortestText(kMinBrushPercent) + " to " + shortestText(kMaxBrushPercent) +
                      ", got " + brush.shown("radius_percent"));
    }
    s.brushPercent = percent;
    s.brushHot = brush.number("hot");
    s.brushCold = brush.number("cold");
}

// A rate or a pace as a double, within [lo, hi] (`rule` says how).
double boundedOf(const Fields& f, const char* key, bool (*allowed)(double),
                 const std::string& rule) {
    const double value = f.number(key);
    if (!allowed(value)) {
        throw Problem(f.where(key) + " must be " + rule + ", got " + f.shown(key));
    }
    return value;
}

bool stepsPerSecondAllowed(double rate) {
    return rate >= kMinStepsPerSecond && rate <= kMaxStepsPerSecond;
}

const std::string& stepsPerSecondRule() {
    static const std::string rule =
        "from " + numberText(kMinStepsPerSecond) + " to " + numberText(kMaxStepsPerSecond);
    return rule;
}

using G = SceneGroup;
constexpr bool kRequired = true;
constexpr bool kOptional = false;
constexpr bool kCue = true;
constexpr bool kSceneOnly = false;

json none(const LessonSettings&) { return nullptr; }

}  // namespace

const std::vector<SettingField>& settingFields() {
    static const std::vector<SettingField> fields = {
        // params
        // One grid, or one per backend (version 2): {"cpu": "512", "cuda":
        // "4096"}, params.grid the CPU's until a backend takes it.
        {"grid", G::Params, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.grids.reset();
             if (!f.at(k).is_object()) {
                 s.params.grid = gridOf(f, k);
                 return;
             }
             const Fields each = f.object(k);
             each.allowOnly({"cpu", "cuda"});
             s.grids = GridsByBackend{gridOf(each, "cpu"), gridOf(each, "cuda")};
             s.params.grid = s.grids->cpu;
         },
         [](const LessonSettings& s) -> json {
             if (s.grids) {
                 return {{"cpu", gridText(s.grids->cpu)}, {"cuda", gridText(s.grids->cuda)}};
             }
             return gridText(s.params.grid);
         }},
        {"kernel", G::Params, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.kernel = f.choice(k, allStencilKernels());
         },
         [](const LessonSettings& s) -> json { return name(s.params.kernel); }},
        {"r", G::Params, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.params.r = rOf(f, k); },
         [](const LessonSettings& s) -> json { return shortestText(s.params.r); }},
        {"boundary", G::Params, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.boundary = f.choice(k, allBoundaries());
         },
         [](const LessonSettings& s) -> json { return name(s.params.boundary); }},
        {"initial", G::Params, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.initial = f.choice(k, allInitialConditions());
         },
         [](const LessonSettings& s) -> json { return name(s.params.initial); }},
        // Absent: the choice is the backend's.
        {"time_block", G::Params, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             const float levels = f.number(k);
             if (!(levels >= 0.0f && levels <= float(kTimeBlockMax) &&
                   levels == std::floor(levels))) {
                 throw Problem(f.where(k) + " must be a whole number from 0 to " +
                               std::to_string(kTimeBlockMax) + ", got " + f.shown(k));
             }
             s.params.timeBlock = static_cast<int>(levels);
         },
         [](const LessonSettings& s) -> json {
             return s.params.timeBlock == kTimeBlockAuto ? json(nullptr) : json(s.params.timeBlock);
         }},
        // window
        {"running", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.running = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.running; }},
        // The one range of the setting, the command line's and the panel's too.
        {"steps_per_frame", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.stepsPerFrame =
                 static_cast<int>(f.whole(k, kMinStepsPerFrame, kMaxStepsPerFrame,
                                          "from " + std::to_string(kMinStepsPerFrame) + " to " +
                                              std::to_string(kMaxStepsPerFrame)));
         },
         [](const LessonSettings& s) -> json { return s.stepsPerFrame; }},
        {"display_path", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.path = f.choice(k, allDisplayPaths());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.path); }},
        {"colormap", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.map = f.choice(k, allColourMaps());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.map); }},
        // Absent from scenes written before the signed-log scale: auto,
        // linear as they were drawn until a run explodes.
        {"scale", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.chooseScale(f.choice(k, allScaleChoices()));
         },
         [](const LessonSettings& s) -> json { return name(s.picture.scaleChoice()); }},
        {"scale_reference", G::Window, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.scaleReference = f.checked(k, checkedPositiveNormal);
         },
         [](const LessonSettings& s) -> json { return shortest(s.picture.scaleReference); }},
        {"range", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.range = rangeOf(f, k);
         },
         [](const LessonSettings& s) -> json {
             const ColourRange& r = s.picture.range;
             return {{"automatic", r.automatic}, {"lo", shortest(r.lo)}, {"hi", shortest(r.hi)}};
         }},
        {"sampling", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.sampling = f.choice(k, allSamplings());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.sampling); }},
        {"vsync", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) { s.vsync = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.vsync; }},
        {"pace", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.pace = f.choice(k, allPaces());
         },
         [](const LessonSettings& s) -> json { return name(s.pace); }},
        {"steps_per_second", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.stepsPerSecond = boundedOf(f, k, stepsPerSecondAllowed, stepsPerSecondRule());
         },
         [](const LessonSettings& s) -> json {
             return shortest(static_cast<float>(s.stepsPerSecond));
         }},
        {"explosion_pace", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.explosionDecadesPerSecond =
                 boundedOf(f, k, explosionPaceAllowed, tr(kExplosionPaceRule));
         },
         [](const LessonSettings& s) -> json {
             return shortest(static_cast<float>(s.explosionDecadesPerSecond));
         }},
        {"loupe", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.loupe = f.choice(k, allLoupeModes());
         },
         [](const LessonSettings& s) -> json { return name(s.loupe); }},
        {"copy_every", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.copyEvery = copyEveryOf(f, k);
         },
         [](const LessonSettings& s) -> json { return s.copyEvery; }},
        {"pinned", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.pinned = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.pinned; }},
        {"brush", G::Window, kOptional, kSceneOnly, readBrush,
         [](const LessonSettings& s) -> json {
             return {{"radius_percent", shortest(s.brushPercent)},
                     {"hot", shortest(s.brushHot)},
                     {"cold", shortest(s.brushCold)}};
         }},
        // Written only while split: a scene without it is one pane.
        {"comparison", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.comparison = comparisonOf(f.object(k));
         },
         [](const LessonSettings& s) -> json {
             return s.comparison.split ? comparisonJson(s.comparison) : json(nullptr);
         }},
        {"surface", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.surface = f.boolean(k);
         },
         [](const LessonSettings& s) -> json { return s.picture.surface; }},
        {"surface_camera", G::Window, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.camera = cameraOf(f.object(k));
         },
         [](const LessonSettings& s) -> json {
             const OrbitCamera& c = s.picture.camera;
             return {{"yaw", shortest(c.yawDegrees)},
                     {"pitch", shortest(c.pitchDegrees)},
                     {"distance", shortest(c.distance)}};
         }},
        // The machine's: never in a scene; a cue may choose it as a step of
        // the lecture.
        {"backend", G::None, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.backend = f.choice(k, allBackendChoices());
         },
         none},
    };
    return fields;
}

void readSceneGroup(const Fields& f, SceneGroup group, LessonSettings& s) {
    std::vector<std::string> keys;
    for (const SettingField& field : settingFields()) {
        if (field.group == group) {
            keys.emplace_back(field.key);
        }
    }
    f.allowOnly(keys);
    LectureSettings read;
    static_cast<LessonSettings&>(read) = s;
    for (const SettingField& field : settingFields()) {
        if (field.group == group && (field.requiredInScene || f.has(field.key))) {
            field.read(f, field.key, read);
        }
    }
    s = read;
}

json sceneGroupJson(SceneGroup group, const LessonSettings& s) {
    json object = json::object();
    for (const SettingField& field : settingFields()) {
        if (field.group == group) {
            json value = field.write(s);
            if (!value.is_null()) {
                object[field.key] = std::move(value);
            }
        }
    }
    return object;
}

std::vector<std::string> cueSettingKeys() {
    std::vector<std::string> keys;
    for (const SettingField& field : settingFields()) {
        if (field.cueMaySet) {
            keys.emplace_back(field.key);
        }
    }
    return keys;
}

SettingsPatch SettingsPatch::of(const Fields& c) {
    SettingsPatch patch;
    patch.where_ = c.path();
    json fields = json::object();
    LectureSettings checked;
    for (const SettingField& field : settingFields()) {
        if (field.cueMaySet && c.has(field.key)) {
            field.read(c, field.key, checked);
            fields[field.key] = c.at(field.key);
            patch.keys_.emplace_back(field.key);
        }
    }
    patch.text_ = fields.dump();
    return patch;
}

bool SettingsPatch::sets(const std::string& key) const {
    return std::find(keys_.begin(), keys_.end(), key) != keys_.end();
}

void SettingsPatch::applyTo(LectureSettings& s) const {
    // Checked when read: the same readers accept it again.
    const json fields = json::parse(text_);
    const Fields f(fields, where_);
    for (const SettingField& field : settingFields()) {
        if (field.cueMaySet && f.has(field.key)) {
            field.read(f, field.key, s);
        }
    }
}

}  // namespace heatlab
