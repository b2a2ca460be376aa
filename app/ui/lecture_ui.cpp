#include "app/ui/lecture_ui.h"

#include <glad/gl.h>

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/lecture/key_commands.h"
#include "app/render/slide_picture.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"
#include "kernels/base/host_clock.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

// How often a frame is timed part by part (each part waited for, so that
// frame loses the overlap of device and GL): often enough to follow a
// change, rarely enough to cost nothing visible.
constexpr double kBreakdownSeconds = 1.0;

}  // namespace

LectureUi::LectureUi(const LectureSettings& settings, std::unique_ptr<Backend> backend,
                     ImGuiLayer& imgui, const std::string& glDescription,
                     const std::optional<Scene>& scene)
    : imgui_(imgui),
      simulation_(std::move(backend), settings.params),
      settings_(settings),
      control_(simulation_, settings_),
      rates_(secondsNow()) {
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
                                width, panelLayout_));
        readouts_.showBandwidth = false;
        panelPixels = static_cast<int>(std::lround(width * pixelsPerUnit()));
    } else {
        ImGui::GetForegroundDrawList()->AddText(ImVec2(8.0f, 6.0f), IM_COL32(200, 200, 200, 255),
                                                "H: panel");
    }
    sceneRequests();
    const std::optional<std::string> caption = cueFrame(actions);
    apply(actions);
    // After the reset's own line: the caption is what the field shows.
    if (caption) {
        readouts_.message = *caption;
    }

    const ColourBar::Strip bar = ColourBar::strip(pixelsPerUnit());
    // Split, each pane has its own bar right of it: A | bar | B | bar | panel.
    const int panes = comparison_.running() ? 2 : 1;
    fieldWidth_ = std::max(1, (size.width - panelPixels - panes * bar.width) / panes);
    paneBX_ = fieldWidth_ + bar.width;
    fieldHeight_ = size.height;
    drawKeyHelp(static_cast<float>(fieldWidth_) / pixelsPerUnit(), static_cast<float>(units.height),
                settings_.keysVisible);
    glViewport(0, 0, size.width, size.height);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    // The running grid's highest mode, for the pace and the measures alike.
    const Params& running = simulation_.params();
    const double factor = highestModeFactor(running.grid, running.boundary, running.r);
    // In lockstep the faster-growing pane sets the explosion's pace.
    double paceFactor = factor;
    if (comparison_.running()) {
        const double factorB =
            highestModeFactor(running.grid, running.boundary, comparison_.simulation().params().r);
        paceFactor = std::fabs(factorB) > std::fabs(factor) ? factorB : factor;
    }
    const int steps = paceSteps(actions, paceFactor);
    const double now = clock_();
    const bool timed =
        timing_ == FrameTiming::EveryFrame ||
        (timing_ == FrameTiming::Sampled && now - lastTimedFrame_ >= kBreakdownSeconds);
    FrameSettings shown = frameSettingsOf(settings_, steps, input_.navigation().view());
    shown.loupe =
        loupe_.frame(settings_.loupe, actions.toggleLoupe, factor, watch_.spot(simulation_),
                     fieldArea(), input_.navigation(), simulation_.params().grid);
    shown.displayLatency = displayLatency_;
    // The measures are queued behind the frame's steps, before any GL.
    shown.beforeDraw = [this, steps, factor] { measure(steps, factor); };
    lastFrame_ =
        runFrame(simulation_, view_, renderer_, shown, 0, 0, fieldWidth_, fieldHeight_, timed);
    if (lastFrame_.loupe) {
        drawLoupeLabel(*lastFrame_.loupe, fieldHeight_, pixelsPerUnit());
    }
    readouts_.path = lastFrame_.path;
    readouts_.fallbackReason = view_.fallbackReason();
    readouts_.interopBuffer = lastFrame_.interopBuffer ? name(*lastFrame_.interopBuffer) : "";
    readouts_.sharedFallbackReason = view_.sharedFallbackReason();
    colourBar_.draw(bar, view_, renderer_, frameSettingsOf(settings_, 0, std::nullopt),
                    gridRightEdge(shown.view), fieldHeight_, pixelsPerUnit());
    if (comparison_.running()) {
        paneBFrame(steps, bar, timed);
    }
    advanceBandwidthSurvey();
    notice_.frame(readouts_.message, settings_.running, clock_());
    noticeBand_ = drawFieldNotice(notice_, clock_(), imgui_,
                                  static_cast<float>(fieldWidth_) / pixelsPerUnit(),
                                  static_cast<float>(fieldHeight_) / pixelsPerUnit());
    if (comparison_.running()) {
        drawPaneLabels();
    }
    const double uiStart = secondsNow();
    imgui_.render();
    if (timed) {
        glFinish();
        lastFrame_.uiMs = 1000.0 * (secondsNow() - uiStart);
        lastTimedFrame_ = now;
        readouts_.breakdown = lastFrame_;
        readouts_.comparison.breakdown =
            comparison_.running() ? std::optional<FrameStats>(lastFrameB_) : std::nullopt;
        readouts_.comparison.timedSteps = steps;
    }

    if (actions.screenshot) {
        takeScreenshot(surface.pixels);
    }
    // After the screenshot, which must not carry the indicator either.
    if (actions.toggleRecording) {
        toggleRecording(surface.pixels);
    }
    const bool signalled = recording_.active() && StopSignal::requested();
    if (const std::optional<std::string> stopped =
            recording_.capture(drawnField(), frameSettingsOf(settings_, 0, std::nullopt),
                               surface.pixels, [this] { return describeUi(); })) {
        readouts_.message = *stopped;
    }
    // Top right of the field, of pane B's when split: clear of the notice,
    // which spans pane A.
    recording_.drawIndicator(surface.pixels,
                             comparison_.running() ? paneBX_ + fieldWidth_ : fieldWidth_,
                             pixelsPerUnit(), clock_());
    readouts_.recording = recording_.active();
    // The frame's GL work, the panel's too, goes to the GPU as one
    // submission now that its steps are queued: one switch from CUDA to GL
    // and back a frame.
    if (comparison_.running()) {
        comparisonView_.view().finishFrame();
    }
    view_.finishFrame();
    // Ctrl+C in the terminal: the video finished, then the window closes.
    return actions.quit || signalled;
}

