// Scenes: a state written as JSON reads back equal; every kind of bad file
// (not JSON, cut short, no or another version, a field missing, unknown,
// wrongly typed or out of range) is refused in one line naming the file;
// the scenes the program ships all parse. No window: the parser is plain C++.

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/lecture/files/scene.h"
#include "kernels/base/errors.h"
#include "tests/support/same_scene.h"

namespace heatlab {
namespace {

using nlohmann::json;

const char* const kFile = "lecture-3.json";

Scene sceneA() {
    Scene scene;
    scene.title = "a title";
    scene.description = "with \"quotes\" and a\nnew line";
    scene.settings.params.grid = GridSize{4096, 1024};
    scene.settings.params.r = 0.26f;
    scene.settings.params.kernel = Kernel::Global;
    scene.settings.params.boundary = Boundary::Periodic;
    scene.settings.params.initial = InitialCondition::Sine;
    scene.settings.running = false;
    scene.settings.stepsPerFrame = 137;
    scene.settings.picture.path = DisplayPath::ViaHost;
    scene.settings.picture.map = ColourMap::Diverging;
    scene.settings.picture.chooseScale(ScaleChoice::SignedLog);
    scene.settings.picture.scaleReference = 2.5e-6f;
    scene.settings.picture.range = ColourRange{false, -0.1f, 2.5e-7f};
    scene.settings.picture.sampling = Sampling::Nearest;
    scene.settings.vsync = false;
    scene.settings.pace = Pace::StepsPerSecond;
    scene.settings.stepsPerSecond = 12.5;
    scene.settings.copyEvery = 100;
    scene.settings.pinned = true;
    scene.settings.brushPercent = 3.3f;
    scene.settings.brushHot = 2.5f;
    scene.settings.brushCold = -1.0f;
    scene.settings.picture.surface = true;
    scene.settings.picture.camera = OrbitCamera{-172.5f, 12.25f, 0.3f};
    scene.view = ViewTransform{glm::vec2(12.25f, 1000.1f), 0.0371f};
    return scene;
}

std::vector<Scene> statesToRoundTrip() {
    std::vector<Scene> scenes;
    scenes.push_back(Scene{});  // the defaults, fitted view, no title
    scenes.push_back(sceneA());
    Scene b;
    b.settings.params.grid = GridSize{3, 65536};
    b.settings.params.r = 1.17549435e-38f;  // the smallest r allowed
    b.settings.params.kernel = Kernel::Temporal;
    b.settings.params.timeBlock = 5;
    b.settings.params.boundary = Boundary::Extrapolate;
    b.settings.params.initial = InitialCondition::Blank;
    b.settings.stepsPerFrame = kMaxStepsPerFrame;
    b.settings.picture.map = ColourMap::Grey;
    b.settings.picture.chooseScale(ScaleChoice::SignedLog);
    b.settings.picture.scaleReference = 1.17549435e-38f;  // the smallest u0 allowed
    b.settings.picture.range = ColourRange{true, 0.1f, 0.3f};
    b.view = ViewTransform{glm::vec2(-5.0f, 0.0f), 40.0f};
    scenes.push_back(b);
    Scene c;
    c.settings.params.r = 0.001f;
    c.settings.params.kernel = Kernel::Tiled;
    c.settings.picture.range = ColourRange{false, -3.0e38f, 3.0e38f};
    c.settings.picture.chooseScale(ScaleChoice::Linear);  // linear chosen, not auto
    scenes.push_back(c);
    Scene d;  // version 2: a grid per backend
    d.settings.grids = GridsByBackend{GridSize{512, 512}, GridSize{4096, 2048}};
    d.settings.params.grid = d.settings.grids->cpu;
    scenes.push_back(d);
    return scenes;
}

TEST(Scene, EveryStateReadsBackEqual) {
    for (const Scene& scene : statesToRoundTrip()) {
        const std::string text = sceneText(scene);
        const Scene back = parseScene(text, kFile);
        EXPECT_TRUE(sameScene(scene, back)) << text;
        EXPECT_EQ(sceneText(back), text);
    }
}

// A scene parsed once and put over other settings later (a cue's scene,
// parsed with its list and played over the lecture's settings) is what
// parsing it over them gives: every field the file holds is the file's,
// every other stays the base's, for every state, every shipped scene and
// bases that differ from both in every field.
TEST(Scene, ParsedOnceAndPutOverABaseIsParsedOverThatBase) {
    std::vector<std::string> texts;
    for (const Scene& scene : statesToRoundTrip()) {
        texts.push_back(sceneText(scene));
    }
    Scene split = sceneA();
    split.settings.comparison.split = true;
    split.settings.comparison.difference = true;
    split.settings.comparison.b.kernel = Kernel::Temporal;
    split.settings.comparison.b.r = 0.2f;
    split.settings.comparison.b.copyEvery = 3;
    split.settings.explosionDecadesPerSecond = 0.5;
    split.settings.loupe = LoupeMode::On;
    split.settings.params.timeBlock = 2;
    texts.push_back(sceneText(split));
    for (const ShippedScene& shipped : shippedScenes()) {
        texts.push_back(shipped.text);
    }
    std::vector<LessonSettings> bases = {LessonSettings{}, sceneA().settings, split.settings};
    for (const Scene& state : statesToRoundTrip()) {
        bases.push_back(state.settings);
    }
    for (const std::string& text : texts) {
        const ParsedScene once = parseSceneFields(text, kFile);
        for (const LessonSettings& base : bases) {
            const Scene parsed = parseScene(text, kFile, base);
            const Scene over = once.over(base);
            EXPECT_TRUE(sameScene(parsed, over)) << text;
            EXPECT_EQ(sceneText(over), sceneText(parsed)) << text;
        }
    }
}

TEST(Scene, UsesTheCommandLineNames) {
    const json j = json::parse(sceneText(sceneA()));
    EXPECT_EQ(j["heatlab_scene"], 1);
    EXPECT_EQ(j["params"]["grid"], "4096x1024");
    EXPECT_EQ(j["params"]["r"], "0.26");
    EXPECT_EQ(j["params"]["kernel"], "global");
    EXPECT_EQ(j["params"]["boundary"], "periodic");
    EXPECT_EQ(j["params"]["initial"], "sine");
    EXPECT_EQ(j["window"]["display_path"], "via-host");
    EXPECT_EQ(j["window"]["colormap"], "diverging");
    EXPECT_EQ(j["window"]["scale"], "signed-log");
    EXPECT_EQ(j["window"]["scale_reference"], 2.5e-6);
    EXPECT_EQ(j["window"]["sampling"], "nearest");
    EXPECT_EQ(j["window"]["range"]["lo"], -0.1);  // the short decimal, not the float's double
    EXPECT_FALSE(json::parse(sceneText(Scene{})).contains("view"));
    EXPECT_EQ(json::parse(sceneText(Scene{}))["window"]["scale"], "auto");
}

TEST(Scene, WrittenThroughTheOutputFile) {
    const std::string path = ::testing::TempDir() + "heatlab-scene-written.json";
    writeScene(path, sceneA());
    EXPECT_TRUE(sameScene(readScene(path), sceneA()));
    std::filesystem::remove(path);
}

// The error for `text`, checked to be one line naming the file.
std::string refusal(const std::string& text) {
    try {
        parseScene(text, kFile);
    } catch (const UsageError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        EXPECT_NE(message.find(kFile), std::string::npos) << message;
        return message;
    }
    ADD_FAILURE() << "accepted: " << text;
    return "";
}

// A valid scene with one edit made to it.
template <typename Edit>
std::string edited(Edit edit) {
    json j = json::parse(sceneText(sceneA()));
    edit(j);
    return j.dump();
}

void expectRefused(const std::string& text, const std::string& says) {
    const std::string message = refusal(text);
    EXPECT_NE(message.find(says), std::string::npos) << message;
}

// Version 2's grid per backend: each backend's lesson at its own scale. A
// scene with one grid is still written as version 1; one with a grid per
// backend says version 2, and version 1 cannot say it.
TEST(Scene, AGridPerBackendIsVersionTwoAndEachBackendTakesItsOwn) {
    const std::string text = R"({"heatlab_scene": 2, "params": {"grid": {"cpu": 512,
        "cuda": "8192x4096"}, "kernel": "optimised", "r": "0.24", "boundary": "dirichlet",
        "initial": "hot-square"}, "window": {"running": true, "steps_per_frame": 10,
        "display_path": "interop", "colormap": "heat", "range": {"automatic": true, "lo": 0,
        "hi": 1}, "sampling": "extremes", "vsync": true}})";
    Scene scene = parseScene(text, kFile);
    ASSERT_TRUE(scene.settings.grids);
    EXPECT_EQ(scene.settings.params.grid.nx, 512) << "the CPU's until a backend takes it";
    LessonSettings onCuda = scene.settings;
    onCuda.useGridFor(BackendChoice::Cuda);
    EXPECT_EQ(onCuda.params.grid.nx, 8192);
    EXPECT_EQ(onCuda.params.grid.ny, 4096);
    LessonSettings onCpu = scene.settings;
    onCpu.useGridFor(BackendChoice::Cpu);
    EXPECT_EQ(onCpu.params.grid.nx, 512);
    const json written = json::parse(sceneText(scene));
    EXPECT_EQ(written["heatlab_scene"], 2);
    EXPECT_EQ(written["params"]["grid"]["cuda"], "8192x4096");
    EXPECT_EQ(json::parse(sceneText(Scene{}))["heatlab_scene"], 1) << "one grid: version 1";
    std::string one = text;
    one.replace(one.find("\"heatlab_scene\": 2"), 18, "\"heatlab_scene\": 1");
    expectRefused(one, "params.grid per backend needs \"heatlab_scene\": 2");
    expectRefused(edited([](json& j) {
                      j["params"]["grid"] = {{"cpu", "512"}};
                  }),
                  "missing field params.grid.cuda");
    expectRefused(edited([](json& j) {
                      j["params"]["grid"] = {{"cpu", 512}, {"gpu", 4096}};
                  }),
                  "unknown field params.grid.gpu");
    expectRefused(edited([](json& j) {
                      j["params"]["grid"] = {{"cpu", 2}, {"cuda", 4096}};
                  }),
                  "params.grid.cpu");
}

