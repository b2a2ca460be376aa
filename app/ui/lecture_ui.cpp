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
    : imgui_(imgui), rates_(secondsNow()) {
    panes_.push_back(
        std::make_unique<Pane>(std::make_unique<PaneRun>("A", std::move(backend), settings)));
    showBackend();
    PanelReadouts& readouts = shown();
    readouts.backends = {BackendChoice::Cpu};
    if (builtWithCuda()) {
        readouts.backends.push_back(BackendChoice::Cuda);
    }
    readouts.gl = glDescription;
    readouts.bandwidth = &bandwidth_;
    for (const ShippedScene& shipped : shippedScenes()) {
        scenePanel_.shippedTitles.push_back(parseScene(shipped.text, shipped.file).title);
    }
    if (scene) {
        applyScene(*scene);
    }
}

bool LectureUi::frame(const UiSurface& surface) {
    LectureSettings& s = settings();
    surface_ = surface;
    imgui_.setPresenter(s.presenter);
    imgui_.beginFrame(surface.units, pixelsPerUnit());
    PanelActions actions = keyActions_;
    keyActions_ = PanelActions{};
    int panelPixels = 0;
    if (s.panelVisible) {
        const float units = static_cast<float>(surface.units.width);
        const float width = std::min(kPanelWidth * imgui_.scale(), units);
        actions.merge(drawPanel(s, shown(), scenePanel_, pictures_.panel(), units,
                                static_cast<float>(surface.units.height), width, panelLayout_));
        shown().showBandwidth = false;
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
        say(*caption);
    }

    const ColourBar::Strip bar = ColourBar::strip(pixelsPerUnit());
    const std::vector<PaneRect> rects =
        layoutPanes(surface.pixels, panelPixels, bar.width, static_cast<int>(panes_.size()));
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        panes_[i]->place(rects[i]);
    }
    const PaneRect& first = panes_.front()->rect();
    drawKeyHelp(static_cast<float>(first.width) / pixelsPerUnit(),
                static_cast<float>(surface.units.height), s.keysVisible);
    glViewport(0, 0, surface.pixels.width, surface.pixels.height);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const int steps = paceSteps(actions);
    const double now = clock_();
    const bool timed =
        timing_ == FrameTiming::EveryFrame ||
        (timing_ == FrameTiming::Sampled && now - lastTimedFrame_ >= kBreakdownSeconds);
    drawPanes(steps, bar, timed, actions.toggleLoupe);
    advanceBandwidthSurvey();
    notice_.frame(shown().message, s.running, clock_());
    noticeBand_ = drawFieldNotice(notice_, clock_(), imgui_,
                                  static_cast<float>(first.width) / pixelsPerUnit(),
                                  static_cast<float>(first.height) / pixelsPerUnit());
    if (panes_.size() > 1) {
        drawPaneLabels();
    }
    const double uiStart = secondsNow();
    imgui_.render();
    if (timed) {
        glFinish();
        panes_.front()->addUiMs(1000.0 * (secondsNow() - uiStart));
        lastTimedFrame_ = now;
        shown().breakdown = panes_.front()->timedFrame();
        ComparisonReadouts& b = shown().comparison;
        b.breakdown = panes_.size() > 1 ? panes_.back()->timedFrame() : std::nullopt;
        b.timedSteps = steps;
    }

    if (actions.screenshot) {
        takeScreenshot(surface.pixels);
    }
    // After the screenshot, which must not carry the indicator either.
    if (actions.toggleRecording) {
        toggleRecording(surface.pixels);
    }
    WindowRecording& recording = pictures_.recording();
    const bool signalled = recording.active() && StopSignal::requested();
    // The panes are gathered for the recording only while one runs.
    if (recording.active()) {
        if (const std::optional<std::string> stopped =
                recording.capture(drawnPanes(), surface.pixels, [this] { return describeUi(); })) {
            say(*stopped);
        }
    }
    // Top right of the last pane: clear of the notice, which spans pane A.
    const PaneRect& last = panes_.back()->rect();
    recording.drawIndicator(surface.pixels, last.x + last.width, pixelsPerUnit(), clock_());
    shown().recording = recording.active();
    // The frame's GL work, the panel's too, goes to the GPU as one
    // submission now that its steps are queued: one switch from CUDA to GL
    // and back a frame.
    for (auto& pane : panes_) {
        pane->view().finishFrame();
    }
    // Ctrl+C in the terminal: the video finished, then the window closes.
    return actions.quit || signalled;
}

