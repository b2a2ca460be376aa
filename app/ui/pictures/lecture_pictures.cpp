#include "app/ui/pictures/lecture_pictures.h"

#include <cstdio>
#include <exception>
#include <filesystem>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/io/stale_temporaries.h"

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

// The names the window gives its pictures and videos.
bool windowsOwn(const std::string& name) { return name.rfind("heatlab_", 0) == 0; }

// What a window killed outright (SIGKILL, the OOM killer) left in the
// folder about to take a picture or video: a recording's temporary.
void removeWhatAKilledWindowLeft(const std::string& path) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    removeStaleTemporariesIn(folder.empty() ? "." : folder, windowsOwn);
}

}  // namespace

LecturePictures::LecturePictures(PaneSet& panes, FieldRenderer& renderer,
                                 const FieldNavigation& navigation,
                                 std::function<void(const Notice&)> say)
    : panes_(panes), renderer_(renderer), navigation_(navigation), say_(std::move(say)) {}

LecturePictures::~LecturePictures() {
    if (recording_.active()) {
        std::fprintf(stderr, "heatlab: %s\n",
                     terminalLine(recording_.stop(describe()).text).c_str());
    }
}

std::vector<DrawnPane> LecturePictures::drawn() {
    const bool difference = panes_.split() && panes_.lead().run().settings().comparison.difference;
    return panes_.drawn(renderer_, difference);
}

void LecturePictures::take(const PixelSize& window) {
    const std::vector<DrawnPane> panes = drawn();
    if (downloads_ != nullptr) {
        send(panes, window);
        return;
    }
    const std::string path = pathFor(panel_, panes);
    removeWhatAKilledWindowLeft(path);
    try {
        std::string note;
        writeScreenshot(panel_.kind, path, panes, window, describe(), disk_, &note);
        outcome_ = ScreenshotOutcome{path, ""};
        const std::string scale = note.empty() ? "" : "; " + note;
        say_(Notice::info(trf("saved %s", path.c_str()) + scale,
                          trf("saved %s", fileName(path).c_str()) + scale));
    } catch (const std::exception& e) {
        outcome_ = ScreenshotOutcome{path, e.what()};
        say_(Notice::info(trf("screenshot not saved: %s", e.what())));
    }
}

void LecturePictures::send(const std::vector<DrawnPane>& panes, const PixelSize& window) {
    const Simulation& lead = panes.front().field.simulation;
    const std::string name = screenshotName(panel_, lead.params(), lead.stepCount());
    try {
        std::string note;
        const std::string png = screenshotPng(panel_.kind, panes, window, describe(), &note);
        downloads_->add(name, std::vector<unsigned char>(png.begin(), png.end()));
        outcome_ = ScreenshotOutcome{name, ""};
        say_(Notice::info(trf("saved %s", name.c_str()) + (note.empty() ? "" : "; " + note)));
    } catch (const std::exception& e) {
        outcome_ = ScreenshotOutcome{name, e.what()};
        say_(Notice::info(trf("screenshot not saved: %s", e.what())));
    }
}

void LecturePictures::saveField(const std::string& path) {
    writeScreenshot(ScreenshotKind::Field, path, drawn(), PixelSize{}, PngText{}, disk_);
}

Picture LecturePictures::slide(int width, int height, bool loupe) {
    std::vector<DrawnPane> panes = drawn();
    for (DrawnPane& pane : panes) {
        pane.settings.loupe.shown = loupe;
    }
    return slideOfPanes(panes, width, height);
}

PngText LecturePictures::describe() {
    Pane& a = panes_.lead();
    const LectureSettings& settings = a.run().settings();
    PngText text = describeWindow(a.drawn(renderer_).field,
                                  frameSettingsOf(settings, 0, navigation_.view()), a.lastFrame());
    for (auto& chunk : panes_.describeFollowers(settings.comparison.difference)) {
        text.push_back(std::move(chunk));
    }
    return text;
}

bool LecturePictures::afterFrame(bool screenshot, bool toggleRecording, const SurfaceSize& surface,
                                 double now) {
    if (screenshot) {
        take(surface.pixels);
    }
    if (toggleRecording) {
        this->toggleRecording(surface.pixels, now);
    }
    const bool signalled = recording_.active() && StopSignal::requested();
    recordFrame(surface.pixels, surface.pixelsPerUnit(), now);
    return signalled;
}

void LecturePictures::toggleRecording(const PixelSize& window, double now) {
    if (recording_.active()) {
        say_(recording_.stop(describe()));
        return;
    }
    const std::vector<DrawnPane> panes = drawn();
    const Simulation& lead = panes.front().field.simulation;
    // Named as a picture of the video's kind would be.
    ScreenshotPanel video = panel_;
    video.kind = panel_.videoKind;
    std::string path = downloads_ != nullptr
                           ? screenshotName(video, lead.params(), lead.stepCount())
                           : pathFor(video, panes);
    path.replace(path.size() - 4, 4, ".mp4");  // screenshotPath's names end in .png
    if (downloads_ == nullptr) {
        path = unusedPath(path);
        removeWhatAKilledWindowLeft(path);
    }
    try {
        recording_.start(path, panel_.videoKind, panes, window, panel_.videoRate, panel_.videoEvery,
                         now, disk_, downloads_);
        std::string said = trf("recording %s (Ctrl+R stops)", path.c_str());
        if (!recording_.scaledNote().empty()) {
            said += "; " + recording_.scaledNote();
        }
        say_(Notice::info(said, trf("recording %s (Ctrl+R stops)", fileName(path).c_str())));
    } catch (const std::exception& e) {
        say_(Notice::info(trf("video not started: %s", e.what())));
    }
}

void LecturePictures::recordFrame(const PixelSize& window, float pixelsPerUnit, double now) {
    // The panes are gathered for the recording only while one runs.
    if (recording_.active()) {
        if (const std::optional<Notice> stopped = recording_.capture(
                drawn(), window, [this] { return describe(); }, now)) {
            say_(*stopped);
        }
    }
    const PaneRect& last = panes_.last().rect();
    recording_.drawIndicator(window, last.x + last.width, pixelsPerUnit, now);
}

}  // namespace heatlab
