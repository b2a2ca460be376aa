#include "app/lecture/files/cue_list.h"

#include <algorithm>
#include <filesystem>
#include <limits>

#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "app/io/input_file.h"
#include "app/io/value_parsers.h"
#include "app/lecture/files/json_fields.h"
#include "app/lecture/files/setting_fields.h"
#include "app/lecture/run/simulation_control.h"
#include "cues/lecture_json.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"
#include "kernels/grid_memory.h"

namespace heatlab {

namespace {

// "app/lecture/scenes/stable_diffusion.json" -> "stable_diffusion": the name
// a cue list or the command line gives a shipped file by.
std::string stemOf(const char* file) { return std::filesystem::path(file).stem().string(); }

// The folder a cue list's scene files must be in; none for a shipped list,
// which names shipped scenes only.
using SceneFolder = std::optional<std::filesystem::path>;

std::string shippedSceneNames() {
    std::string names;
    for (const ShippedScene& shipped : shippedScenes()) {
        names += (names.empty() ? "" : ", ") + stemOf(shipped.file);
    }
    return names;
}

// `path` is inside `folder` once every link is followed (a link in the
// folder to /etc/passwd is outside).
bool inside(const std::filesystem::path& path, const std::filesystem::path& folder) {
    std::error_code error;
    const std::filesystem::path real = std::filesystem::canonical(path, error);
    if (error) {
        return false;
    }
    const std::filesystem::path realFolder = std::filesystem::canonical(folder, error);
    if (error) {
        return false;
    }
    const auto [mismatch, _] =
        std::mismatch(realFolder.begin(), realFolder.end(), real.begin(), real.end());
    return mismatch == realFolder.end();
}

struct SceneFile {
    std::string name;
    std::string file;
    std::string text;
    std::optional<std::string> folder;  // a file's (none for a shipped scene)
};

// A cue's "scene": a shipped scene's name, or a regular file inside the cue
// list's folder, read now (at most kMaxSceneBytes, opened without waiting on
// a FIFO) so a shared lecture is checked whole before it plays and a cue
// list cannot make heatlab read any other file.
SceneFile sceneFileOf(const Fields& c, const SceneFolder& folder) {
    const std::string name = c.string("scene");
    for (const ShippedScene& shipped : shippedScenes()) {
        if (name == stemOf(shipped.file)) {
            return {name, shipped.file, shipped.text, std::nullopt};
        }
    }
    const std::string refused = c.where("scene") + ": \"" + excerpt(name) + "\" ";
    const std::string rule =
        trf(" (a scene is a shipped one's name, %s, or a file in the cue list's own folder)",
            shippedSceneNames().c_str());
    if (!folder) {
        throw Problem(
            refused +
            tr("is not a shipped scene, the only kind a shipped or dropped cue list names"));
    }
    if (name.empty()) {
        throw Problem(trf("%s is empty%s", c.where("scene").c_str(), rule.c_str()));
    }
    const std::filesystem::path relative = std::filesystem::path(name).lexically_normal();
    if (std::filesystem::path(name).is_absolute()) {
        throw Problem(refused + tr("is an absolute path") + rule);
    }
    if (relative.empty() || *relative.begin() == "..") {
        throw Problem(refused + tr("leads out of the cue list's folder") + rule);
    }
    const std::filesystem::path path = *folder / relative;
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) {
        throw Problem(
            refused +
            trf("is not a shipped scene and there is no file %s", excerpt(path.string()).c_str()) +
            rule);
    }
    if (!inside(path, *folder)) {
        throw Problem(refused + tr("leads out of the cue list's folder (through a link)") + rule);
    }
    try {
        return {name, path.string(), readRegularFile(path.string(), kMaxSceneBytes),
                path.parent_path().string()};
    } catch (const RuntimeError& e) {
        throw Problem(c.where("scene") + ": " + e.what());
    }
}

// A backend this machine or build does not have is refused with the file,
// not when its cue plays.
void refuseMissingBackend(const std::optional<BackendChoice>& choice, const std::string& where) {
    if (choice) {
        const std::string why = backendUnavailable(*choice);
        if (!why.empty()) {
            throw Problem(
                trf("%s: %s cannot run here: %s", where.c_str(), name(*choice), why.c_str()));
        }
    }
}

// The scene as it will play: parsed whole, once, its backends there.
CueScene checkedScene(const Fields& c, const SceneFolder& folder) {
    const SceneFile read = sceneFileOf(c, folder);
    try {
        CueScene scene{read.name, read.file, parseSceneFields(read.text, read.file, read.folder)};
        refuseMissingBackend(scene.parsed.scene.settings.comparison.b.backend,
                             trf("scene %s: window.comparison.b.backend", read.file.c_str()));
        return scene;
    } catch (const UsageError& e) {
        throw Problem(c.where("scene") + ": " + e.what());
    } catch (const Problem& e) {
        throw Problem(c.where("scene") + ": " + e.what());
    }
}

CueUntil untilOf(const Fields& c, const json& value) {
    CueUntil until;
    if (value.is_string()) {
        if (value.get<std::string>() != "pause") {
            throw Problem(
                trf("%s must be \"pause\", {\"step\": N} or {\"max_abs_above\": X}, got %s",
                    c.where("until").c_str(), excerpt(value).c_str()));
        }
        return until;
    }
    const Fields u = c.object("until");
    u.allowOnly({"step", "max_abs_above"});
    if (u.has("step") == u.has("max_abs_above")) {
        throw Problem(
            trf("%s must hold one of \"step\" and \"max_abs_above\"", c.where("until").c_str()));
    }
    if (u.has("step")) {
        until.kind = CueUntil::Kind::Step;
        until.step = u.whole("step", 1, std::numeric_limits<long long>::max(),
                             tr("1 or more (a step count)"));
    } else {
        until.kind = CueUntil::Kind::MaxAbsAbove;
        // A float's max |u| never passes a value no float holds: the cue
        // would never end.
        until.maxAbs = u.number("max_abs_above");
        if (!(until.maxAbs > 0.0)) {
            throw Problem(trf("%s must be above 0, got %s", u.where("max_abs_above").c_str(),
                              u.shown("max_abs_above").c_str()));
        }
    }
    return until;
}

RampR rampOf(const Fields& c) {
    const Fields ramp = c.object("ramp_r");
    ramp.allowOnly({"to", "seconds"});
    RampR r;
    r.to = rOf(ramp, "to");
    r.seconds = ramp.real("seconds");
    // A ramp shorter than a microsecond is a jump; one that never ends (past
    // a year) is a typing slip.
    if (!(r.seconds >= kMinRampSeconds && r.seconds <= kMaxRampSeconds)) {
        throw Problem(trf("%s must be from 0.000001 to 31536000 (a year), got %s",
                          ramp.where("seconds").c_str(), ramp.shown("seconds").c_str()));
    }
    return r;
}

// The cue's own fields; the rest are settings (setting_fields.h).
const std::vector<std::string>& cueKeys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> all = {"caption", "scene", "reset",      "ramp_r",
                                        "until",   "then",  "screenshot", "bandwidth",
                                        "halve_h", "panel", "roofline",   "kernel_file"};
        for (const std::string& key : cueSettingKeys()) {
            all.push_back(key);
        }
        return all;
    }();
    return keys;
}