// The frame's steps: one when single-stepping, none when paused, and while
// running what the pace asks for, from the last frame's wall time.
int LectureUi::paceSteps(const PanelActions& actions, double factor) {
    const double now = clock_();
    const double lastFrame = lastFrameStart_ > 0.0 ? now - lastFrameStart_ : 0.0;
    lastFrameStart_ = now;
    LectureSettings& s = settings_;
    int steps = stepsThisFrame(s, actions);
    const Params& running = simulation_.params();
    if (s.running) {
        steps = pacer_.next(paceSettingsOf(s, factor), lastFrame, lastSteps_);
    }
    if (cueStepsLeft_) {
        steps = static_cast<int>(std::min<long long>(steps, std::max(0LL, *cueStepsLeft_)));
    }
    // Never past the overflow: the steps before max |u| would pass the
    // pause amplitude, and a pause with the reason where there are none.
    const long long step = simulation_.stepCount();
    AmplitudeSample measured;
    const std::optional<long long> left = watch_.stepsLeft(simulation_, factor, measured);
    if (left) {
        if (*left == 0 && steps > 0) {
            if (s.running) {
                readouts_.message = explosionPauseMessage(step, factor, running.r, measured.maxAbs);
            }
            s.running = false;
        }
        steps = static_cast<int>(std::min<long long>(steps, *left));
    }
    if (comparison_.running()) {
        // Lockstep: neither pane steps past its own pause.
        const double factorB =
            highestModeFactor(running.grid, running.boundary, comparison_.simulation().params().r);
        AmplitudeSample measuredB;
        if (const std::optional<long long> leftB = comparison_.stepsLeft(factorB, measuredB)) {
            if (*leftB == 0 && steps > 0) {
                if (s.running) {
                    readouts_.message =
                        "pane B " + explosionPauseMessage(step, factorB,
                                                          comparison_.simulation().params().r,
                                                          measuredB.maxAbs);
                }
                s.running = false;
            }
            steps = static_cast<int>(std::min<long long>(steps, *leftB));
        }
    }
    lastSteps_ = steps;
    readouts_.stepsThisFrame = steps;
    return steps;
}

