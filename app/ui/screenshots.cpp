#include "app/ui/screenshots.h"

#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/render/slide_picture.h"

namespace heatlab {

std::string screenshotPath(const ScreenshotPanel& panel, const Params& params, long long step) {
    std::string file = pictureNameAfterState(params, step);
    if (panel.kind != ScreenshotKind::Field) {
        file.insert(file.size() - 4, std::string("_") + name(panel.kind));  // before ".png"
    }
    const std::string folder = panel.folder;
    return folder.empty() ? file : folder + "/" + file;
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

Picture splitSlide(const DrawnField& a, const FrameSettings& aSettings, const DrawnPaneB& b,
                   int width, int height) {
    const int half = width / 2;
    Picture left = slidePicture(a.simulation, a.view, a.renderer, aSettings, half, height);
    Picture right = slidePicture(b.field.simulation, b.field.view, b.field.renderer, b.settings,
                                 width - half, height);
    Picture both;
    both.image = sideBySide(left.image, right.image);
    both.frame = left.frame;
    both.range = left.range;
    both.text = describePicture(a.simulation, aSettings, left);
    for (const auto& [key, value] : describePicture(b.field.simulation, b.settings, right)) {
        both.text.emplace_back("Pane B " + key, value);
    }
    both.text.push_back({"heatlab.picture", "A/B: pane A left, pane B right, in lockstep"});
    return both;
}

void writeScreenshot(ScreenshotKind kind, const std::string& path, const DrawnField& field,
                     const FrameSettings& settings, const PixelSize& window,
                     const PngText& windowText, const OutputDisk& disk, const DrawnPaneB* paneB) {
    if (kind == ScreenshotKind::Window) {
        writePng(path, readPixels(window.width, window.height), windowText, disk);
    } else if (kind == ScreenshotKind::Slide && paneB) {
        const Picture slide = splitSlide(field, settings, *paneB, kSlideWidth, kSlideHeight);
        writePng(path, slide.image, slide.text, disk);
    } else if (kind == ScreenshotKind::Slide) {
        Picture slide = slidePicture(field.simulation, field.view, field.renderer, settings,
                                     kSlideWidth, kSlideHeight);
        writePng(path, slide.image, describePicture(field.simulation, settings, slide), disk);
    } else {
        const Picture picture =
            pictureOfField(field.simulation, field.view, field.renderer, settings);
        writePng(path, picture.image, picture.text, disk);
    }
}

}  // namespace heatlab
