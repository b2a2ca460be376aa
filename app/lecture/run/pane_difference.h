#pragma once
// What the A/B comparison measures of its two panes (pane_run.h).

namespace heatlab {

// max |A - B| over the grid at a step of both: 0 when every cell is equal
// to the bit; NaN where a cell is NaN in one pane only (a difference no
// number measures).
struct PaneDifference {
    long long step = -1;  // -1: not measured yet
    double maxAbs = 0.0;
};

}  // namespace heatlab
