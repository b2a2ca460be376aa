#include "app/ui/lecture/shot_frames.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// Frames with no steps after the last step: Dear ImGui sizes a table's
// columns from the frame before, so the picture is taken once they settle.
constexpr int kSettleFrames = 3;
constexpr int kTimedLastFrames = 3;
// Without --frames: a cue with no end of its own ("until") runs this much
// lecture time, and on while what it is about goes on (an explosion to its
// pause, the bandwidth table it measures); one with an end until it comes;
// either no longer than the second figure (an end that never comes, as
// "pause" at a stable r), which is said of a cue with an end.
constexpr double kCueSecondsWithoutEnd = 4.0;
constexpr double kMostCueSeconds = 300.0;
// Frames a Page Down tap takes to reach the cues (a tap is held a frame).
constexpr int kTapFrames = 2;

// A cue's screenshot, when the frame just drawn took one.
void sayScreenshot(LectureUi& ui, int cue, RecordFolder* record) {
    const std::optional<ScreenshotOutcome> shot = ui.pictures().takeOutcome();
    if (!shot) {
        return;
    }
    if (!shot->failure.empty()) {
        throw RuntimeError(
            trf("cue %d's screenshot not saved: %s", cue + 1, shot->failure.c_str()));
    }
    if (record != nullptr) {
        record->adopt(shot->path);
    }
    std::printf("%s\n", shot->path.c_str());
}

}  // namespace

void ShotFrames::drawn(LectureUi& ui, const FrameDrawn& /*frame*/) {
    sayScreenshot(ui, ui.cues().index(), record_);
    if (record_ != nullptr) {
        record_->refuseIfStopped(ui.simulation().stepCount());
    }
    if (video_ != nullptr && filmed()) {
        video_->add(target_.read(), ui.simulation().stepCount());
    }
}

ShotSteps::ShotSteps(LectureUi& ui, int steps, int stepsPerFrame, bool bandwidth,
                     const OffscreenTarget& target, ShotVideo* video)
    : ShotFrames(target, video, nullptr),
      steps_(steps),
      stepsPerFrame_(stepsPerFrame),
      bandwidth_(bandwidth),
      pace_(ui.settings().pace),
      explosion_(ui.settings().explosionDecadesPerSecond),
      start_(ui.simulation().stepCount()) {
    LectureSettings& settings = ui.settings();
    settings.pace = Pace::FixedSteps;
    settings.explosionDecadesPerSecond = 0.0;
    settings.running = true;
}

Turn ShotSteps::next(LectureUi& ui) {
    if (phase_ == Phase::Steps) {
        if (stepping(ui)) {
            return Turn::Draw;
        }
        endSteps(ui);
    }
    if (phase_ == Phase::Bandwidth) {
        if (ui.measuringBandwidth()) {
            return Turn::Draw;
        }
        phase_ = Phase::Settle;
    }
    return settled_++ < kSettleFrames ? Turn::Draw : Turn::End;
}

// Whether steps are left (and the run goes on): the next frame's set for
// them.
bool ShotSteps::stepping(LectureUi& ui) const {
    LectureSettings& settings = ui.settings();
    const int done = static_cast<int>(ui.simulation().stepCount() - start_);
    if (done >= steps_ || !settings.running) {
        return false;
    }
    settings.stepsPerFrame = std::min(stepsPerFrame_, steps_ - done);
    // The panel's breakdown shows the last frame that ran steps, timed
    // after a few timed ones (a run this short would otherwise show only
    // its first, cold, frame; the first timed frames after untimed ones
    // also wait for what those left queued).
    const bool lastFew = done + kTimedLastFrames * stepsPerFrame_ >= steps_;
    ui.setFrameTiming(lastFew ? FrameTiming::EveryFrame : FrameTiming::Sampled);
    return true;
}

void ShotSteps::endSteps(LectureUi& ui) {
    LectureSettings& settings = ui.settings();
    ui.setFrameTiming(FrameTiming::Never);
    settings.running = false;
    settings.stepsPerFrame = stepsPerFrame_;
    settings.pace = pace_;
    settings.explosionDecadesPerSecond = explosion_;
    phase_ = Phase::Settle;
    if (bandwidth_) {
        ui.measureBandwidth();
        phase_ = Phase::Bandwidth;
    }
}

