#include "app/ui/panel/panel.h"

#include <imgui.h>
#include <imgui_internal.h>  // the log a test reads (logPanelTextTo)

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "app/i18n/translation.h"
#include "app/io/value_parsers.h"
#include "app/io/video_size.h"
#include "app/lecture/input/key_commands.h"
#include "app/picture/colour_map.h"
#include "app/ui/panel/accuracy_panel.h"
#include "app/ui/panel/bandwidth_table.h"
#include "app/ui/panel/comparison_panel.h"
#include "app/ui/panel/kernel_files_panel.h"
#include "app/ui/panel/panel_widgets.h"
#include "app/ui/pictures/field_overlay.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

namespace {

// The slider spans the bound with room on both sides; exact entry goes to 1.
constexpr float kSliderRMax = 0.3f;

const ImVec4 kStableColour{0.45f, 0.85f, 0.45f, 1.0f};
const ImVec4 kUnstableColour{1.0f, 0.4f, 0.35f, 1.0f};
const ImVec4 kNoteColour{1.0f, 0.8f, 0.3f, 1.0f};
const ImVec4 kDimColour{0.65f, 0.65f, 0.65f, 1.0f};

// A text entry on a string of any length: ImGui grows the buffer through
// the string as the text grows (what imgui_stdlib does, which not every
// ImGui package ships).
int growString(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
        auto* text = static_cast<std::string*>(data->UserData);
        text->resize(static_cast<std::size_t>(data->BufTextLen));
        data->Buf = text->data();
    }
    return 0;
}

bool inputText(const char* label, std::string& text) {
    return ImGui::InputText(label, text.data(), text.capacity() + 1,
                            ImGuiInputTextFlags_CallbackResize, growString, &text);
}

// Text in `colour`, wrapped at the panel's edge rather than cut by it.
void wrapped(const ImVec4& colour, const char* format, ...) IM_FMTARGS(2);
void wrapped(const ImVec4& colour, const char* format, ...) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    char text[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, tr(format), args);
    va_end(args);
    textWrappedToWidth(text);
    ImGui::PopStyleColor();
}

// A dim note beside the last item where it fits there, else on the next
// line; wrapped either way.
void noteBeside(const char* englishNote) {
    const char* note = tr(englishNote);
    sameLineIfFits(ImGui::CalcTextSize(note).x);
    wrapped(kDimColour, "%s", note);
}

// The words' language, each named in its own (the English after ### the
// combo's ID, so it stays open while the words change under it).
void languageChoice() {
    const char* const names[] = {"English", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"};  // 日本語
    // (Its characters are in the fonts from the start: ImGuiLayer.)
    int chosen = language() == Language::Japanese ? 1 : 0;
    const std::string label = std::string(tr("language")) + "###language";
    if (ImGui::Combo(label.c_str(), &chosen, names, 2)) {
        setLanguage(chosen == 1 ? Language::Japanese : Language::English);
    }
}

// The last item's rectangle (a group's, after EndGroup()).
void record(PanelRect& rect) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    rect = PanelRect{min.x, min.y, max.x, max.y, true};
}

// The items `draw` adds, as one group whose rectangle goes into `rect`.
template <typename Draw>
void recordGroup(PanelRect& rect, const Draw& draw) {
    ImGui::BeginGroup();
    draw();
    ImGui::EndGroup();
    record(rect);
}

void runButtons(LectureSettings& s, PanelActions& actions, PanelLayout& layout) {
    if (ImGui::Button(s.running ? tr("Pause") : tr("Run"))) {
        s.running = !s.running;
    }
    record(layout.runButton);
    sameLineIfFits(buttonWidth(tr("Step")));
    if (ImGui::Button(tr("Step"))) {
        s.running = false;
        actions.singleStep = true;
    }
    sameLineIfFits(buttonWidth(tr("Reset")));
    if (ImGui::Button(tr("Reset"))) {
        actions.reset = true;
    }
    const char* const state = s.running ? tr("running") : tr("paused");
    sameLineIfFits(ImGui::CalcTextSize(state).x);
    ImGui::TextColored(s.running ? kStableColour : kNoteColour, "%s", state);
}

