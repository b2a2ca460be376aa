#pragma once
// The panel's A/B section: the split, what pane B runs (kernel, r, backend,
// copy back, display path), the difference view, and both panes' costs
// side by side with max |A - B|. Dear ImGui calls only: within the panel.

#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/panel/panel_readouts.h"

namespace heatlab {

// `readouts`: pane A's, with the lecture's; `paneB`: pane B's own, null
// while there is one pane.
void comparisonControls(LectureSettings& settings, const PanelReadouts& readouts,
                        const PanelReadouts* paneB, PanelActions& actions);

}  // namespace heatlab
