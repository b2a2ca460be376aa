#pragma once
// The window's loupe (app/picture/loupe_layout.h): whether this frame shows
// it, and where it looks: the cell under the cursor while Z is held,
// otherwise the spot the field's measures found (FieldWatch::spot), never
// waited for. M toggles it between shown and hidden. No GL here.

#include "app/lecture/input/field_input.h"
#include "app/lecture/input/key.h"
#include "app/picture/frame_settings.h"
#include "app/picture/loupe_layout.h"

namespace heatlab {

class LoupeControl {
public:
    void keyDown(Key key) { following_ = following_ || key == Key::Z; }
    void keyUp(Key key) { following_ = following_ && key != Key::Z; }
    // The cursor in window units, as FieldInput has it.
    void cursor(double x, double y) {
        x_ = x;
        y_ = y;
    }

    // This frame's loupe. `toggle` (M) first sets `mode` to the opposite
    // of what it shows on a grid whose highest mode grows by `factor`.
    FrameSettings::Loupe frame(LoupeMode& mode, bool toggle, double factor, const CellSpot& spot,
                               const FieldArea& area, const FieldNavigation& navigation,
                               const GridSize& grid) const;

    // The loupe of a pane the pointer does not steer (pane B of a split):
    // shown as `mode` says on its grid, whose highest mode grows by
    // `factor`, on the spot its own measures found.
    static FrameSettings::Loupe atSpot(LoupeMode mode, double factor, const CellSpot& spot,
                                       const GridSize& grid);

private:
    bool following_ = false;  // Z held
    double x_ = -1.0;
    double y_ = -1.0;
};

}  // namespace heatlab
