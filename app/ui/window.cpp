#include "app/ui/window.h"

// glad first, in its own block so include sorting keeps it there: GLFW must
// not pull in a system GL header.
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <cstdlib>

#include "app/platform/gl_description.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// What works without a display, for every message that says there is none.
constexpr const char* kWithoutDisplay =
    "`heatlab shot` (pictures, no display needed) and `heatlab bench` work without one";

// GLFW reports errors through a callback; the last one goes into the one
// line a failure prints, instead of GLFW's own lines on stderr.
std::string& lastGlfwError() {
    static std::string error;
    return error;
}

void recordGlfwError(int /*code*/, const char* description) {
    lastGlfwError() = description != nullptr ? description : "unknown GLFW error";
}

bool isSet(const char* variable) {
    const char* value = std::getenv(variable);
    return value != nullptr && value[0] != '\0';
}

// What the display offers when a 3.3 core context cannot be had, for the
// one line that says so: "OpenGL 2.1 Mesa 22.3.6, llvmpipe (...)", read from
// a hidden window of GLFW's default context (made only for this, then
// destroyed), or why not even that one could be made. Leaves GLFW's hints
// at their defaults.
std::string offeredInstead() {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* probe = glfwCreateWindow(64, 64, "heatlab: OpenGL probe", nullptr, nullptr);
    glfwDefaultWindowHints();
    if (probe == nullptr) {
        return "no OpenGL context of any version (" + lastGlfwError() + ")";
    }
    glfwMakeContextCurrent(probe);
    const std::string found =
        glDescription(reinterpret_cast<PFNGLGETSTRINGPROC>(glfwGetProcAddress("glGetString")));
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(probe);
    return found;
}

Key keyOf(int key, int mods) {
    if ((mods & GLFW_MOD_CONTROL) != 0) {
        return key == GLFW_KEY_R ? Key::CtrlR : Key::Other;
    }
    switch (key) {
    case GLFW_KEY_SPACE: return Key::Space;
    case GLFW_KEY_B: return Key::B;
    case GLFW_KEY_N: return Key::N;
    case GLFW_KEY_R: return Key::R;
    case GLFW_KEY_P: return Key::P;
    case GLFW_KEY_F: return Key::F;
    case GLFW_KEY_H: return Key::H;
    case GLFW_KEY_C: return Key::C;
    case GLFW_KEY_F1:
    case GLFW_KEY_SLASH: return Key::F1;  // '?' is shift and '/' on most layouts
    case GLFW_KEY_L: return Key::L;
    case GLFW_KEY_M: return Key::M;
    case GLFW_KEY_V: return Key::V;
    case GLFW_KEY_Z: return Key::Z;
    case GLFW_KEY_F5: return Key::F5;
    case GLFW_KEY_F11: return Key::F11;
    case GLFW_KEY_F12: return Key::F12;
    case GLFW_KEY_ESCAPE: return Key::Escape;
    case GLFW_KEY_UP: return Key::Up;
    case GLFW_KEY_DOWN: return Key::Down;
    case GLFW_KEY_PAGE_DOWN: return Key::PageDown;
    case GLFW_KEY_PAGE_UP: return Key::PageUp;
    case GLFW_KEY_RIGHT: return Key::Right;
    case GLFW_KEY_LEFT: return Key::Left;
    default: return Key::Other;
    }
}

}  // namespace

Window::Library::Library() {
    if (!isSet("DISPLAY") && !isSet("WAYLAND_DISPLAY")) {
        throw UsageError(
            std::string("no display for the window (DISPLAY and WAYLAND_DISPLAY are unset): ") +
            kWithoutDisplay);
    }
    glfwSetErrorCallback(recordGlfwError);
#if defined(GLFW_PLATFORM) && defined(GLFW_PLATFORM_X11)
    // GLFW 3.4 probes Wayland first, and libwayland prints its own line
    // ("XDG_RUNTIME_DIR is invalid or not set") where there is none, e.g.
    // under Xvfb: with only an X display, ask for X11 and skip the probe.
    if (isSet("DISPLAY") && !isSet("WAYLAND_DISPLAY") &&
        glfwPlatformSupported(GLFW_PLATFORM_X11) == GLFW_TRUE) {
        glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
    }
#endif
    if (glfwInit() != GLFW_TRUE) {
        throw UsageError("no display for the window (" + lastGlfwError() + "): " + kWithoutDisplay);
    }
}

Window::Library::~Library() { glfwTerminate(); }

void Window::Destroy::operator()(GLFWwindow* window) const { glfwDestroyWindow(window); }

Window* Window::self(GLFWwindow* window) {
    return static_cast<Window*>(glfwGetWindowUserPointer(window));
}

