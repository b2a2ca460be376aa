#include "app/platform/window.h"

// glad first, in its own block so include sorting keeps it there: GLFW must
// not pull in a system GL header.
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <cstddef>
#include <cstdlib>

#include "app/i18n/translation.h"
#include "app/platform/gl_description.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// What works without a display, for every message that says there is none.
// Translated where it is said.
constexpr const char* kWithoutDisplay = trNoop(
    "`heatlab serve` (the lecture in a browser), `heatlab shot` (pictures) and `heatlab "
    "bench` work without one");

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
        return trf("no OpenGL context of any version (%s)", lastGlfwError().c_str());
    }
    glfwMakeContextCurrent(probe);
    const std::string found =
        glDescription(reinterpret_cast<PFNGLGETSTRINGPROC>(glfwGetProcAddress("glGetString")));
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(probe);
    return found;
}

// GLFW's key numbers are the seam's (KeyCode's numbering); GLFW_KEY_UNKNOWN
// is Unknown.
constexpr bool sameKey(KeyCode code, int glfwKey) { return static_cast<int>(code) == glfwKey; }
static_assert(sameKey(KeyCode::Unknown, GLFW_KEY_UNKNOWN) &&
                  sameKey(KeyCode::Space, GLFW_KEY_SPACE) && sameKey(KeyCode::Digit9, GLFW_KEY_9) &&
                  sameKey(KeyCode::A, GLFW_KEY_A) && sameKey(KeyCode::Z, GLFW_KEY_Z) &&
                  sameKey(KeyCode::GraveAccent, GLFW_KEY_GRAVE_ACCENT) &&
                  sameKey(KeyCode::Escape, GLFW_KEY_ESCAPE) &&
                  sameKey(KeyCode::End, GLFW_KEY_END) && sameKey(KeyCode::F12, GLFW_KEY_F12) &&
                  sameKey(KeyCode::KeypadEnter, GLFW_KEY_KP_ENTER) &&
                  sameKey(KeyCode::RightSuper, GLFW_KEY_RIGHT_SUPER),
              "KeyCode follows GLFW's key numbers");
static_assert(modifier::kShift == GLFW_MOD_SHIFT && modifier::kControl == GLFW_MOD_CONTROL &&
                  modifier::kAlt == GLFW_MOD_ALT && modifier::kSuper == GLFW_MOD_SUPER,
              "the modifier bits are GLFW's");

// GLFW's standard cursor for each PointerShape, in its order.
constexpr int kCursorShapes[] = {GLFW_ARROW_CURSOR, GLFW_IBEAM_CURSOR, GLFW_HAND_CURSOR,
                                 GLFW_HRESIZE_CURSOR, GLFW_VRESIZE_CURSOR};

}  // namespace

Window::Library::Library() {
    if (!isSet("DISPLAY") && !isSet("WAYLAND_DISPLAY")) {
        throw UsageError(
            trf("no display for the window (DISPLAY and WAYLAND_DISPLAY are unset): %s",
                tr(kWithoutDisplay)));
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
        throw UsageError(trf("no display for the window (%s): %s", lastGlfwError().c_str(),
                             tr(kWithoutDisplay)));
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
        throw UsageError(trf("OpenGL 3.3 core needed, the display offers %s (%s): %s",
                             offeredInstead().c_str(), error.c_str(), tr(kWithoutDisplay)));
    }
    glfwMakeContextCurrent(window_.get());
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        throw RuntimeError(tr("glad could not load OpenGL through GLFW"));
    }

    installCallbacks();
    setVsync(true);

    description_ = glDescription(glGetString);
}

Window::~Window() = default;

bool Window::shouldClose() const { return glfwWindowShouldClose(window_.get()) == GLFW_TRUE; }

void Window::close() { glfwSetWindowShouldClose(window_.get(), GLFW_TRUE); }

void Window::installCallbacks() {
    GLFWwindow* w = window_.get();
    glfwSetWindowUserPointer(w, this);
    glfwSetKeyCallback(w, [](GLFWwindow* window, int key, int, int action, int) {
        if (key == GLFW_KEY_UNKNOWN) {
            return;  // nothing to name it by
        }
        const KeyCode code{key};
        self(window)->input().push(action == GLFW_RELEASE  ? InputEvent::keyUp(code)
                                   : action == GLFW_REPEAT ? InputEvent::keyRepeat(code)
                                                           : InputEvent::keyDown(code));
    });
    glfwSetCharCallback(w, [](GLFWwindow* window, unsigned int codepoint) {
        self(window)->input().push(InputEvent::text(codepoint));
    });
    glfwSetScrollCallback(w, [](GLFWwindow* window, double dx, double dy) {
        self(window)->input().push(InputEvent::wheel(dx, dy));
    });
    glfwSetMouseButtonCallback(w, [](GLFWwindow* window, int button, int action, int) {
        self(window)->input().push(InputEvent::pointerButton(button, action == GLFW_PRESS));
    });
    glfwSetCursorPosCallback(w, [](GLFWwindow* window, double x, double y) {
        self(window)->input().push(InputEvent::pointerMove(x, y));
    });
    glfwSetFramebufferSizeCallback(w, [](GLFWwindow* window, int, int) {
        Window* surface = self(window);
        surface->input().push(InputEvent::resize(surface->size()));
    });
    glfwSetWindowFocusCallback(w, [](GLFWwindow* window, int focused) {
        self(window)->input().push(InputEvent::focus(focused == GLFW_TRUE));
    });
}

void Window::pollEvents() { glfwPollEvents(); }

void Window::waitEvents() { glfwWaitEvents(); }

void Window::waitEventsFor(double seconds) { glfwWaitEventsTimeout(seconds); }

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

SurfaceSize Window::size() const { return SurfaceSize{framebufferSize(), windowSize()}; }

float Window::contentScale() const {
    float x = 1.0f;
    float y = 1.0f;
    glfwGetWindowContentScale(window_.get(), &x, &y);
    return x > 0.0f ? x : 1.0f;
}

double Window::seconds() const { return glfwGetTime(); }

void Window::DestroyCursor::operator()(GLFWcursor* cursor) const { glfwDestroyCursor(cursor); }

void Window::setPointerShape(PointerShape shape) {
    if (shape == shape_) {
        return;
    }
    const auto index = static_cast<std::size_t>(shape);
    if (!cursors_[index]) {
        cursors_[index].reset(glfwCreateStandardCursor(kCursorShapes[index]));
    }
    // nullptr (a cursor the system lacks) is GLFW's default arrow.
    glfwSetCursor(window_.get(), cursors_[index].get());
    shape_ = shape;
}

std::string Window::clipboard() const {
    const char* text = glfwGetClipboardString(window_.get());
    return text != nullptr ? text : "";
}

void Window::setClipboard(const std::string& text) {
    glfwSetClipboardString(window_.get(), text.c_str());
}

}  // namespace heatlab
