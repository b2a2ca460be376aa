#include "app/lecture/comparison_run.h"

#include <cmath>
#include <exception>

#include "app/lecture/panel_edits.h"
#include "kernels/backend_factory.h"

namespace heatlab {

ComparisonRun::Pane::Pane(std::unique_ptr<Backend> backend, const LectureSettings& s)
    : settings(s), simulation(std::move(backend), s.params), control(simulation, settings) {}

void ComparisonRun::start(Simulation& a, const LectureSettings& settings) {
    const LectureSettings b = paneBSettingsOf(settings, choiceOf(a.backend()));
    auto pane = std::make_unique<Pane>(makePaneBBackend(b.backend).backend, b);
    pane->simulation.setCopyPolicy(copyPolicyOf(b));
    pane->simulation.copyFieldOf(a);
    pane_ = std::move(pane);
}

std::optional<std::string> ComparisonRun::restartFrom(Simulation& a) {
    try {
        Simulation& b = pane_->simulation;
        Params params = b.params();
        params.grid = a.params().grid;
        params.boundary = a.params().boundary;
        params.initial = a.params().initial;
        b.setParams(params);
        b.copyFieldOf(a);
        pane_->settings.params = b.params();
        return std::nullopt;
    } catch (const std::exception& e) {
        pane_.reset();
        return std::string("pane B stopped: ") + e.what();
    }
}

std::optional<std::string> ComparisonRun::apply(LectureSettings& settings, BackendChoice aRunsOn) {
    Pane& p = *pane_;
    const LectureSettings wanted = paneBSettingsOf(settings, aRunsOn);
    // B's field is A's grid, boundary and initial field: only what B runs
    // differently comes from the settings.
    Params params = p.simulation.params();
    params.kernel = wanted.params.kernel;
    params.r = wanted.params.r;
    params.timeBlock = wanted.params.timeBlock;
    const Params running = p.settings.params;
    p.settings = wanted;
    p.settings.params = params;
    std::optional<std::string> message;
    if (const ControlOutcome switched = p.control.switchBackend(); switched.message) {
        message = "pane B: " + *switched.message;
    }
    if (p.settings.backend != wanted.backend) {
        // Not switched: B stays where it runs, and the panel shows that.
        settings.comparison.b.backend = p.settings.backend;
    }
    if (!p.simulation.backend().hasKernel(params.kernel)) {
        // A kernel B's backend lacks (A's, followed onto another backend):
        // B keeps the one it ran, and says so.
        settings.comparison.b.kernel = running.kernel;
        p.settings.params.kernel = running.kernel;
        message = std::string("pane B: ") + name(params.kernel) + " is not on " +
                  p.simulation.backend().facts().name + "; B runs " + name(running.kernel);
    }
    p.control.applyEdits();
    p.control.applyCopyPolicy();
    return message;
}

std::optional<long long> ComparisonRun::stepsLeft(double factor, AmplitudeSample& measured) {
    return pane_->watch.stepsLeft(pane_->simulation, factor, measured);
}

void ComparisonRun::measure(bool running, std::string& message, bool& paused) {
    Pane& p = *pane_;
    p.settings.running = running;
    p.readouts.message.clear();
    p.watch.frame(p.simulation, p.settings, p.readouts, false);
    paused = running && !p.settings.running;
    if (paused) {
        message = "pane B " + p.readouts.message;
    }
}

PaneDifference ComparisonRun::difference(Simulation& a, std::vector<float>* aMinusB) {
    const std::vector<float>& fa = a.fieldOnHost();
    const std::vector<float>& fb = pane_->simulation.fieldOnHost();
    PaneDifference d;
    d.step = a.stepCount();
    if (aMinusB) {
        aMinusB->resize(fa.size());
    }
    bool unmeasurable = false;
    for (std::size_t i = 0; i < fa.size() && i < fb.size(); ++i) {
        // Equal bits (NaN in both included) differ by nothing.
        const float diff = fa[i] == fb[i] ? 0.0f : fa[i] - fb[i];
        const bool sameNaN = std::isnan(fa[i]) && std::isnan(fb[i]);
        const float cell = sameNaN ? 0.0f : diff;
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

}  // namespace heatlab