// A caption's text, at most kMaxCaptionCharacters characters.
std::string captionText(const Fields& f, const char* key) {
    const std::string text = f.string(key);
    std::size_t characters = 0;
    for (std::size_t at = 0; at < text.size(); ++characters) {
        nextCharacter(text, at);
    }
    if (characters > kMaxCaptionCharacters) {
        throw Problem(trf("%s is %zu characters long: a caption is at most %zu",
                          f.where(key).c_str(), characters, kMaxCaptionCharacters));
    }
    return text;
}

CueCaption captionOf(const Fields& c, int version) {
    if (!c.at("caption").is_object()) {
        const std::string text = captionText(c, "caption");
        return CueCaption{text, text};
    }
    if (version < 2) {
        throw Problem(trf("%s per backend needs \"heatlab_cues\": 2 (version 1 has one caption)",
                          c.where("caption").c_str()));
    }
    const Fields each = c.object("caption");
    each.allowOnly({"cpu", "cuda"});
    return CueCaption{captionText(each, "cpu"), captionText(each, "cuda")};
}

// A cue's "kernel_file": one file, on the backend its language runs on,
// or one a backend.
CueKernelFiles kernelFilesOf(const Fields& c, const SceneFolder& folder) {
    const std::optional<std::string> in =
        folder ? std::optional<std::string>(folder->string()) : std::nullopt;
    const auto found = [&](const Fields& f, const char* key) {
        try {
            return namedKernelFile(f.string(key), in);
        } catch (const UsageError& e) {
            throw Problem(f.where(key) + ": " + e.what());
        }
    };
    CueKernelFiles files;
    if (!c.at("kernel_file").is_object()) {
        const NamedKernelFile file = found(c, "kernel_file");
        (file.language == KernelLanguage::Cuda ? files.cuda : files.cpu) = file;
        return files;
    }
    const Fields each = c.object("kernel_file");
    each.allowOnly({"cpu", "cuda"});
    for (const char* backend : {"cpu", "cuda"}) {
        if (!each.has(backend)) {
            continue;
        }
        const NamedKernelFile file = found(each, backend);
        const bool cuda = std::string(backend) == "cuda";
        if ((file.language == KernelLanguage::Cuda) != cuda) {
            throw Problem(trf("%s: %s is a %s kernel, not one for the %s backend",
                              each.where(backend).c_str(), file.path.c_str(),
                              file.language == KernelLanguage::Cuda ? "CUDA" : "C++", backend));
        }
        (cuda ? files.cuda : files.cpu) = file;
    }
    return files;
}