TEST(Scene, NotJsonOrCutShortIsRefused) {
    const std::string whole = sceneText(sceneA());
    expectRefused("{\"heatlab_scene\": 1, \"params\": {", "not valid JSON");
    expectRefused(whole.substr(0, whole.size() / 2), "not valid JSON");
    expectRefused("", "not valid JSON");
    expectRefused("heatlab", "not valid JSON");
    expectRefused("[1, 2]", "not a heatlab scene");
}

// Found by the fuzzer (test_fuzz.cpp): a number too large for a double is
// nlohmann's out_of_range, not a parse error, and escaped as exit 1.
TEST(Scene, ANumberNoDoubleHoldsIsRefusedLikeBadJson) {
    expectRefused("1e309", "not valid JSON");
    expectRefused(R"({"heatlab_scene": 1e400})", "not valid JSON");
    expectRefused(sceneText(sceneA()).replace(0, 1, "{\"x\": -1e999,"), "not valid JSON");
}

TEST(Scene, AMissingOrUnknownVersionIsRefused) {
    expectRefused(edited([](json& j) { j.erase("heatlab_scene"); }), "heatlab_scene");
    expectRefused(edited([](json& j) { j["heatlab_scene"] = 3; }),
                  "version 3 (this heatlab reads 1 to 2)");
    expectRefused(edited([](json& j) { j["heatlab_scene"] = 0; }), "version 0");
    // A string is not a version, even one that reads as the right number.
    expectRefused(edited([](json& j) { j["heatlab_scene"] = "1"; }),
                  "version \"heatlab_scene\" must be the number 1 to 2 (the versions this heatlab "
                  "reads), got "
                  "a string \"1\"");
    expectRefused(edited([](json& j) { j["heatlab_scene"] = 1.5; }), "version 1.5");
}

