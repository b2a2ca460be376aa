#pragma once
// The one font of everything heatlab writes (the window's panel, the text on
// pictures): DejaVu Sans, embedded in the binary at build time, so no font
// file is read at run time.

struct ImFont;
struct ImFontAtlas;

namespace heatlab {

// Adds the font to `atlas` at `pixelHeight`; nullptr when ImGui refuses.
ImFont* addEmbeddedFont(ImFontAtlas& atlas, float pixelHeight);

}  // namespace heatlab
