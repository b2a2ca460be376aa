#include "app/lecture/files/scene.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <stdexcept>

#include "app/io/input_file.h"
#include "app/io/output_file.h"
#include "app/io/value_parsers.h"
#include "app/lecture/files/json_fields.h"
#include "app/lecture/files/setting_fields.h"
#include "kernels/base/errors.h"
#include "scenes/checkerboard_explosion_json.h"
#include "scenes/copy_every_step_2048_json.h"
#include "scenes/price_of_accuracy_json.h"
#include "scenes/stable_diffusion_json.h"
#include "scenes/the_bus_json.h"

namespace heatlab {

namespace {

ViewTransform viewOf(const Fields& v) {
    v.allowOnly({"centre_x", "centre_y", "cells_per_pixel"});
    ViewTransform view;
    view.centre = glm::vec2(v.number("centre_x"), v.number("centre_y"));
    view.cellsPerPixel = v.number("cells_per_pixel");
    if (!(view.cellsPerPixel > 0.0f)) {
        throw Problem(trf("%s must be above 0, got %s", v.where("cells_per_pixel").c_str(),
                          v.shown("cells_per_pixel").c_str()));
    }
    return view;
}

// A scene's "kernel_file", found in `folder` (or a shipped example).
NamedKernelFile kernelFileOf(const Fields& top, const std::optional<std::string>& folder) {
    try {
        return namedKernelFile(top.string("kernel_file"), folder);
    } catch (const UsageError& e) {
        throw Problem(top.where("kernel_file") + ": " + e.what());
    }
}

// A scene with a kernel file names its kernel there: params.kernel may be
// left out or name the same kernel (not known before the file is added),
// and is read as the kernel it names until then, `base`'s.
json paramsBeside(const json& params, const NamedKernelFile& file, const LessonSettings& base) {
    json copy = params;
    if (copy.is_object()) {
        const auto kernel = copy.find("kernel");
        if (kernel != copy.end() && !(kernel->is_string() && *kernel == file.name)) {
            throw Problem(trf("params.kernel names %s, and kernel_file names kernel %s: give one",
                              excerpt(*kernel).c_str(), file.name.c_str()));
        }
        copy["kernel"] = name(base.params.kernel);
    }
    return copy;
}

// `named`: the keys of the settings the file holds.
Scene sceneOf(const json& root, const LessonSettings& base, std::vector<std::string>& named,
              const std::optional<std::string>& folder) {
    if (!root.is_object()) {
        throw Problem(trf("not a heatlab scene: expected a JSON object, got %s", typeName(root)));
    }
    const int version = checkVersion(root, "heatlab_scene", kSceneVersion, tr("scene"));
    const Fields top(root, "");
    top.allowOnly(
        {"heatlab_scene", "title", "description", "params", "window", "view", "kernel_file"});
    Scene scene;
    scene.settings = base;
    if (top.has("title")) {
        scene.title = top.string("title");
    }
    if (top.has("description")) {
        scene.description = top.string("description");
    }
    if (top.has("kernel_file")) {
        (void)top.object("params");  // an object, or refused as without a kernel file
        scene.kernelFile = kernelFileOf(top, folder);
        const json params = paramsBeside(top.at("params"), *scene.kernelFile, base);
        named = readSceneGroup(Fields(params, "params"), SceneGroup::Params, scene.settings);
    } else {
        named = readSceneGroup(top.object("params"), SceneGroup::Params, scene.settings);
    }
    if (scene.settings.grids && version < 2) {
        throw Problem(
            tr("params.grid per backend needs \"heatlab_scene\": 2 (version 1 has one grid)"));
    }
    const std::vector<std::string> window =
        readSceneGroup(top.object("window"), SceneGroup::Window, scene.settings);
    named.insert(named.end(), window.begin(), window.end());
    if (top.has("view") && !root.at("view").is_null()) {
        scene.view = viewOf(top.object("view"));
    }
    return scene;
}

Scene parsed(const std::string& text, const std::string& fileName, const LessonSettings& base,
             std::vector<std::string>& named, const std::optional<std::string>& folder) {
    const std::string prefix = trf("scene %s: ", fileName.c_str());
    const json root = parseJson(text, prefix);
    try {
        return sceneOf(root, base, named, folder);
    } catch (const Problem& e) {
        throw UsageError(oneLine(prefix + e.what()));
    }
}

}  // namespace

Scene parseScene(const std::string& text, const std::string& fileName, const LessonSettings& base) {
    std::vector<std::string> named;
    return parsed(text, fileName, base, named, std::nullopt);
}

ParsedScene parseSceneFields(const std::string& text, const std::string& fileName,
                             const std::optional<std::string>& folder) {
    std::vector<std::string> named;
    ParsedScene scene{parsed(text, fileName, {}, named, folder), {}};
    LectureSettings values;
    static_cast<LessonSettings&>(values) = scene.scene.settings;
    scene.fields = SettingsPatch(std::move(named), values);
    return scene;
}

Scene ParsedScene::over(const LessonSettings& base) const {
    LectureSettings settings;
    static_cast<LessonSettings&>(settings) = base;
    fields.applyTo(settings);
    Scene onto = scene;
    onto.settings = settings;
    return onto;
}

Scene readScene(const std::string& path, const LessonSettings& base) {
    std::string text;
    try {
        text = readInputFile(path, kMaxSceneBytes);
    } catch (const RuntimeError& e) {
        throw UsageError(trf("scene %s", e.what()));
    }
    std::vector<std::string> named;
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    return parsed(text, path, base, named, folder.empty() ? "." : folder.string());
}

std::string sceneText(const Scene& scene) {
    json root;
    // Version 1 where it says nothing version 2 added, so older heatlabs
    // still read it.
    root["heatlab_scene"] = scene.settings.grids ? kSceneVersion : 1;
    if (!scene.title.empty()) {
        root["title"] = scene.title;
    }
    if (!scene.description.empty()) {
        root["description"] = scene.description;
    }
    root["params"] = sceneGroupJson(SceneGroup::Params, scene.settings);
    root["window"] = sceneGroupJson(SceneGroup::Window, scene.settings);
    if (scene.view) {
        root["view"] = {{"centre_x", shortest(scene.view->centre.x)},
                        {"centre_y", shortest(scene.view->centre.y)},
                        {"cells_per_pixel", shortest(scene.view->cellsPerPixel)}};
    }
    // Beside params.kernel (its name), so a heatlab without it compiles it
    // as it opens the scene: a shipped example's name, or the file's name
    // in the scene's own folder.
    if (scene.kernelFile) {
        root["kernel_file"] =
            scene.kernelFile->shipped
                ? scene.kernelFile->name
                : std::filesystem::path(scene.kernelFile->path).filename().string();
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
        {"app/lecture/scenes/price_of_accuracy.json", scenes::kPriceOfAccuracyJson},
        {"app/lecture/scenes/the_bus.json", scenes::kTheBusJson},
    };
    return scenes;
}

}  // namespace heatlab