Cue cueOf(const Fields& c, const json& value, const SceneFolder& folder, int version) {
    c.allowOnly(cueKeys());
    Cue cue;
    if (c.has("caption")) {
        cue.caption = captionOf(c, version);
    }
    if (c.has("scene")) {
        cue.scene = checkedScene(c, folder);
    }
    if (c.has("kernel_file")) {
        cue.kernelFile = kernelFilesOf(c, folder);
    }
    if (c.has("reset")) {
        cue.reset = c.boolean("reset");
    }
    cue.settings = SettingsPatch::of(c);
    if (c.has("ramp_r")) {
        cue.rampR = rampOf(c);
    }
    if (c.has("until")) {
        cue.until = untilOf(c, value.at("until"));
    }
    if (c.has("then")) {
        const std::string then = c.string("then");
        if (then != "wait" && then != "next") {
            throw Problem(trf("%s must be \"wait\" or \"next\", got %s", c.where("then").c_str(),
                              c.shown("then").c_str()));
        }
        cue.thenNext = then == "next";
    }
    if (c.has("bandwidth")) {
        cue.bandwidth = c.boolean("bandwidth");
    }
    if (c.has("roofline")) {
        cue.roofline = c.boolean("roofline");
    }
    if (c.has("halve_h")) {
        cue.halveH = c.boolean("halve_h");
    }
    if (c.has("screenshot")) {
        cue.screenshot = c.boolean("screenshot");
    }
    if (c.has("panel")) {
        cue.panel = c.choice("panel", allPanelFocuses());
    }
    const LectureSettings set = cue.settings.over(LectureSettings{});
    if (cue.settings.sets("backend")) {
        refuseMissingBackend(set.backend, c.where("backend"));
    }
    if (cue.settings.sets("comparison")) {
        refuseMissingBackend(set.comparison.b.backend, c.where("comparison.b.backend"));
    }
    return cue;
}

