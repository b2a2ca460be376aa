#include "app/render/embedded_font.h"

#include <imgui.h>

#include "fonts/dejavu_sans.h"

namespace heatlab {

ImFont* addEmbeddedFont(ImFontAtlas& atlas, float pixelHeight) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes are the binary's own
    config.OversampleH = 2;
    return atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(embedded::kDejaVuSans),
                                      static_cast<int>(embedded::kDejaVuSansSize), pixelHeight,
                                      &config);
}

}  // namespace heatlab
