#include "app/render/loupe_inset.h"

#include <algorithm>
#include <cmath>

#include "app/render/gl_check.h"

namespace heatlab {

namespace {

// Light lines with a dark edge, so they show on any colour map's ends and
// on the background alike.
const Rgb8 kLoupeLight{240, 240, 240};
const Rgb8 kLoupeDark{16, 16, 16};

// Fills a rectangle (GL's lower left corner) with one colour, clipped to
// the clip rectangle.
struct Clip {
    int x0, y0, x1, y1;
};
void fill(const Clip& clip, int x, int y, int w, int h, const Rgb8& colour) {
    const int x0 = std::max(x, clip.x0);
    const int y0 = std::max(y, clip.y0);
    const int x1 = std::min(x + w, clip.x1);
    const int y1 = std::min(y + h, clip.y1);
    if (x1 <= x0 || y1 <= y0) {
        return;
    }
    glScissor(x0, y0, x1 - x0, y1 - y0);
    glClearColor(colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

// A frame `thickness` wide around the rectangle (x, y, w, h), outside it:
// the light line, edged dark on both sides.
void frame(const Clip& clip, int x, int y, int w, int h, int thickness) {
    const int t = thickness + 2;
    fill(clip, x - t, y - t, w + 2 * t, t, kLoupeDark);
    fill(clip, x - t, y + h, w + 2 * t, t, kLoupeDark);
    fill(clip, x - t, y, t, h, kLoupeDark);
    fill(clip, x + w, y, t, h, kLoupeDark);
    const int l = thickness;
    fill(clip, x - l - 1, y - l - 1, w + 2 * l + 2, l, kLoupeLight);
    fill(clip, x - l - 1, y + h + 1, w + 2 * l + 2, l, kLoupeLight);
    fill(clip, x - l - 1, y - 1, l, h + 2, kLoupeLight);
    fill(clip, x + w + 1, y - 1, l, h + 2, kLoupeLight);
}

}  // namespace

void drawLoupe(FieldRenderer& renderer, const FieldValues& loupe, const DrawSettings& settings,
               const LoupeLayout& layout, const ViewTransform& mainView, int x, int y, int width,
               int height, bool outlineOnField) {
    GLboolean scissorWas = GL_FALSE;
    GLint scissorBox[4] = {0, 0, 0, 0};
    GLfloat clearWas[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    GL_CHECK(glGetBooleanv(GL_SCISSOR_TEST, &scissorWas));
    GL_CHECK(glGetIntegerv(GL_SCISSOR_BOX, scissorBox));
    GL_CHECK(glGetFloatv(GL_COLOR_CLEAR_VALUE, clearWas));
    glEnable(GL_SCISSOR_TEST);
    const Clip clip{x, y, x + width, y + height};

    // The cells the inset shows, outlined where the main view draws them;
    // never smaller than a few pixels, so a minified grid still shows where.
    const float half = 0.5f * static_cast<float>(kLoupeCellsAcross);
    const glm::vec2 topLeft =
        cellToPixel(mainView, width, height, layout.view.centre - glm::vec2(half));
    const glm::vec2 bottomRight =
        cellToPixel(mainView, width, height, layout.view.centre + glm::vec2(half));
    const int minimum = 4 * layout.border + 4;
    const glm::vec2 middle = 0.5f * (topLeft + bottomRight);
    const float w = std::max(bottomRight.x - topLeft.x, static_cast<float>(minimum));
    const float h = std::max(bottomRight.y - topLeft.y, static_cast<float>(minimum));
    if (outlineOnField) {
        frame(clip, x + static_cast<int>(std::lround(middle.x - 0.5f * w)),
              y + height - static_cast<int>(std::lround(middle.y + 0.5f * h)),
              static_cast<int>(std::lround(w)), static_cast<int>(std::lround(h)),
              std::max(1, layout.border / 2));
    }

    frame(clip, x + layout.left, y + layout.bottom, layout.side, layout.side, layout.border);

    glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3]);
    if (scissorWas == GL_FALSE) {
        glDisable(GL_SCISSOR_TEST);
    }
    GL_CHECK(glClearColor(clearWas[0], clearWas[1], clearWas[2], clearWas[3]));

    renderer.draw(loupe, layout.view, settings, x + layout.left, y + layout.bottom, layout.side,
                  layout.side);
}

}  // namespace heatlab
