#include "app/ui/lecture_pictures.h"

#include <exception>

namespace heatlab {

namespace {

// Named after pane A's state.
std::string pathFor(const ScreenshotPanel& panel, const std::vector<DrawnPane>& panes) {
    const Simulation& lead = panes.front().field.simulation;
    return screenshotPath(panel, lead.params(), lead.stepCount());
}

}  // namespace

std::string LecturePictures::take(const std::vector<DrawnPane>& panes, const PixelSize& window,
                                  const PngText& windowText) {
    const std::string path = pathFor(panel_, panes);
    try {
        writeScreenshot(panel_.kind, path, panes, window, windowText, disk_);
        outcome_ = ScreenshotOutcome{path, ""};
        return "saved " + path;
    } catch (const std::exception& e) {
        outcome_ = ScreenshotOutcome{path, e.what()};
        return std::string("screenshot not saved: ") + e.what();
    }
}

void LecturePictures::saveField(const std::vector<DrawnPane>& panes, const std::string& path) {
    writeScreenshot(ScreenshotKind::Field, path, panes, PixelSize{}, PngText{}, disk_);
}

std::string LecturePictures::toggleRecording(const std::vector<DrawnPane>& panes,
                                             const PixelSize& window, double now,
                                             const std::function<PngText()>& describe) {
    if (recording_.active()) {
        return recording_.stop(describe());
    }
    std::string path = pathFor(panel_, panes);
    path.replace(path.size() - 4, 4, ".mp4");  // screenshotPath's names end in .png
    try {
        recording_.start(path, panel_.kind, panes, window, panel_.videoRate, panel_.videoEvery, now,
                         disk_);
        std::string said = "recording " + path + " (Ctrl+R stops)";
        if (!recording_.scaledNote().empty()) {
            said += "; " + recording_.scaledNote();
        }
        return said;
    } catch (const std::exception& e) {
        return std::string("video not started: ") + e.what();
    }
}

}  // namespace heatlab