TEST(Scene, MissingFieldsAreRefused) {
    expectRefused(edited([](json& j) { j.erase("params"); }), "missing field params");
    expectRefused(edited([](json& j) { j.erase("window"); }), "missing field window");
    expectRefused(edited([](json& j) { j["params"].erase("r"); }), "missing field params.r");
    expectRefused(edited([](json& j) { j["window"]["range"].erase("hi"); }),
                  "missing field window.range.hi");
    expectRefused(edited([](json& j) { j["view"].erase("cells_per_pixel"); }),
                  "missing field view.cells_per_pixel");
}

TEST(Scene, UnknownFieldsAreRefused) {
    expectRefused(edited([](json& j) { j["window"]["colourmap"] = "heat"; }),
                  "unknown field window.colourmap");
    expectRefused(edited([](json& j) { j["extra"] = 1; }), "unknown field extra");
}

TEST(Scene, WronglyTypedFieldsAreRefused) {
    expectRefused(edited([](json& j) { j["params"]["r"] = true; }),
                  "params.r must be a number (or a string holding one), got true or false");
    // A whole number of cells a side reads as its text does ("512");
    // anything else that is not a string is refused.
    EXPECT_EQ(parseScene(edited([](json& j) { j["params"]["grid"] = 512; }), kFile)
                  .settings.params.grid.nx,
              512);
    expectRefused(edited([](json& j) { j["params"]["grid"] = 512.5; }),
                  "params.grid must be a string");
    expectRefused(edited([](json& j) { j["window"]["running"] = "yes"; }),
                  "window.running must be true or false");
    expectRefused(edited([](json& j) { j["window"]["steps_per_frame"] = 2.5; }),
                  "window.steps_per_frame must be a whole number");
    expectRefused(edited([](json& j) { j["window"]["range"] = "auto"; }),
                  "window.range must be an object");
    expectRefused(edited([](json& j) { j["window"]["range"]["lo"] = "0"; }),
                  "window.range.lo must be a number");
    expectRefused(edited([](json& j) { j["params"] = json::array(); }), "params must be an object");
    expectRefused(edited([](json& j) { j["title"] = 3; }), "title must be a string");
}

