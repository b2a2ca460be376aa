#include "app/ui/lecture_window.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/io/png_file.h"
#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/ui/key_commands.h"
#include "kernels/errors.h"
#include "kernels/grid_memory.h"

namespace heatlab {

namespace {

// Large enough for the panel and a 2:1 grid beside it on a 1280 x 800 screen.
constexpr int kInitialWidth = 1280;
constexpr int kInitialHeight = 800;
// How long the rates are averaged over: long enough to read, short enough to follow.
constexpr double kRateSeconds = 0.5;

double secondsNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::vector<Kernel> kernelsOf(const Backend& backend) {
    std::vector<Kernel> kernels;
    for (Kernel kernel : stencilKernels()) {
        if (backend.hasKernel(kernel)) {
            kernels.push_back(kernel);
        }
    }
    return kernels;
}

}  // namespace

LectureWindow::LectureWindow(const LectureOptions& options, std::unique_ptr<Backend> backend,
                             const std::string& backendReason)
    : options_(options),
      window_("heatlab: the 2D heat equation", kInitialWidth, kInitialHeight),
      imgui_(window_),
      simulation_(std::move(backend), options.params) {
    std::fprintf(stderr, "%s\n", backendReason.c_str());
    window_.setListener(this);
    state_.params = options.params;
    state_.settings.stepsPerFrame = options.stepsPerFrame;
    Backend& b = simulation_.backend();
    readouts_.kernels = kernelsOf(b);
    readouts_.backend = "backend: " + b.name() + " on " + b.deviceName();
    readouts_.gl = window_.description();
    rateStart_ = secondsNow();
}

LectureWindow::~LectureWindow() { window_.setListener(nullptr); }

void LectureWindow::run() {
    long long done = 0;
    for (;;) {
        window_.pollEvents();
        const PixelSize size = window_.framebufferSize();
        if (size.width < 1 || size.height < 1) {
            // Minimised: nothing to draw into; the simulation waits with it.
            if (window_.shouldClose()) {
                finish(false);
                return;
            }
            window_.waitEvents();
            continue;
        }
        if (frame(++done)) {
            finish(true);
            return;
        }
        window_.swapBuffers();
    }
}

bool LectureWindow::frame(long long done) {
    imgui_.beginFrame();
    PanelActions actions = keyActions_;
    keyActions_ = PanelActions{};
    const PixelSize size = window_.framebufferSize();
    const PixelSize units = window_.windowSize();
    int panelPixels = 0;
    if (state_.settings.panelVisible) {
        const float width = std::min(kPanelWidth * imgui_.scale(), static_cast<float>(units.width));
        actions.merge(drawPanel(state_, readouts_, static_cast<float>(units.width),
                                static_cast<float>(units.height), width));
        panelPixels = static_cast<int>(std::lround(width * pixelsPerUnit()));
        drawKeyHelp(static_cast<float>(units.width) - width, static_cast<float>(units.height));
    } else {
        ImGui::GetForegroundDrawList()->AddText(ImVec2(8.0f, 6.0f), IM_COL32(200, 200, 200, 255),
                                                "H: panel and keys");
    }
    apply(actions);

    fieldWidth_ = std::max(1, size.width - panelPixels);
    fieldHeight_ = size.height;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size.width, size.height);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const int steps = stepsThisFrame(state_.settings, actions);
    const FrameStats stats = runFrame(simulation_, view_, renderer_,
                                      frameSettingsOf(state_.settings, steps, navigation_.view()),
                                      0, 0, fieldWidth_, fieldHeight_, false);
    readouts_.path = stats.path;
    readouts_.fallbackReason = view_.fallbackReason();
    measure(steps);
    imgui_.render();

    if (actions.screenshot) {
        saveScreenshot("");
    }
    return window_.shouldClose() || actions.quit ||
           (options_.frames > 0 && done >= options_.frames);
}

void LectureWindow::apply(const PanelActions& actions) {
    if (actions.reset) {
        reset();
    } else {
        applyPanelEdits(simulation_, state_.params, false);
    }
    if (actions.fitView) {
        navigation_.fit();
    }
    if (state_.settings.vsync != window_.vsync()) {
        window_.setVsync(state_.settings.vsync);
    }
    if (actions.lockRangeToField) {
        lockRangeToField();
    }
}

void LectureWindow::reset() {
    const GridSize running = simulation_.params().grid;
    const GridSize wanted = state_.params.grid;
    const bool newGrid = running.nx != wanted.nx || running.ny != wanted.ny;
    if (newGrid) {
        try {
            refuseIfTooLarge(simulation_.backend(), wanted);
        } catch (const UsageError& e) {
            // A lecture goes on: the grid stays, the panel says why.
            readouts_.message = std::string("not reset: ") + e.what();
            state_.params.grid = running;
            return;
        }
        navigation_.fit();
    }
    applyPanelEdits(simulation_, state_.params, true);
    readouts_.message.clear();
}