// What the panel shows of the backend the simulation runs on.
void LectureUi::showBackend() {
    readouts_.kernels = simulation_.backend().stencilKernels();
    readouts_.backend = control_.backendText();
    readouts_.fieldInHostMemory = simulation_.backend().facts().fieldInHostMemory;
}

void LectureUi::show(const ControlOutcome& outcome) {
    if (outcome.message) {
        readouts_.message = *outcome.message;
    }
    if (outcome.newGrid) {
        input_.navigation().fit();
        // The table belongs to a grid: a new one is measured.
        measureBandwidth();
    }
}

void LectureUi::apply(const PanelActions& actions) {
    if (const ControlOutcome switched = control_.switchBackend(); switched.message) {
        show(switched);
        showBackend();
    }
    if (actions.reset) {
        show(control_.reset());
        restartPaneB();
    } else {
        control_.applyEdits();
    }
    if (actions.fitView) {
        input_.fit(settings_);
    }
    control_.applyCopyPolicy();
    if (actions.lockRangeToField) {
        lockRangeToField();
    }
    if (actions.cancelBandwidth) {
        bandwidth_.cancel();
    }
    if (actions.measureBandwidth) {
        measureBandwidth();
    }
    applyComparison(actions);
}

void LectureUi::applyComparison(const PanelActions& actions) {
    ABComparison& c = settings_.comparison;
    if (actions.toggleSplit) {
        c.split = !c.split;
        if (c.split) {
            c.b = PaneBSettings{};  // a copy of A, following A until edited
        }
    }
    if (actions.paneBAsA) {
        c.b = PaneBSettings{};
    }
    if (!c.split) {
        comparison_.stop();
    } else if (!comparison_.running()) {
        try {
            comparison_.start(simulation_, settings_);
            readouts_.message =
                "split: B starts as A at step " + std::to_string(simulation_.stepCount());
        } catch (const std::exception& e) {
            c.split = false;
            readouts_.message = std::string("not split: ") + e.what();
        }
    }
    ComparisonReadouts& shown = readouts_.comparison;
    shown.running = comparison_.running();
    if (!comparison_.running()) {
        shown = ComparisonReadouts{};
        return;
    }
    if (const std::optional<std::string> said =
            comparison_.apply(settings_, choiceOf(simulation_.backend()))) {
        readouts_.message = *said;
    }
    shown.backend = comparison_.backendText();
    shown.kernels = comparison_.simulation().backend().stencilKernels();
}

void LectureUi::restartPaneB() {
    if (comparison_.running()) {
        readouts_.comparison.difference = PaneDifference{};  // of the field replaced
        if (const std::optional<std::string> said = comparison_.restartFrom(simulation_)) {
            settings_.comparison.split = false;
            readouts_.message = *said;
        }
    }
}

