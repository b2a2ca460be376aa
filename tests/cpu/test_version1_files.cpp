// Every version-1 file reads as it always has: the shipped scenes and cue
// list, the fuzzers' seeds and the files in tests/cpu/version1/ (written as
// users wrote them before the readers were shared: a scene with only the
// fields it must have, r as a string in a scene and as a number in a cue)
// each read to the settings recorded in its .expected file beside it. The
// records were made by the readers as they were before scenes and cues
// shared one table of fields; a reader that now reads any field otherwise
// fails here, naming the file. After a deliberate change of the format's
// meaning, HEATLAB_WRITE_EXPECTED=1 rewrites the records (then read the
// diff).

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"

namespace heatlab {
namespace {

namespace fs = std::filesystem;

std::string fileText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Everything a scene's or a cue's settings decide, the machine's included.
std::string settingsText(const LectureSettings& s, const std::optional<ViewTransform>& view) {
    Scene scene;
    scene.settings = s;
    scene.view = view;
    return sceneText(scene) + "backend " + name(s.backend) + ", presenter " +
           std::to_string(s.presenter) + ", panel " + std::to_string(s.panelVisible) +
           ", measure " + std::to_string(s.measureMaxAbs) + "\n";
}

std::string sceneRecord(const std::string& text, const std::string& file) {
    const Scene scene = parseScene(text, file);
    LectureSettings s;  // the machine's as a new lecture has them
    static_cast<LessonSettings&>(s) = scene.settings;
    return "title: " + scene.title + "\ndescription: " + scene.description + "\n" +
           settingsText(s, scene.view);
}

std::string untilText(const std::optional<CueUntil>& until) {
    if (!until) {
        return "none";
    }
    switch (until->kind) {
    case CueUntil::Kind::Step: return "step " + std::to_string(until->step);
    case CueUntil::Kind::MaxAbsAbove: return "max_abs_above " + numberText(until->maxAbs);
    case CueUntil::Kind::Pause: return "pause";
    }
    return "?";
}

// Each cue's own parts, then its settings over the defaults.
std::string cuesRecord(const std::string& text, const std::string& file) {
    const CueList list = parseCues(text, file);
    std::string record = "title: " + list.title + "\n";
    for (std::size_t i = 0; i < list.cues.size(); ++i) {
        const Cue& cue = list.cues[i];
        LectureSettings s;
        applyCueSettings(cue, s);
        record += "cue " + std::to_string(i + 1) + ": caption " + cue.caption.cpu +
                  (cue.caption.cuda == cue.caption.cpu ? "" : " | on CUDA: " + cue.caption.cuda) +
                  "; scene " + (cue.scene ? cue.scene->name : "none") + "; reset " +
                  std::to_string(cue.reset) + "; ramp " +
                  (cue.rampR ? rText(cue.rampR->to) + " in " + numberText(cue.rampR->seconds) + " s"
                             : "none") +
                  "; until " + untilText(cue.until) + "; then " + (cue.thenNext ? "next" : "wait") +
                  "; screenshot " + std::to_string(cue.screenshot) + "; bandwidth " +
                  std::to_string(cue.bandwidth) + "\n" + settingsText(s, std::nullopt);
    }
    return record;
}

struct Version1File {
    std::string name;  // of its record, in tests/cpu/version1/
    std::string record;
};

std::vector<Version1File> version1Files() {
    std::vector<Version1File> files;
    for (const ShippedScene& shipped : shippedScenes()) {
        files.push_back({"shipped_" + fs::path(shipped.file).stem().string(),
                         sceneRecord(shipped.text, shipped.file)});
    }
    for (const ShippedCues& shipped : shippedCues()) {
        files.push_back({"shipped_cues_" + fs::path(shipped.file).stem().string(),
                         cuesRecord(shipped.text, shipped.file)});
    }
    const fs::path seeds = HEATLAB_FUZZ_CORPUS;
    files.push_back({"seed_scene_full", sceneRecord(fileText(seeds / "scene_full.json"),
                                                    (seeds / "scene_full.json").string())});
    const fs::path everyField = seeds / "cues" / "every_field.json";
    files.push_back(
        {"seed_cues_every_field", cuesRecord(fileText(everyField), everyField.string())});
    const fs::path folder = HEATLAB_VERSION1_FILES;
    for (const char* scene : {"minimal_scene", "split_scene"}) {
        const fs::path path = folder / (std::string(scene) + ".json");
        files.push_back({scene, sceneRecord(fileText(path), path.string())});
    }
    // The shipped lecture as version 1 wrote it, before its captions came
    // a backend each.
    for (const char* list : {"cues_every_kind", "cues_lecture_v1"}) {
        const fs::path path = folder / (std::string(list) + ".json");
        files.push_back({list, cuesRecord(fileText(path), path.string())});
    }
    return files;
}

TEST(Version1Files, EachReadsToTheSettingsItAlwaysHas) {
    const fs::path folder = HEATLAB_VERSION1_FILES;
    const bool write = std::getenv("HEATLAB_WRITE_EXPECTED") != nullptr;
    for (const Version1File& file : version1Files()) {
        const fs::path expected = folder / (file.name + ".expected");
        if (write) {
            std::ofstream(expected, std::ios::binary) << file.record;
            continue;
        }
        ASSERT_TRUE(fs::exists(expected)) << expected;
        EXPECT_EQ(file.record, fileText(expected)) << "read otherwise now: " << file.name;
    }
}

}  // namespace
}  // namespace heatlab
