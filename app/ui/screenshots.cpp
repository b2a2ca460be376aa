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

void writeScreenshot(ScreenshotKind kind, const std::string& path, const DrawnField& field,
                     const FrameSettings& settings, const PixelSize& window,
                     const PngText& windowText, const OutputDisk& disk) {
    if (kind == ScreenshotKind::Window) {
        writePng(path, readPixels(window.width, window.height), windowText, disk);
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
