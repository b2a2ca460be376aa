#include "app/lecture/files/setting_fields.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/i18n/translation.h"
#include "app/io/value_parsers.h"
#include "app/lecture/files/settings_patch.h"
#include "app/picture/surface_camera.h"
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
        throw Problem(trf("%s must be a number (or a string holding one), got %s",
                          f.where(key).c_str(), typeName(value)));
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
                                    tr("0 (never) or a whole number of steps up to 2147483647")));
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
    // The bounds the mouse keeps it in (app/picture/surface_camera.h).
    if (!(camera.yawDegrees > -180.0f && camera.yawDegrees <= 180.0f)) {
        throw Problem(trf("%s must be above -180 and at most 180 degrees, got %s",
                          c.where("yaw").c_str(), c.shown("yaw").c_str()));
    }
    if (!(camera.pitchDegrees >= kMinPitchDegrees && camera.pitchDegrees <= kMaxPitchDegrees)) {
        throw Problem(trf("%s must be from %s to %s degrees, got %s", c.where("pitch").c_str(),
                          shortestText(kMinPitchDegrees).c_str(),
                          shortestText(kMaxPitchDegrees).c_str(), c.shown("pitch").c_str()));
    }
    if (!(camera.distance >= kMinDistance && camera.distance <= kMaxDistance)) {
        throw Problem(trf("%s must be from %s to %s (the fitted distance's share), got %s",
                          c.where("distance").c_str(), shortestText(kMinDistance).c_str(),
                          shortestText(kMaxDistance).c_str(), c.shown("distance").c_str()));
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
        throw Problem(trf("%s: lo must be below hi, got %s %s", f.where(key).c_str(),
                          range.shown("lo").c_str(), range.shown("hi").c_str()));
    }
    return r;
}

void readBrush(const Fields& f, const char* key, LectureSettings& s) {
    const Fields brush = f.object(key);
    brush.allowOnly({"radius_percent", "hot", "cold"});
    const float percent = brush.number("radius_percent");
    if (!(percent >= kMinBrushPercent && percent <= kMaxBrushPercent)) {
        throw Problem(trf("%s must be from %s to %s, got %s", brush.where("radius_percent").c_str(),
                          shortestText(kMinBrushPercent).c_str(),
                          shortestText(kMaxBrushPercent).c_str(),
                          brush.shown("radius_percent").c_str()));
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
        throw Problem(
            trf("%s must be %s, got %s", f.where(key).c_str(), rule.c_str(), f.shown(key).c_str()));
    }
    return value;
}

bool stepsPerSecondAllowed(double rate) {
    return rate >= kMinStepsPerSecond && rate <= kMaxStepsPerSecond;
}