void paceControls(LectureSettings& s, const LectureReadouts& lecture) {
    int pace = static_cast<int>(s.pace);
    radioRow(pace, {{tr("fixed"), static_cast<int>(Pace::FixedSteps)},
                    {tr("fit 30 fps"), static_cast<int>(Pace::FrameBudget)},
                    {tr("steps / s"), static_cast<int>(Pace::StepsPerSecond)}});
    s.pace = static_cast<Pace>(pace);
    if (s.pace == Pace::FixedSteps) {
        ImGui::SliderInt(tr("steps / frame"), &s.stepsPerFrame, 1, kMaxStepsPerFrame, "%d",
                         ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    } else if (s.pace == Pace::StepsPerSecond) {
        float rate = static_cast<float>(s.stepsPerSecond);
        if (ImGui::SliderFloat(tr("steps / second"), &rate, static_cast<float>(kMinStepsPerSecond),
                               static_cast<float>(kMaxStepsPerSecond), "%.0f",
                               ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
            s.stepsPerSecond = rate;
        }
    } else {
        wrapped(kDimColour, "as many steps as keep 30 frames a second: %d", lecture.stepsThisFrame);
    }
    // Past the grid's bound the explosion's own pace takes over (0: off).
    float decades = static_cast<float>(s.explosionDecadesPerSecond);
    if (ImGui::SliderFloat(tr("explosion x10 / s"), &decades, 0.0f,
                           static_cast<float>(kMaxDecadesPerSecond),
                           decades == 0.0f ? tr("off") : "%.2f", ImGuiSliderFlags_AlwaysClamp)) {
        s.explosionDecadesPerSecond = decades < kMinDecadesPerSecond / 2.0
                                          ? 0.0
                                          : std::max<double>(decades, kMinDecadesPerSecond);
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "%s", tr("past the grid's own bound, the steps a second that grow the checkerboard\n"
                     "by this many powers of ten a second (about 20 s from visible to the pause\n"
                     "at 1.5); 0: the pace above there too"));
    }
}

// The r slider, with the stability bound 0.25 marked on its track where the
// grab's centre would sit at 0.25 (the grab's own width taken off, as ImGui
// lays a slider out).
void rSlider(float& r) {
    const float width = ImGui::GetContentRegionAvail().x * 0.62f;
    ImGui::SetNextItemWidth(width);
    float shown = r;
    if (ImGui::SliderFloat("##r", &shown, 0.0f, kSliderRMax, "r = %.3f")) {
        r = std::max(shown, 0.001f);  // the slider's 0 is not an r: nothing would move
    }
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    const float padding = 2.0f;
    const float grab = ImGui::GetStyle().GrabMinSize;
    const float x = min.x + padding + grab * 0.5f +
                    (kStabilityBound / kSliderRMax) * (width - 2.0f * padding - grab);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), IM_COL32(255, 90, 80, 255), 2.0f);
    const char* const bound = tr("| = 0.25 bound");
    sameLineIfFits(ImGui::CalcTextSize(bound).x);
    ImGui::TextColored(kUnstableColour, "%s", bound);
}

// What the r slider means on the running grid: its highest mode's factor
// and bound (the grid's own, kernels/numerics/grid_modes.h), the infinite
// grid's |1 - 8r| and 0.25 beneath where they differ to the digits shown,
// then the verdict. Short lines: they must fit at presenter scale.
void stabilityLines(const Params& running, float r) {
    const double rd = r;
    const double growth = std::fabs(highestModeFactor(running.grid, running.boundary, rd));
    const double bound = gridStabilityBound(running.grid, running.boundary);
    const bool stable = growth <= 1.0;
    const ImVec4 colour = stable ? kStableColour : kUnstableColour;
    char grid[160];  // room for the Japanese, three bytes a character
    char infinite[160];
    std::snprintf(grid, sizeof grid, tr("x%.4f a step,\nstable to r = %.4f"), growth, bound);
    std::snprintf(infinite, sizeof infinite, tr("x%.4f a step,\nstable to r = %.4f"),
                  std::fabs(infiniteGridFactor(rd)), static_cast<double>(kStabilityBound));
    if (std::isinf(bound)) {
        std::snprintf(grid, sizeof grid, tr("x%.4f a step,\nstable at every r"), growth);
    }
    ImGui::TextColored(colour, "1 - 4r = %.4f", 1.0 - 4.0 * rd);
    if (std::strcmp(grid, infinite) == 0) {
        wrapped(colour, "checkerboard %s", grid);
    } else {
        wrapped(colour, "this grid: %s", grid);
        wrapped(kDimColour, "infinite grid: %s", infinite);
    }
    if (r <= kStabilityBound) {
        wrapped(colour, "stable: every weight >= 0, max |u| cannot grow");
    } else if (stable) {
        // Its factor is the line above; a negative centre weight lets max |u|
        // rise for a while, but every mode of this grid decays.
        wrapped(colour, "stable on this grid: every mode decays");
    } else {
        wrapped(colour, "unstable: the checkerboard grows x%.4f a step", growth);
    }
}

