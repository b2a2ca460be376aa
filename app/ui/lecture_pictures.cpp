#include "app/ui/lecture_pictures.h"

#include <exception>
#include <filesystem>

namespace heatlab {

namespace {

// Named after pane A's state.
std::string pathFor(const ScreenshotPanel& panel, const std::vector<DrawnPane>& panes) {
    const Simulation& lead = panes.front().field.simulation;
    return screenshotPath(panel, lead.params(), lead.stepCount());
}

std::string fileName(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

}  // namespace

Notice LecturePictures::take(const std::vector<DrawnPane>& panes, const PixelSize& window,
                             const PngText& windowText) {
    const std::string path = pathFor(panel_, panes);
    try {
        writeScreenshot(panel_.kind, path, panes, window, windowText, disk_);
        outcome_ = ScreenshotOutcome{path, ""};
        return Notice::info("saved " + path, "saved " + fileName(path));
    } catch (const std::exception& e) {
        outcome_ = ScreenshotOutcome{path, e.what()};
        return Notice::info(std::string("screenshot not saved: ") + e.what());
    }
}

void LecturePictures::saveField(const std::vector<DrawnPane>& panes, const std::string& path) {
    writeScreenshot(ScreenshotKind::Field, path, panes, PixelSize{}, PngText{}, disk_);
}

Notice LecturePictures::toggleRecording(const std::vector<DrawnPane>& panes,
                                        const PixelSize& window, double now,
                                        const std::function<PngText()>& describe) {
    if (recording_.active()) {
        return recording_.stop(describe());
    }
    std::string path = pathFor(panel_, panes);
    path.replace(path.size() - 4, 4, ".mp4");  // screenshotPath's names end in .png
    path = unusedPath(path);
    try {
        recording_.start(path, panel_.kind, panes, window, panel_.videoRate, panel_.videoEvery, now,
                         disk_);
        std::string said = "recording " + path + " (Ctrl+R stops)";
        if (!recording_.scaledNote().empty()) {
            said += "; " + recording_.scaledNote();
        }
        return Notice::info(said, "recording " + fileName(path) + " (Ctrl+R stops)");
    } catch (const std::exception& e) {
        return Notice::info(std::string("video not started: ") + e.what());
    }
}

}  // namespace heatlab
