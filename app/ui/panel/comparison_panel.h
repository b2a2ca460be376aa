#pragma once
// The panel's A/B section: the split, what pane B runs (kernel, r, backend,
// copy back, display path), the difference view, and both panes' costs
// side by side with max |A - B|. Dear ImGui calls only: within the panel.

#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/panel_edits.h"
#include "app/lecture/panel/panel_readouts.h"

namespace heatlab {

// `paneA`: pane A's own readouts; `paneB`: pane B's own, null while there
// is one pane; `lecture`: the lecture's (what this build can run on, the
// comparison of the two panes).
void comparisonControls(LectureSettings& settings, const LectureReadouts& lecture,
                        const PaneReadouts& paneA, const PaneReadouts* paneB,
                        PanelActions& actions);

}  // namespace heatlab