ShotCues::ShotCues(LectureUi& ui, HeadlessSurface& surface, CueList cues,
                   const ShotOptions& options, const OffscreenTarget& target, ShotVideo* video,
                   RecordFolder* record)
    : ShotFrames(target, video, record), surface_(surface), options_(options) {
    if (record != nullptr) {
        // The cues' own screenshots go beside the record's pictures.
        ui.pictures().panel().folder = record->folder();
    }
    ui.setCues(std::move(cues));
}

Turn ShotCues::next(LectureUi& ui) {
    if (cue_ >= 0 && ui.cues().index() < cue_ && waited_ < 2 * kTapFrames) {
        // The Page Down that starts the cue is on its way, or the cue
        // before said it still runs for its result (CuePlayer::move):
        // pressed once more, as a presenter would.
        if (++waited_ == kTapFrames && ui.cues().toldStillRunning()) {
            pressPageDown();
        }
        return Turn::Draw;
    }
    if (cue_ < 0 || !goesOn(ui)) {
        if (cue_ >= 0) {
            endCue(ui);
        }
        if (++cue_ >= ui.cues().count()) {
            return Turn::End;
        }
        startCue(ui);
    }
    ++frames_;
    return Turn::Draw;
}

bool ShotCues::goesOn(LectureUi& ui) const {
    if (ui.cues().waiting() || ui.cues().index() != cue_) {
        return false;
    }
    if (frames_ < cap_) {
        return true;
    }
    // A cue with no end of its own is about what it starts: an explosion
    // runs to its pause (cue 11's pane B), a table until it is measured.
    const bool pastBound = ui.settings().running && [&ui] {
        for (std::size_t i = 0; i < ui.paneCount(); ++i) {
            if (std::fabs(ui.pane(i).run().growthFactor()) > 1.0) {
                return true;
            }
        }
        return false;
    }();
    const int most = static_cast<int>(std::lround(kMostCueSeconds / kShotFrameSeconds));
    return !options_.framesGiven && !hasEnd_ && frames_ < most &&
           (pastBound || ui.measuringBandwidth());
}

void ShotCues::pressPageDown() {
    surface_.input().push(InputEvent::keyDown(KeyCode::PageDown));
    surface_.input().push(InputEvent::keyUp(KeyCode::PageDown));
}

void ShotCues::startCue(LectureUi& ui) {
    waited_ = 0;
    if (ui.cues().index() < cue_) {
        pressPageDown();
    }
    hasEnd_ = ui.cues().list().cues.at(static_cast<std::size_t>(cue_)).until.has_value();
    cap_ = options_.framesGiven
               ? options_.frames
               : static_cast<int>(std::lround((hasEnd_ ? kMostCueSeconds : kCueSecondsWithoutEnd) /
                                              kShotFrameSeconds));
    frames_ = 0;
}

void ShotCues::endCue(LectureUi& ui) const {
    if (!options_.framesGiven && hasEnd_ && frames_ >= cap_ && !ui.cues().waiting()) {
        std::fprintf(stderr, "heatlab shot: %s\n",
                     terminalLine(trf("cue %d: its end did not come in %.0f s of lecture "
                                      "time; the next cue plays",
                                      cue_ + 1, kMostCueSeconds))
                         .c_str());
    }
    if (record_ != nullptr) {
        char name[32];
        std::snprintf(name, sizeof name, "cue_%02d.png", cue_ + 1);
        const std::string path = record_->write(name, target_.read(), ui.pictures().describe(),
                                                ui.simulation().stepCount());
        std::printf("%s\n", path.c_str());
    }
}

FramesRun runShotFrames(const LectureOnSurface& lecture, FrameSource& source, FrameSink& sink,
                        const FrameClock& clock, long long mostFrames) {
    FrameRules rules;
    rules.terminal = "heatlab shot";
    rules.guarded = false;
    rules.mostFrames = mostFrames;
    return runFrames(lecture, source, sink, clock, rules);
}

}  // namespace heatlab