void LectureUi::drawPanes(int steps, const ColourBar::Strip& bar, bool timed, bool toggleLoupe) {
    LectureSettings& s = settings();
    const bool difference = panes_.size() > 1 && s.comparison.difference;
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        Pane& pane = *panes_[i];
        PaneRun& run = pane.run();
        const bool lead = i == 0;
        FrameSettings frameSettings =
            frameSettingsOf(run.settings(), steps, input_.navigation().view());
        frameSettings.displayLatency = displayLatency_;
        if (lead) {
            const double factor = run.growthFactor();
            frameSettings.loupe =
                loupe_.frame(s.loupe, toggleLoupe, factor, run.watch().spot(run.simulation()),
                             fieldArea(), input_.navigation(), run.simulation().params().grid);
        }
        // The measures are queued behind the frame's steps, before any GL.
        frameSettings.beforeDraw = [this, &run, steps, lead] {
            measurePane(run, lead && loupeShown(settings().loupe, run.growthFactor()));
            if (lead) {
                measure(steps);
            }
        };
        const bool replaced = difference && !lead;
        const FrameStats& drawn = pane.frame(renderer_, frameSettings, timed, !replaced);
        if (replaced) {
            ComparisonReadouts& b = shown().comparison;
            pane.addDrawn(difference_.draw(*panes_.front(), pane, renderer_, frameSettings, timed,
                                           b.difference));
            difference_.drawBar(bar, pane, renderer_, frameSettings, pixelsPerUnit());
        } else {
            pane.drawBar(bar, renderer_, frameSettingsOf(run.settings(), 0, frameSettings.view),
                         pixelsPerUnit());
        }
        if (drawn.loupe) {
            drawLoupeLabel(*drawn.loupe, pane.rect().height, pixelsPerUnit());
        }
    }
    const FrameStats& a = panes_.front()->lastFrame();
    PanelReadouts& readouts = shown();
    readouts.path = a.path;
    readouts.fallbackReason = panes_.front()->view().fallbackReason();
    readouts.interopBuffer = a.interopBuffer ? name(*a.interopBuffer) : "";
    readouts.sharedFallbackReason = panes_.front()->view().sharedFallbackReason();
    ComparisonReadouts& b = readouts.comparison;
    if (panes_.size() > 1 && !difference) {
        // max |A - B| costs both fields on the host: on timed frames (about
        // once a second) unless both live there already; once a step, so a
        // paused lecture measures its step once, not every frame.
        PaneRun& runB = panes_.back()->run();
        const bool hostFields = simulation().backend().facts().fieldInHostMemory &&
                                runB.simulation().backend().facts().fieldInHostMemory;
        if (b.difference.step != simulation().stepCount() &&
            (timed || hostFields || b.difference.step < 0 || steps == 0)) {
            b.difference = lead().differenceFrom(runB);
        }
    }
    if (panes_.size() > 1) {
        b.maxAbs = panes_.back()->run().readouts().maxAbs;
    }
}

// The frame's steps: one when single-stepping, none when paused, and while
// running what the pace asks for, from the last frame's wall time; in
// lockstep, never past any pane's pause, the fastest-growing pane setting
// the explosion's pace.
int LectureUi::paceSteps(const PanelActions& actions) {
    const double now = clock_();
    const double lastFrame = lastFrameStart_ > 0.0 ? now - lastFrameStart_ : 0.0;
    lastFrameStart_ = now;
    LectureSettings& s = settings();
    int steps = stepsThisFrame(s, actions);
    if (s.running) {
        double factor = 0.0;
        for (const auto& pane : panes_) {
            const double f = pane->run().growthFactor();
            factor = std::fabs(f) > std::fabs(factor) ? f : factor;
        }
        steps = pacer_.next(paceSettingsOf(s, factor), lastFrame, lastSteps_);
    }
    if (cueStepsLeft_) {
        steps = static_cast<int>(std::min<long long>(steps, std::max(0LL, *cueStepsLeft_)));
    }
    for (auto& pane : panes_) {
        std::optional<std::string> pause;
        steps = pane->run().stepsBeforePause(steps, s.running, pause);
        if (pause) {
            say(ofPane(pane->run(), *pause));
            s.running = false;
        }
    }
    lastSteps_ = steps;
    shown().stepsThisFrame = steps;
    return steps;
}

