#pragma once
// A surface with no window and no display: its size and scale are what it
// is given, its clock moves when its driver says a frame's time has gone,
// and its input is what the driver pushes (`shot --cues` presses the
// clicker's Page Down, the tests type into the panel). What the frames draw
// goes to an offscreen target on a headless context (HeadlessContext), the
// driver's.

#include <string>

#include "app/platform/surface.h"

namespace heatlab {

class HeadlessSurface : public Surface {
public:
    // `contentScale`: the screen it stands for (1 plain, 2 high DPI);
    // `startSeconds`: where its clock starts.
    explicit HeadlessSurface(const SurfaceSize& size, float contentScale = 1.0f,
                             double startSeconds = 0.0)
        : size_(size), contentScale_(contentScale), seconds_(startSeconds) {}

    SurfaceSize size() const override { return size_; }
    float contentScale() const override { return contentScale_; }
    double seconds() const override { return seconds_; }
    std::string clipboard() const override { return clipboard_; }
    void setClipboard(const std::string& text) override { clipboard_ = text; }

    // A frame's time has gone on the surface's clock.
    void advance(double seconds) { seconds_ += seconds; }
    // The next frame is `size` large; a Resize event says so in the input.
    void resize(const SurfaceSize& size) {
        size_ = size;
        input().push(InputEvent::resize(size));
    }

private:
    SurfaceSize size_;
    float contentScale_ = 1.0f;
    double seconds_ = 0.0;
    std::string clipboard_;
};

}  // namespace heatlab
