#pragma once
// The surface a browser shows: no window of its own here, its size and
// scale what the page last said (its canvas in CSS pixels times its device
// pixel ratio), its clock the host's, its input what the page sends
// (handed over by the frame loop's source, served_frames.h).

#include <string>

#include "app/platform/surface.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

class RemoteSurface : public Surface {
public:
    RemoteSurface(const SurfaceSize& size, float contentScale)
        : size_(size), contentScale_(contentScale) {}

    SurfaceSize size() const override { return size_; }
    float contentScale() const override { return contentScale_; }
    double seconds() const override { return secondsNow(); }
    // The browser's clipboard is its own: a copy stays on the server.
    std::string clipboard() const override { return clipboard_; }
    void setClipboard(const std::string& text) override { clipboard_ = text; }

    // The page's canvas is now `size` at `contentScale`; a Resize event
    // says so in the input.
    void resize(const SurfaceSize& size, float contentScale) {
        size_ = size;
        contentScale_ = contentScale;
        input().push(InputEvent::resize(size));
    }

private:
    SurfaceSize size_;
    float contentScale_ = 1.0f;
    std::string clipboard_;
};

}  // namespace heatlab
