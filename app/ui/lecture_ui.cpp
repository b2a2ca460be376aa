#include "app/ui/lecture_ui.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "app/io/png_file.h"
#include "app/lecture/key_commands.h"
#include "app/render/field_picture.h"
#include "app/render/offscreen_target.h"
#include "app/render/slide_picture.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"
#include "kernels/grid_memory.h"
#include "kernels/numerics/initial_conditions.h"

namespace heatlab {

namespace {

// How long the rates are averaged over: long enough to read, short enough to follow.
constexpr double kRateSeconds = 0.5;
// How often a frame is timed part by part (each part waited for, so that
// frame loses the overlap of device and GL): often enough to follow a
// change, rarely enough to cost nothing visible.
constexpr double kBreakdownSeconds = 1.0;

double secondsNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

BackendChoice choiceOf(const Backend& backend) {
    return backend.name() == name(BackendChoice::Cuda) ? BackendChoice::Cuda : BackendChoice::Cpu;
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

LectureUi::LectureUi(const LectureSettings& settings, std::unique_ptr<Backend> backend,
                     ImGuiLayer& imgui, const std::string& glDescription,
                     const std::optional<Scene>& scene)
    : imgui_(imgui), simulation_(std::move(backend), settings.params), settings_(settings) {
    showBackend();
    readouts_.backends = {BackendChoice::Cpu};
    if (builtWithCuda()) {
        readouts_.backends.push_back(BackendChoice::Cuda);
    }
    readouts_.gl = glDescription;
    readouts_.bandwidth = &bandwidth_;
    for (const ShippedScene& shipped : shippedScenes()) {
        scenePanel_.shippedTitles.push_back(parseScene(shipped.text, shipped.file).title);
    }
    if (scene) {
        applyScene(*scene);
    }
    rateStart_ = secondsNow();
}

bool LectureUi::frame(const UiSurface& surface) {
    surface_ = surface;
    imgui_.setPresenter(settings_.presenter);
    imgui_.beginFrame(surface.units, pixelsPerUnit());
    PanelActions actions = keyActions_;
    keyActions_ = PanelActions{};
    const PixelSize size = surface.pixels;
    const PixelSize units = surface.units;
    int panelPixels = 0;
    if (settings_.panelVisible) {
        const float width = std::min(kPanelWidth * imgui_.scale(), static_cast<float>(units.width));
        actions.merge(drawPanel(settings_, readouts_, scenePanel_, screenshotPanel_,
                                static_cast<float>(units.width), static_cast<float>(units.height),
                                width));
        readouts_.showBandwidth = false;
        panelPixels = static_cast<int>(std::lround(width * pixelsPerUnit()));
    } else {
        ImGui::GetForegroundDrawList()->AddText(ImVec2(8.0f, 6.0f), IM_COL32(200, 200, 200, 255),
                                                "H: panel and keys");
    }
    sceneRequests();
    apply(actions);

    const ColourBarStrip bar = colourBarStrip();
    fieldWidth_ = std::max(1, size.width - panelPixels - bar.width);
    fieldHeight_ = size.height;
    if (settings_.panelVisible) {
        drawKeyHelp(static_cast<float>(fieldWidth_) / pixelsPerUnit(),
                    static_cast<float>(units.height));
    }
    glViewport(0, 0, size.width, size.height);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const int steps = paceSteps(actions);
    const double now = secondsNow();
    const bool timed =
        timing_ == FrameTiming::EveryFrame ||
        (timing_ == FrameTiming::Sampled && now - lastTimedFrame_ >= kBreakdownSeconds);
    lastFrame_ = runFrame(simulation_, view_, renderer_,
                          frameSettingsOf(settings_, steps, navigation_.view()), 0, 0, fieldWidth_,
                          fieldHeight_, timed);
    readouts_.path = lastFrame_.path;
    readouts_.fallbackReason = view_.fallbackReason();
    drawColourBar(bar);
    measure(steps);
    advanceBandwidthSurvey();
    const double uiStart = secondsNow();
    imgui_.render();
    if (timed) {
        glFinish();
        lastFrame_.uiMs = 1000.0 * (secondsNow() - uiStart);
        lastTimedFrame_ = now;
        readouts_.breakdown = lastFrame_;
    }

    if (actions.screenshot) {
        takeScreenshot(surface.pixels);
    }
    return actions.quit;
}

// The frame's steps: one when single-stepping, none when paused, and while
// running what the pace asks for, from the last frame's wall time.
int LectureUi::paceSteps(const PanelActions& actions) {
    const double now = secondsNow();
    const double lastFrame = lastFrameStart_ > 0.0 ? now - lastFrameStart_ : 0.0;
    lastFrameStart_ = now;
    const LectureSettings& s = settings_;
    int steps = stepsThisFrame(s, actions);
    if (s.running) {
        steps = pacer_.next(paceSettingsOf(s), lastFrame, lastSteps_);
    }
    lastSteps_ = steps;
    readouts_.stepsThisFrame = steps;
    return steps;
}

// What the panel shows of the backend the simulation runs on.
void LectureUi::showBackend() {
    Backend& b = simulation_.backend();
    readouts_.kernels = kernelsOf(b);
    readouts_.backend = "backend: " + b.name() + " on " + b.deviceName();
    settings_.backend = choiceOf(b);
}

// Moves the lecture onto the backend the panel chose, with the field as it
// is; when it cannot (no device, the kernel is not there, the grid does not
// fit), the lecture stays where it was and the panel says why.
void LectureUi::switchBackend() {
    const BackendChoice wanted = settings_.backend;
    if (wanted == choiceOf(simulation_.backend())) {
        return;
    }
    try {
        const std::unique_ptr<Backend> previous =
            simulation_.switchBackend(makeBackend(wanted).backend);
        readouts_.message = "switched to " + simulation_.backend().name() + " at step " +
                            std::to_string(simulation_.stepCount());
    } catch (const std::exception& e) {
        readouts_.message = std::string("backend not switched: ") + e.what();
    }
    showBackend();
}

void LectureUi::apply(const PanelActions& actions) {
    switchBackend();
    if (actions.reset) {
        reset();
    } else {
        applyPanelEdits(simulation_, settings_.params, false);
    }
    if (actions.fitView) {
        navigation_.fit();
    }
    const CopyPolicy copy = copyPolicyOf(settings_);
    if (copy.every != appliedCopy_.every || copy.memory != appliedCopy_.memory) {
        simulation_.setCopyPolicy(copy);
        appliedCopy_ = copy;
    }
    if (actions.lockRangeToField) {
        lockRangeToField();
    }
    if (actions.cancelBandwidth) {
        bandwidth_.cancel();
    }
    if (actions.measureBandwidth) {
        measureBandwidth();
    }
}

void LectureUi::reset() {
    const GridSize running = simulation_.params().grid;
    const GridSize wanted = settings_.params.grid;
    const bool newGrid = running.nx != wanted.nx || running.ny != wanted.ny;
    if (newGrid) {
        try {
            refuseIfTooLarge(simulation_.backend(), wanted);
        } catch (const UsageError& e) {
            // A lecture goes on: the grid stays, the panel says why.
            readouts_.message = std::string("not reset: ") + e.what();
            settings_.params.grid = running;
            return;
        }
    }
    try {
        applyPanelEdits(simulation_, settings_.params, true);
    } catch (const std::exception& e) {
        // Passed the check but still failed (another program took the memory
        // meanwhile): the simulation kept its field, and so does the lecture.
        readouts_.message = std::string("not reset: ") + e.what() + "; the " +
                            std::to_string(running.nx) + " x " + std::to_string(running.ny) +
                            " grid and its field are kept";
        settings_.params.grid = running;
        return;
    }
    if (newGrid) {
        navigation_.fit();
    }
    readouts_.message.clear();
    // The table belongs to a grid: a new one is measured.
    if (newGrid) {
        measureBandwidth();
    }
}

// Locks the range at what is on screen, so switching to locked changes
// nothing until the ends are edited.
void LectureUi::lockRangeToField() {
    ColourRange& range = settings_.picture.range;
    if (view_.grid().cells() == 0) {
        range = ColourRange{false, 0.0f, 1.0f};
        return;
    }
    FrameSettings shown = frameSettingsOf(settings_, 0, std::nullopt);
    shown.range.automatic = true;
    const ValueRange drawn = drawnRange(view_, shown);
    const bool usable = std::isfinite(drawn.lo) && std::isfinite(drawn.hi) && drawn.lo < drawn.hi;
    range.lo = usable ? drawn.lo : 0.0f;
    range.hi = usable ? drawn.hi : 1.0f;
}

void LectureUi::measure(int steps) {
    readouts_.running = simulation_.params();
    readouts_.steps = simulation_.stepCount();
    if (settings_.measureMaxAbs) {
        measureField();
    }
    ++rateFrames_;
    rateSteps_ += steps;
    const double now = secondsNow();
    const double elapsed = now - rateStart_;
    // Until the first half second is over, the frames so far: the readouts
    // never sit at zero while something runs.
    if (elapsed >= kRateSeconds || (!rateWindowDone_ && rateFrames_ >= 2)) {
        readouts_.frameMs = 1000.0 * elapsed / rateFrames_;
        readouts_.stepsPerSecond = static_cast<double>(rateSteps_) / elapsed;
        const double copied = simulation_.bytesCopiedBack() - rateCopied_;
        readouts_.copyGBs = copied >= 0.0 ? copied / elapsed / 1e9 : 0.0;
    }
    if (elapsed >= kRateSeconds) {
        rateWindowDone_ = true;
        rateCopied_ = simulation_.bytesCopiedBack();
        rateStart_ = now;
        rateFrames_ = 0;
        rateSteps_ = 0;
    }
}

// max |u| and the checkerboard amplitude, reduced where the field lives,
// queued behind the frame's steps and read back when done (on a GPU a frame
// or two later), so the frames never wait for them. Asked before and after
// the request: a backend that measures at once answers in this frame.
void LectureUi::measureField() {
    Backend& backend = simulation_.backend();
    useMeasures(backend.finishedMeasures());
    if (backend.requestMeasures(simulation_.stepCount())) {
        pending_ = PendingMeasures{simulation_.fieldCount(), simulation_.params().r};
    }
    useMeasures(backend.finishedMeasures());
}

void LectureUi::useMeasures(const std::optional<FieldMeasures>& measures) {
    // Measured on a field since replaced (a reset, a scene): not this one's.
    if (!measures || pending_.field != simulation_.fieldCount()) {
        return;
    }
    readouts_.maxAbs = measures->maxAbs;
    readouts_.stability.add(measures->tag, measures->maxAbs, measures->checkerboard, pending_.r);
    if (!std::isfinite(measures->maxAbs) && settings_.running) {
        pauseOnOverflow(measures->tag);
    }
}

void LectureUi::measureBandwidth() {
    const BackendChoice kind = choiceOf(simulation_.backend());
    readouts_.showBandwidth = true;
    try {
        bandwidth_.start(simulation_.params(), makeBackend(kind).backend);
    } catch (const std::exception& e) {
        readouts_.message = std::string("bandwidth not measured: ") + e.what();
    }
}

void LectureUi::advanceBandwidthSurvey() {
    if (bandwidth_.running()) {
        // A row timed beside the lecture's queued steps would time both.
        simulation_.backend().synchronize();
        bandwidth_.advance();
    }
}

// Past r = 0.25 the checkerboard grows until the floats overflow; stepping
// on would only spread NaN, so the run stops where the class can see why.
void LectureUi::pauseOnOverflow(long long step) {
    settings_.running = false;
    const double r = simulation_.params().r;
    char why[256];
    std::snprintf(why, sizeof why,
                  "paused at step %lld: the field overflowed (max |u| is %s). The centre weight "
                  "1 - 4r = %.4g %s",
                  step, std::isnan(readouts_.maxAbs) ? "NaN" : "infinite", 1.0 - 4.0 * r,
                  r > kStabilityBound ? "is negative: the checkerboard grew by |1 - 8r| a step"
                                      : "is not negative: this overflow came from the field");
    readouts_.message = why;
}

float LectureUi::pixelsPerUnit() const {
    const UiSurface& s = surface_;
    return s.units.width > 0
               ? static_cast<float>(s.pixels.width) / static_cast<float>(s.units.width)
               : 1.0f;
}

bool LectureUi::overField(double x, double y) const {
    const double scale = pixelsPerUnit();
    return x * scale < fieldWidth_ && y * scale < fieldHeight_ && x >= 0.0 && y >= 0.0;
}

// The kind the panel chose, named after the state, into the panel's folder
// (written whole or not at all); the panel says where, or why not.
void LectureUi::takeScreenshot(const PixelSize& window) {
    const ScreenshotKind kind = screenshotPanel_.kind;
    std::string file = pictureNameAfterState(simulation_.params(), simulation_.stepCount());
    if (kind != ScreenshotKind::Field) {
        file.insert(file.size() - 4, std::string("_") + name(kind));  // before ".png"
    }
    const std::string folder = screenshotPanel_.folder;
    const std::string path = folder.empty() ? file : folder + "/" + file;
    try {
        const FrameSettings settings = frameSettingsOf(settings_, 0, std::nullopt);
        if (kind == ScreenshotKind::Window) {
            // What was just drawn, panel included, before it is shown.
            writePng(path, readPixels(window.width, window.height), describeUi());
        } else if (kind == ScreenshotKind::Slide) {
            Picture slide =
                slidePicture(simulation_, view_, renderer_, settings, kSlideWidth, kSlideHeight);
            writePng(path, slide.image, describePicture(simulation_, settings, slide));
        } else {
            const Picture picture = pictureOfField(simulation_, view_, renderer_, settings);
            writePng(path, picture.image, picture.text);
        }
        readouts_.message = "saved " + path;
    } catch (const std::exception& e) {
        readouts_.message = std::string("screenshot not saved: ") + e.what();
    }
}

// Asked for on the command line: it must work, so a failure throws.
void LectureUi::saveScreenshot(const std::string& path) {
    const Picture picture =
        pictureOfField(simulation_, view_, renderer_, frameSettingsOf(settings_, 0, std::nullopt));
    writePng(path, picture.image, picture.text);
}

// The strip right of the field that holds the colour bar and its two
// values, in framebuffer pixels, sized like the panel's text.
LectureUi::ColourBarStrip LectureUi::colourBarStrip() const {
    const float pixels = pixelsPerUnit();
    ColourBarStrip strip;
    strip.margin = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.5f * pixels));
    strip.bar = static_cast<int>(std::lround(ImGui::GetFontSize() * 0.9f * pixels));
    // Room for the longest value a range shows ("-1.23e+09").
    strip.label = static_cast<int>(std::lround(ImGui::CalcTextSize("-0.000e+00").x * pixels));
    strip.width = 3 * strip.margin + strip.bar + strip.label;
    return strip;
}

// The colour bar right of the field, with the range's ends: the locked ones,
// or the field's own min and max read back without waiting (a frame or two
// behind on a GPU; the first frames show none).
void LectureUi::drawColourBar(const ColourBarStrip& strip) {
    const FrameSettings settings = frameSettingsOf(settings_, 0, std::nullopt);
    if (settings.range.automatic) {
        if (const std::optional<FieldRange> stored = view_.finishedRange()) {
            shownRange_ = drawnRangeOf(*stored, settings);
        }
        view_.queueRangeReadback();
    } else {
        shownRange_ = ValueRange{settings.range.lo, settings.range.hi};
    }
    const float pixels = pixelsPerUnit();
    const int line = static_cast<int>(std::lround(ImGui::GetTextLineHeightWithSpacing() * pixels));
    const int x = fieldWidth_ + strip.margin;
    const int height = std::max(1, fieldHeight_ - 2 * (line + strip.margin));
    renderer_.drawColourBar(settings.map, x, line + strip.margin, strip.bar, height);
    if (!shownRange_) {
        return;
    }
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    const ImU32 ink = IM_COL32(225, 225, 225, 255);
    const float left = static_cast<float>(x) / pixels;
    const float top = static_cast<float>(strip.margin) / pixels;
    draw->AddText(ImVec2(left, top), ink, numberText(shownRange_->hi, 4).c_str());
    draw->AddText(ImVec2(left, static_cast<float>(fieldHeight_ - line) / pixels), ink,
                  numberText(shownRange_->lo, 4).c_str());
}

PngText LectureUi::describeUi() {
    Picture shown;
    const FrameSettings settings = frameSettingsOf(settings_, 0, navigation_.view());
    shown.frame = lastFrame_;
    shown.range = drawnRange(view_, settings);
    PngText text = describePicture(simulation_, settings, shown);
    text.push_back({"heatlab.picture", "the window: field, colour map and panel"});
    return text;
}

void LectureUi::sceneRequests() {
    ScenePanel& s = scenePanel_;
    const std::string path = s.path;
    if (s.save) {
        try {
            writeScene(path, currentScene());
            readouts_.message = "saved scene " + path;
        } catch (const RuntimeError& e) {
            readouts_.message = std::string("scene not saved: ") + e.what();
        }
    }
    const auto shipped = static_cast<std::size_t>(s.shipped);
    if (s.load || shipped < shippedScenes().size()) {
        // Parsed whole and checked against the backend before anything
        // changes: a bad file leaves the lecture as it was.
        try {
            const Scene scene = s.load ? readScene(path, settings_)
                                       : parseScene(shippedScenes()[shipped].text,
                                                    shippedScenes()[shipped].file, settings_);
            applyScene(scene);
            readouts_.message = "loaded scene " + (s.load ? path : scene.title);
        } catch (const std::exception& e) {
            readouts_.message = std::string("scene not loaded: ") + e.what();
        }
    }
    s.save = false;
    s.load = false;
    s.shipped = -1;
}

void LectureUi::applyScene(const Scene& scene) {
    const std::vector<Kernel>& kernels = readouts_.kernels;
    const Params& params = scene.settings.params;
    if (std::find(kernels.begin(), kernels.end(), params.kernel) == kernels.end()) {
        throw UsageError("kernel " + std::string(name(params.kernel)) + " is not on the " +
                         simulation_.backend().name() + " backend");
    }
    refuseIfTooLarge(simulation_.backend(), params.grid);
    const GridSize before = simulation_.params().grid;
    // The field first: when it cannot be made the simulation keeps its own
    // (Simulation::reset) and nothing here has changed yet.
    applyPanelEdits(simulation_, params, true);
    // The backend, the presenter layout, the panel's visibility and the max
    // |u| choice stay the presenter's: a scene is the lecture, not the machine.
    LectureSettings settings = scene.settings;
    settings.backend = settings_.backend;
    settings.presenter = settings_.presenter;
    settings.panelVisible = settings_.panelVisible;
    settings.measureMaxAbs = settings_.measureMaxAbs;
    settings_ = settings;
    navigation_.setView(scene.view);
    scenePanel_.loadedTitle = scene.title;
    scenePanel_.loadedDescription = scene.description;
    // The table belongs to a grid, as after a reset: a new one is measured.
    if (before.nx != params.grid.nx || before.ny != params.grid.ny) {
        measureBandwidth();
    }
}

Scene LectureUi::currentScene() const {
    Scene scene;
    scene.settings = settings_;
    scene.view = navigation_.view();
    return scene;
}

void LectureUi::onKey(Key key, bool repeat) {
    if (!imgui_.wantsKeyboard()) {
        applyKey(key, repeat, settings_, keyActions_);
    }
}

void LectureUi::onScroll(double dy) {
    if (imgui_.wantsMouse() || !overField(cursorX_, cursorY_)) {
        return;
    }
    const float scale = pixelsPerUnit();
    navigation_.zoom(dy, static_cast<float>(cursorX_) * scale, static_cast<float>(cursorY_) * scale,
                     fieldWidth_, fieldHeight_, simulation_.params().grid);
}

// Left paints heat, right paints cold, the middle button drags the field;
// nothing happens while the panel has the mouse.
void LectureUi::onMouseButton(int button, bool pressed) {
    const bool onField = pressed && !imgui_.wantsMouse() && overField(cursorX_, cursorY_);
    if (button == kLeftButton || button == kRightButton) {
        brush_ = !onField ? Brush::None : (button == kLeftButton ? Brush::Hot : Brush::Cold);
        paintAtCursor();
    } else if (button == kMiddleButton) {
        dragging_ = onField;
    }
}

void LectureUi::onCursor(double x, double y) {
    if (dragging_) {
        const float scale = pixelsPerUnit();
        navigation_.pan(static_cast<float>(x - cursorX_) * scale,
                        static_cast<float>(y - cursorY_) * scale, fieldWidth_, fieldHeight_,
                        simulation_.params().grid);
    }
    cursorX_ = x;
    cursorY_ = y;
    paintAtCursor();
}

// A disc of the panel's share of the grid's side (1 % unless changed; at
// least a cell and a half), set to the panel's hot or cold value (those of
// the initial fields unless changed), in the field where it lives: on the
// CUDA path the host never touches the grid.
void LectureUi::paintAtCursor() {
    if (brush_ == Brush::None || !overField(cursorX_, cursorY_)) {
        return;
    }
    const GridSize& grid = simulation_.params().grid;
    const float scale = pixelsPerUnit();
    const glm::vec2 cell =
        navigation_.cellAt(static_cast<float>(cursorX_) * scale,
                           static_cast<float>(cursorY_) * scale, fieldWidth_, fieldHeight_, grid);
    const LectureSettings& s = settings_;
    const float side = static_cast<float>(std::max(grid.nx, grid.ny));
    const float radius = std::max(1.5f, 0.01f * s.brushPercent * side);
    simulation_.backend().paint(cell.x, cell.y, radius,
                                brush_ == Brush::Hot ? s.brushHot : s.brushCold);
}

}  // namespace heatlab
