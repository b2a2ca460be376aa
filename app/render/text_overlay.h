#pragma once
// Text on pictures (the colour bar's values and tick marks, a slide's caption), drawn
// with Dear ImGui's font atlas and draw lists into whatever framebuffer is
// bound: the same text engine the window's panel uses, and it needs no
// window, so `heatlab shot` draws it offscreen too. The font is DejaVu Sans,
// embedded in the binary. Owns an ImGui context of its own, so it can live
// beside the window's.

#include <string>
#include <vector>

#include "app/picture/colour_map.h"

struct ImGuiContext;
struct ImFont;

namespace heatlab {

class TextOverlay {
public:
    // Needs a current OpenGL 3.3 core context that outlives this object.
    // `pixelHeight` is the height of a line of text in pixels.
    explicit TextOverlay(float pixelHeight);
    ~TextOverlay();
    TextOverlay(const TextOverlay&) = delete;
    TextOverlay& operator=(const TextOverlay&) = delete;

    float lineHeight() const { return pixelHeight_; }
    // The text's width in pixels, with every glyph it needs (its
    // characters noted, the atlas rebuilt for them where they are new).
    float width(const std::string& text);

    // Queues `text` with its top left corner at (x, y), in pixels from the
    // picture's top left corner.
    void add(const std::string& text, float x, float y, Rgb8 colour);
    // Queues a filled rectangle (a colour bar's tick mark), placed likewise.
    void addRectangle(float x, float y, float width, float height, Rgb8 colour);
    // Draws what was queued into the bound framebuffer, whose size is
    // width x height pixels, over what is there (blended), restores the GL
    // state ImGui's renderer changes, and empties the queue.
    void draw(int width, int height);

private:
    struct Line {
        std::string text;
        float x;
        float y;
        Rgb8 colour;
    };

    struct Rectangle {
        float x;
        float y;
        float width;
        float height;
        Rgb8 colour;
    };

    // The atlas again with the characters noted since it was built
    // (script_fonts.h); its texture too once the renderer has made one.
    void rebuildFontIfStale();

    float pixelHeight_;
    ImGuiContext* context_ = nullptr;
    ImFont* font_ = nullptr;
    unsigned fontGeneration_ = 0;
    std::vector<Line> lines_;
    std::vector<Rectangle> rectangles_;
};

}  // namespace heatlab
