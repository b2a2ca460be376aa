#include "app/ui/lecture/lecture_ui.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/lecture/files/lecture_kernel_files.h"
#include "app/lecture/input/key_commands.h"
#include "app/lecture/measures/auto_scale.h"
#include "app/render/script_fonts.h"
#include "app/ui/lecture/scene_requests.h"
#include "app/ui/pictures/roofline_on_field.h"
#include "kernels/backend_factory.h"
#include "kernels/base/host_clock.h"

namespace heatlab {

LectureUi::LectureUi(const LectureSettings& settings, std::unique_ptr<Backend> backend,
                     ImGuiLayer& imgui, const std::string& glDescription,
                     const std::optional<Scene>& scene)
    : imgui_(imgui),
      panes_(std::make_unique<PaneRun>("A", std::move(backend), settings)),
      measures_(secondsNow()),
      pictures_(panes_, renderer_, input_.navigation(), [this](const Notice& n) { say(n); }) {
    lead().showBackend();
    lectureReadouts_.backends = builtBackends();
    lectureReadouts_.gl = glDescription;
    lectureReadouts_.bandwidth = &measures_.bandwidth();
    for (const ShippedScene& shipped : shippedScenes()) {
        scenePanel_.shippedTitles.push_back(parseScene(shipped.text, shipped.file).title);
    }
    if (scene) {
        applyScene(*scene);
    }
}

bool LectureUi::frame(const SurfaceSize& surface) {
    LectureSettings& s = settings();
    surface_ = surface;
    imgui_.setPresenter(s.presenter);
    imgui_.beginFrame(surface.units, surface_.pixelsPerUnit());
    PanelActions actions = keyActions_;
    keyActions_ = PanelActions{};
    lectureReadouts_.classKernels = classKernelStatuses();
    const float panelUnits =
        drawPanel({s, lectureReadouts_, lead().readouts(), panes_.followerReadouts(), scenePanel_,
                   pictures_.panel(), panelLayout_},
                  surface.units, imgui_.scale(), actions);
    if (panelUnits > 0.0f) {
        lectureReadouts_.sectionsShown();  // the sections asked for are unfolded
    }
    const int panelPixels = static_cast<int>(std::lround(panelUnits * surface_.pixelsPerUnit()));
    sceneRequests(actions);
    const std::optional<std::string> caption = cueFrame(actions);
    apply(actions);
    // After the reset's own line: the caption is what the field shows.
    if (caption) {
        say(Notice::caption(*caption));
    }

    const ColourBar::Strip bar = ColourBar::strip(surface_.pixelsPerUnit());
    panes_.place(layoutPanes(surface.pixels, panelPixels, bar, static_cast<int>(panes_.size()),
                             s.presenter && panes_.split()));
    glViewport(0, 0, surface.pixels.width, surface.pixels.height);
    glClearColor(kBackground.r / 255.0f, kBackground.g / 255.0f, kBackground.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const int steps = paceSteps(actions);
    const double now = clock_();
    const bool timed = timer_.timed(now);
    drawPanes(steps, bar, timed, actions.toggleLoupe);
    notice_.frame(s.running, clock_());
    const float columnWidth =
        static_cast<float>(surface.pixels.width - panelPixels) / surface_.pixelsPerUnit();
    const OverlayBand column{0.0f, 0.0f, columnWidth, static_cast<float>(surface.units.height)};
    if (s.rooflineOnField) {
        coverFieldForRoofline(column);
    }
    const ComparisonReadouts& compared = lectureReadouts_.comparison;
    overlays_ =
        panes_.drawNoticesAndLabels(notice_.shown(clock_()), imgui_, surface_.pixelsPerUnit(),
                                    compared.timedSteps, compared.difference, showsDifference());
    roofline_ = s.rooflineOnField ? rooflineOver(column) : nullptr;
    // Last, over what the field shows: F1 asked for it.
    const PaneRect& first = panes_.lead().rect();
    const float fieldWidth = static_cast<float>(first.width) / surface_.pixelsPerUnit();
    drawKeyHelp(fieldWidth, static_cast<float>(surface.units.height), s.keysVisible);
    const double uiStart = secondsNow();
    imgui_.render();
    if (timed) {
        glFinish();
        timer_.took(now);
        panes_.showTimedFrame(1000.0 * (secondsNow() - uiStart), steps,
                              lectureReadouts_.comparison);
    }
    const bool signalled =
        pictures_.afterFrame(actions.screenshot, actions.toggleRecording, surface, clock_());
    lectureReadouts_.recording = pictures_.recording().active();
    // The frame's GL work, the panel's too, goes to the GPU as one
    // submission now that its steps are queued: one switch from CUDA to GL
    // and back a frame.
    panes_.finishFrame();
    // A CPU row is not timed beside the software GL's drawing either.
    measures_.advanceBandwidth(simulation(), !windowed_, [] { glFinish(); });
    // Ctrl+C in the terminal: the video finished, then the window closes.
    return actions.quit || signalled;
}

std::shared_ptr<const RooflineOnField> LectureUi::rooflineOver(const OverlayBand& column) const {
    // Under the notices (the cue's caption names the lesson), above the
    // key help's line, a margin of the panel's text from each.
    const float margin = ImGui::GetFontSize() * 0.5f;
    const float top = (overlays_.leadNotice.empty() ? column.y : overlays_.leadNotice.bottom());
    OverlayBand area = column;
    area.x += margin;
    area.width -= 2.0f * margin;
    area.y = top + margin;
    area.height = keyHintTop(column.bottom()) - margin - area.y;
    return std::make_shared<const RooflineOnField>(
        drawRooflineOnField(measures_.bandwidth(), readouts().roofline, area, imgui_));
}

void LectureUi::drawPanes(int steps, const ColourBar::Strip& bar, bool timed, bool toggleLoupe) {
    PaneRun& a = lead();
    std::vector<FrameSettings::Loupe> loupes{loupe_.frame(
        settings().loupe, toggleLoupe, a.growthFactor(), a.watch().spot(a.simulation()),
        fieldArea(), input_.navigation(), a.simulation().params().grid)};
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        PaneRun& run = panes_[i].run();
        loupes.push_back(LoupeControl::atSpot(settings().loupe, run.growthFactor(),
                                              run.watch().spot(run.simulation()),
                                              run.simulation().params().grid));
    }
    const auto measure = [this, steps, timed](PaneRun& run, bool isLead) {
        // Each pane's spot while its loupe shows.
        measurePane(run, loupeShown(settings().loupe, run.growthFactor()));
        if (isLead) {
            // The rates on the host's clock, also in simulated time: what
            // this machine did, not what the lecture's clock asked for.
            measures_.afterSteps(simulation(), lead().readouts(), steps, timed, secondsNow());
            measures_.showMemory(simulation(), settings().params.grid, lectureReadouts_,
                                 secondsNow());
        }
    };
    const std::optional<ViewTransform>& view = input_.navigation().view();
    const float ppu = surface_.pixelsPerUnit();
    const PanesFrame frame{steps, timed, windowed_,         view,   std::move(loupes),
                           bar,   ppu,   showsDifference(), measure};
    panes_.draw(renderer_, frame, lectureReadouts_.comparison.difference);
    panes_.lead().showDisplayPath(lead().readouts());
    panes_.measureDifference(steps, timed, showsDifference(), lectureReadouts_.comparison);
}

// The frame's steps: one when single-stepping, none when paused, and while
// running what the pace asks for, from the last frame's wall time; in
// lockstep, never past any pane's pause, the fastest-growing pane setting
// the explosion's pace.
int LectureUi::paceSteps(const PanelActions& actions) {
    LectureSettings& s = settings();
    const int paced = pacer_.nextAt(paceSettingsOf(s, panes_.fastestGrowth()), clock_(), s.running);
    // None while a row of the table is timed: it would time them too.
    int steps = measuringRow() ? 0 : s.running ? paced : stepsThisFrame(s, actions);
    if (cueStepsLeft_) {
        steps = static_cast<int>(std::min<long long>(steps, std::max(0LL, *cueStepsLeft_)));
    }
    if (const std::optional<Notice> reached =
            measures_.capAtAccuracyTarget(simulation(), steps, s.running)) {
        say(*reached);
        lectureReadouts_.bringIntoView(PanelFocus::Accuracy);
    }
    const LockstepSteps lockstep = panes_.stepsBeforePause(steps, s.running);
    say(lockstep.pauses);
    pacer_.ran(lockstep.steps);
    lectureReadouts_.stepsThisFrame = lockstep.steps;
    return lockstep.steps;
}

void LectureUi::setCues(CueList list) {
    // Its kernel files first, compiled from now on: a cue's kernel is then
    // one its backend has.
    const std::vector<std::string> compiles = addCueKernelFiles(list);
    LectureSettings start = settings();
    start.backend = choiceOf(simulation().backend());
    checkKernelsPlayable(list, start);
    checkGridsPlayable(list, start, simulation().backend());
    // Every text the list may show, so the fonts have its characters
    // before its first cue is drawn.
    noteText(list.file);
    noteText(list.title);
    for (const Cue& cue : list.cues) {
        noteText(cue.caption.cpu);
        noteText(cue.caption.cuda);
        if (cue.scene) {
            noteText(cue.scene->name);
            noteText(cue.scene->parsed.scene.title);
            noteText(cue.scene->parsed.scene.description);
        }
    }
    cues_ = CuePlayer(std::move(list));
    sayCompiles(compiles);
}

void LectureUi::say(const Notice& notice) {
    noteText(notice.text);
    lectureReadouts_.message = notice.text;
    notice_.say(notice, clock_());
}

void LectureUi::show(const ControlOutcome& outcome) {
    say(outcome.notice);
    if (outcome.newGrid) {
        input_.navigation().fit();
        // The table belongs to a grid: a new one is measured, its section
        // left as it is (the lesson on screen stays in view).
        measureBandwidth(false);
    }
}

void LectureUi::apply(const PanelActions& actions) {
    SimulationControl& control = lead().control();
    if (const ControlOutcome switched = control.switchBackend(); switched.notice) {
        show(switched);
        lead().showBackend();
    }
    // Halve h: the finer grid reset onto and run to the same physical time.
    const bool halve =
        actions.halveSpacing && measures_.halve(settings(), simulation(), lead().readouts());
    if (halve) {
        lectureReadouts_.bringIntoView(PanelFocus::Accuracy);
    }
    if (actions.reset || halve) {
        const ControlOutcome reset = control.reset();
        if (!reset.notice) {
            // A new field: nothing said of the old one stays.
            notice_.clear();
            lectureReadouts_.message.clear();
        }
        show(reset);
        restartFollowers();
    } else {
        control.applyEdits();
    }
    if (actions.fitView) {
        input_.fit(settings());
    }
    control.applyCopyPolicy();
    if (actions.lockRangeToField) {
        settings().picture.range = panes_.lead().rangeOnScreen(settings());
    }
    if (actions.cancelBandwidth) {
        measures_.cancelBandwidth();
    }
    if (actions.measureBandwidth) {
        measureBandwidth();
    }
    if (actions.reloadKernel) {
        // Served, the panel's Reload is a page's: it compiles only where
        // --allow-kernels lets a page compile.
        const std::string refused = pageKernels_ == PageKernels::None
                                        ? pageKernelRefusal(pageKernels_, KernelLanguage::Cuda)
                                        : std::string();
        if (refused.empty()) {
            reloadClassKernel(*actions.reloadKernel);
        } else {
            say(Notice::info(trf("kernel not reloaded: %s", refused.c_str())));
        }
    }
    say(panes_.follow(settings().comparison, actions.toggleSplit, actions.paneBAsA,
                      lectureReadouts_.comparison));
}

void LectureUi::restartFollowers() {
    lectureReadouts_.comparison.difference = PaneDifference{};  // of the field replaced
    autoScaleForNewField(settings().picture);
    say(panes_.restartFollowers(settings().comparison));
}

void LectureUi::measurePane(PaneRun& run, bool withSpot) {
    const PaneRun::Measured said = run.measureFor(settings(), withSpot);
    if (said.paused) {
        say(panes_.namedFor(run, *said.paused));
    }
    say(said.scale);
}

void LectureUi::measureBandwidth(bool unfold) {
    if (unfold) {
        lectureReadouts_.bringIntoView(PanelFocus::Bandwidth);
    }
    say(measures_.startBandwidth(simulation()));
}

std::optional<std::string> LectureUi::cueFrame(PanelActions& actions) {
    if (cues_.empty()) {
        return std::nullopt;
    }
    say(cues_.move(actions, cueProgress()));
    const CueRequests asked =
        cues_.frame(settings(), simulation(), lead().readouts().maxAbs, clock_());
    if (asked.scene) {
        // Read and checked with the list, it can still fail on the backend
        // (a grid too large for its memory): said on the terminal too (a
        // headless `shot --ui --cues` has no panel); the cue's settings go on.
        if (const std::optional<Notice> failed =
                loadScene([&] { return cueScene(*asked.scene, settings()); })) {
            say(*failed);
            std::fprintf(stderr, "heatlab: %s\n",
                         terminalLine(cues_.status() + ": " + failed->text).c_str());
        }
        cues_.settle(settings());
    }
    if (asked.caption) {
        loadCueKernelFiles(cues_.list(), cues_.index());  // a cue starts
    }
    asked.addTo(actions);
    if (asked.panel) {
        lectureReadouts_.bringIntoView(*asked.panel);
    }
    cueStepsLeft_ = asked.stepsLeft;
    lectureReadouts_.cue = cues_.status();
    lectureReadouts_.cueWaiting = cues_.waiting();
    return asked.caption;
}

CueProgress LectureUi::cueProgress() const {
    CueProgress progress;
    progress.step = simulation().stepCount();
    progress.measuring = measuringBandwidth();
    if (!cues_.empty()) {
        const Cue& cue = cues_.list().cues.at(static_cast<std::size_t>(cues_.index()));
        if (cue.halveH) {
            progress.endStep = readouts().accuracy.targetSteps;
        } else if (cue.until && cue.until->kind == CueUntil::Kind::Step) {
            progress.endStep = cue.until->step;
        }
    }
    return progress;
}

void LectureUi::onKey(Key key, bool repeat) {
    if (!imgui_.wantsKeyboard()) {
        loupe_.keyDown(key);
        applyKey(key, repeat, settings(), keyActions_);
    }
}

void LectureUi::onScroll(double dy) {
    // The roofline over the field: the mouse edits no field it cannot see.
    input_.scroll(dy, imgui_.wantsMouse() || settings().rooflineOnField, fieldArea(),
                  simulation().params().grid, settings());
}

void LectureUi::onMouseButton(int button, bool pressed) {
    input_.button(button, pressed, imgui_.wantsMouse() || settings().rooflineOnField, fieldArea(),
                  simulation(), settings());
}

void LectureUi::onCursor(double x, double y) {
    // From pane A's field's top left corner, which a label's band may push
    // down (PaneRect::labelsOutside).
    const double fromTop =
        y - panes_.lead().rect().top / static_cast<double>(surface_.pixelsPerUnit());
    loupe_.cursor(x, fromTop);
    input_.cursor(x, fromTop, fieldArea(), simulation(), settings());
}

void LectureUi::sceneRequests(const PanelActions& keys) {
    // Ctrl+S and Ctrl+O do what the Scene section's buttons do.
    scenePanel_.save = scenePanel_.save || keys.saveScene;
    if (keys.openScene) {
        (scenePanel_.filesHidden ? scenePanel_.chooseInBrowser : scenePanel_.load) = true;
    }
    if (scenePanel_.dropped) {
        loadDropped(*scenePanel_.dropped);
        scenePanel_.dropped.reset();
    }
    SceneRequest asked = takeSceneRequests(scenePanel_, settings(), input_.navigation().view(),
                                           pictures_.downloads());
    say(asked.said);
    if (asked.scene) {
        const std::optional<Notice> failed = loadScene([&] {
            refusePageKernelFiles(pageKernels_, *asked.scene);
            return *asked.scene;
        });
        say(failed ? *failed : lead().control().sceneLoaded(asked.named));
    }
}

void LectureUi::loadDropped(const ScenePanel::Dropped& file) {
    // Checked whole before anything changes, as a file named on the
    // command line: a bad one leaves the lecture as it was and says why.
    if (namesCueList(file.text)) {
        try {
            CueList list = parseFolderlessCues(file.text, file.name);
            refusePageKernelFiles(pageKernels_, list);
            const std::size_t count = list.cues.size();
            setCues(std::move(list));
            say(Notice::info(count == 1 ? trf("cue list %s loaded (1 cue): its first cue plays",
                                              file.name.c_str())
                                        : trf("cue list %s loaded (%zu cues): its first cue plays",
                                              file.name.c_str(), count)));
        } catch (const std::exception& e) {
            say(Notice::info(trf("cue list not loaded: %s", e.what())));
        }
        return;
    }
    const std::optional<Notice> failed = loadScene([&] {
        Scene scene = parseScene(file.text, file.name, settings());
        refusePageKernelFiles(pageKernels_, scene);
        return scene;
    });
    say(failed ? *failed : lead().control().sceneLoaded(file.name));
}

std::optional<Notice> LectureUi::loadScene(const std::function<Scene()>& scene) {
    try {
        applyScene(scene());
        return std::nullopt;
    } catch (const std::exception& e) {
        return Notice::info(trf("scene not loaded: %s", e.what()));
    }
}

void LectureUi::applyScene(const Scene& given) {
    // Its kernel file first, compiled from now on: one of another file's
    // name refuses the scene, nothing changed.
    Scene scene = given;
    const std::string compiles = addSceneKernelFile(scene, scene.title);
    const ControlOutcome outcome = lead().control().applyScene(scene);
    notice_.clear();     // a new field: nothing said of the old one stays
    restartFollowers();  // a scene is a new field: pane B starts from it
    input_.navigation().setView(scene.view);
    noteText(scene.title);
    noteText(scene.description);
    scenePanel_.loadedTitle = scene.title;
    scenePanel_.loadedDescription = scene.description;
    // The view is the scene's, not fitted.
    if (outcome.newGrid) {
        measureBandwidth(false);
    }
    sayCompiles({compiles});
}

void LectureUi::sayCompiles(const std::vector<std::string>& lines) {
    std::vector<std::string> said;
    for (const std::string& line : lines) {
        if (!line.empty()) {
            std::fprintf(stderr, "heatlab: %s\n", terminalLine(line).c_str());
            said.push_back(line);
        }
    }
    if (said.size() == 1) {
        say(Notice::info(said.front()));
    } else if (said.size() > 1) {
        say(Notice::info(
            trf("%zu kernel files compile for the cues (the terminal names each)", said.size())));
    }
}

}  // namespace heatlab