void kernelControls(LectureSettings& s, const std::vector<BackendChoice>& backends,
                    const std::vector<Kernel>& kernels) {
    Params& p = s.params;
    combo("backend", s.backend, backends);
    combo("kernel", p.kernel, kernels);
    if (traits(p.kernel).fusesSteps) {
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.38f);
        ImGui::SliderInt(tr("steps a pass"), &p.timeBlock, kTimeBlockAuto, kTimeBlockMax,
                         p.timeBlock == kTimeBlockAuto ? tr("auto") : "%d",
                         ImGuiSliderFlags_AlwaysClamp);
    }
}

void exactR(Params& p) {
    float typed = p.r;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.38f);
    if (ImGui::InputFloat(tr("exact r (Enter)"), &typed, 0.0f, 0.0f, "%.6g",
                          ImGuiInputTextFlags_EnterReturnsTrue)) {
        p.r = acceptedR(typed, p.r);
    }
}

// The r slider, its presets and what r means on this grid: what the lesson
// is about, so the presenter layout shows it first.
void rControls(LectureSettings& s, const PaneReadouts& readouts, PanelLayout& layout) {
    Params& p = s.params;
    recordGroup(layout.rSlider, [&] { rSlider(p.r); });
    const char* const keys = tr("Up / Down: +/- 0.001");
    rPresets(p.r, "a", ImGui::CalcTextSize(keys).x);
    ImGui::TextColored(kDimColour, "%s", keys);

    recordGroup(layout.rNumbers, [&] { stabilityLines(readouts.running, p.r); });
}

// What the grid edited would take of the device's and the host's memory
// beside what is free (dim, or in the note colour where it does not fit:
// the reset would refuse it); hovered, each part and its bytes.
void memoryLines(const MemoryReadout& memory) {
    const MemoryPlan& plan = memory.plan;
    const bool fitsNow = fits(plan, memory.free);
    const ImVec4 colour = fitsNow ? kDimColour : kNoteColour;
    const std::string host = memoryText(plan.onHost());
    const std::string hostFree = memoryText(memory.free.host);
    if (plan.deviceIsHost) {
        wrapped(colour, "memory: %s of host memory (%s free)", host.c_str(), hostFree.c_str());
    } else {
        wrapped(colour, "memory: %s on the device (%s free), %s of host memory (%s free)",
                memoryText(plan.onDevice()).c_str(), memoryText(memory.free.device).c_str(),
                host.c_str(), hostFree.c_str());
    }
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        for (const MemoryPart& part : plan.parts) {
            const char* purpose = tr(part.purpose.c_str());
            const std::string bytes = memoryText(part.bytes);
            const std::string line = part.place == MemoryPlace::Device && !plan.deviceIsHost
                                         ? trf("%s: %s on the device", purpose, bytes.c_str())
                                         : trf("%s: %s of host memory", purpose, bytes.c_str());
            ImGui::TextUnformatted(line.c_str());
        }
        ImGui::EndTooltip();
    }
    if (!fitsNow) {
        wrapped(kNoteColour, "more than is free: the reset refuses it");
    }
}

void resetControls(LectureSettings& s, const PaneReadouts& readouts,
                   const LectureReadouts& lecture) {
    Params& p = s.params;
    int grid[2] = {p.grid.nx, p.grid.ny};
    // Edited freely: nothing reaches the simulation before the reset.
    if (ImGui::InputInt2(tr("grid nx, ny"), grid)) {
        p.grid.nx = std::clamp(grid[0], kMinGridSide, kMaxGridSide);
        p.grid.ny = std::clamp(grid[1], kMinGridSide, kMaxGridSide);
    }
    if (lecture.memory) {
        memoryLines(*lecture.memory);
    }
    combo("initial", p.initial, allInitialConditions());
    combo("boundary", p.boundary, allBoundaries());
    if (pendingOnReset(readouts.running, p)) {
        wrapped(kNoteColour, "changed: applies on reset (R)");
    } else {
        wrapped(kDimColour, "grid, initial, boundary: applies on reset");
    }
}

