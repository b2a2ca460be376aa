#include "app/ui/lecture/pane_set.h"

#include <cmath>
#include <exception>

#include "app/i18n/translation.h"

namespace heatlab {

PaneSet::PaneSet(std::unique_ptr<PaneRun> lead) {
    panes_.push_back(std::make_unique<Pane>(std::move(lead)));
}

std::vector<Notice> PaneSet::follow(ABComparison& c, bool toggle, bool bAsA,
                                    ComparisonReadouts& b) {
    std::vector<Notice> said;
    if (toggle) {
        c.split = !c.split;
        if (c.split) {
            c.b = PaneBSettings{};  // a copy of A, following A until edited
        }
    }
    if (bAsA) {
        c.b = PaneBSettings{};
    }
    PaneRun& a = lead().run();
    if (!c.split) {
        panes_.resize(1);
    } else if (panes_.size() == 1) {
        try {
            panes_.push_back(std::make_unique<Pane>(PaneRun::followerOf(a)));
            b.difference = PaneDifference{};
            said.push_back(
                Notice::info(trf("split: B starts as A at step %lld", a.simulation().stepCount())));
        } catch (const std::exception& e) {
            c.split = false;
            said.push_back(Notice::info(trf("not split: %s", e.what())));
        }
    }
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        PaneRun& follower = panes_[i]->run();
        if (const std::optional<Notice> notice = follower.follow(a)) {
            said.push_back(notice->ofPane(follower.name()));
        }
        follower.showBackend();  // where following may have moved it
    }
    if (!split()) {
        b = ComparisonReadouts{};
    }
    return said;
}

void PaneSet::draw(FieldRenderer& renderer, const PanesFrame& frame, PaneDifference& measured) {
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        Pane& pane = *panes_[i];
        PaneRun& run = pane.run();
        const bool isLead = i == 0;
        FrameSettings shown = frameSettingsOf(run.settings(), frame.steps, frame.view);
        shown.displayLatency = frame.displayLatency;
        if (i < frame.loupes.size()) {
            shown.loupe = frame.loupes[i];
        }
        shown.beforeDraw = [measure = frame.measure, &run, isLead] { measure(run, isLead); };
        const bool replaced = frame.difference && !isLead;
        const FrameStats& drawn = pane.frame(renderer, shown, frame.timed, !replaced);
        if (replaced) {
            pane.addDrawn(difference_.draw(lead(), pane, renderer, shown, frame.timed, measured));
            difference_.drawBar(frame.bar, pane, renderer, shown, frame.pixelsPerUnit);
        } else {
            pane.drawBar(frame.bar, renderer, frameSettingsOf(run.settings(), 0, frame.view),
                         frame.pixelsPerUnit);
        }
        if (drawn.loupe) {
            const PaneRect& r = pane.rect();
            drawLoupeLabel(*drawn.loupe, r.x, r.top, r.height, frame.pixelsPerUnit);
        }
    }
}

std::vector<Notice> PaneSet::restartFollowers(ABComparison& c) {
    std::vector<Notice> said;
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        try {
            panes_[i]->run().restartFrom(lead().run().simulation());
        } catch (const std::exception& e) {
            c.split = false;
            said.push_back(Notice::info(
                trf("pane %s stopped: %s", panes_[i]->run().name().c_str(), e.what())));
        }
    }
    if (!c.split) {
        panes_.resize(1);
    }
    return said;
}

double PaneSet::fastestGrowth() const {
    double factor = 0.0;
    for (const auto& pane : panes_) {
        const double f = pane->run().growthFactor();
        factor = std::fabs(f) > std::fabs(factor) ? f : factor;
    }
    return factor;
}

LockstepSteps PaneSet::stepsBeforePause(int steps, bool& running) {
    LockstepSteps lockstep{steps, {}};
    for (auto& pane : panes_) {
        PaneSteps allowed = pane->run().stepsBeforePause(lockstep.steps);
        lockstep.steps = allowed.steps;
        if (allowed.pause) {
            lockstep.pauses.push_back(namedFor(pane->run(), *allowed.pause));
            running = false;
        }
    }
    return lockstep;
}

void PaneSet::measureDifference(int steps, bool timed, bool difference, ComparisonReadouts& b) {
    if (!split()) {
        return;
    }
    PaneRun& a = lead().run();
    PaneRun& runB = last().run();
    if (!difference) {
        const bool hostFields = a.simulation().backend().facts().fieldInHostMemory &&
                                runB.simulation().backend().facts().fieldInHostMemory;
        const long long step = a.simulation().stepCount();
        if (b.difference.step != step &&
            (timed || hostFields || b.difference.step < 0 || steps == 0)) {
            b.difference = a.differenceFrom(runB);
        }
    }
}