// Issue 44: an escaped NUL in any string of a scene would cut the text it
// is in (a title shown short, a name read to its first NUL): refused,
// naming where.
TEST(Scene, ANulInAnyStringIsRefusedNamingWhere) {
    expectRefused(edited([](json& j) { j["title"] = std::string("one\0two", 7); }),
                  "title holds a NUL character (\\u0000): the text would end there");
    expectRefused(edited([](json& j) { j["description"] = std::string(1, '\0'); }),
                  "description holds a NUL character (\\u0000)");
    expectRefused(edited([](json& j) { j["params"]["kernel"] = std::string("global\0", 7); }),
                  "params.kernel holds a NUL character (\\u0000)");
}

TEST(Scene, ValuesTheCommandLineRefusesAreRefused) {
    expectRefused(edited([](json& j) { j["params"]["r"] = "0"; }), "params.r: r must be");
    expectRefused(edited([](json& j) { j["params"]["r"] = "1.5"; }), "params.r");
    expectRefused(edited([](json& j) { j["params"]["r"] = "1e-40"; }), "params.r");
    expectRefused(edited([](json& j) { j["params"]["grid"] = "2"; }), "params.grid");
    expectRefused(edited([](json& j) { j["params"]["grid"] = "70000x8"; }), "params.grid");
    expectRefused(edited([](json& j) { j["params"]["grid"] = "12y3"; }), "params.grid");
    expectRefused(edited([](json& j) { j["params"]["kernel"] = "copy"; }),
                  "params.kernel: 'copy' is not one of");
    expectRefused(edited([](json& j) { j["params"]["boundary"] = "open"; }), "params.boundary");
    expectRefused(edited([](json& j) { j["params"]["initial"] = "hot"; }), "params.initial");
    expectRefused(edited([](json& j) { j["window"]["steps_per_frame"] = 0; }),
                  "window.steps_per_frame must be from 1");
    expectRefused(edited([](json& j) { j["window"]["steps_per_frame"] = kMaxStepsPerFrame + 1; }),
                  "window.steps_per_frame");
    expectRefused(edited([](json& j) { j["window"]["display_path"] = "pcie"; }),
                  "window.display_path");
    expectRefused(edited([](json& j) { j["window"]["colormap"] = "jet"; }), "window.colormap");
    expectRefused(edited([](json& j) { j["window"]["sampling"] = "linear"; }), "window.sampling");
    expectRefused(edited([](json& j) { j["window"]["range"]["lo"] = 5; }), "lo must be below hi");
    expectRefused(edited([](json& j) { j["window"]["range"]["hi"] = 1e39; }),
                  "window.range.hi must be a number a float holds (0, or from 1e-45 to 3.4e38 "
                  "either side of it), got 1e+39");
    // Not made 0 by the float it is read into.
    expectRefused(edited([](json& j) { j["window"]["range"]["lo"] = -1e-300; }),
                  "window.range.lo must be a number a float holds (0, or from 1e-45 to 3.4e38 "
                  "either side of it), got -1e-300");
    expectRefused(edited([](json& j) { j["view"]["cells_per_pixel"] = 0; }),
                  "view.cells_per_pixel must be above 0");
}

