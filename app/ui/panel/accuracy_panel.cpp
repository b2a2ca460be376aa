#include "app/ui/panel/accuracy_panel.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#include "app/i18n/translation.h"
#include "app/ui/panel/panel_widgets.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

namespace {

std::string pointText(const char* name, const AccuracyPoint& p) {
    return trf("%s: %d x %d, step %lld, alpha t = %.4g: max error %.3g (%.3g %% of max u)", name,
               p.grid.nx, p.grid.ny, p.steps, p.alphaT, p.error.maxAbs, 100.0 * p.error.relative());
}

}  // namespace

void accuracyControls(const PaneReadouts& readouts, PanelActions& actions) {
    const AccuracyReadout& a = readouts.accuracy;
    if (!a.now && !a.coarser) {
        textWrappedToWidth(
            tr("The exact solution is known for the sine initial field with the "
               "dirichlet boundary (Grid section, then Reset)."));
        return;
    }
    if (a.coarser) {
        textWrappedToWidth(pointText("h", *a.coarser));
    }
    if (a.now) {
        textWrappedToWidth(pointText(a.coarser ? "h / 2" : tr("now"), *a.now));
    }
    if (a.coarser && a.now && a.now->steps == a.targetSteps && a.now->error.maxAbs > 0.0) {
        const double smaller = a.coarser->error.maxAbs / a.now->error.maxAbs;
        // The time only where both runs' steps were timed.
        if (a.coarser->workSeconds() > 0.0 && a.now->workSeconds() > 0.0) {
            textWrappedToWidth(
                trf("half the spacing: the error %.2fx smaller, for 16x the cell updates "
                    "(4x the steps on 4x the cells; the steps took %.1fx the time)",
                    smaller, a.now->workSeconds() / a.coarser->workSeconds()));
        } else {
            textWrappedToWidth(
                trf("half the spacing: the error %.2fx smaller, for 16x the cell updates "
                    "(4x the steps on 4x the cells)",
                    smaller));
        }
    } else if (a.targetSteps > 0 && (!a.now || a.now->steps < a.targetSteps)) {
        textWrappedToWidth(
            trf("running the same alpha t on the finer grid: to step %lld", a.targetSteps));
    }
    if (ImGui::Button(tr("Halve h (same r, same alpha t)"))) {
        actions.halveSpacing = true;
    }
}

}  // namespace heatlab