std::string LectureUi::ofPane(const PaneRun& run, const std::string& text) const {
    return panes_.size() > 1 ? "pane " + run.name() + " " + text : text;
}

// What the panel shows of the backend pane A runs on.
void LectureUi::showBackend() {
    PanelReadouts& readouts = shown();
    readouts.kernels = simulation().backend().stencilKernels();
    readouts.backend = lead().control().backendText();
    readouts.fieldInHostMemory = simulation().backend().facts().fieldInHostMemory;
}

void LectureUi::show(const ControlOutcome& outcome) {
    if (outcome.message) {
        say(*outcome.message);
    }
    if (outcome.newGrid) {
        input_.navigation().fit();
        // The table belongs to a grid: a new one is measured.
        measureBandwidth();
    }
}

void LectureUi::apply(const PanelActions& actions) {
    SimulationControl& control = lead().control();
    if (const ControlOutcome switched = control.switchBackend(); switched.message) {
        show(switched);
        showBackend();
    }
    if (actions.reset) {
        show(control.reset());
        restartFollowers();
    } else {
        control.applyEdits();
    }
    if (actions.fitView) {
        input_.fit(settings());
    }
    control.applyCopyPolicy();
    if (actions.lockRangeToField) {
        lockRangeToField();
    }
    if (actions.cancelBandwidth) {
        bandwidth_.cancel();
    }
    if (actions.measureBandwidth) {
        measureBandwidth();
    }
    applySplit(actions);
}

void LectureUi::applySplit(const PanelActions& actions) {
    ABComparison& c = settings().comparison;
    if (actions.toggleSplit) {
        c.split = !c.split;
        if (c.split) {
            c.b = PaneBSettings{};  // a copy of A, following A until edited
        }
    }
    if (actions.paneBAsA) {
        c.b = PaneBSettings{};
    }
    ComparisonReadouts& b = shown().comparison;
    if (!c.split) {
        panes_.resize(1);
    } else if (panes_.size() == 1) {
        try {
            panes_.push_back(std::make_unique<Pane>(PaneRun::followerOf(lead())));
            b.difference = PaneDifference{};
            say("split: B starts as A at step " + std::to_string(simulation().stepCount()));
        } catch (const std::exception& e) {
            c.split = false;
            say(std::string("not split: ") + e.what());
        }
    }
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        PaneRun& follower = panes_[i]->run();
        if (const std::optional<std::string> said = follower.follow(lead())) {
            say(ofPane(follower, *said));
        }
    }
    b.running = panes_.size() > 1;
    if (!b.running) {
        b = ComparisonReadouts{};
        return;
    }
    PaneRun& runB = panes_.back()->run();
    b.backend = runB.control().backendText();
    b.kernels = runB.simulation().backend().stencilKernels();
}

void LectureUi::restartFollowers() {
    shown().comparison.difference = PaneDifference{};  // of the field replaced
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        try {
            panes_[i]->run().restartFrom(simulation());
        } catch (const std::exception& e) {
            settings().comparison.split = false;
            say(std::string("pane B stopped: ") + e.what());
        }
    }
    if (!settings().comparison.split) {
        panes_.resize(1);
    }
}

void LectureUi::drawPaneLabels() {
    const float units = pixelsPerUnit();
    const float top = noticeBand_.height > 0.0f ? noticeBand_.y + noticeBand_.height : 0.0f;
    const int steps = shown().comparison.timedSteps;
    const PaneDifference& d = shown().comparison.difference;
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        const Pane& pane = *panes_[i];
        std::vector<std::string> lines = pane.labelLines(steps);
        if (i > 0 && settings().comparison.difference) {
            lines.front() = "A - B  (" + lines.front() + ")";
        }
        if (i > 0) {
            lines.push_back(
                d.step >= 0 ? "max |A - B| = " + (d.maxAbs == 0.0 ? "0" : numberText(d.maxAbs, 3)) +
                                  " at step " + std::to_string(d.step)
                            : "max |A - B|: not measured yet");
        }
        drawPaneLabel(static_cast<float>(pane.rect().x) / units, top,
                      static_cast<float>(pane.rect().width) / units, lines);
    }
}