TEST(Scene, FieldsAddedLaterMayBeLeftOutOrMustBeValid) {
    const Scene plain = parseScene(
        edited([](json& j) {
            for (const char* key : {"pace", "steps_per_second", "copy_every", "pinned", "brush",
                                    "scale", "scale_reference", "surface", "surface_camera"}) {
                j["window"].erase(key);
            }
        }),
        kFile);
    EXPECT_EQ(plain.settings.copyEvery, LectureSettings{}.copyEvery);
    EXPECT_EQ(plain.settings.pace, LectureSettings{}.pace);
    EXPECT_EQ(plain.settings.brushPercent, LectureSettings{}.brushPercent);
    // A scene written before the surface view is drawn flat, its camera fitted.
    EXPECT_FALSE(plain.settings.picture.surface);
    EXPECT_TRUE(plain.settings.picture.camera == OrbitCamera{});
    expectRefused(edited([](json& j) { j["window"]["surface"] = "yes"; }),
                  "window.surface must be true or false");
    expectRefused(edited([](json& j) { j["window"]["surface_camera"]["pitch"] = 95; }),
                  "window.surface_camera.pitch must be from 5 to 89 degrees");
    expectRefused(edited([](json& j) { j["window"]["surface_camera"]["yaw"] = -180; }),
                  "window.surface_camera.yaw must be above -180");
    expectRefused(edited([](json& j) { j["window"]["surface_camera"]["distance"] = 0; }),
                  "window.surface_camera.distance must be from 0.05 to 20");
    expectRefused(edited([](json& j) { j["window"]["surface_camera"]["roll"] = 0; }),
                  "unknown field window.surface_camera.roll");
    // A scene written before the signed-log scale is drawn as it was, linear,
    // on the auto scale (signed-log only once a run explodes).
    EXPECT_EQ(plain.settings.picture.scale, ColourScale::Linear);
    EXPECT_EQ(plain.settings.picture.scaleChoice(), ScaleChoice::Auto);
    EXPECT_EQ(plain.settings.picture.scaleReference, kDefaultScaleReference);
    expectRefused(edited([](json& j) { j["window"]["scale"] = "log"; }),
                  "window.scale: 'log' is not one of: auto, linear, signed-log");
    expectRefused(edited([](json& j) { j["window"]["scale"] = 1; }),
                  "window.scale must be a string");
    for (double bad : {0.0, -1.0, 1e-40}) {
        expectRefused(edited([bad](json& j) { j["window"]["scale_reference"] = bad; }),
                      "window.scale_reference: expected a number from 1.1754944e-38");
    }
    expectRefused(edited([](json& j) { j["window"]["pace"] = "warp"; }), "window.pace");
    expectRefused(edited([](json& j) { j["window"]["steps_per_second"] = 0; }),
                  "window.steps_per_second must be from 1");
    expectRefused(edited([](json& j) { j["window"]["copy_every"] = -1; }),
                  "window.copy_every must be 0");
    expectRefused(edited([](json& j) { j["window"]["pinned"] = 1; }),
                  "window.pinned must be true or false");
    expectRefused(edited([](json& j) { j["window"]["brush"]["radius_percent"] = 50; }),
                  "window.brush.radius_percent must be from 0.2 to 20, got 50");
    expectRefused(edited([](json& j) { j["window"]["brush"]["size"] = 1; }),
                  "unknown field window.brush.size");
    EXPECT_EQ(plain.settings.params.timeBlock, kTimeBlockAuto);
    expectRefused(edited([](json& j) { j["params"]["time_block"] = kTimeBlockMax + 1; }),
                  "params.time_block must be a whole number from 0 to");
    expectRefused(edited([](json& j) { j["params"]["time_block"] = 2.5; }), "params.time_block");
}