// The colour scale beside the colour map, and the signed-log scale's u0
// where it applies; a u0 the command line would refuse is not taken.
void scaleControls(PictureSettings& picture) {
    ScaleChoice chosen = picture.scaleChoice();
    combo("colour scale (L)", chosen, allScaleChoices());
    if (chosen != picture.scaleChoice()) {
        picture.chooseScale(chosen);
    }
    if (picture.scale != ColourScale::SignedLog) {
        return;
    }
    float reference = picture.scaleReference;
    if (ImGui::InputFloat(tr("u0 (Enter)"), &reference, 0.0f, 0.0f, "%.3g",
                          ImGuiInputTextFlags_EnterReturnsTrue) &&
        isPositiveNormal(reference)) {
        picture.scaleReference = reference;
    }
    noteBeside("sign(u) log10(1 + |u| / u0)");
}

void displayControls(LectureSettings& s, const PaneReadouts& readouts, PanelActions& actions) {
    PictureSettings& picture = s.picture;
    if (readouts.fieldInHostMemory) {
        // One answer: a backend whose field is in host memory draws via
        // host whatever was asked (a cue's interop among them).
        textWrappedToWidth(
            tr("display path: via host, the one path here: the field is in host "
               "memory (interop is a GPU's own path)"));
    } else {
        combo("display path", picture.path, allDisplayPaths());
    }
    if (!readouts.fieldInHostMemory && picture.path == DisplayPath::Interop &&
        readouts.path != DisplayPath::Interop && !readouts.fallbackReason.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kNoteColour);
        textWrappedToWidth(trf("via host: %s", readouts.fallbackReason.c_str()));
        ImGui::PopStyleColor();
    }
    if (readouts.path == DisplayPath::Interop) {
        ImGui::Checkbox(tr("map one buffer each frame"), &picture.mapPerFrame);
        wrapped(kDimColour, "interop through the %s", readouts.interopBuffer.c_str());
        if (!readouts.sharedFallbackReason.empty() && !picture.mapPerFrame) {
            wrapped(kNoteColour, "%s", readouts.sharedFallbackReason.c_str());
        }
    }
    combo("colour map", picture.map, allColourMaps());
    scaleControls(picture);
    // auto: shown while the grid's highest mode grows; Z held moves it.
    combo("loupe (M; hold Z)", s.loupe, allLoupeModes());
    ColourRange& range = picture.range;
    if (ImGui::RadioButton(tr("automatic range"), range.automatic)) {
        range.automatic = true;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton(tr("locked"), !range.automatic) && range.automatic) {
        range.automatic = false;
        actions.lockRangeToField = true;
    }
    if (!range.automatic) {
        float ends[2] = {range.lo, range.hi};
        if (ImGui::InputFloat2(tr("min, max (Enter)"), ends, "%.4g",
                               ImGuiInputTextFlags_EnterReturnsTrue) &&
            std::isfinite(ends[0]) && std::isfinite(ends[1]) && ends[0] < ends[1]) {
            range.lo = ends[0];
            range.hi = ends[1];
        }
    }
    bool extremes = picture.sampling == Sampling::Extremes;
    if (ImGui::Checkbox(tr("min/max sampling (no aliasing)"), &extremes)) {
        picture.sampling = extremes ? Sampling::Extremes : Sampling::Nearest;
    }
    ImGui::Checkbox(tr("3D surface (V; right drag orbits)"), &picture.surface);
    ImGui::Checkbox(tr("vsync"), &s.vsync);
}

