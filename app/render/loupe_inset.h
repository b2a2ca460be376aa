#pragma once
// Draws the loupe (app/picture/loupe_layout.h) over a field already drawn:
// the inset with a frame, and on the field the outline of the cells it
// magnifies, so the class sees where it looks. Plain GL (scissored clears for
// the lines), so the window, `shot --ui` and slides draw the same loupe.

#include "app/picture/loupe_layout.h"
#include "app/render/field_renderer.h"
#include "app/render/field_values.h"

namespace heatlab {

// `loupe` holds the loupe's cells (GlField::loupeValues(): the window of
// app/picture/display_plan.h's loupeWindow() around layout.view's centre)
// of the frame's field, drawn with `mainView` into the rectangle (x, y,
// width, height) of the bound framebuffer (GL's lower left corner); the
// inset is drawn with the same settings, nearest cells being what it is
// for. Restores the GL state it changes. Without `outlineOnField` (the
// surface view, where `mainView` is not what the rectangle shows) the cells'
// outline on the field is left out; the inset is the same flat close-up.
void drawLoupe(FieldRenderer& renderer, const FieldValues& loupe, const DrawSettings& settings,
               const LoupeLayout& layout, const ViewTransform& mainView, int x, int y, int width,
               int height, bool outlineOnField = true);

}  // namespace heatlab
