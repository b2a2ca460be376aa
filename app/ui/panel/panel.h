#pragma once
// The Dear ImGui panel docked on the right of the window, beside the field.
// It edits the lecture's settings (LectureSettings) and returns the actions asked for (reset,
// single step, screenshot, quit); it never calls the backend: what it shows of the running
// simulation comes in each pane's PaneReadouts and the lecture's LectureReadouts.

#include <optional>
#include <string>
#include <vector>

#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/panel/panel_readouts.h"
#include "app/platform/surface_size.h"
#include "app/ui/panel/frame_breakdown.h"
#include "app/ui/panel/stability_meter.h"

namespace heatlab {

// The panel's Scene section: what it edits, shows and asks for, beside the
// settings (the window does the loading and saving).
struct ScenePanel {
    // Edited in the panel: the file to save to or load from.
    char path[1024] = "heatlab_scene.json";
    // Shown: the titles of the shipped scenes, and the scene loaded last.
    std::vector<std::string> shippedTitles;
    std::string loadedTitle;
    std::string loadedDescription;
    // Asked for this frame: set by the panel, cleared by the window.
    bool save = false;
    bool load = false;
    int shipped = -1;  // index into shippedTitles
    // Served to a browser without --allow-files: no file of the server is
    // named from the panel (the shipped scenes stay). Save then writes the
    // scene into servedFolder (the pictures' folder: sent to the browser as
    // a download, or the one --allow-writes names), and Open asks the
    // lecturer's browser for a file (chooseInBrowser, done by the server).
    bool filesHidden = false;
    std::string servedFolder;
    bool chooseInBrowser = false;
    // A file dropped on a served lecture's page (a scene or a cue list,
    // told apart by its version key), loaded by the next frame; and the
    // panel's line that says it can be.
    struct Dropped {
        std::string name;
        std::string text;
    };
    std::optional<Dropped> dropped;
    std::string dropHint;  // English, translated where it is shown
};

// What F12, P and the Screenshot button write: the field at the grid's own
// resolution (no UI), the whole window as it is on screen, or a slide (the
// field, its colour bar and a caption, 1920 x 1080).
enum class ScreenshotKind { Field, Window, Slide };
const char* name(ScreenshotKind kind);
std::vector<ScreenshotKind> allScreenshotKinds();

// The panel's screenshot controls: what to take and the folder it goes to
// (the current folder unless changed).
struct ScreenshotPanel {
    ScreenshotKind kind = ScreenshotKind::Field;
    std::string folder = ".";  // any length: a --record folder is the user's
    // The video (Ctrl+R) into the same folder, of its own kind: a slide by
    // default (the field, its colour bar and caption at 1920 x 1080, what
    // a deck shows), a frame every videoEvery steps (0: on the lecture's
    // clock, app/ui/pictures/window_recording.h), played at videoRate
    // frames a second.
    ScreenshotKind videoKind = ScreenshotKind::Slide;
    int videoEvery = 0;
    int videoRate = 30;
    // Served to a browser without --allow-writes: the folder is the
    // server's own, and what is taken is sent to the browser (said here, in
    // English: translated where it is shown, as the language may change).
    std::string sentTo;
};

// The panel's width in ImGui units at scale 1; in presenter mode while
// split, narrow (the cue, Run, the A/B section), so each pane keeps room:
// 299 pixels at 1280 x 800.
constexpr float kPanelWidth = 370.0f;
constexpr float kSplitPresenterPanelWidth = 230.0f;

// An item's rectangle on the display, in ImGui units (y down); `drawn`
// false where the item was not drawn that frame.
struct PanelRect {
    float left = 0.0f;
    float top = 0.0f;
    float right = 0.0f;
    float bottom = 0.0f;
    bool drawn = false;
};

// Where the panel drew the lesson's essentials in its last frame: what
// presenter mode must keep on a 1280 x 800 screen, above the fold (the gl
// tests check it).
struct PanelLayout {
    PanelRect runButton;       // Run / Pause
    PanelRect rSlider;         // the slider and its 0.25 mark
    PanelRect rNumbers;        // 1 - 4r, the grid's factor and bound, the verdict
    PanelRect copyBack;        // never / every step / every 100, pinned
    PanelRect readouts;        // steps, frame ms, steps/s, GB/s to host, max |u|
    PanelRect frameBar;        // the frame-time bar and the backend's ms a step
    PanelRect frameLegend;     // its parts' ms and shares (copy, display, ...)
    PanelRect stabilityMeter;  // its legend, plot and step axis
    PanelRect displayPath;     // the Display section's controls, when it is open
    // In presenter mode the Display section's own copy of the frame bar
    // and its shares (the lesson's is scrolled away above it).
    PanelRect displayFrame;
    PanelRect bandwidthTable;  // the Bandwidth section's controls and table, when open
    PanelRect accuracy;        // the Accuracy section's, when open
    PanelRect comparison;      // the A/B section's, when open
    PanelRect kernelFiles;     // the "Your kernel" section's, when open
    PanelRect wrongPicture;    // a wrong class kernel's picture in it, when drawn
};

// What the panel edits and shows, and where it says its essentials went.
struct PanelModel {
    LectureSettings& settings;
    const LectureReadouts& lecture;  // the lecture's: message, cue, A/B comparison
    const PaneReadouts& paneA;       // pane A's own
    const PaneReadouts* paneB;       // pane B's own while split, else null
    ScenePanel& scene;
    ScreenshotPanel& screenshot;
    PanelLayout& layout;
};

// Draws the panel along the right edge of a display `display` ImGui units
// large, kPanelWidth x `scale` wide (at most the display's width), its
// actions merged into `actions`; hidden (settings.panelVisible false), the
// one-line hint that H brings it back. Returns its width in units (0:
// hidden). Call between ImGuiLayer::beginFrame() and render().
float drawPanel(const PanelModel& model, const PixelSize& display, float scale,
                PanelActions& actions);

// A test's: from the next panel drawn, every text it draws appended to
// `sink` as ImGui's log has it (a line a widget's text; logging unfolds
// every section it passes, so every section's text is there); nullptr: off.
void logPanelTextTo(std::string* sink);

}  // namespace heatlab
