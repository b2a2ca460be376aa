#pragma once
// The lecture window: a resizable GLFW window with an OpenGL 3.3 core
// context (forward compatible), loaded through glad, as a Surface: its
// GLFW callbacks push their input into the surface's queue as plain events
// (key codes, text, pointer, wheel, resize, focus), which is all the rest of
// the program sees of GLFW. With headless_context.cpp the only code that
// includes a platform's headers.

#include <memory>
#include <string>

#include "app/platform/surface.h"

struct GLFWwindow;
struct GLFWcursor;

namespace heatlab {

class Window : public Surface {
public:
    // Opens the window and makes its context current on this thread, vsync
    // on. Throws UsageError (one line) when there is no display or it gives
    // no OpenGL 3.3 core context, RuntimeError when glad cannot load GL.
    Window(const std::string& title, int width, int height);
    ~Window() override;
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    bool shouldClose() const;
    void close();
    // The events that arrived go into input() (GLFW's callbacks run here).
    void pollEvents();
    // Sleeps until an event arrives (while minimised: nothing to draw), or
    // at most `seconds`.
    void waitEvents();
    void waitEventsFor(double seconds);
    void swapBuffers();

    void setVsync(bool on);
    bool vsync() const { return vsync_; }
    // Full screen on the monitor the window's centre is on (its own video
    // mode, so the screen does not switch modes), or back to the size and
    // place it had.
    void setFullScreen(bool on);
    bool fullScreen() const { return fullScreen_; }

    PixelSize framebufferSize() const;
    PixelSize windowSize() const;
    // "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (...)": for the panel.
    const std::string& description() const { return description_; }

    // The Surface: the framebuffer and the window's size, the screen's scale
    // (GLFW's content scale), GLFW's clock, the system's clipboard.
    SurfaceSize size() const override;
    float contentScale() const override;
    double seconds() const override;
    void setPointerShape(PointerShape shape) override;
    std::string clipboard() const override;
    void setClipboard(const std::string& text) override;

private:
    // GLFW is initialised for the window's lifetime, and terminated after
    // the window is destroyed.
    struct Library {
        Library();
        ~Library();
        Library(const Library&) = delete;
        Library& operator=(const Library&) = delete;
    };
    struct Destroy {
        void operator()(GLFWwindow* window) const;
    };
    struct DestroyCursor {
        void operator()(GLFWcursor* cursor) const;
    };
    static Window* self(GLFWwindow* window);
    void installCallbacks();

    Library library_;  // first: initialised before, terminated after the window
    std::unique_ptr<GLFWwindow, Destroy> window_;
    // GLFW's standard cursors, made when first shown, by PointerShape.
    std::unique_ptr<GLFWcursor, DestroyCursor> cursors_[5];
    PointerShape shape_ = PointerShape::Arrow;
    bool vsync_ = true;
    bool fullScreen_ = false;
    int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before full screen
    std::string description_;
};

}  // namespace heatlab
