#include "app/io/video_metadata.h"

#include <string_view>

namespace heatlab {

namespace {

// The picture's keys a clip keeps: what made the field (the colours and
// readouts of one frame say little of a whole clip).
constexpr std::string_view kKept[] = {"backend",  "kernel",  "r",    "grid",
                                      "boundary", "initial", "steps"};
constexpr std::string_view kPrefix = "heatlab.";

}  // namespace

VideoMetadata videoMetadataOf(const PngText& pictureText, int fps, int stepsPerFrame,
                              UnpacedFrames unpaced) {
    VideoMetadata metadata;
    for (const auto& [key, value] : pictureText) {
        if (key == "Software") {
            metadata.emplace_back("version", value);
            continue;
        }
        if (key.rfind(kPrefix, 0) != 0) {
            continue;
        }
        const std::string_view shortKey = std::string_view(key).substr(kPrefix.size());
        for (std::string_view kept : kKept) {
            if (shortKey == kept) {
                metadata.emplace_back(std::string(shortKey), value);
            }
        }
    }
    metadata.emplace_back("frame-rate", std::to_string(fps));
    const char* unpacedText =
        unpaced == UnpacedFrames::AsDisplayed ? "as displayed" : "on the lecture's clock";
    metadata.emplace_back("steps-per-frame",
                          stepsPerFrame > 0 ? std::to_string(stepsPerFrame) : unpacedText);
    return metadata;
}

}  // namespace heatlab
