#include "app/lecture/run/pane_run.h"

#include <algorithm>
#include <cmath>

#include "app/i18n/translation.h"
#include "app/lecture/measures/auto_scale.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/run/explosion_pace.h"
#include "kernels/backend_factory.h"
#include "kernels/numerics/grid_modes.h"

namespace heatlab {

PaneRun::PaneRun(std::string name, std::unique_ptr<Backend> backend,
                 const LectureSettings& settings)
    : name_(std::move(name)),
      settings_(settings),
      simulation_(std::move(backend), settings.params),
      control_(simulation_, settings_) {}

std::unique_ptr<PaneRun> PaneRun::followerOf(PaneRun& lead) {
    const LectureSettings wanted =
        paneBSettingsOf(lead.settings(), choiceOf(lead.simulation().backend()));
    auto pane = std::make_unique<PaneRun>("B", makePaneBBackend(wanted.backend).backend, wanted);
    pane->simulation_.setCopyPolicy(copyPolicyOf(wanted));
    pane->simulation_.copyFieldOf(lead.simulation());
    return pane;
}

double PaneRun::growthFactor() const {
    const Params& p = simulation_.params();
    return highestModeFactor(p.grid, p.boundary, p.r);
}

PaneSteps PaneRun::stepsBeforePause(int steps) {
    const double factor = growthFactor();
    AmplitudeSample measured;
    const std::optional<long long> left = watch_.stepsLeft(simulation_, factor, measured);
    if (!left) {
        return {steps, std::nullopt};
    }
    PaneSteps allowed{static_cast<int>(std::min<long long>(steps, *left)), std::nullopt};
    if (*left == 0 && steps > 0) {
        const PauseAt at{simulation_.fieldCount(), simulation_.stepCount()};
        // Run or N at the pause already said: why it cannot go on, not the
        // pause again.
        allowed.pause = pausedAt_ == at ? cannotGoOnPastPause(factor)
                                        : explosionPause(at.step, factor, simulation_.params().r,
                                                         measured.maxAbs);
        pausedAt_ = at;
    }
    return allowed;
}

std::optional<Notice> PaneRun::measure(bool running, bool withSpot) {
    settings_.running = running;
    return watch_.frame(simulation_, settings_, readouts_, withSpot);
}

PaneRun::Measured PaneRun::measureFor(LectureSettings& lead, bool withSpot) {
    Measured said;
    const double growth = growthFactor();
    const bool pastBound = std::fabs(growth) > 1.0;
    if (lead.measureMaxAbs || pastBound || withSpot) {
        said.paused = measure(lead.running, withSpot);
        lead.running = lead.running && !said.paused;
    }
    // Past the bound this field is measured already (the pause needs it).
    if (lead.picture.autoScale && pastBound) {
        const float maxAbs = static_cast<float>(watch_.newest(simulation_).maxAbs);
        said.scale = autoScaleAfter(lead.picture, growth, maxAbs);
    }
    return said;
}

std::optional<Notice> PaneRun::follow(PaneRun& lead) {
    LectureSettings wanted =
        paneBSettingsOf(lead.settings(), choiceOf(lead.simulation().backend()));
    std::optional<Notice> said;
    // A wish refused before stays refused until it is asked anew.
    if (wanted.backend != refusedBackend_) {
        refusedBackend_.reset();
    }
    if (wanted.params.kernel != refusedKernel_) {
        refusedKernel_.reset();
    }
    const BackendChoice runsOn = choiceOf(simulation_.backend());
    if (refusedBackend_) {
        wanted.backend = runsOn;
    }
    // The field is this pane's own grid, boundary and initial field: only
    // what it runs differently comes from the lead.
    Params params = simulation_.params();
    params.kernel = refusedKernel_ ? simulation_.params().kernel : wanted.params.kernel;
    params.r = wanted.params.r;
    params.timeBlock = wanted.params.timeBlock;
    const Kernel ran = simulation_.params().kernel;
    const BackendChoice askedBackend = wanted.backend;
    settings_ = wanted;
    settings_.params = params;
    if (ControlOutcome switched = control_.switchBackend(); switched.notice) {
        said = std::move(switched.notice);
    }
    if (settings_.backend != askedBackend) {
        refusedBackend_ = askedBackend;
    }
    if (!simulation_.backend().hasKernel(params.kernel)) {
        refusedKernel_ = params.kernel;
        settings_.params.kernel = ran;
        said = Notice::info(trf("%s is not on %s; %s runs %s", heatlab::name(params.kernel),
                                simulation_.backend().facts().name.c_str(), name_.c_str(),
                                heatlab::name(ran)));
    }
    control_.applyEdits();
    control_.applyCopyPolicy();
    return said;
}

void PaneRun::restartFrom(Simulation& lead) {
    Params params = simulation_.params();
    params.grid = lead.params().grid;
    params.boundary = lead.params().boundary;
    params.initial = lead.params().initial;
    simulation_.setParams(params);
    simulation_.copyFieldOf(lead);
    settings_.params = simulation_.params();
}

PaneDifference PaneRun::differenceFrom(PaneRun& other, std::vector<float>* aMinusB) {
    const std::vector<float>& fa = simulation_.fieldOnHost();
    const std::vector<float>& fb = other.simulation_.fieldOnHost();
    PaneDifference d;
    d.step = simulation_.stepCount();
    if (aMinusB) {
        aMinusB->resize(fa.size());
    }
    bool unmeasurable = false;
    for (std::size_t i = 0; i < fa.size() && i < fb.size(); ++i) {
        // Equal bits (NaN in both included) differ by nothing.
        const bool same = fa[i] == fb[i] || (std::isnan(fa[i]) && std::isnan(fb[i]));
        const float cell = same ? 0.0f : fa[i] - fb[i];
        if (aMinusB) {
            (*aMinusB)[i] = cell;
        }
        if (std::isnan(cell)) {
            unmeasurable = true;
        } else {
            d.maxAbs = std::max(d.maxAbs, static_cast<double>(std::fabs(cell)));
        }
    }
    if (unmeasurable) {
        d.maxAbs = std::nan("");
    }
    return d;
}

void PaneRun::showBackend() {
    readouts_.kernels = simulation_.backend().stencilKernels();
    readouts_.backend = control_.backendText();
    readouts_.fieldInHostMemory = simulation_.backend().facts().fieldInHostMemory;
}

}  // namespace heatlab