void LectureUi::paneBFrame(int steps, const ColourBar::Strip& bar, bool timed) {
    const ABComparison& c = settings_.comparison;
    FrameSettings shown =
        frameSettingsOf(comparison_.settings(), steps, input_.navigation().view());
    shown.displayLatency = displayLatency_;
    shown.beforeDraw = [this] {
        bool paused = false;
        comparison_.measure(settings_.running, readouts_.message, paused);
        if (paused) {
            settings_.running = false;
        }
    };
    // max |A - B| costs both fields on the host: on timed frames (about once
    // a second) unless both live there already or the difference shows.
    const bool hostFields = simulation_.backend().facts().fieldInHostMemory &&
                            comparison_.simulation().backend().facts().fieldInHostMemory;
    // Once a step: a paused lecture measures its step once, not every frame.
    const PaneDifference& last = readouts_.comparison.difference;
    const bool measureDifference =
        last.step != simulation_.stepCount() &&
        (timed || hostFields || c.difference || last.step < 0 || steps == 0);
    PaneDifference measured = readouts_.comparison.difference;
    lastFrameB_ = comparisonView_.frame(comparison_, simulation_, renderer_, shown, c.difference,
                                        PaneRect{paneBX_, fieldWidth_, fieldHeight_}, timed,
                                        measureDifference, measured);
    readouts_.comparison.difference = measured;
    readouts_.comparison.maxAbs = comparison_.maxAbs();
    comparisonView_.drawBar(bar, renderer_, shown, c.difference,
                            paneBX_ + gridRightEdge(shown.view), fieldHeight_, pixelsPerUnit());
}

int LectureUi::gridRightEdge(const std::optional<ViewTransform>& view) const {
    const GridSize& grid = simulation_.params().grid;
    const ViewTransform drawn =
        view ? *view : FieldRenderer::fit(grid.nx, grid.ny, fieldWidth_, fieldHeight_);
    const float right = cellToPixel(drawn, fieldWidth_, fieldHeight_, glm::vec2(grid.nx, 0)).x;
    return std::clamp(static_cast<int>(std::ceil(right)), 0, fieldWidth_);
}

