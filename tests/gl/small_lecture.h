#pragma once
// The shipped lecture with its scenes' grids 64 a side, for the gl tests
// that play it cue by cue: copies beside it in `folder` (made afresh),
// which its cues name; its cues as shipped.

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/files/scene.h"

namespace heatlab {

inline CueList smallShippedLecture(const std::filesystem::path& folder) {
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    std::string cues = shippedCues().at(0).text;
    for (const ShippedScene& scene : shippedScenes()) {
        const std::string name = std::filesystem::path(scene.file).stem().string();
        std::string text = scene.text;
        text = std::regex_replace(text, std::regex("\"(512|4096|2048)\""), "\"64\"");
        std::ofstream(folder / (name + ".json")) << text;
        cues = std::regex_replace(cues, std::regex("\"scene\": \"" + name + "\""),
                                  "\"scene\": \"" + name + ".json\"");
    }
    const std::filesystem::path list = folder / "lecture.json";
    std::ofstream(list) << cues;
    return readCues(list.string());
}

}  // namespace heatlab
