#include "app/ui/pictures/screenshots.h"

#include "app/i18n/translation.h"
#include "app/picture/picture_size.h"
#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/render/slide_picture.h"

namespace heatlab {

std::string screenshotName(const ScreenshotPanel& panel, const Params& params, long long step) {
    std::string file = pictureNameAfterState(params, step);
    if (panel.kind != ScreenshotKind::Field) {
        file.insert(file.size() - 4, std::string("_") + name(panel.kind));  // before ".png"
    }
    return file;
}

std::string screenshotPath(const ScreenshotPanel& panel, const Params& params, long long step) {
    const std::string file = screenshotName(panel, params, step);
    const std::string folder = panel.folder;
    return unusedPath(folder.empty() ? file : folder + "/" + file);
}

PngText describeWindow(const DrawnField& field, const FrameSettings& settings,
                       const FrameStats& lastFrame) {
    Picture shown;
    shown.frame = lastFrame;
    shown.range = drawnRange(field.view, settings);
    PngText text = describePicture(field.simulation, settings, shown);
    text.push_back({"heatlab.picture", "the window: field, colour map and panel"});
    return text;
}

namespace {

// `left` and `right` of one height side by side.
RgbImage sideBySide(const RgbImage& left, const RgbImage& right) {
    RgbImage both;
    both.width = left.width + right.width;
    both.height = left.height;
    both.pixels.reserve(static_cast<std::size_t>(both.width) * both.height * 3);
    for (int y = 0; y < both.height; ++y) {
        both.pixels.insert(both.pixels.end(), left.at(0, y), left.at(0, y) + left.width * 3);
        both.pixels.insert(both.pixels.end(), right.at(0, y), right.at(0, y) + right.width * 3);
    }
    return both;
}

}  // namespace

Picture slideOfPanes(const std::vector<DrawnPane>& panes, int width, int height) {
    Picture all;
    int left = 0;
    const int count = static_cast<int>(panes.size());
    for (int i = 0; i < count; ++i) {
        const DrawnPane& pane = panes[static_cast<std::size_t>(i)];
        const int right = width * (i + 1) / count;
        Picture one = slidePicture(pane.field.simulation, pane.field.view, pane.field.renderer,
                                   pane.settings, right - left, height);
        const std::string prefix = i == 0 ? "" : std::string("Pane ") + char('A' + i) + " ";
        for (const auto& [key, value] :
             describePicture(pane.field.simulation, pane.settings, one)) {
            all.text.emplace_back(prefix + key, value);
        }
        if (i == 0) {
            all.image = std::move(one.image);
            all.frame = one.frame;
            all.range = one.range;
        } else {
            all.image = sideBySide(all.image, one.image);
        }
        left = right;
    }
    if (count > 1) {
        all.text.push_back({"heatlab.picture", "A/B: pane A left, pane B right, in lockstep"});
    }
    return all;
}

std::string screenshotPng(ScreenshotKind kind, const std::vector<DrawnPane>& panes,
                          const PixelSize& window, const PngText& windowText, std::string* note) {
    if (kind == ScreenshotKind::Window) {
        return encodePng(readPixels(window.width, window.height), windowText);
    }
    if (kind == ScreenshotKind::Slide) {
        const Picture slide = slideOfPanes(panes, kSlideWidth, kSlideHeight);
        return encodePng(slide.image, slide.text);
    }
    // A grid past the pixels a PNG may have: the largest picture under the
    // limit, a whole number of cells a pixel, said.
    const DrawnField& field = panes.front().field;
    const int cellsPerPixel = fieldPictureCellsPerPixel(field.simulation.params().grid);
    const Picture picture = pictureOfField(field.simulation, field.view, field.renderer,
                                           panes.front().settings, 0, cellsPerPixel);
    if (note != nullptr && cellsPerPixel > 1) {
        *note =
            trf("%d cells a pixel: the grid at one pixel a cell is over the %lld pixels a "
                "picture may have",
                cellsPerPixel, kMaxPicturePixels);
    }
    return encodePng(picture.image, picture.text);
}

void writeScreenshot(ScreenshotKind kind, const std::string& path,
                     const std::vector<DrawnPane>& panes, const PixelSize& window,
                     const PngText& windowText, const OutputDisk& disk, std::string* note) {
    writeOutputFile(path, screenshotPng(kind, panes, window, windowText, note), disk);
}

}  // namespace heatlab