void LectureUi::drawPaneLabels() {
    const float units = pixelsPerUnit();
    const float top = noticeBand_.height > 0.0f ? noticeBand_.y + noticeBand_.height : 0.0f;
    const float width = static_cast<float>(fieldWidth_) / units;
    const int steps = readouts_.comparison.timedSteps;
    drawPaneLabel(
        0.0f, top, width,
        {"A  " + paneKernel(simulation_.params()),
         paneWhere(simulation_.backend(), lastFrame_, settings_.copyEvery, settings_.pinned),
         paneCosts(readouts_.breakdown, steps)});
    const LectureSettings& b = comparison_.settings();
    const PaneDifference& d = readouts_.comparison.difference;
    char difference[128];
    if (d.step >= 0) {
        std::snprintf(difference, sizeof difference, "max |A - B| = %s at step %lld",
                      d.maxAbs == 0.0 ? "0" : numberText(d.maxAbs, 3).c_str(), d.step);
    } else {
        std::snprintf(difference, sizeof difference, "max |A - B|: not measured yet");
    }
    Simulation& simulationB = comparison_.simulation();
    drawPaneLabel(
        static_cast<float>(paneBX_) / units, top, width,
        {std::string(settings_.comparison.difference ? "A - B  (B: " : "B  ") +
             paneKernel(simulationB.params()) + (settings_.comparison.difference ? ")" : ""),
         paneWhere(simulationB.backend(), lastFrameB_, b.copyEvery, b.pinned),
         paneCosts(readouts_.comparison.breakdown, steps), difference});
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

void LectureUi::measure(int steps, double factor) {
    readouts_.running = simulation_.params();
    readouts_.steps = simulation_.stepCount();
    // Past the grid's bound the measures are what keeps the run from
    // overflowing (paceSteps), so they are taken whatever the panel says.
    if (settings_.measureMaxAbs || std::fabs(factor) > 1.0 || loupeShown(settings_.loupe, factor)) {
        watch_.frame(simulation_, settings_, readouts_, loupeShown(settings_.loupe, factor));
    }
    Rates rates{readouts_.frameMs, readouts_.stepsPerSecond, readouts_.copyGBs};
    if (rates_.frame(clock_(), steps, simulation_.bytesCopiedBack(), rates)) {
        readouts_.frameMs = rates.frameMs;
        readouts_.stepsPerSecond = rates.stepsPerSecond;
        readouts_.copyGBs = rates.copyGBs;
    }
    readouts_.roofline = runningKernelOf(simulation_, readouts_.stepsPerSecond, readouts_.copyGBs);
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

float LectureUi::pixelsPerUnit() const {
    const UiSurface& s = surface_;
    return s.units.width > 0
               ? static_cast<float>(s.pixels.width) / static_cast<float>(s.units.width)
               : 1.0f;
}

LectureUi::~LectureUi() {
    if (recording_.active()) {
        std::fprintf(stderr, "heatlab: %s\n", recording_.stop(describeUi()).c_str());
    }
}

void LectureUi::toggleRecording(const PixelSize& window) {
    if (recording_.active()) {
        readouts_.message = recording_.stop(describeUi());
        return;
    }
    std::string path =
        screenshotPath(screenshotPanel_, simulation_.params(), simulation_.stepCount());
    path.replace(path.size() - 4, 4, ".mp4");  // screenshotPath's names end in .png
    try {
        recording_.start(path, screenshotPanel_.kind, drawnField(), window,
                         screenshotPanel_.videoRate, screenshotPanel_.videoEvery, clock_(),
                         outputDisk_);
        readouts_.message = "recording " + path + " (Ctrl+R stops)";
        if (!recording_.scaledNote().empty()) {
            readouts_.message += "; " + recording_.scaledNote();
        }
    } catch (const std::exception& e) {
        readouts_.message = std::string("video not started: ") + e.what();
    }
}

// The kind the panel chose, named after the state, into the panel's folder
// (written whole or not at all); the panel says where, or why not.
void LectureUi::takeScreenshot(const PixelSize& window) {
    const std::string path =
        screenshotPath(screenshotPanel_, simulation_.params(), simulation_.stepCount());
    try {
        // A window picture is what was just drawn, panel included.
        const std::optional<DrawnPaneB> paneB = drawnPaneB();
        writeScreenshot(screenshotPanel_.kind, path, drawnField(),
                        frameSettingsOf(settings_, 0, std::nullopt), window, describeUi(),
                        outputDisk_, paneB ? &*paneB : nullptr);
        readouts_.message = "saved " + path;
    } catch (const std::exception& e) {
        readouts_.message = std::string("screenshot not saved: ") + e.what();
    }
}

std::optional<DrawnPaneB> LectureUi::drawnPaneB() {
    if (!comparison_.running() || settings_.comparison.difference) {
        return std::nullopt;  // the difference is drawn from host copies, not a field view
    }
    return DrawnPaneB{DrawnField{comparison_.simulation(), comparisonView_.view(), renderer_},
                      frameSettingsOf(comparison_.settings(), 0, std::nullopt)};
}

Picture LectureUi::slide(int width, int height, bool loupe) {
    FrameSettings a = frameSettingsOf(settings_, 0, std::nullopt);
    a.loupe.shown = loupe;
    if (const std::optional<DrawnPaneB> paneB = drawnPaneB()) {
        DrawnPaneB b = *paneB;
        b.settings.loupe.shown = loupe;
        return splitSlide(drawnField(), a, b, width, height);
    }
    Picture picture = slidePicture(simulation_, view_, renderer_, a, width, height);
    picture.text = describePicture(simulation_, a, picture);
    return picture;
}

// Asked for on the command line: it must work, so a failure throws.
void LectureUi::saveScreenshot(const std::string& path) {
    writeScreenshot(ScreenshotKind::Field, path, drawnField(),
                    frameSettingsOf(settings_, 0, std::nullopt), PixelSize{}, PngText{},
                    outputDisk_);
}

PngText LectureUi::describeUi() {
    PngText text = describeWindow(
        drawnField(), frameSettingsOf(settings_, 0, input_.navigation().view()), lastFrame_);
    if (comparison_.running()) {
        Simulation& b = comparison_.simulation();
        const LectureSettings& s = comparison_.settings();
        const PaneDifference d = comparison_.difference(simulation_);
        text.emplace_back("Pane B",
                          paneKernel(b.params()) + ", " +
                              paneWhere(b.backend(), lastFrameB_, s.copyEvery, s.pinned) +
                              (settings_.comparison.difference ? "; shown as A - B" : ""));
        text.emplace_back("Max |A - B|",
                          numberText(d.maxAbs, 6) + " at step " + std::to_string(d.step));
    }
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
            readouts_.message = control_.sceneLoadedMessage(s.load ? path : scene.title);
        } catch (const std::exception& e) {
            readouts_.message = std::string("scene not loaded: ") + e.what();
        }
    }
    s.save = false;
    s.load = false;
    s.shipped = -1;
}