std::string stepsPerSecondRule() {
    return trf("from %s to %s", numberText(kMinStepsPerSecond).c_str(),
               numberText(kMaxStepsPerSecond).c_str());
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
         },
         [](const LectureSettings& f, LectureSettings& t) {
             t.grids = f.grids;
             t.params.grid = f.params.grid;
         }},
        {"kernel", G::Params, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.kernel = f.choice(k, allStencilKernels());
         },
         [](const LessonSettings& s) -> json { return name(s.params.kernel); },
         [](const LectureSettings& f, LectureSettings& t) { t.params.kernel = f.params.kernel; }},
        {"r", G::Params, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.params.r = rOf(f, k); },
         [](const LessonSettings& s) -> json { return shortestText(s.params.r); },
         [](const LectureSettings& f, LectureSettings& t) { t.params.r = f.params.r; }},
        {"boundary", G::Params, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.boundary = f.choice(k, allBoundaries());
         },
         [](const LessonSettings& s) -> json { return name(s.params.boundary); },
         [](const LectureSettings& f, LectureSettings& t) {
             t.params.boundary = f.params.boundary;
         }},
        {"initial", G::Params, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.params.initial = f.choice(k, allInitialConditions());
         },
         [](const LessonSettings& s) -> json { return name(s.params.initial); },
         [](const LectureSettings& f, LectureSettings& t) { t.params.initial = f.params.initial; }},
        // Absent: the choice is the backend's.
        {"time_block", G::Params, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             const float levels = f.number(k);
             if (!(levels >= 0.0f && levels <= float(kTimeBlockMax) &&
                   levels == std::floor(levels))) {
                 throw Problem(trf("%s must be a whole number from 0 to %d, got %s",
                                   f.where(k).c_str(), kTimeBlockMax, f.shown(k).c_str()));
             }
             s.params.timeBlock = static_cast<int>(levels);
         },
         [](const LessonSettings& s) -> json {
             return s.params.timeBlock == kTimeBlockAuto ? json(nullptr) : json(s.params.timeBlock);
         },
         [](const LectureSettings& f, LectureSettings& t) {
             t.params.timeBlock = f.params.timeBlock;
         }},
        // window
        {"running", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.running = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.running; },
         [](const LectureSettings& f, LectureSettings& t) { t.running = f.running; }},
        // The one range of the setting, the command line's and the panel's too.
        {"steps_per_frame", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.stepsPerFrame = static_cast<int>(
                 f.whole(k, kMinStepsPerFrame, kMaxStepsPerFrame,
                         trf("from %d to %d", kMinStepsPerFrame, kMaxStepsPerFrame)));
         },
         [](const LessonSettings& s) -> json { return s.stepsPerFrame; },
         [](const LectureSettings& f, LectureSettings& t) { t.stepsPerFrame = f.stepsPerFrame; }},
        {"display_path", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.path = f.choice(k, allDisplayPaths());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.path); },
         [](const LectureSettings& f, LectureSettings& t) { t.picture.path = f.picture.path; }},
        {"colormap", G::Window, kRequired, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.map = f.choice(k, allColourMaps());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.map); },
         [](const LectureSettings& f, LectureSettings& t) { t.picture.map = f.picture.map; }},
        // Absent from scenes written before the signed-log scale: auto,
        // linear as they were drawn until a run explodes.
        {"scale", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.chooseScale(f.choice(k, allScaleChoices()));
         },
         [](const LessonSettings& s) -> json { return name(s.picture.scaleChoice()); },
         [](const LectureSettings& f, LectureSettings& t) {
             t.picture.autoScale = f.picture.autoScale;
             t.picture.scale = f.picture.scale;
         }},
        {"scale_reference", G::Window, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.scaleReference = f.checked(k, checkedPositiveNormal);
         },
         [](const LessonSettings& s) -> json { return shortest(s.picture.scaleReference); },
         [](const LectureSettings& f, LectureSettings& t) {
             t.picture.scaleReference = f.picture.scaleReference;
         }},
        {"range", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.range = rangeOf(f, k);
         },
         [](const LessonSettings& s) -> json {
             const ColourRange& r = s.picture.range;
             return {{"automatic", r.automatic}, {"lo", shortest(r.lo)}, {"hi", shortest(r.hi)}};
         },
         [](const LectureSettings& f, LectureSettings& t) { t.picture.range = f.picture.range; }},
        {"sampling", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.sampling = f.choice(k, allSamplings());
         },
         [](const LessonSettings& s) -> json { return name(s.picture.sampling); },
         [](const LectureSettings& f, LectureSettings& t) {
             t.picture.sampling = f.picture.sampling;
         }},
        {"vsync", G::Window, kRequired, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) { s.vsync = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.vsync; },
         [](const LectureSettings& f, LectureSettings& t) { t.vsync = f.vsync; }},
        {"pace", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.pace = f.choice(k, allPaces());
         },
         [](const LessonSettings& s) -> json { return name(s.pace); },
         [](const LectureSettings& f, LectureSettings& t) { t.pace = f.pace; }},
        {"steps_per_second", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.stepsPerSecond = boundedOf(f, k, stepsPerSecondAllowed, stepsPerSecondRule());
         },
         [](const LessonSettings& s) -> json {
             return shortest(static_cast<float>(s.stepsPerSecond));
         },
         [](const LectureSettings& f, LectureSettings& t) { t.stepsPerSecond = f.stepsPerSecond; }},
        {"explosion_pace", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.explosionDecadesPerSecond =
                 boundedOf(f, k, explosionPaceAllowed, tr(kExplosionPaceRule));
         },
         [](const LessonSettings& s) -> json {
             return shortest(static_cast<float>(s.explosionDecadesPerSecond));
         },
         [](const LectureSettings& f, LectureSettings& t) {
             t.explosionDecadesPerSecond = f.explosionDecadesPerSecond;
         }},
        {"loupe", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.loupe = f.choice(k, allLoupeModes());
         },
         [](const LessonSettings& s) -> json { return name(s.loupe); },
         [](const LectureSettings& f, LectureSettings& t) { t.loupe = f.loupe; }},
        {"copy_every", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.copyEvery = copyEveryOf(f, k);
         },
         [](const LessonSettings& s) -> json { return s.copyEvery; },
         [](const LectureSettings& f, LectureSettings& t) { t.copyEvery = f.copyEvery; }},
        {"pinned", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) { s.pinned = f.boolean(k); },
         [](const LessonSettings& s) -> json { return s.pinned; },
         [](const LectureSettings& f, LectureSettings& t) { t.pinned = f.pinned; }},
        {"brush", G::Window, kOptional, kSceneOnly, readBrush,
         [](const LessonSettings& s) -> json {
             return {{"radius_percent", shortest(s.brushPercent)},
                     {"hot", shortest(s.brushHot)},
                     {"cold", shortest(s.brushCold)}};
         },
         [](const LectureSettings& f, LectureSettings& t) {
             t.brushPercent = f.brushPercent;
             t.brushHot = f.brushHot;
             t.brushCold = f.brushCold;
         }},
        // Written only while split: a scene without it is one pane.
        {"comparison", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.comparison = comparisonOf(f.object(k));
         },
         [](const LessonSettings& s) -> json {
             return s.comparison.split ? comparisonJson(s.comparison) : json(nullptr);
         },
         [](const LectureSettings& f, LectureSettings& t) { t.comparison = f.comparison; }},
        {"surface", G::Window, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.surface = f.boolean(k);
         },
         [](const LessonSettings& s) -> json { return s.picture.surface; },
         [](const LectureSettings& f, LectureSettings& t) {
             t.picture.surface = f.picture.surface;
         }},
        {"surface_camera", G::Window, kOptional, kSceneOnly,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.picture.camera = cameraOf(f.object(k));
         },
         [](const LessonSettings& s) -> json {
             const OrbitCamera& c = s.picture.camera;
             return {{"yaw", shortest(c.yawDegrees)},
                     {"pitch", shortest(c.pitchDegrees)},
                     {"distance", shortest(c.distance)}};
         },
         [](const LectureSettings& f, LectureSettings& t) { t.picture.camera = f.picture.camera; }},
        // The machine's: never in a scene; a cue may choose it as a step of
        // the lecture.
        {"backend", G::None, kOptional, kCue,
         [](const Fields& f, const char* k, LectureSettings& s) {
             s.backend = f.choice(k, allBackendChoices());
         },
         none, [](const LectureSettings& f, LectureSettings& t) { t.backend = f.backend; }},
    };
    return fields;
}