CueList listOf(const json& root, const std::string& fileName, const SceneFolder& folder) {
    if (!root.is_object()) {
        throw Problem(
            trf("not a heatlab cue list: expected a JSON object, got %s", typeName(root)));
    }
    const int version = checkVersion(root, "heatlab_cues", kCueVersion, tr("cue list"));
    const Fields top(root, "");
    top.allowOnly({"heatlab_cues", "title", "cues"});
    CueList list;
    list.file = fileName;
    if (top.has("title")) {
        list.title = top.string("title");
    }
    const json& cues = top.at("cues");
    if (!cues.is_array() || cues.empty()) {
        throw Problem(trf("\"cues\" must be an array of at least one cue, got %s",
                          cues.is_array() ? tr("none") : typeName(cues)));
    }
    for (std::size_t i = 0; i < cues.size(); ++i) {
        const std::string where = trf("cue %d", static_cast<int>(i + 1));
        if (!cues[i].is_object()) {
            throw Problem(trf("%s must be an object, got %s", where.c_str(), typeName(cues[i])));
        }
        list.cues.push_back(cueOf(Fields(cues[i], where), cues[i], folder, version));
    }
    return list;
}

CueList parseList(const std::string& text, const std::string& fileName, const SceneFolder& folder) {
    const std::string prefix = trf("cues %s: ", fileName.c_str());
    const json root = parseJson(text, prefix);
    try {
        return listOf(root, fileName, folder);
    } catch (const Problem& e) {
        throw UsageError(oneLine(prefix + e.what()));
    }
}

}  // namespace

CueList parseCues(const std::string& text, const std::string& fileName) {
    const std::filesystem::path folder = std::filesystem::path(fileName).parent_path();
    return parseList(text, fileName, folder.empty() ? std::filesystem::path(".") : folder);
}

CueList parseFolderlessCues(const std::string& text, const std::string& name) {
    return parseList(text, name, std::nullopt);
}

CueList readCues(const std::string& nameOrPath) {
    for (const ShippedCues& shipped : shippedCues()) {
        if (nameOrPath == stemOf(shipped.file)) {
            return parseList(shipped.text, shipped.file, std::nullopt);
        }
    }
    std::string text;
    try {
        text = readInputFile(nameOrPath, kMaxCueBytes);
    } catch (const RuntimeError& e) {
        throw UsageError(trf("cues %s", e.what()));
    }
    return parseCues(text, nameOrPath);
}

const std::vector<ShippedCues>& shippedCues() {
    static const std::vector<ShippedCues> lists = {
        {"app/lecture/cues/lecture.json", cues::kLectureJson},
    };
    return lists;
}

Scene cueScene(const CueScene& scene, const LectureSettings& base) {
    return scene.parsed.over(base);
}

void applyCueSettings(const Cue& cue, LectureSettings& s) {
    cue.settings.applyTo(s);
    // Its kernel file's kernel, once the list's files are added (LectureUi).
    if (cue.kernelFile) {
        if (const std::optional<NamedKernelFile>& file = cue.kernelFile->on(s.backend)) {
            for (const Kernel kernel : allStencilKernels()) {
                if (file->name == name(kernel)) {
                    s.params.kernel = kernel;
                }
            }
        }
    }
}

namespace {

void refuseKernelNotOn(Kernel kernel, BackendChoice backend, const std::string& what) {
    const std::vector<Kernel> kernels = kernelsOf(backend);
    if (std::find(kernels.begin(), kernels.end(), kernel) != kernels.end()) {
        return;
    }
    std::string has;
    for (const Kernel k : kernels) {
        if (!traits(k).copyFloor) {
            has += (has.empty() ? "" : ", ") + std::string(name(k));
        }
    }
    throw UsageError(trf("%s would run kernel %s on the %s backend, which has %s", what.c_str(),
                         name(kernel), name(backend), has.c_str()));
}

}  // namespace

void checkKernelsPlayable(const CueList& list, const LectureSettings& start) {
    LectureSettings s = start;
    for (std::size_t i = 0; i < list.cues.size(); ++i) {
        const Cue& cue = list.cues[i];
        if (cue.scene) {
            static_cast<LessonSettings&>(s) = cueScene(*cue.scene, s).settings;
        }
        applyCueSettings(cue, s);
        const std::string where =
            trf("cues %s: cue %d", list.file.c_str(), static_cast<int>(i + 1));
        refuseKernelNotOn(s.params.kernel, s.backend, where);
        if (s.comparison.split) {
            refuseKernelNotOn(s.comparison.b.kernel.value_or(s.params.kernel),
                              s.comparison.b.backend.value_or(s.backend),
                              trf("%s: pane B", where.c_str()));
        }
    }
}

