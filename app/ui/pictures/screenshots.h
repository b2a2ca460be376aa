#pragma once
// The lecture's pictures: what F12, P and the panel's button write (the
// field at grid resolution, the whole window, or a 1920 x 1080 slide), the
// field written at quit (--screenshot), and the text chunks that say how a
// picture of the window was made. Each PNG is written whole or not at all.

#include <string>
#include <vector>

#include "app/io/output_file.h"
#include "app/io/png_file.h"
#include "app/platform/surface_size.h"
#include "app/render/field_picture.h"
#include "app/render/field_renderer.h"
#include "app/render/frame.h"
#include "app/render/gl_field.h"
#include "app/ui/panel/panel.h"
#include "kernels/simulation.h"

namespace heatlab {

// A slide screenshot: full HD, what projectors and slide decks use.
constexpr int kSlideWidth = 1920;
constexpr int kSlideHeight = 1080;

// The field as the lecture draws it.
struct DrawnField {
    Simulation& simulation;
    GlField& view;
    FieldRenderer& renderer;
};

// What became of a screenshot (F12, the panel's button, a cue's): `shot --ui
// --cues` says each one, and fails on one not saved.
struct ScreenshotOutcome {
    std::string path;
    std::string failure;  // empty: saved
};

// Named after the state, with the kind when it is not the field's, in the
// panel's folder; never a name a file has (unusedPath: _2, _3, ...).
std::string screenshotPath(const ScreenshotPanel& panel, const Params& params, long long step);
// The same name without the folder, as it is: a download's (a browser
// makes its own names unique).
std::string screenshotName(const ScreenshotPanel& panel, const Params& params, long long step);

// The text chunks of a picture of the whole window: how the field on it was
// made (describePicture's), and that the panel is on it.
PngText describeWindow(const DrawnField& field, const FrameSettings& settings,
                       const FrameStats& lastFrame);

// One pane of the lecture as a picture needs it: its field and how it is
// drawn. The lecture's pictures take its panes in order, pane A first.
struct DrawnPane {
    DrawnField field;
    FrameSettings settings;
};

// Writes a picture of `kind` to `path`: for a window picture the bound
// framebuffer just drawn (`window` large, panel included, before it is
// shown) with `windowText`, onto `disk`. A slide holds every pane side by
// side, each with its bar and caption; a field picture is the first pane's
// at its grid's resolution, or, for a grid past the pixels a picture may
// have (kMaxPicturePixels), the largest picture under them, a whole number
// of cells a pixel (its text chunk heatlab.cells-per-pixel), which `note`
// (where given) then says in a line. Throws what writing or drawing failed
// with.
void writeScreenshot(ScreenshotKind kind, const std::string& path,
                     const std::vector<DrawnPane>& panes, const PixelSize& window,
                     const PngText& windowText, const OutputDisk& disk,
                     std::string* note = nullptr);
// The PNG's bytes that writeScreenshot() writes: a served lecture's
// picture, sent to the browser.
std::string screenshotPng(ScreenshotKind kind, const std::vector<DrawnPane>& panes,
                          const PixelSize& window, const PngText& windowText,
                          std::string* note = nullptr);

// A slide of width x height: the panes side by side in equal parts, each
// its own slide, and their text chunks (a second pane's keys prefixed
// "Pane B ").
Picture slideOfPanes(const std::vector<DrawnPane>& panes, int width, int height);

}  // namespace heatlab