void copyBackControls(LectureSettings& s, const PaneReadouts& readouts) {
    int copy = s.copyEvery == 0 ? 0 : (s.copyEvery == 1 ? 1 : 2);
    radioRow(copy, {{tr("never"), 0}, {tr("every step"), 1}, {tr("every 100"), 2}});
    s.copyEvery = copy == 0 ? 0 : (copy == 1 ? 1 : 100);
    ImGui::Checkbox(tr("into pinned host memory"), &s.pinned);
    if (readouts.fieldInHostMemory) {
        wrapped(kDimColour,
                "the field already lives in host memory here: a copy back is one memcpy, no bus "
                "to cross");
    }
}

void brushControls(LectureSettings& s) {
    // xgettext:no-c-format (a label, not a format)
    ImGui::SliderFloat(tr("radius, % of the grid"), &s.brushPercent, kMinBrushPercent,
                       kMaxBrushPercent, "%.1f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::InputFloat(tr("hot value (left)"), &s.brushHot, 0.0f, 0.0f, "%.3g");
    ImGui::InputFloat(tr("cold value (right)"), &s.brushCold, 0.0f, 0.0f, "%.3g");
    if (!std::isfinite(s.brushHot)) {
        s.brushHot = kHot;
    }
    if (!std::isfinite(s.brushCold)) {
        s.brushCold = kCold;
    }
}

// The lecture's table, and pane A's running kernel on its roofline.
void bandwidthControls(LectureSettings& settings, const BandwidthSurvey* bandwidth,
                       const RunningKernel& roofline, PanelActions& actions) {
    const bool running = bandwidth != nullptr && bandwidth->running();
    if (ImGui::Button(running ? tr("Stop measuring") : tr("Measure on this grid"))) {
        (running ? actions.cancelBandwidth : actions.measureBandwidth) = true;
    }
    noteBeside("(also after a grid change)");
    // The presenter's toggle of what the bandwidth cue turns on.
    ImGui::Checkbox(tr("the roofline large, over the field"), &settings.rooflineOnField);
    if (bandwidth != nullptr) {
        drawBandwidthTable(*bandwidth, ImGui::GetContentRegionAvail().x);
        drawLiveRoofline(*bandwidth, roofline);
    }
}

// The cue list's line and its buttons, above all else: where the lecture is.
void cueControls(const LectureReadouts& lecture, PanelActions& actions) {
    textWrappedToWidth(lecture.cue);
    if (ImGui::Button(tr("< back (Page Up)"))) {
        actions.previousCue = true;
    }
    const char* const next = tr("next (Page Down) >");
    sameLineIfFits(buttonWidth(next));
    if (ImGui::Button(next)) {
        actions.nextCue = true;
    }
    if (lecture.cueWaiting) {
        noteBeside("done: waiting");  // on the next line where it does not fit
    }
    ImGui::Separator();
}

// A section of the panel that the lecturer can fold away; the ones a
// lecture uses all the time start open.
bool section(const char* title, bool open) {
    // The English after ### is its ID: a section stays open or folded
    // when the language changes.
    const std::string label = std::string(tr(title)) + "###" + title;
    return ImGui::CollapsingHeader(label.c_str(), open ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

// The readouts, the frame-time bar, the stability meter. The bar's legend
// (a part a row, its shares) follows the bar, or with `legendLast`
// (presenter mode, but for the copy's and the display's cues, whose part
// it is) the meter, so the meter keeps above the fold of 800 lines.
void readoutLines(LectureSettings& s, const PaneReadouts& readouts, PanelLayout& layout,
                  bool legendLast) {
    const auto cell = [](const char* label, const char* format, double value) {
        ImGui::TableNextColumn();
        ImGui::TextColored(kDimColour, "%s", tr(label));
        ImGui::TableNextColumn();
        ImGui::Text(tr(format), value);
    };
    recordGroup(layout.readouts, [&] {
        if (ImGui::BeginTable("readouts", 4)) {
            cell("steps", "%.0f", static_cast<double>(readouts.steps));
            cell("frame", "%.1f ms", readouts.frameMs);
            cell("steps/s", "%.0f", readouts.stepsPerSecond);
            cell("to host", "%.2f GB/s", readouts.copyGBs);
            if (s.measureMaxAbs) {
                cell("max |u|", "%.4g", static_cast<double>(readouts.maxAbs));
            }
            ImGui::EndTable();
        }
    });
    const float width = ImGui::GetContentRegionAvail().x;
    recordGroup(layout.frameBar, [&] { drawFrameBar(readouts.breakdown, width); });
    if (!legendLast) {
        recordGroup(layout.frameLegend, [&] { drawFrameLegend(readouts.breakdown); });
    }
    if (!std::isfinite(readouts.maxAbs)) {
        ImGui::TextColored(kUnstableColour, "%s", tr("the field has overflowed"));
    }
    if (s.measureMaxAbs) {
        const Params& running = readouts.running;
        recordGroup(layout.stabilityMeter, [&] {
            drawStabilityMeter(
                readouts.stability,
                std::fabs(highestModeFactor(running.grid, running.boundary,
                                            static_cast<double>(readouts.stability.r()))),
                width);
        });
    }
    // Two reductions over the grid a frame, read back a frame or two later:
    // nothing waits for them, but they are work the device could spare.
    ImGui::Checkbox(tr("measure max |u| and the checkerboard"), &s.measureMaxAbs);
    if (legendLast) {
        recordGroup(layout.frameLegend, [&] { drawFrameLegend(readouts.breakdown); });
    }
}

void sceneControls(ScenePanel& scene, LectureSettings& settings) {
    const char* none = tr("shipped scenes...");
    if (ImGui::BeginCombo("##shipped", none)) {
        for (std::size_t i = 0; i < scene.shippedTitles.size(); ++i) {
            if (ImGui::Selectable(tr(scene.shippedTitles[i].c_str()), false)) {
                scene.shipped = static_cast<int>(i);
            }
        }
        ImGui::EndCombo();
    }
    noteBeside("load one");
    if (!scene.filesHidden) {
        ImGui::InputText(tr("file"), scene.path, sizeof scene.path);
    }
    if (ImGui::Button(tr("Save scene"))) {
        scene.save = true;
    }
    ImGui::SameLine();
    if (scene.filesHidden) {
        // The lecturer's own computer's file, through the browser.
        if (ImGui::Button(tr("Open a file..."))) {
            scene.chooseInBrowser = true;
        }
    } else if (ImGui::Button(tr("Load scene"))) {
        scene.load = true;
    }
    if (!scene.dropHint.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDimColour);
        textWrappedToWidth(tr(scene.dropHint.c_str()));
        ImGui::PopStyleColor();
    }
    // A shipped scene's words in the language chosen (scene files a
    // lecturer wrote are shown as written).
    if (!scene.loadedTitle.empty()) {
        textWrappedToWidth(tr(scene.loadedTitle.c_str()));
    }
    if (!scene.loadedDescription.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDimColour);
        textWrappedToWidth(tr(scene.loadedDescription.c_str()));
        ImGui::PopStyleColor();
    }
    ImGui::Checkbox(tr("presenter mode, large UI (F5)"), &settings.presenter);
    languageChoice();
}

}  // namespace