// Locks the range at what is on screen, so switching to locked changes
// nothing until the ends are edited.
void LectureUi::lockRangeToField() {
    ColourRange& range = settings().picture.range;
    GlField& view = panes_.front()->view();
    if (view.grid().cells() == 0) {
        range = ColourRange{false, 0.0f, 1.0f};
        return;
    }
    FrameSettings drawnWith = frameSettingsOf(settings(), 0, std::nullopt);
    drawnWith.range.automatic = true;
    const ValueRange drawn = drawnRange(view, drawnWith);
    const bool usable = std::isfinite(drawn.lo) && std::isfinite(drawn.hi) && drawn.lo < drawn.hi;
    range.lo = usable ? drawn.lo : 0.0f;
    range.hi = usable ? drawn.hi : 1.0f;
}

void LectureUi::measurePane(PaneRun& run, bool withSpot) {
    const LectureSettings& s = settings();
    // Past the grid's bound the measures are what keeps the run from
    // overflowing (paceSteps), so they are taken whatever the panel says.
    if (s.measureMaxAbs || std::fabs(run.growthFactor()) > 1.0 || withSpot) {
        if (const std::optional<std::string> paused = run.measure(s.running, withSpot)) {
            settings().running = false;
            say(ofPane(run, *paused));
        }
    }
}

void LectureUi::measure(int steps) {
    PanelReadouts& readouts = shown();
    readouts.running = simulation().params();
    readouts.steps = simulation().stepCount();
    Rates rates{readouts.frameMs, readouts.stepsPerSecond, readouts.copyGBs};
    if (rates_.frame(clock_(), steps, simulation().bytesCopiedBack(), rates)) {
        readouts.frameMs = rates.frameMs;
        readouts.stepsPerSecond = rates.stepsPerSecond;
        readouts.copyGBs = rates.copyGBs;
    }
    readouts.roofline = runningKernelOf(simulation(), readouts.stepsPerSecond, readouts.copyGBs);
}

void LectureUi::measureBandwidth() {
    const BackendChoice kind = choiceOf(simulation().backend());
    shown().showBandwidth = true;
    try {
        bandwidth_.start(simulation().params(), makeBackend(kind).backend);
    } catch (const std::exception& e) {
        say(std::string("bandwidth not measured: ") + e.what());
    }
}

void LectureUi::advanceBandwidthSurvey() {
    if (bandwidth_.running()) {
        // A row timed beside the lecture's queued steps would time both.
        simulation().backend().synchronize();
        bandwidth_.advance();
    }
}

int LectureUi::registrations() const {
    int total = 0;
    for (const auto& pane : panes_) {
        total += pane->view().registrations() + pane->view().sharedImports();
    }
    return total;
}

float LectureUi::pixelsPerUnit() const {
    const UiSurface& s = surface_;
    return s.units.width > 0
               ? static_cast<float>(s.pixels.width) / static_cast<float>(s.units.width)
               : 1.0f;
}

FieldArea LectureUi::fieldArea() const {
    const PaneRect& a = panes_.front()->rect();
    return FieldArea{a.width, a.height, pixelsPerUnit()};
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
    const CueRequests asked = cues_.frame(settings(), simulation(), shown().maxAbs, clock_());
    if (asked.scene) {
        // Read and checked with the list; what can still fail is the
        // backend (a grid too large for its memory). As the panel's load, it
        // leaves the lecture as it was and says why, on the terminal too (a
        // headless `shot --ui --cues` has no panel to read); the cue's
        // settings go on.
        try {
            applyScene(cueScene(*asked.scene, settings()));
        } catch (const std::exception& e) {
            say(std::string("scene not loaded: ") + e.what());
            std::fprintf(stderr, "heatlab: %s: %s\n", cues_.status().c_str(),
                         shown().message.c_str());
        }
        cues_.settle(settings());
    }
    actions.reset = actions.reset || asked.reset;
    actions.screenshot = actions.screenshot || asked.screenshot;
    actions.measureBandwidth = actions.measureBandwidth || asked.bandwidth;
    cueStepsLeft_ = asked.stepsLeft;
    shown().cue = cues_.status();
    shown().cueWaiting = cues_.waiting();
    return asked.caption;
}

