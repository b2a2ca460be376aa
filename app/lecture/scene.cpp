#include "app/lecture/scene.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <stdexcept>

#include "app/io/input_file.h"
#include "app/io/output_file.h"
#include "app/io/value_parsers.h"
#include "app/lecture/json_fields.h"
#include "app/lecture/scene_fields.h"
#include "kernels/base/errors.h"
#include "scenes/checkerboard_explosion_json.h"
#include "scenes/copy_every_step_2048_json.h"
#include "scenes/stable_diffusion_json.h"

namespace heatlab {

// "comparison": the A/B split; pane B's fields each optional (absent:
// it follows pane A's).
namespace {

// "copy_every": steps between copies back, 0 for never.
int copyEveryOf(const Fields& f) {
    return static_cast<int>(f.whole("copy_every", 0, std::numeric_limits<int>::max(),
                                    "0 (never) or a whole number of steps up to 2147483647"));
}

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
        pane.kernel = b.parsed(
            "kernel", [](const std::string& t) { return parseChoice(t, allStencilKernels()); });
    }
    if (b.has("r")) {
        pane.r = b.parsed("r", parseR);
    }
    if (b.has("backend")) {
        pane.backend = b.parsed(
            "backend", [](const std::string& t) { return parseChoice(t, allBackendChoices()); });
    }
    if (b.has("copy_every")) {
        pane.copyEvery = copyEveryOf(b);
    }
    if (b.has("pinned")) {
        pane.pinned = b.boolean("pinned");
    }
    if (b.has("display_path")) {
        pane.path = b.parsed(
            "display_path", [](const std::string& t) { return parseChoice(t, allDisplayPaths()); });
    }
    if (b.has("interop_mapped")) {
        pane.mapPerFrame = b.boolean("interop_mapped");
    }
    return comparison;
}

}  // namespace

// The fields a scene may leave out (files written before the panel had
// them): absent, they keep the window's defaults.
void optionalSettingsOf(const Fields& w, LectureSettings& s) {
    // Absent from scenes written before the signed-log scale: linear, as
    // they were drawn.
    if (w.has("scale")) {
        s.picture.scale = w.parsed(
            "scale", [](const std::string& t) { return parseChoice(t, allColourScales()); });
    }
    if (w.has("scale_reference")) {
        s.picture.scaleReference = w.checked("scale_reference", checkedPositiveNormal);
    }
    if (w.has("pace")) {
        s.pace = w.parsed("pace", [](const std::string& t) { return parseChoice(t, allPaces()); });
    }
    if (w.has("steps_per_second")) {
        const double rate = w.number("steps_per_second");
        if (!(rate >= kMinStepsPerSecond && rate <= kMaxStepsPerSecond)) {
            throw Problem(w.where("steps_per_second") + " must be from " +
                          numberText(kMinStepsPerSecond) + " to " + numberText(kMaxStepsPerSecond) +
                          ", got " + w.shown("steps_per_second"));
        }
        s.stepsPerSecond = rate;
    }
    if (w.has("explosion_pace")) {
        const float decades = w.number("explosion_pace");
        if (!explosionPaceAllowed(decades)) {
            throw Problem(w.where("explosion_pace") + " must be " + kExplosionPaceRule + ", got " +
                          w.shown("explosion_pace"));
        }
        s.explosionDecadesPerSecond = decades;
    }
    if (w.has("loupe")) {
        s.loupe =
            w.parsed("loupe", [](const std::string& t) { return parseChoice(t, allLoupeModes()); });
    }
    if (w.has("copy_every")) {
        s.copyEvery = copyEveryOf(w);
    }
    if (w.has("pinned")) {
        s.pinned = w.boolean("pinned");
    }
    if (w.has("comparison")) {
        s.comparison = comparisonOf(w.object("comparison"));
    }
    if (w.has("surface")) {
        s.picture.surface = w.boolean("surface");
    }
    if (w.has("surface_camera")) {
        const Fields c = w.object("surface_camera");
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
            throw Problem(c.where("pitch") + " must be from " + numberText(kMinPitchDegrees) +
                          " to " + numberText(kMaxPitchDegrees) + " degrees, got " +
                          c.shown("pitch"));
        }
        if (!(camera.distance >= kMinDistance && camera.distance <= kMaxDistance)) {
            throw Problem(c.where("distance") + " must be from " + numberText(kMinDistance) +
                          " to " + numberText(kMaxDistance) +
                          " (the fitted distance's share), got " + c.shown("distance"));
        }
        s.picture.camera = camera;
    }
    if (w.has("brush")) {
        const Fields brush = w.object("brush");
        brush.allowOnly({"radius_percent", "hot", "cold"});
        s.brushPercent = brush.number("radius_percent");
        if (!(s.brushPercent >= kMinBrushPercent && s.brushPercent <= kMaxBrushPercent)) {
            throw Problem(brush.where("radius_percent") + " must be from " +
                          shortestText(kMinBrushPercent) + " to " + shortestText(kMaxBrushPercent) +
                          ", got " + brush.shown("radius_percent"));
        }
        s.brushHot = brush.number("hot");
        s.brushCold = brush.number("cold");
    }
}