const char* name(ScreenshotKind kind) {
    switch (kind) {
    case ScreenshotKind::Field: return "field";
    case ScreenshotKind::Window: return "window";
    case ScreenshotKind::Slide: return "slide";
    }
    return "?";
}

std::vector<ScreenshotKind> allScreenshotKinds() {
    return {ScreenshotKind::Field, ScreenshotKind::Window, ScreenshotKind::Slide};
}

namespace {

// Presenter mode while split: the cue, Run and the A/B section alone, in
// the narrow panel (kSplitPresenterPanelWidth); the rest waits for one pane.
void splitPresenterSections(const PanelModel& model, PanelActions& actions) {
    LectureSettings& settings = model.settings;
    const LectureReadouts& lecture = model.lecture;
    PanelLayout& layout = model.layout;
    if (lecture.focus) {
        ImGui::SetScrollY(0.0f);  // a cue's A/B: the cue and the section from the top
    }
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
    if (!lecture.cue.empty()) {
        cueControls(lecture, actions);
    }
    runButtons(settings, actions, layout);
    recordGroup(layout.comparison,
                [&] { comparisonControls(settings, lecture, model.paneA, model.paneB, actions); });
    wrapped(kDimColour, "B again: one pane and the whole panel");
    if (!lecture.message.empty()) {
        textWrappedToWidth(lecture.message);
    }
    ImGui::PopItemWidth();
}

// The panel whole: the lecture's readouts and pane A's; pane B's in the A/B
// section while split.
void allSections(const PanelModel& model, PanelActions& actions) {
    LectureSettings& settings = model.settings;
    const LectureReadouts& lecture = model.lecture;
    const PaneReadouts& readouts = model.paneA;
    const PaneReadouts* paneB = model.paneB;
    ScreenshotPanel& screenshot = model.screenshot;
    PanelLayout& layout = model.layout;
    ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
    if (!lecture.cue.empty()) {
        cueControls(lecture, actions);
    }
    if (!settings.presenter) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDimColour);
        textWrappedToWidth(readouts.backend);
        textWrappedToWidth(lecture.gl);
        ImGui::PopStyleColor();
    }
    if (settings.presenter) {
        // The lesson first and nothing above it but the cue, so it fits
        // 1280 x 800 (tests/gl/test_presenter_layout.cpp): run, r and its
        // numbers, copy back, the measures, the bar's legend last.
        runButtons(settings, actions, layout);
        rControls(settings, readouts, layout);
        recordGroup(layout.copyBack, [&] { copyBackControls(settings, readouts); });
        const bool aboutTheFrame =
            lecture.about == PanelFocus::CopyBack || lecture.about == PanelFocus::Display;
        readoutLines(settings, readouts, layout, !aboutTheFrame);
        if (section("Pace, backend, kernel, exact r", false)) {
            paceControls(settings, lecture);
            kernelControls(settings, lecture.backends, readouts.kernels);
            exactR(settings.params);
        }
    } else {
        if (section("Simulation", true)) {
            runButtons(settings, actions, layout);
            paceControls(settings, lecture);
            kernelControls(settings, lecture.backends, readouts.kernels);
            rControls(settings, readouts, layout);
            exactR(settings.params);
        }
        if (section("Copy back to the host (C)", true)) {
            recordGroup(layout.copyBack, [&] { copyBackControls(settings, readouts); });
        }
        if (section("Measured", true)) {
            readoutLines(settings, readouts, layout, false);
        }
    }
    const std::optional<PanelFocus>& focus = lecture.focus;
    // Asked for (a cue, a button): this section unfolded and scrolled
    // into view, so the class sees it without anyone reaching for the
    // panel, and the others folded so nothing else fills the panel.
    const auto unfoldIfAsked = [&focus](PanelFocus mine) {
        if (focus) {
            ImGui::SetNextItemOpen(*focus == mine);
        }
    };
    const auto scrollIfAsked = [&focus](PanelFocus mine) {
        if (focus == mine) {
            ImGui::SetScrollHereY(0.0f);
        }
    };
    if (!lecture.classKernels.empty()) {
        unfoldIfAsked(PanelFocus::Kernel);
        if (section("Your kernel", true)) {
            scrollIfAsked(PanelFocus::Kernel);
            recordGroup(layout.kernelFiles, [&] {
                drawKernelFiles(lecture.classKernels, actions, layout.wrongPicture);
            });
        }
    }
    unfoldIfAsked(PanelFocus::Bandwidth);
    if (section("Bandwidth: the bench's table on this grid", false)) {
        scrollIfAsked(PanelFocus::Bandwidth);
        recordGroup(layout.bandwidthTable, [&] {
            bandwidthControls(settings, lecture.bandwidth, readouts.roofline, actions);
        });
    }
    if (focus) {
        unfoldIfAsked(PanelFocus::Comparison);
    } else if (paneB) {
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    }
    if (section("A/B: two runs in lockstep (B)", false)) {
        scrollIfAsked(PanelFocus::Comparison);
        recordGroup(layout.comparison,
                    [&] { comparisonControls(settings, lecture, readouts, paneB, actions); });
    }
    if (focus) {
        unfoldIfAsked(PanelFocus::Accuracy);
    } else if (readouts.accuracy.now || readouts.accuracy.coarser) {
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    }
    if (section("Accuracy: the exact solution", false)) {
        scrollIfAsked(PanelFocus::Accuracy);
        recordGroup(layout.accuracy, [&] { accuracyControls(readouts, actions); });
    }
    if (section("Grid", false)) {
        resetControls(settings, readouts, lecture);
    }
    unfoldIfAsked(PanelFocus::Display);
    if (section("Display", false)) {
        scrollIfAsked(PanelFocus::Display);
        if (settings.presenter) {
            // Scrolled to, the section has the lesson's frame bar above the
            // fold: the display's share is shown here too.
            ImGui::PushID("display");
            recordGroup(layout.displayFrame, [&] {
                drawFrameBreakdown(readouts.breakdown, ImGui::GetContentRegionAvail().x);
            });
            ImGui::PopID();
        }
        recordGroup(layout.displayPath, [&] { displayControls(settings, readouts, actions); });
    }
    if (section("Brush (left hot, right cold)", false)) {
        brushControls(settings);
    }
    if (section("Scene", false)) {
        sceneControls(model.scene, settings);
    }
    ImGui::Separator();
    combo("screenshot of", screenshot.kind, allScreenshotKinds());
    if (screenshot.sentTo.empty()) {
        inputText(tr("into folder"), screenshot.folder);
    } else {
        textWrappedToWidth(tr(screenshot.sentTo.c_str()));
    }
    if (ImGui::Button(tr("Screenshot (F12)"))) {
        actions.screenshot = true;
    }
    const char* const video =
        lecture.recording ? tr("Stop video (Ctrl+R)") : tr("Record video (Ctrl+R)");
    sameLineIfFits(buttonWidth(video));
    if (ImGui::Button(video)) {
        actions.toggleRecording = true;
    }
    if (!lecture.recording) {
        combo("video of", screenshot.videoKind, allScreenshotKinds());
        // The labels short: a long one is cut at the panel's edge.
        wrapped(kDimColour, "video: a frame every K steps (0: on the lecture's clock), R a second");
        ImGui::InputInt("K", &screenshot.videoEvery);
        ImGui::InputInt("R", &screenshot.videoRate);
        screenshot.videoEvery = std::clamp(screenshot.videoEvery, 0, kMaxStepsPerFrame);
        screenshot.videoRate = std::clamp(screenshot.videoRate, kVideoMinRate, kVideoMaxRate);
    }
    sameLineIfFits(buttonWidth(tr("Quit (Esc)")));
    if (ImGui::Button(tr("Quit (Esc)"))) {
        actions.quit = true;
    }
    if (!lecture.message.empty()) {
        textWrappedToWidth(lecture.message);
    }
    ImGui::PopItemWidth();
}

