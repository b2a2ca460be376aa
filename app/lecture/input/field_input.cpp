#include "app/lecture/input/field_input.h"

#include <algorithm>

namespace heatlab {

bool FieldInput::overField(double x, double y, const FieldArea& area) const {
    const double scale = area.pixelsPerUnit;
    return x * scale < area.width && y * scale < area.height && x >= 0.0 && y >= 0.0;
}

void FieldInput::fit(LectureSettings& settings) {
    if (settings.picture.surface) {
        settings.picture.camera = OrbitCamera{};
    } else {
        navigation_.fit();
    }
}

void FieldInput::scroll(double dy, bool panelHasMouse, const FieldArea& area, const GridSize& grid,
                        LectureSettings& settings) {
    if (panelHasMouse || !overField(x_, y_, area)) {
        return;
    }
    if (settings.picture.surface) {
        settings.picture.camera = dollied(settings.picture.camera, dy);
        return;
    }
    const float scale = area.pixelsPerUnit;
    navigation_.zoom(dy, static_cast<float>(x_) * scale, static_cast<float>(y_) * scale, area.width,
                     area.height, grid);
}

void FieldInput::button(int button, bool pressed, bool panelHasMouse, const FieldArea& area,
                        Simulation& simulation, const LectureSettings& settings) {
    const bool onField = pressed && !panelHasMouse && overField(x_, y_, area);
    if (settings.picture.surface) {
        brush_ = Brush::None;
        dragging_ = false;
        if (button == kRightButton || button == kMiddleButton) {
            orbiting_ = onField;
        }
        return;
    }
    orbiting_ = false;
    if (button == kLeftButton || button == kRightButton) {
        brush_ = !onField ? Brush::None : (button == kLeftButton ? Brush::Hot : Brush::Cold);
        paint(area, simulation, settings);
    } else if (button == kMiddleButton) {
        dragging_ = onField;
    }
}

void FieldInput::cursor(double x, double y, const FieldArea& area, Simulation& simulation,
                        LectureSettings& settings) {
    if (orbiting_ && settings.picture.surface) {
        const float scale = area.pixelsPerUnit;
        settings.picture.camera =
            orbited(settings.picture.camera, static_cast<float>(x - x_) * scale,
                    static_cast<float>(y - y_) * scale, area.height);
    }
    if (dragging_) {
        const float scale = area.pixelsPerUnit;
        navigation_.pan(static_cast<float>(x - x_) * scale, static_cast<float>(y - y_) * scale,
                        area.width, area.height, simulation.params().grid);
    }
    x_ = x;
    y_ = y;
    paint(area, simulation, settings);
}

// A disc of the settings' share of the grid's side (1 % unless changed; at
// least a cell and a half), set to their hot or cold value (those of the
// initial fields unless changed), in the field where it lives: on the CUDA
// path the host never touches the grid.
void FieldInput::paint(const FieldArea& area, Simulation& simulation,
                       const LectureSettings& settings) {
    if (brush_ == Brush::None || settings.picture.surface || !overField(x_, y_, area)) {
        return;
    }
    const GridSize& grid = simulation.params().grid;
    const float scale = area.pixelsPerUnit;
    const glm::vec2 cell =
        navigation_.cellAt(static_cast<float>(x_) * scale, static_cast<float>(y_) * scale,
                           area.width, area.height, grid);
    const float side = static_cast<float>(std::max(grid.nx, grid.ny));
    const float radius = std::max(1.5f, 0.01f * settings.brushPercent * side);
    simulation.backend().paint(cell.x, cell.y, radius,
                               brush_ == Brush::Hot ? settings.brushHot : settings.brushCold);
}

}  // namespace heatlab
