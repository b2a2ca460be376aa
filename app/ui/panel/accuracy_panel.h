#pragma once
// The panel's section on the price of accuracy (app/lecture/measures/accuracy_lesson.h):
// the running sine field's error against the exact solution, the "halve h"
// button, and once the halved run is done the two runs side by side: the
// error about four times smaller, the work sixteen times larger.

#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/panel/panel_readouts.h"

namespace heatlab {

// Call inside the panel's window; shows a note where the field has no exact
// solution (the sine field with the Dirichlet ring has one).
void accuracyControls(const PaneReadouts& readouts, PanelActions& actions);

}  // namespace heatlab