void LectureUi::onKey(Key key, bool repeat) {
    if (!imgui_.wantsKeyboard()) {
        loupe_.keyDown(key);
        applyKey(key, repeat, settings(), keyActions_);
    }
}

void LectureUi::onKeyReleased(Key key) { loupe_.keyUp(key); }

void LectureUi::onScroll(double dy) {
    input_.scroll(dy, imgui_.wantsMouse(), fieldArea(), simulation().params().grid, settings());
}

void LectureUi::onMouseButton(int button, bool pressed) {
    input_.button(button, pressed, imgui_.wantsMouse(), fieldArea(), simulation(), settings());
}

void LectureUi::onCursor(double x, double y) {
    loupe_.cursor(x, y);
    input_.cursor(x, y, fieldArea(), simulation(), settings());
}

}  // namespace heatlab

namespace heatlab {

LectureUi::~LectureUi() {
    if (pictures_.recording().active()) {
        std::fprintf(stderr, "heatlab: %s\n", pictures_.recording().stop(describeUi()).c_str());
    }
}

std::vector<DrawnPane> LectureUi::drawnPanes() {
    // A - B is drawn from host copies, not a field view: pane A alone then.
    const std::size_t count = settings().comparison.difference ? 1 : panes_.size();
    std::vector<DrawnPane> panes;
    for (std::size_t i = 0; i < count; ++i) {
        panes.push_back(panes_[i]->drawn(renderer_));
    }
    return panes;
}

void LectureUi::toggleRecording(const PixelSize& window) {
    say(pictures_.toggleRecording(drawnPanes(), window, clock_(), [this] { return describeUi(); }));
}

void LectureUi::takeScreenshot(const PixelSize& window) {
    // A window picture is what was just drawn, panel included.
    say(pictures_.take(drawnPanes(), window, describeUi()));
}

void LectureUi::saveScreenshot(const std::string& path) { pictures_.saveField(drawnPanes(), path); }

Picture LectureUi::slide(int width, int height, bool loupe) {
    std::vector<DrawnPane> panes = drawnPanes();
    for (DrawnPane& pane : panes) {
        pane.settings.loupe.shown = loupe;
    }
    return slideOfPanes(panes, width, height);
}

PngText LectureUi::describeUi() {
    Pane& a = *panes_.front();
    PngText text =
        describeWindow(a.drawn(renderer_).field,
                       frameSettingsOf(settings(), 0, input_.navigation().view()), a.lastFrame());
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        const std::vector<std::string> lines = panes_[i]->labelLines(0);
        text.emplace_back("Pane " + panes_[i]->run().name(),
                          lines[0] + ", " + lines[1] +
                              (settings().comparison.difference ? "; shown as A - B" : ""));
        const PaneDifference d = lead().differenceFrom(panes_[i]->run());
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
            Scene scene;
            scene.settings = settings();
            scene.view = input_.navigation().view();
            writeScene(path, scene);
            say("saved scene " + path);
        } catch (const RuntimeError& e) {
            say(std::string("scene not saved: ") + e.what());
        }
    }
    const auto shipped = static_cast<std::size_t>(s.shipped);
    if (s.load || shipped < shippedScenes().size()) {
        // Parsed whole and checked against the backend before anything
        // changes: a bad file leaves the lecture as it was.
        try {
            const Scene scene = s.load ? readScene(path, settings())
                                       : parseScene(shippedScenes()[shipped].text,
                                                    shippedScenes()[shipped].file, settings());
            applyScene(scene);
            say(lead().control().sceneLoadedMessage(s.load ? path : scene.title));
        } catch (const std::exception& e) {
            say(std::string("scene not loaded: ") + e.what());
        }
    }
    s.save = false;
    s.load = false;
    s.shipped = -1;
}

void LectureUi::applyScene(const Scene& scene) {
    const ControlOutcome outcome = lead().control().applyScene(scene);
    restartFollowers();  // a scene is a new field: pane B starts from it
    input_.navigation().setView(scene.view);
    scenePanel_.loadedTitle = scene.title;
    scenePanel_.loadedDescription = scene.description;
    // The view is the scene's, not fitted.
    if (outcome.newGrid) {
        measureBandwidth();
    }
}

}  // namespace heatlab