void checkGridsPlayable(const CueList& list, const LectureSettings& start, const Backend& backend) {
    const BackendChoice running = choiceOf(backend);
    LectureSettings s = start;
    for (std::size_t i = 0; i < list.cues.size(); ++i) {
        const Cue& cue = list.cues[i];
        if (cue.scene) {
            // Loaded on the backend the cues before left (the cue's own
            // settings, its backend among them, come after its scene).
            const BackendChoice on = s.backend == BackendChoice::Auto ? running : s.backend;
            static_cast<LessonSettings&>(s) = cueScene(*cue.scene, s).settings;
            LessonSettings lesson = s;
            lesson.useGridFor(on);
            try {
                // Another backend's memory is its own to check, when the
                // cue switches to it (SimulationControl).
                if (on == running) {
                    refuseIfTooLarge(backend, lesson.params.grid);
                }
            } catch (const UsageError& e) {
                throw UsageError("cues " + list.file + ": cue " + std::to_string(i + 1) +
                                 ": scene " + excerpt(cue.scene->name) + ": " + e.what());
            }
        }
        applyCueSettings(cue, s);
    }
}

bool namesCueList(const std::string& text) {
    return text.find("\"heatlab_cues\"") != std::string::npos;
}

float rampedR(float from, const RampR& ramp, double elapsed) {
    const double t = std::clamp(elapsed / ramp.seconds, 0.0, 1.0);
    return static_cast<float>(from + (ramp.to - from) * t);
}

namespace {

// A cue that makes a new state (a reset, a scene, the split changed) runs
// it, unless it says otherwise: it never inherits the last cue's pause.
void startRunning(const Cue& cue, LectureSettings& settings) {
    const bool fresh = cue.reset || cue.scene || cue.settings.sets("comparison");
    if ((fresh && !cue.settings.sets("running")) || cue.until) {
        settings.running = true;
    }
}

}  // namespace

void CueRequests::addTo(PanelActions& actions) const {
    actions.reset = actions.reset || reset;
    actions.screenshot = actions.screenshot || screenshot;
    actions.measureBandwidth = actions.measureBandwidth || bandwidth;
    actions.halveSpacing = actions.halveSpacing || halveSpacing;
}

CuePlayer::CuePlayer(CueList list) : list_(std::move(list)) {}

bool CuePlayer::awaitsResult(const CueProgress& progress) const {
    if (empty() || !started_) {
        return false;
    }
    const Cue& c = cue();
    const bool runForResult = c.until && !done_ && (c.halveH || (c.screenshot && !again_));
    return runForResult || (c.bandwidth && progress.measuring);
}

std::optional<Notice> CuePlayer::move(const PanelActions& actions, const CueProgress& progress) {
    if (actions.nextCue && !toldRunning_ && awaitsResult(progress)) {
        toldRunning_ = true;
        const int number = index_ + 1;
        if (cue().bandwidth && progress.measuring) {
            return Notice::info(
                trf("cue %d is still measuring the bandwidth table: Page Down "
                    "again goes on without its result",
                    number));
        }
        if (progress.endStep > progress.step) {
            return Notice::info(
                trf("cue %d is still running, at step %lld of %lld: Page Down "
                    "again goes on without its result",
                    number, progress.step, progress.endStep));
        }
        return Notice::info(
            trf("cue %d is still running: Page Down again goes on without its result", number));
    }
    if (actions.nextCue && !advance()) {
        return Notice::info(endText());
    }
    if (actions.previousCue) {
        back();
    }
    return std::nullopt;
}

bool CuePlayer::advance() {
    if (empty() || index_ + 1 >= count()) {
        return false;
    }
    ++index_;
    started_ = false;
    again_ = false;
    toldRunning_ = false;
    return true;
}

void CuePlayer::back() {
    if (!empty()) {
        index_ = std::max(0, index_ - 1);
        started_ = false;
        again_ = true;
        toldRunning_ = false;
    }
}