int stepsPerFrameOf(const Fields& w) {
    // The one range of the setting, the command line's and the panel's too.
    return static_cast<int>(w.whole(
        "steps_per_frame", kMinStepsPerFrame, kMaxStepsPerFrame,
        "from " + std::to_string(kMinStepsPerFrame) + " to " + std::to_string(kMaxStepsPerFrame)));
}

namespace {

Params paramsOf(const Fields& p) {
    p.allowOnly({"grid", "kernel", "r", "boundary", "initial", "time_block"});
    Params params;
    params.grid = p.parsed("grid", parseGridSize);
    params.kernel = p.parsed(
        "kernel", [](const std::string& t) { return parseChoice(t, allStencilKernels()); });
    params.r = p.parsed("r", parseR);
    params.boundary =
        p.parsed("boundary", [](const std::string& t) { return parseChoice(t, allBoundaries()); });
    params.initial = p.parsed(
        "initial", [](const std::string& t) { return parseChoice(t, allInitialConditions()); });
    // Optional: a scene without it leaves the choice to the backend.
    if (p.has("time_block")) {
        const float levels = p.number("time_block");
        if (!(levels >= 0.0f && levels <= float(kTimeBlockMax) && levels == std::floor(levels))) {
            throw Problem(p.where("time_block") + " must be a whole number from 0 to " +
                          std::to_string(kTimeBlockMax) + ", got " + p.shown("time_block"));
        }
        params.timeBlock = static_cast<int>(levels);
    }
    return params;
}

// Of the settings a scene holds everything but the backend, the presenter
// layout, the panel shown and max |u| measured: they belong to the machine
// and the person at the screen, not to the lecture; they keep `s`'s values.
void windowSettingsOf(const Fields& w, LectureSettings& s) {
    w.allowOnly({"running", "steps_per_frame", "display_path", "colormap", "scale",
                 "scale_reference", "range", "sampling", "vsync", "pace", "steps_per_second",
                 "explosion_pace", "loupe", "copy_every", "pinned", "brush", "comparison",
                 "surface", "surface_camera"});
    s.running = w.boolean("running");
    s.stepsPerFrame = stepsPerFrameOf(w);
    PictureSettings& picture = s.picture;
    picture.path = w.parsed("display_path",
                            [](const std::string& t) { return parseChoice(t, allDisplayPaths()); });
    picture.map =
        w.parsed("colormap", [](const std::string& t) { return parseChoice(t, allColourMaps()); });
    const Fields range = w.object("range");
    range.allowOnly({"automatic", "lo", "hi"});
    picture.range.automatic = range.boolean("automatic");
    picture.range.lo = range.number("lo");
    picture.range.hi = range.number("hi");
    // As `heatlab shot --range MIN MAX`; kept when automatic too, so
    // switching to locked never shows an empty range.
    if (!(picture.range.lo < picture.range.hi)) {
        throw Problem(w.where("range") + ": lo must be below hi, got " + range.shown("lo") + " " +
                      range.shown("hi"));
    }
    picture.sampling =
        w.parsed("sampling", [](const std::string& t) { return parseChoice(t, allSamplings()); });
    s.vsync = w.boolean("vsync");
    optionalSettingsOf(w, s);
}

ViewTransform viewOf(const Fields& v) {
    v.allowOnly({"centre_x", "centre_y", "cells_per_pixel"});
    ViewTransform view;
    view.centre = glm::vec2(v.number("centre_x"), v.number("centre_y"));
    view.cellsPerPixel = v.number("cells_per_pixel");
    if (!(view.cellsPerPixel > 0.0f)) {
        throw Problem(v.where("cells_per_pixel") + " must be above 0, got " +
                      v.shown("cells_per_pixel"));
    }
    return view;
}

Scene sceneOf(const json& root, const LectureSettings& base) {
    if (!root.is_object()) {
        throw Problem("not a heatlab scene: expected a JSON object, got " +
                      std::string(typeName(root)));
    }
    checkVersion(root, "heatlab_scene", kSceneVersion, "scene");
    const Fields top(root, "");
    top.allowOnly({"heatlab_scene", "title", "description", "params", "window", "view"});
    Scene scene;
    scene.settings = base;
    if (top.has("title")) {
        scene.title = top.string("title");
    }
    if (top.has("description")) {
        scene.description = top.string("description");
    }
    scene.settings.params = paramsOf(top.object("params"));
    windowSettingsOf(top.object("window"), scene.settings);
    if (top.has("view") && !root.at("view").is_null()) {
        scene.view = viewOf(top.object("view"));
    }
    return scene;
}

}  // namespace