std::string* panelTextLog = nullptr;  // logPanelTextTo()

PanelActions drawPanelWindow(const PanelModel& model, float displayWidth, float displayHeight,
                             float width) {
    const std::optional<PanelFocus>& focus = model.lecture.focus;
    PanelActions actions;
    model.layout = PanelLayout{};
    ImGui::SetNextWindowPos(ImVec2(displayWidth - width, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(width, displayHeight));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
    const bool shown = ImGui::Begin(tr("heatlab  (H hides this panel)"), nullptr, flags);
    // Within the window: ImGui ends a log at a window's End().
    if (panelTextLog != nullptr) {
        ImGui::LogToBuffer();
    }
    if (shown) {
        // The lesson and its copy back are the panel's top: back to it.
        if (focus == PanelFocus::Lesson || focus == PanelFocus::CopyBack) {
            ImGui::SetScrollY(0.0f);
        }
        if (model.settings.presenter && model.paneB) {
            splitPresenterSections(model, actions);
        } else {
            allSections(model, actions);
        }
    }
    if (panelTextLog != nullptr) {
        panelTextLog->append(ImGui::GetCurrentContext()->LogBuffer.c_str());
        panelTextLog->push_back('\n');
        ImGui::LogFinish();
    }
    ImGui::End();
    return actions;
}

}  // namespace

void logPanelTextTo(std::string* sink) { panelTextLog = sink; }

float drawPanel(const PanelModel& model, const PixelSize& display, float scale,
                PanelActions& actions) {
    if (!model.settings.panelVisible) {
        ImGui::GetForegroundDrawList()->AddText(ImVec2(8.0f, 6.0f), IM_COL32(200, 200, 200, 255),
                                                tr("H: panel"));
        return 0.0f;
    }
    const float units = static_cast<float>(display.width);
    const bool narrow = model.settings.presenter && model.paneB;
    const float width = std::min((narrow ? kSplitPresenterPanelWidth : kPanelWidth) * scale, units);
    actions.merge(drawPanelWindow(model, units, static_cast<float>(display.height), width));
    return width;
}

}  // namespace heatlab
