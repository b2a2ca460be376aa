#pragma once
// The lecture window: a resizable GLFW window with an OpenGL 3.3 core
// context (forward compatible), loaded through glad. The only code that
// includes GLFW: the rest of the program sees the keys it
// acts on as Key, input through WindowListener, and GLFWwindow only as an
// opaque handle for Dear ImGui's GLFW backend.

#include <memory>
#include <string>

#include "app/lecture/key.h"
#include "app/ui/key_tap_queue.h"

struct GLFWwindow;

namespace heatlab {

// Input as the window receives it, forwarded from GLFW's callbacks while
// Window::pollEvents() runs. Positions are in window coordinates (x right, y
// down), which are not framebuffer pixels on a high-DPI screen.
class WindowListener {
public:
    virtual ~WindowListener() = default;
    // `repeat`: the key is held and the system repeats it.
    virtual void onKey(Key, bool /*repeat*/) {}
    virtual void onKeyReleased(Key) {}
    virtual void onScroll(double /*dx*/, double /*dy*/) {}
    // button 0 is the left one; `pressed` false is its release.
    virtual void onMouseButton(int /*button*/, bool /*pressed*/) {}
    virtual void onCursor(double /*x*/, double /*y*/) {}
};

struct PixelSize {
    int width = 0;
    int height = 0;
};

class Window {
public:
    // Opens the window and makes its context current on this thread, vsync
    // on. Throws UsageError (one line) when there is no display or it gives
    // no OpenGL 3.3 core context, RuntimeError when glad cannot load GL.
    Window(const std::string& title, int width, int height);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    // Installed now, not when Dear ImGui starts: ImGui's GLFW backend chains
    // the callbacks it finds, so both see every event. nullptr: none.
    void setListener(WindowListener* listener) { listener_ = listener; }

    // Dear ImGui 1.86's GLFW backend loses a key tap shorter than a frame
    // (see key_tap_queue.h). holdKeyTaps(), once ImGui's backend has
    // installed its callbacks, puts the window in front of the key and char
    // callbacks installed then (ImGui's, which chain the window's own): a
    // key's second press or release in a frame (a tap's release) waits
    // until frameBegan(), and goes on at the next pollEvents() or
    // waitEvents() (the window's listener sees it then too).
    // stopHoldingKeyTaps(), before ImGui's backend shuts down, passes on
    // what is held and gives the callbacks back.
    void holdKeyTaps();
    void stopHoldingKeyTaps();
    // ImGui's NewFrame has run: it has seen the keys as they are now.
    void frameBegan() { taps_.frameBegan(); }

    bool shouldClose() const;
    void close();
    void pollEvents();
    // Sleeps until an event arrives (while minimised: nothing to draw).
    void waitEvents();
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
    // The screen's scale (1 on a plain screen, 2 on a typical high-DPI one):
    // what text and the panel are scaled by.
    float contentScale() const;

    GLFWwindow* handle() const { return window_.get(); }
    // "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (...)": for the panel.
    const std::string& description() const { return description_; }

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
    static Window* self(GLFWwindow* window);
    using KeyCallback = void (*)(GLFWwindow*, int, int, int, int);
    using CharCallback = void (*)(GLFWwindow*, unsigned int);
    void forward(const TapInput& input);
    void forwardDueInput();

    Library library_;  // first: initialised before, terminated after the window
    std::unique_ptr<GLFWwindow, Destroy> window_;
    WindowListener* listener_ = nullptr;
    bool holdingKeys_ = false;
    // The callbacks in front of which the taps are held (ImGui's).
    KeyCallback heldKeyCallback_ = nullptr;
    CharCallback heldCharCallback_ = nullptr;
    KeyTapQueue taps_;
    bool vsync_ = true;
    bool fullScreen_ = false;
    int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before full screen
    std::string description_;
};

}  // namespace heatlab
