#pragma once
// The lecture's panes: pane A always, pane B while split, in lockstep. The
// split started (pane B a copy of pane A, following A's settings with its
// own) and stopped, every follower restarted when pane A's field is
// replaced, the steps every pane may take before its pause, the labels,
// the panes as pictures take them. Nothing here asks which pane it holds
// but the split itself (pane A leads, the others follow). What it has to
// say comes back as notices.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/io/png_file.h"
#include "app/lecture/panel/notice.h"
#include "app/lecture/panel/panel_readouts.h"
#include "app/ui/lecture/pane.h"
#include "app/ui/pictures/colour_bar.h"
#include "app/ui/pictures/difference_view.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

// The steps every pane may take this frame, and the pauses of the panes at
// theirs (each named after its pane while there are two).
struct LockstepSteps {
    int steps = 0;
    std::vector<Notice> pauses;
};

// What one frame draws of every pane (PaneSet::draw).
struct PanesFrame {
    int steps = 0;
    bool timed = false;  // timed part by part
    bool displayLatency = false;
    std::optional<ViewTransform> view;  // the field's zoom and pan, every pane's
    // Each pane's loupe, pane A's first (the pointer steers it), each on
    // its own field: a pane B past the bound shows its own checkerboard.
    std::vector<FrameSettings::Loupe> loupes;
    ColourBar::Strip bar;
    float pixelsPerUnit = 1.0f;
    bool difference = false;  // A - B is drawn in pane B's place
    // Queued behind each pane's steps, before any GL: its measures (`lead`:
    // pane A's).
    std::function<void(PaneRun& run, bool lead)> measure;
};

class PaneSet {
public:
    explicit PaneSet(std::unique_ptr<PaneRun> lead);

    std::size_t size() const { return panes_.size(); }
    Pane& operator[](std::size_t i) { return *panes_.at(i); }
    const Pane& operator[](std::size_t i) const { return *panes_.at(i); }
    Pane& lead() { return *panes_.front(); }
    const Pane& lead() const { return *panes_.front(); }
    Pane& last() { return *panes_.back(); }
    bool split() const { return panes_.size() > 1; }
    // Pane B's own readouts, which the panel's A/B section shows beside
    // pane A's; none with one pane.
    const PaneReadouts* followerReadouts() const {
        return split() ? &panes_.back()->run().readouts() : nullptr;
    }

    // After pane A's edits: the split as `c` asks (toggled, or pane B's
    // settings made A's), each follower following pane A and showing its
    // backend in its own readouts. A split that cannot start is turned off
    // in `c`; `b` starts again with a split started or stopped.
    std::vector<Notice> follow(ABComparison& c, bool toggle, bool bAsA, ComparisonReadouts& b);
    // Pane A's field was replaced (reset, scene, new grid): every follower
    // starts again from it; one that cannot stops the split in `c`.
    std::vector<Notice> restartFollowers(ABComparison& c);

    // Every pane but pane A let go at once (its device lost: nothing of it
    // can be copied or measured); the split's setting is left as it is.
    void dropFollowers() { panes_.resize(1); }

    // The largest growth a step over the panes: it sets the explosion's pace.
    double fastestGrowth() const;
    // `notice` as the lecture says it of `run`: named after its pane while
    // there are two, over that pane.
    Notice namedFor(const PaneRun& run, const Notice& notice) const {
        return split() ? notice.ofPane(run.name()) : notice;
    }
    // The most of `steps` every pane may take, never past any pane's pause;
    // `running` is turned off by a pause.
    LockstepSteps stepsBeforePause(int steps, bool& running);

    // After the frame's steps, while split: max |A - B| when it is due
    // (into `b`). Measuring it costs both fields on
    // the host: on timed frames (about once a second) unless both live there
    // already; once a step, so a paused lecture measures its step once. While
    // the difference shows, its view measures it.
    void measureDifference(int steps, bool timed, bool difference, ComparisonReadouts& b);

    void place(const std::vector<PaneRect>& rects);
    // The frame's steps run and every pane drawn in its rectangle with its
    // colour bar (A - B in pane B's while `frame.difference`, max |A - B|
    // into `measured` whenever it is made anew), the loupe's label too.
    void draw(FieldRenderer& renderer, const PanesFrame& frame, PaneDifference& measured);
    // Each pane's notices (FieldNotice::shown: those it speaks of, pane
    // A's the lecture's too) at its top, and its label below them: its
    // lines, pane B's with max |A - B| (`d`), shown as A - B while
    // `difference`; labels only while split. Returns where they went.
    OverlaysDrawn drawNoticesAndLabels(const std::vector<FieldNotice::Line>& notices,
                                       const ImGuiLayer& imgui, float pixelsPerUnit, int steps,
                                       const PaneDifference& d, bool difference) const;
    // Every pane as a picture draws it; while the difference shows, pane A
    // alone (A - B is drawn from host copies, no field view).
    std::vector<DrawnPane> drawn(FieldRenderer& renderer, bool difference);
    // The text chunks of the panes after pane A: what each runs, and
    // max |A - B|.
    PngText describeFollowers(bool difference);
    // Display buffers set up with CUDA so far over every pane.
    int registrations() const;
    // The frame's GL work of every pane goes to the GPU now.
    void finishFrame();
    // A timed frame's parts, the panel's `uiMs` in pane A's: each pane's in
    // its own readouts, the `steps` it ran in each pane in `b`.
    void showTimedFrame(double uiMs, int steps, ComparisonReadouts& b);

private:
    std::vector<std::unique_ptr<Pane>> panes_;  // pane A first
    DifferenceView difference_;
};

}  // namespace heatlab