Window::Window(const std::string& title, int width, int height) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    // Sized in screen units, so the window is as large on a high-DPI screen.
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    window_.reset(glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr));
    if (!window_) {
        const std::string error = lastGlfwError();
        throw UsageError("OpenGL 3.3 core needed, the display offers " + offeredInstead() + " (" +
                         error + "): " + kWithoutDisplay);
    }
    glfwMakeContextCurrent(window_.get());
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        throw RuntimeError("glad could not load OpenGL through GLFW");
    }

    // ImGui takes no text typed with these down (see KeyTapQueue).
    taps_ = KeyTapQueue(
        {GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL, GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER});
    glfwSetWindowUserPointer(window_.get(), this);
    glfwSetKeyCallback(window_.get(), [](GLFWwindow* w, int key, int, int action, int mods) {
        Window* window = self(w);
        if (window->listener_ == nullptr) {
            return;
        }
        if (action == GLFW_RELEASE) {
            window->listener_->onKeyReleased(keyOf(key, mods));
        } else {
            window->listener_->onKey(keyOf(key, mods), action == GLFW_REPEAT);
        }
    });
    glfwSetScrollCallback(window_.get(), [](GLFWwindow* w, double dx, double dy) {
        Window* window = self(w);
        if (window->listener_ != nullptr) {
            window->listener_->onScroll(dx, dy);
        }
    });
    glfwSetMouseButtonCallback(window_.get(), [](GLFWwindow* w, int button, int action, int) {
        Window* window = self(w);
        if (window->listener_ != nullptr) {
            window->listener_->onMouseButton(button, action == GLFW_PRESS);
        }
    });
    glfwSetCursorPosCallback(window_.get(), [](GLFWwindow* w, double x, double y) {
        Window* window = self(w);
        if (window->listener_ != nullptr) {
            window->listener_->onCursor(x, y);
        }
    });
    setVsync(true);

    description_ = glDescription(glGetString);
}

Window::~Window() = default;

bool Window::shouldClose() const { return glfwWindowShouldClose(window_.get()) == GLFW_TRUE; }

void Window::close() { glfwSetWindowShouldClose(window_.get(), GLFW_TRUE); }

void Window::holdKeyTaps() {
    if (holdingKeys_) {
        return;
    }
    holdingKeys_ = true;
    heldKeyCallback_ = glfwSetKeyCallback(
        window_.get(), [](GLFWwindow* w, int key, int scancode, int action, int mods) {
            Window* window = self(w);
            const KeyEvent event{key, scancode, action, mods};
            if (window->taps_.arrive(event)) {
                window->forward(TapInput::of(event));
            }
        });
    heldCharCallback_ = glfwSetCharCallback(window_.get(), [](GLFWwindow* w, unsigned int c) {
        Window* window = self(w);
        if (window->taps_.arriveChar(c)) {
            window->forward(TapInput::character(c));
        }
    });
}

void Window::stopHoldingKeyTaps() {
    if (!holdingKeys_) {
        return;
    }
    for (const TapInput& input : taps_.takeAll()) {
        forward(input);
    }
    glfwSetKeyCallback(window_.get(), heldKeyCallback_);
    glfwSetCharCallback(window_.get(), heldCharCallback_);
    heldKeyCallback_ = nullptr;
    heldCharCallback_ = nullptr;
    holdingKeys_ = false;
}

void Window::forward(const TapInput& input) {
    if (input.isChar) {
        if (heldCharCallback_ != nullptr) {
            heldCharCallback_(window_.get(), input.codepoint);
        }
    } else if (heldKeyCallback_ != nullptr) {
        const KeyEvent& k = input.key;
        heldKeyCallback_(window_.get(), k.key, k.scancode, k.action, k.mods);
    }
}

// Before the new events, so the input stays in the order it came.
void Window::forwardDueInput() {
    if (holdingKeys_ && taps_.held() > 0) {
        for (const TapInput& input : taps_.due()) {
            forward(input);
        }
    }
}

void Window::pollEvents() {
    forwardDueInput();
    glfwPollEvents();
}

void Window::waitEvents() {
    forwardDueInput();
    glfwWaitEvents();
}

void Window::swapBuffers() { glfwSwapBuffers(window_.get()); }

void Window::setVsync(bool on) {
    glfwSwapInterval(on ? 1 : 0);
    vsync_ = on;
}

namespace {

// The monitor under the window's centre; the primary one when none is.
GLFWmonitor* monitorUnder(GLFWwindow* window) {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    glfwGetWindowPos(window, &x, &y);
    glfwGetWindowSize(window, &width, &height);
    const int cx = x + width / 2;
    const int cy = y + height / 2;
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    for (int i = 0; i < count; ++i) {
        int mx = 0;
        int my = 0;
        glfwGetMonitorPos(monitors[i], &mx, &my);
        const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
        if (mode != nullptr && cx >= mx && cx < mx + mode->width && cy >= my &&
            cy < my + mode->height) {
            return monitors[i];
        }
    }
    return glfwGetPrimaryMonitor();
}

}  // namespace

void Window::setFullScreen(bool on) {
    if (on == fullScreen_) {
        return;
    }
    GLFWwindow* window = window_.get();
    if (on) {
        GLFWmonitor* monitor = monitorUnder(window);
        const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
        if (mode == nullptr) {
            return;  // no monitor to fill (a headless X server may have none)
        }
        glfwGetWindowPos(window, &windowed_[0], &windowed_[1]);
        glfwGetWindowSize(window, &windowed_[2], &windowed_[3]);
        glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    } else {
        glfwSetWindowMonitor(window, nullptr, windowed_[0], windowed_[1], windowed_[2],
                             windowed_[3], 0);
    }
    fullScreen_ = on;
    // A new mode may reset the swap interval on some drivers.
    setVsync(vsync_);
}

PixelSize Window::framebufferSize() const {
    PixelSize size;
    glfwGetFramebufferSize(window_.get(), &size.width, &size.height);
    return size;
}

PixelSize Window::windowSize() const {
    PixelSize size;
    glfwGetWindowSize(window_.get(), &size.width, &size.height);
    return size;
}

float Window::contentScale() const {
    float x = 1.0f;
    float y = 1.0f;
    glfwGetWindowContentScale(window_.get(), &x, &y);
    return x > 0.0f ? x : 1.0f;
}

}  // namespace heatlab