void LectureUi::setCues(CueList list) { cues_ = CuePlayer(std::move(list)); }

std::optional<std::string> LectureUi::cueFrame(PanelActions& actions) {
    if (cues_.empty()) {
        return std::nullopt;
    }
    if (actions.nextCue) {
        cues_.advance();
    }
    if (actions.previousCue) {
        cues_.back();
    }
    const CueRequests asked = cues_.frame(settings_, simulation_, readouts_.maxAbs, clock_());
    if (asked.scene) {
        // Read and checked with the list; what can still fail is the
        // backend (a grid too large for its memory). As the panel's load, it
        // leaves the lecture as it was and says why, on the terminal too (a
        // headless `shot --ui --cues` has no panel to read); the cue's
        // settings go on.
        try {
            applyScene(cueScene(*asked.scene, settings_));
        } catch (const std::exception& e) {
            readouts_.message = std::string("scene not loaded: ") + e.what();
            std::fprintf(stderr, "heatlab: %s: %s\n", cues_.status().c_str(),
                         readouts_.message.c_str());
        }
        cues_.settle(settings_);
    }
    actions.reset = actions.reset || asked.reset;
    actions.screenshot = actions.screenshot || asked.screenshot;
    actions.measureBandwidth = actions.measureBandwidth || asked.bandwidth;
    cueStepsLeft_ = asked.stepsLeft;
    readouts_.cue = cues_.status();
    readouts_.cueWaiting = cues_.waiting();
    return asked.caption;
}

void LectureUi::applyScene(const Scene& scene) {
    const ControlOutcome outcome = control_.applyScene(scene);
    restartPaneB();  // a scene is a new field: pane B starts from it
    input_.navigation().setView(scene.view);
    scenePanel_.loadedTitle = scene.title;
    scenePanel_.loadedDescription = scene.description;
    // The view is the scene's, not fitted.
    if (outcome.newGrid) {
        measureBandwidth();
    }
}

Scene LectureUi::currentScene() const {
    Scene scene;
    scene.settings = settings_;
    scene.view = input_.navigation().view();
    return scene;
}

void LectureUi::onKey(Key key, bool repeat) {
    if (!imgui_.wantsKeyboard()) {
        loupe_.keyDown(key);
        applyKey(key, repeat, settings_, keyActions_);
    }
}

void LectureUi::onKeyReleased(Key key) { loupe_.keyUp(key); }

void LectureUi::onScroll(double dy) {
    input_.scroll(dy, imgui_.wantsMouse(), fieldArea(), simulation_.params().grid, settings_);
}

void LectureUi::onMouseButton(int button, bool pressed) {
    input_.button(button, pressed, imgui_.wantsMouse(), fieldArea(), simulation_, settings_);
}

void LectureUi::onCursor(double x, double y) {
    loupe_.cursor(x, y);
    input_.cursor(x, y, fieldArea(), simulation_, settings_);
}

}  // namespace heatlab