TEST(Scene, ANullViewIsTheFittedView) {
    const Scene scene = parseScene(edited([](json& j) { j["view"] = nullptr; }), kFile);
    EXPECT_FALSE(scene.view);
}

TEST(Scene, AFileThatCannotBeReadIsNamed) {
    const std::string path = ::testing::TempDir() + "heatlab-no-such-scene.json";
    try {
        readScene(path);
        ADD_FAILURE() << "read a missing file";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
}

TEST(Scene, TheShippedScenesParse) {
    const std::vector<ShippedScene>& shipped = shippedScenes();
    ASSERT_EQ(shipped.size(), 5u);
    std::vector<std::string> titles;
    for (const ShippedScene& s : shipped) {
        const Scene scene = parseScene(s.text, s.file);
        EXPECT_FALSE(scene.description.empty()) << s.file;
        titles.push_back(scene.title);
    }
    const Scene stable = parseScene(shipped[0].text, shipped[0].file);
    EXPECT_EQ(stable.title, "stable diffusion");
    EXPECT_EQ(stable.settings.params.r, 0.24f);
    EXPECT_EQ(stable.settings.params.grid.nx, 512);
    EXPECT_EQ(stable.settings.picture.map, ColourMap::Heat);
    const Scene unstable = parseScene(shipped[1].text, shipped[1].file);
    EXPECT_EQ(unstable.title, "checkerboard explosion at r = 0.26");
    EXPECT_EQ(unstable.settings.params.r, 0.26f);
    EXPECT_EQ(unstable.settings.params.grid.nx, 512);
    EXPECT_EQ(unstable.settings.picture.map, ColourMap::Diverging);
    const Scene copy = parseScene(shipped[2].text, shipped[2].file);
    EXPECT_STREQ(shipped[2].file, "app/lecture/scenes/copy_every_step_2048.json");
    EXPECT_EQ(copy.title, "copy every step at 2048");
    EXPECT_EQ(copy.settings.params.grid.nx, 2048);
    EXPECT_EQ(copy.settings.params.grid.ny, 2048);
    EXPECT_EQ(copy.settings.copyEvery, 1);
    EXPECT_FALSE(copy.settings.pinned);
    // The price of accuracy: the field with an exact solution.
    const Scene accuracy = parseScene(shipped[3].text, shipped[3].file);
    EXPECT_EQ(accuracy.settings.params.initial, InitialCondition::Sine);
    EXPECT_EQ(accuracy.settings.params.boundary, Boundary::Dirichlet);
    EXPECT_EQ(accuracy.settings.params.grid.nx, 129);
    EXPECT_EQ(copy.settings.pace, Pace::FixedSteps);
    EXPECT_EQ(copy.settings.stepsPerFrame, 10);
    EXPECT_NE(copy.description.find("copied back"), std::string::npos) << copy.description;
    // True on both backends: on the CPU the copy crosses no link.
    EXPECT_NE(copy.description.find("On the CPU backend the field already lives in host memory"),
              std::string::npos)
        << copy.description;
    EXPECT_NE(copy.description.find("no PCIe link to cross"), std::string::npos)
        << copy.description;
    // The bus and the kernels: a grid per backend, the CPU's live, CUDA's
    // past its L2.
    const Scene bus = parseScene(shipped[4].text, shipped[4].file);
    ASSERT_TRUE(bus.settings.grids);
    EXPECT_EQ(bus.settings.grids->cpu.nx, 512);
    EXPECT_EQ(bus.settings.grids->cuda.nx, 4096);
}

}  // namespace
}  // namespace heatlab
