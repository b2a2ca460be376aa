#pragma once
// The roofline drawn large over the field's area while the cue about it
// plays (LectureSettings::rooflineOnField): in presenter mode the panel's
// plot is a strip below its fold; here the same drawing (roofline_plot.h)
// takes the field's column under the notices, its text no smaller than a
// notice's floor, read from the back of a hall. Until the table has a row,
// one line says where its measuring is. The window, `shot --ui` and the
// served lecture draw it in their one frame.
// Call between ImGuiLayer::beginFrame() and render().

#include "app/measure/bandwidth_survey.h"
#include "app/measure/roofline.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/panel/roofline_plot.h"
#include "app/ui/pictures/field_overlay.h"

namespace heatlab {

// What the frame drew of it (window units, y down): where, and the plot's
// labels, dots and roof lines (empty while no row is measured).
struct RooflineOnField {
    bool shown = false;
    OverlayBand area;
    RooflineDrawn drawn;
};

// The field's column covered, so no field shows around the plot: before
// the notices, which are drawn over it.
void coverFieldForRoofline(const OverlayBand& column);

// The roofline of `survey`'s rows and the `running` kernel into `area`,
// in the overlay font at its floor size (kNoticeFloor), the legend beside
// the plot in the panel's size.
RooflineOnField drawRooflineOnField(const BandwidthSurvey& survey, const RunningKernel& running,
                                    const OverlayBand& area, const ImGuiLayer& imgui);

}  // namespace heatlab
