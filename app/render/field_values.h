#pragma once
// What a draw of the field reads (the flat view, the loupe, the surface): a
// buffer texture (GL_R32F) over a display buffer (kernels/display_layout.h:
// the field's range at its start) and where in it the values are: a window
// of the grid's cells, row-major, or the view's image, one value a pixel of
// the rectangle drawn. GlField hands them out for the buffer it draws.

#include <glad/gl.h>

#include <cstddef>

#include "kernels/numerics/cell_window.h"
#include "kernels/numerics/params.h"

namespace heatlab {

struct FieldValues {
    GLuint texture = 0;
    GridSize grid{0, 0};     // the whole grid: its edges, where the background starts
    std::size_t offset = 0;  // in floats, where the values start
    CellWindow cells;        // the cells held there, unless `image`
    bool image = false;      // one value a pixel of the rectangle instead
};

}  // namespace heatlab
