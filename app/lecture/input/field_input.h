#pragma once
// The mouse on the field: left held paints heat, right paints cold, the
// middle button drags the field, the wheel zooms about the cursor; nothing
// happens while the panel has the mouse. In the surface view (V) the right
// or middle button drags the orbit camera round, the wheel dollies it, and
// nothing paints (a cell under the cursor is not one a flat view would
// name: the brush stays in the flat view). Positions come in window units (x
// right, y down) and are turned into framebuffer pixels of the field's
// rectangle, its top left corner at the window's. No window or GL here.

#include <optional>

#include "app/lecture/input/field_navigation.h"
#include "app/lecture/panel/lecture_settings.h"
#include "kernels/simulation.h"

namespace heatlab {

// Where the field is drawn this frame: its rectangle in framebuffer pixels
// from the window's top left corner, and framebuffer pixels a window unit.
struct FieldArea {
    int width = 1;
    int height = 1;
    float pixelsPerUnit = 1.0f;
};

class FieldInput {
public:
    // The view to draw with (empty: the whole grid, fitted), and its edits.
    FieldNavigation& navigation() { return navigation_; }
    const FieldNavigation& navigation() const { return navigation_; }

    // `panelHasMouse`: the panel takes the event (ImGui's WantCaptureMouse).
    // The surface view's camera moves are edits of settings.picture.camera.
    void scroll(double dy, bool panelHasMouse, const FieldArea& area, const GridSize& grid,
                LectureSettings& settings);
    void button(int button, bool pressed, bool panelHasMouse, const FieldArea& area,
                Simulation& simulation, const LectureSettings& settings);
    void cursor(double x, double y, const FieldArea& area, Simulation& simulation,
                LectureSettings& settings);
    // F: the whole grid again, or in the surface view the fitted camera.
    void fit(LectureSettings& settings);

private:
    bool overField(double x, double y, const FieldArea& area) const;
    void paint(const FieldArea& area, Simulation& simulation, const LectureSettings& settings);

    enum class Brush { None, Hot, Cold };
    static constexpr int kLeftButton = 0;
    static constexpr int kRightButton = 1;
    static constexpr int kMiddleButton = 2;
    FieldNavigation navigation_;
    Brush brush_ = Brush::None;
    bool dragging_ = false;
    bool orbiting_ = false;
    double x_ = 0.0;
    double y_ = 0.0;
};

}  // namespace heatlab
