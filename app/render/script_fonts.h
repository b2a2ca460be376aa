#pragma once
// Text in any script, in everything heatlab writes (the panel, the
// overlays, the text on pictures). DejaVu Sans, embedded in the binary at
// build time, draws Latin, Greek, Cyrillic and the symbols; a character it
// lacks (Japanese, Chinese, Korean, ...) is drawn by a font of the system
// that has it, found through fontconfig (for Japanese, Debian's
// fonts-ipafont-gothic), merged into the same ImGui font.
//
// Dear ImGui (1.86 in Debian 12) rasterises its glyphs when its atlas is
// built, so only the characters in use are given to it, and they must be
// known first: whatever brings text in (a cue list, a scene, a key typed,
// the clipboard, a notice, a picture's caption) hands it to noteText(), and
// an atlas built before a character was new is rebuilt before its next
// frame (textGeneration()). A character no font here has is drawn as
// U+FFFD, a visible placeholder, and said once on stderr with the package
// to install. ImGui's characters are 16 bits here: one past U+FFFF is the
// placeholder too. Nor has ImGui a shaping engine: a right-to-left script
// (Hebrew, Arabic) is drawn left to right and unjoined, an Indic one without
// its marks placed. What cannot be drawn as it is written is still drawn,
// and said once, in one line on stderr, a line for each of those kinds.

#include <optional>
#include <string>
#include <string_view>

struct ImFont;
struct ImFontAtlas;

namespace heatlab {

// Notes the characters of `utf8` (invalid bytes are skipped) for the fonts
// built from now on. Any thread.
void noteText(std::string_view utf8);
void noteCharacter(char32_t codepoint);

// Grows each time noteText() meets a character it had not met: an atlas
// built at an older value lacks it.
unsigned textGeneration();

// DejaVu Sans at `pixelHeight` with every character noted so far (and
// Latin-1 and the placeholder always), those it lacks merged from the
// system's fonts; nullptr when ImGui refuses.
ImFont* addScriptFont(ImFontAtlas& atlas, float pixelHeight);

// The font file that draws `codepoint`: "" for the embedded DejaVu Sans,
// nullopt where no font here has it.
std::optional<std::string> fontFileFor(char32_t codepoint);

}  // namespace heatlab