std::vector<std::string> readSceneGroup(const Fields& f, SceneGroup group, LessonSettings& s) {
    std::vector<std::string> keys;
    for (const SettingField& field : settingFields()) {
        if (field.group == group) {
            keys.emplace_back(field.key);
        }
    }
    f.allowOnly(keys);
    LectureSettings read;
    static_cast<LessonSettings&>(read) = s;
    std::vector<std::string> named;
    for (const SettingField& field : settingFields()) {
        if (field.group == group && (field.requiredInScene || f.has(field.key))) {
            field.read(f, field.key, read);
            named.emplace_back(field.key);
        }
    }
    s = read;
    return named;
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
    std::vector<std::string> keys;
    LectureSettings values;
    for (const SettingField& field : settingFields()) {
        if (field.cueMaySet && c.has(field.key)) {
            field.read(c, field.key, values);
            keys.emplace_back(field.key);
        }
    }
    return SettingsPatch(std::move(keys), values);
}

bool SettingsPatch::sets(const std::string& key) const {
    return std::find(keys_.begin(), keys_.end(), key) != keys_.end();
}

void SettingsPatch::applyTo(LectureSettings& s) const {
    for (const SettingField& field : settingFields()) {
        if (sets(field.key)) {
            field.copy(values_, s);
        }
    }
}

}  // namespace heatlab
