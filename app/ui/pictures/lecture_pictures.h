#pragma once
// The lecture's pictures of its panes and its recording: the panel's kind
// of screenshot (field, window or slide, every pane on a slide) named after
// pane A's state into the panel's folder, the field asked for on the
// command line, slides, the text chunks that say how a picture was made,
// and the video of the same kinds (Ctrl+R). What it has to say of a picture
// (the whole path in the panel, the file's name on the field) goes to the
// lecture's `say`; what it writes is written whole or not at all.

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/io/downloads.h"
#include "app/io/output_file.h"
#include "app/lecture/input/field_navigation.h"
#include "app/lecture/panel/notice.h"
#include "app/platform/surface_size.h"
#include "app/ui/lecture/pane_set.h"
#include "app/ui/pictures/screenshots.h"
#include "app/ui/pictures/window_recording.h"

namespace heatlab {

class LecturePictures {
public:
    // The lecture's panes, renderer and view, which outlive this.
    LecturePictures(PaneSet& panes, FieldRenderer& renderer, const FieldNavigation& navigation,
                    std::function<void(const Notice&)> say);
    // A video still recording is finished (the window closed): said on
    // stderr.
    ~LecturePictures();
    LecturePictures(const LecturePictures&) = delete;
    LecturePictures& operator=(const LecturePictures&) = delete;

    // The panel's choices (what, into which folder, the video's rate).
    ScreenshotPanel& panel() { return panel_; }
    // The disk pictures and videos are written to (tests give one that
    // fills part-way).
    void setOutputDisk(const OutputDisk& disk) { disk_ = disk; }
    // Served: pictures and videos go whole into `downloads` (which
    // outlives this), named as they would be, instead of into the panel's
    // folder; nullptr: into the folder again.
    void sendTo(Downloads* downloads) { downloads_ = downloads; }
    Downloads* downloads() const { return downloads_; }

    // F12, P, the panel's button or a cue: the panel's kind of picture;
    // `window` is the framebuffer just drawn, read for a window shot.
    void take(const PixelSize& window);
    // What became of the newest picture taken, once (then empty until the
    // next one): `shot --ui --cues` says each one.
    std::optional<ScreenshotOutcome> takeOutcome() { return std::exchange(outcome_, std::nullopt); }
    // Pane A's field at grid resolution at `path` (--screenshot); a failure
    // throws.
    void saveField(const std::string& path);
    // A slide of width x height pixels of the panes as they are, with its
    // text chunks: `shot --slide`.
    Picture slide(int width, int height, bool loupe);
    // The text chunks of a picture of the whole UI: how pane A's field was
    // made (describePicture's), every pane's label, and that the panel is
    // on it.
    PngText describe();

    // The pictures' part of a frame once drawn: the screenshot asked for;
    // then Ctrl+R's or the panel's toggle (a recording of the panel's video
    // kind, a slide holding every pane by default, into its folder, or stopped
    // and where it went said); then the recording's frame and its indicator
    // at the top right of the last pane, clear of the notices (after the
    // screenshot, which must not carry it). Returns whether Ctrl+C in the
    // terminal asked a running recording to finish.
    bool afterFrame(bool screenshot, bool toggleRecording, const SurfaceSize& surface, double now);
    WindowRecording& recording() { return recording_; }
    const WindowRecording& recording() const { return recording_; }

private:
    // take() served: the picture into the downloads.
    void send(const std::vector<DrawnPane>& panes, const PixelSize& window);
    void toggleRecording(const PixelSize& window, double now);
    void recordFrame(const PixelSize& window, float pixelsPerUnit, double now);
    // The panes as a picture takes them (pane A alone while A - B shows).
    std::vector<DrawnPane> drawn();

    PaneSet& panes_;
    FieldRenderer& renderer_;
    const FieldNavigation& navigation_;
    std::function<void(const Notice&)> say_;
    ScreenshotPanel panel_;
    OutputDisk disk_;
    Downloads* downloads_ = nullptr;
    std::optional<ScreenshotOutcome> outcome_;
    WindowRecording recording_;
};

}  // namespace heatlab