void PaneSet::place(const std::vector<PaneRect>& rects) {
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        panes_[i]->place(rects.at(i));
    }
}

OverlaysDrawn PaneSet::drawNoticesAndLabels(const std::vector<FieldNotice::Line>& notices,
                                            const ImGuiLayer& imgui, float pixelsPerUnit, int steps,
                                            const PaneDifference& d, bool difference) const {
    const auto units = [pixelsPerUnit](int pixels) {
        return static_cast<float>(pixels) / pixelsPerUnit;
    };
    // The lecture's own notices (a caption, a saved picture) across every
    // pane, where a split's narrow pane would cut them short; each pane's
    // below them, over that pane; its label below those, or in its band
    // above the field (PaneRect::labelsOutside).
    std::vector<FieldNotice::Line> lecture;
    for (const FieldNotice::Line& line : notices) {
        if (line.pane.empty()) {
            lecture.push_back(line);
        }
    }
    const PaneRect& a = lead().rect();
    const PaneRect& z = panes_.back()->rect();
    const float fieldTop = units(a.top);
    const float fieldBottom = units(a.top + a.height);
    OverlaysDrawn drawn;
    const OverlayBand wide = drawFieldNotice(lecture, imgui, units(a.x), units(z.x + z.width - a.x),
                                             fieldBottom, fieldTop, drawn.texts);
    const float below = wide.empty() ? fieldTop : wide.bottom();
    drawn.leadNotice = wide;
    drawn.notices.push_back(wide);
    for (std::size_t i = 0; i < panes_.size(); ++i) {
        const Pane& pane = *panes_[i];
        std::vector<FieldNotice::Line> mine;
        for (const FieldNotice::Line& line : notices) {
            if (!line.pane.empty() && line.pane == pane.run().name()) {
                mine.push_back(line);
            }
        }
        const PaneRect& r = pane.rect();
        const OverlayBand band = drawFieldNotice(mine, imgui, units(r.x), units(r.width),
                                                 fieldBottom, below, drawn.texts);
        if (i == 0 && wide.empty()) {
            drawn.leadNotice = band;
        }
        drawn.notices.push_back(band);
        if (!split()) {
            break;
        }
        const float top = r.labelsOutside      ? 0.0f
                          : band.height > 0.0f ? band.y + band.height
                                               : below;
        std::vector<std::string> lines = pane.labelLines(steps);
        if (i > 0 && difference) {
            lines.front() = "A - B  (" + lines.front() + ")";
        }
        if (i > 0) {
            lines.push_back(
                d.step >= 0 ? trf("max |A - B| = %s at step %lld",
                                  d.maxAbs == 0.0 ? "0" : numberText(d.maxAbs, 3).c_str(), d.step)
                            : std::string(tr("max |A - B|: not measured yet")));
        }
        drawn.labels.push_back(drawPaneLabel(units(r.x), top, units(r.width), lines));
    }
    return drawn;
}

std::vector<DrawnPane> PaneSet::drawn(FieldRenderer& renderer, bool difference) {
    const std::size_t count = difference ? 1 : panes_.size();
    std::vector<DrawnPane> panes;
    for (std::size_t i = 0; i < count; ++i) {
        panes.push_back(panes_[i]->drawn(renderer));
    }
    return panes;
}

PngText PaneSet::describeFollowers(bool difference) {
    PngText text;
    for (std::size_t i = 1; i < panes_.size(); ++i) {
        const std::vector<std::string> lines = panes_[i]->labelLines(0);
        text.emplace_back("Pane " + panes_[i]->run().name(),
                          lines[0] + ", " + lines[1] + (difference ? "; shown as A - B" : ""));
        const PaneDifference d = lead().run().differenceFrom(panes_[i]->run());
        text.emplace_back("Max |A - B|",
                          numberText(d.maxAbs, 6) + " at step " + std::to_string(d.step));
    }
    return text;
}

int PaneSet::registrations() const {
    int total = 0;
    for (const auto& pane : panes_) {
        total += pane->view().registrations() + pane->view().sharedImports();
    }
    return total;
}

void PaneSet::showTimedFrame(double uiMs, int steps, ComparisonReadouts& b) {
    lead().addUiMs(uiMs);
    for (auto& pane : panes_) {
        pane->run().readouts().breakdown = pane->timedFrame();
    }
    b.timedSteps = steps;
}

void PaneSet::finishFrame() {
    for (auto& pane : panes_) {
        pane->view().finishFrame();
    }
}

}  // namespace heatlab