Scene parseScene(const std::string& text, const std::string& fileName,
                 const LectureSettings& base) {
    const std::string prefix = "scene " + fileName + ": ";
    const json root = parseJson(text, prefix);
    try {
        return sceneOf(root, base);
    } catch (const Problem& e) {
        throw UsageError(oneLine(prefix + e.what()));
    }
}

Scene readScene(const std::string& path, const LectureSettings& base) {
    std::string text;
    try {
        text = readInputFile(path, kMaxSceneBytes);
    } catch (const RuntimeError& e) {
        throw UsageError(std::string("scene ") + e.what());
    }
    return parseScene(text, path, base);
}

namespace {

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

}  // namespace

std::string sceneText(const Scene& scene) {
    json root;
    root["heatlab_scene"] = kSceneVersion;
    if (!scene.title.empty()) {
        root["title"] = scene.title;
    }
    if (!scene.description.empty()) {
        root["description"] = scene.description;
    }
    const Params& p = scene.settings.params;
    root["params"] = {{"grid", gridText(p.grid)},
                      {"kernel", name(p.kernel)},
                      {"r", shortestText(p.r)},
                      {"boundary", name(p.boundary)},
                      {"initial", name(p.initial)}};
    if (p.timeBlock != kTimeBlockAuto) {
        root["params"]["time_block"] = p.timeBlock;
    }
    const LectureSettings& s = scene.settings;
    const PictureSettings& picture = s.picture;
    root["window"] = {{"running", s.running},
                      {"steps_per_frame", s.stepsPerFrame},
                      {"display_path", name(picture.path)},
                      {"colormap", name(picture.map)},
                      {"scale", name(picture.scale)},
                      {"scale_reference", shortest(picture.scaleReference)},
                      {"range",
                       {{"automatic", picture.range.automatic},
                        {"lo", shortest(picture.range.lo)},
                        {"hi", shortest(picture.range.hi)}}},
                      {"sampling", name(picture.sampling)},
                      {"vsync", s.vsync},
                      {"pace", name(s.pace)},
                      {"steps_per_second", shortest(static_cast<float>(s.stepsPerSecond))},
                      {"explosion_pace", shortest(static_cast<float>(s.explosionDecadesPerSecond))},
                      {"loupe", name(s.loupe)},
                      {"copy_every", s.copyEvery},
                      {"pinned", s.pinned},
                      {"surface", picture.surface},
                      {"surface_camera",
                       {{"yaw", shortest(picture.camera.yawDegrees)},
                        {"pitch", shortest(picture.camera.pitchDegrees)},
                        {"distance", shortest(picture.camera.distance)}}},
                      {"brush",
                       {{"radius_percent", shortest(s.brushPercent)},
                        {"hot", shortest(s.brushHot)},
                        {"cold", shortest(s.brushCold)}}}};
    if (s.comparison.split) {
        root["window"]["comparison"] = comparisonJson(s.comparison);
    }
    if (scene.view) {
        root["view"] = {{"centre_x", shortest(scene.view->centre.x)},
                        {"centre_y", shortest(scene.view->centre.y)},
                        {"cells_per_pixel", shortest(scene.view->cellsPerPixel)}};
    }
    return root.dump(2) + "\n";
}

void writeScene(const std::string& path, const Scene& scene) {
    writeOutputFile(path, sceneText(scene));
}

const std::vector<ShippedScene>& shippedScenes() {
    static const std::vector<ShippedScene> scenes = {
        {"app/lecture/scenes/stable_diffusion.json", scenes::kStableDiffusionJson},
        {"app/lecture/scenes/checkerboard_explosion.json", scenes::kCheckerboardExplosionJson},
        {"app/lecture/scenes/copy_every_step_2048.json", scenes::kCopyEveryStep2048Json},
    };
    return scenes;
}

}  // namespace heatlab