CueRequests CuePlayer::start(LectureSettings& settings, double now) {
    const Cue& c = cue();
    started_ = true;
    done_ = false;
    startedAt_ = now;
    // Its caption is the one of the backend it runs on: its own, else the
    // one set (a scene names none).
    const BackendChoice chosen =
        c.settings.sets("backend") ? c.settings.values().backend : settings.backend;
    if (chosen != BackendChoice::Auto) {
        backend_ = chosen;
    }
    rampFrom_ = settings.params.r;
    // The field's area shows what the cue is about: its roofline, or the field.
    settings.rooflineOnField = c.roofline;
    // A cue with a scene has its settings applied once, over the scene's,
    // when the lecture has loaded it (settle()); the others' now.
    if (!c.scene) {
        settle(settings);
    }
    if (c.until) {
        // Its measure decides when the cue ends, whatever the panel says.
        settings.measureMaxAbs =
            settings.measureMaxAbs || c.until->kind == CueUntil::Kind::MaxAbsAbove;
    }
    CueRequests requests;
    requests.scene = c.scene;
    requests.reset = c.reset;
    requests.caption = status();
    requests.screenshot = c.screenshot && !c.until && !again_;
    requests.bandwidth = c.bandwidth;
    requests.halveSpacing = c.halveH;
    requests.panel =
        c.panel ? c.panel
                : (c.settings.sets("display_path") ? std::optional<PanelFocus>(PanelFocus::Display)
                                                   : std::nullopt);
    return requests;
}

void CuePlayer::settle(LectureSettings& settings) {
    applyCueSettings(cue(), settings);
    startRunning(cue(), settings);
    rampFrom_ = settings.params.r;
}

bool CuePlayer::met(const LectureSettings& settings, const Simulation& simulation,
                    float maxAbs) const {
    const CueUntil& until = *cue().until;
    switch (until.kind) {
    case CueUntil::Kind::Step: return simulation.stepCount() >= until.step;
    case CueUntil::Kind::MaxAbsAbove: return maxAbs > until.maxAbs;
    case CueUntil::Kind::Pause: return !settings.running;
    }
    return false;
}

CueRequests CuePlayer::frame(LectureSettings& settings, const Simulation& simulation, float maxAbs,
                             double now) {
    if (empty()) {
        return {};
    }
    CueRequests requests;
    const bool starting = !started_;
    if (starting) {
        backend_ = choiceOf(simulation.backend());
        requests = start(settings, now);
    }
    const Cue& c = cue();
    if (c.rampR) {
        settings.params.r = rampedR(rampFrom_, *c.rampR, now - startedAt_);
    }
    // Not on the frame it starts: the measures are still the last cue's.
    if (c.until && !done_ && !starting) {
        if (met(settings, simulation, maxAbs)) {
            done_ = true;
            settings.running = false;
            requests.screenshot = c.screenshot && !again_;
            if (c.thenNext) {
                advance();
            }
        } else if (c.until->kind == CueUntil::Kind::Step) {
            requests.stepsLeft = c.until->step - simulation.stepCount();
        }
    }
    if (c.until && starting && c.until->kind == CueUntil::Kind::Step) {
        // After a reset the counter starts again: the lecture caps the
        // steps itself (reset first, then at most this many).
        requests.stepsLeft =
            c.reset ? c.until->step : std::max(0LL, c.until->step - simulation.stepCount());
    }
    return requests;
}

std::string CuePlayer::endText() const {
    return trf("end of the lecture (cue %d of %d)", count(), count());
}

std::string CuePlayer::status() const {
    if (empty()) {
        return "";
    }
    std::string text = trf("cue %d of %d", index_ + 1, count());
    // A shipped list's caption in the language chosen; one a lecturer
    // wrote, as written (the catalogue has only the shipped ones).
    const std::string& caption = cue().caption.on(backend_);
    if (!caption.empty()) {
        text += std::string(": ") + tr(caption.c_str());
    }
    return text;
}

}  // namespace heatlab