// Locks the range at what is on screen, so switching to locked changes
// nothing until the ends are edited.
void LectureWindow::lockRangeToField() {
    ColourRange& range = state_.settings.range;
    if (view_.grid().cells() == 0) {
        range = ColourRange{false, 0.0f, 1.0f};
        return;
    }
    FrameSettings shown = frameSettingsOf(state_.settings, 0, std::nullopt);
    shown.range.automatic = true;
    const ValueRange drawn = drawnRange(view_, shown);
    const bool usable = std::isfinite(drawn.lo) && std::isfinite(drawn.hi) && drawn.lo < drawn.hi;
    range.lo = usable ? drawn.lo : 0.0f;
    range.hi = usable ? drawn.hi : 1.0f;
}

void LectureWindow::measure(int steps) {
    readouts_.running = simulation_.params();
    readouts_.steps = simulation_.stepCount();
    // A reduction over the grid where it lives; it waits for the frame's steps.
    if (state_.settings.measureMaxAbs) {
        readouts_.maxAbs = simulation_.backend().maxAbs();
        if (!std::isfinite(readouts_.maxAbs) && state_.settings.running) {
            pauseOnOverflow();
        }
    }
    ++rateFrames_;
    rateSteps_ += steps;
    const double now = secondsNow();
    const double elapsed = now - rateStart_;
    if (elapsed >= kRateSeconds) {
        readouts_.frameMs = 1000.0 * elapsed / rateFrames_;
        readouts_.stepsPerSecond = static_cast<double>(rateSteps_) / elapsed;
        rateStart_ = now;
        rateFrames_ = 0;
        rateSteps_ = 0;
    }
}

// Past r = 0.25 the checkerboard grows until the floats overflow; stepping
// on would only spread NaN, so the run stops where the class can see why.
void LectureWindow::pauseOnOverflow() {
    state_.settings.running = false;
    const double r = simulation_.params().r;
    char why[256];
    std::snprintf(why, sizeof why,
                  "paused at step %lld: the field overflowed (max |u| is %s). The centre weight "
                  "1 - 4r = %.4g %s",
                  simulation_.stepCount(), std::isnan(readouts_.maxAbs) ? "NaN" : "infinite",
                  1.0 - 4.0 * r,
                  r > kStabilityBound ? "is negative: the checkerboard grew by |1 - 8r| a step"
                                      : "is not negative: this overflow came from the field");
    readouts_.message = why;
}

float LectureWindow::pixelsPerUnit() const {
    const PixelSize units = window_.windowSize();
    const PixelSize pixels = window_.framebufferSize();
    return units.width > 0 ? static_cast<float>(pixels.width) / static_cast<float>(units.width)
                           : 1.0f;
}

bool LectureWindow::overField(double x, double y) const {
    const double scale = pixelsPerUnit();
    return x * scale < fieldWidth_ && y * scale < fieldHeight_ && x >= 0.0 && y >= 0.0;
}

void LectureWindow::saveScreenshot(const std::string& path) {
    const Picture picture = pictureOfField(simulation_, view_, renderer_,
                                           frameSettingsOf(state_.settings, 0, std::nullopt));
    const std::string out =
        path.empty() ? pictureNameAfterState(simulation_.params(), simulation_.stepCount()) : path;
    if (!path.empty()) {
        writePng(out, picture.image, picture.text);  // asked for on the command line: must work
        return;
    }
    try {
        writePng(out, picture.image, picture.text);
        readouts_.message = "saved " + out;
    } catch (const RuntimeError& e) {
        readouts_.message = std::string("screenshot not saved: ") + e.what();
    }
}

void LectureWindow::finish(bool drawn) {
    if (drawn && !options_.screenshotWindow.empty()) {
        const PixelSize size = window_.framebufferSize();
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glReadBuffer(GL_BACK);
        writePng(options_.screenshotWindow, readPixels(size.width, size.height),
                 {{"Software", "heatlab " HEATLAB_VERSION}});
        std::printf("%s\n", options_.screenshotWindow.c_str());
    }
    if (!options_.screenshot.empty()) {
        saveScreenshot(options_.screenshot);
        std::printf("%s\n", options_.screenshot.c_str());
    }
}

void LectureWindow::onKey(Key key, bool repeat) {
    if (!imgui_.wantsKeyboard()) {
        applyKey(key, repeat, state_, keyActions_);
    }
}

void LectureWindow::onScroll(double /*dx*/, double dy) {
    if (imgui_.wantsMouse() || !overField(cursorX_, cursorY_)) {
        return;
    }
    const float scale = pixelsPerUnit();
    navigation_.zoom(dy, static_cast<float>(cursorX_) * scale, static_cast<float>(cursorY_) * scale,
                     fieldWidth_, fieldHeight_, simulation_.params().grid);
}

void LectureWindow::onMouseButton(int button, bool pressed) {
    if (button != 0) {
        return;
    }
    dragging_ = pressed && !imgui_.wantsMouse() && overField(cursorX_, cursorY_);
}

void LectureWindow::onCursor(double x, double y) {
    if (dragging_) {
        const float scale = pixelsPerUnit();
        navigation_.pan(static_cast<float>(x - cursorX_) * scale,
                        static_cast<float>(y - cursorY_) * scale, fieldWidth_, fieldHeight_,
                        simulation_.params().grid);
    }
    cursorX_ = x;
    cursorY_ = y;
}

}  // namespace heatlab
