#pragma once
// `heatlab shot --ui`'s frames, run by the one frame loop (frame_loop.h) on
// a headless surface: the steps asked for, or the cue list played as a
// presenter would. Each frame is drawn into the run's offscreen target
// (bound for the whole run) and kept as the run asks: its video, the cues'
// screenshots said, the --record folder. A frame that fails ends the run.

#include "app/io/record_folder.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/run/shot_settings.h"
#include "app/lecture/run/shot_video.h"
#include "app/render/offscreen_target.h"
#include "app/ui/lecture/frame_loop.h"

namespace heatlab {

// Simulated time for the cues: the window's frames at 60 a second.
constexpr double kShotFrameSeconds = 1.0 / 60.0;

// Where a shot's frames go once drawn: a cue's screenshot said on stdout
// (one line, counted with the record's pictures; one not saved fails the
// run), the record's stop signal heeded, the frame added to the video.
class ShotFrames : public FrameSink {
public:
    ShotFrames(const OffscreenTarget& target, ShotVideo* video, RecordFolder* record)
        : target_(target), video_(video), record_(record) {}

    void drawn(LectureUi& ui, const FrameDrawn& frame) override;

protected:
    // Whether the frame just drawn is one of the video's.
    virtual bool filmed() const { return true; }

    const OffscreenTarget& target_;
    ShotVideo* video_;
    RecordFolder* record_;
};

// `steps` steps in frames of at most `stepsPerFrame` (the lecture's pace and
// explosion pace set aside meanwhile: a picture is of the steps asked for,
// not of the wall time they took), or fewer where the run pauses before the
// floats overflow; then paused, the bandwidth table measured a row a frame
// when asked, and a few frames more for the panel to settle. Only the
// stepping frames are filmed.
class ShotSteps : public ShotFrames, public FrameSource {
public:
    ShotSteps(LectureUi& ui, int steps, int stepsPerFrame, bool bandwidth,
              const OffscreenTarget& target, ShotVideo* video);

    Turn next(LectureUi& ui) override;

private:
    enum class Phase { Steps, Bandwidth, Settle };
    bool filmed() const override { return phase_ == Phase::Steps; }
    bool stepping(LectureUi& ui) const;
    void endSteps(LectureUi& ui);

    int steps_;
    int stepsPerFrame_;
    bool bandwidth_;
    Pace pace_;
    double explosion_;
    long long start_;
    Phase phase_ = Phase::Steps;
    int settled_ = 0;
};

// The cue list played as a presenter would, in simulated time (FrameClock
// at kShotFrameSeconds, so ramps and paces are the lecture's own): each cue
// until it waits, goes on by itself or has run --frames frames (without
// them: a cue with no end of its own runs a few seconds and on while its
// explosion or its table goes on), then the window's picture into
// --record DIR and the clicker's Page Down, pressed and released on the
// surface (held a frame, as every tap is), and once more where the cue
// said it still runs for its result.
class ShotCues : public ShotFrames, public FrameSource {
public:
    ShotCues(LectureUi& ui, HeadlessSurface& surface, CueList cues, const ShotOptions& options,
             const OffscreenTarget& target, ShotVideo* video, RecordFolder* record);

    Turn next(LectureUi& ui) override;

private:
    bool goesOn(LectureUi& ui) const;
    void pressPageDown();
    void startCue(LectureUi& ui);
    void endCue(LectureUi& ui) const;

    HeadlessSurface& surface_;
    const ShotOptions& options_;
    int cue_ = -1;  // the cue played, from 0
    int frames_ = 0;
    int cap_ = 0;
    bool hasEnd_ = false;
    int waited_ = 0;  // frames the cue's Page Down has not yet moved the cues
};

// Runs `source`'s frames into `sink` by the shot's rules (unguarded, lines
// begun "heatlab shot"), at most `mostFrames` where given.
FramesRun runShotFrames(const LectureOnSurface& lecture, FrameSource& source, FrameSink& sink,
                        const FrameClock& clock = {}, long long mostFrames = 0);

}  // namespace heatlab
