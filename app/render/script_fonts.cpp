#include "app/render/script_fonts.h"

#include <fontconfig/fontconfig.h>
#include <imgui.h>
#include <stb/stb_truetype.h>

#include <array>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "app/i18n/terminal_locale.h"
#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"
#include "fonts/dejavu_sans.h"

namespace heatlab {

namespace {

constexpr char32_t kPlaceholder = 0xFFFD;
constexpr char32_t kLargestImGuiCharacter = 0xFFFF;  // ImWchar is 16 bits in Debian's ImGui

// What ImGui cannot draw as it is written: it lays out one glyph after
// another, left to right, with no shaping engine (HarfBuzz or the like) to
// reorder, join or place them. Each kind is said once, in one line, where
// text of it is first drawn; the text is still drawn as it is stored.
enum class NotAsWritten {
    PastBmp,      // past U+FFFF (emoji, rarer Han): the placeholder U+FFFD
    RightToLeft,  // Hebrew, Arabic, Syriac, Thaana, N'Ko, ...: read backwards, Arabic unjoined
    Shaped,       // the Indic scripts, Tibetan, Myanmar, Khmer: marks and conjuncts not placed
    Count,
};

std::optional<NotAsWritten> notAsWritten(char32_t c) {
    if (c > kLargestImGuiCharacter) {
        return NotAsWritten::PastBmp;
    }
    // (U+FDD0 to U+FDEF, amid the Arabic forms, are noncharacters.)
    if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDCF) ||
        (c >= 0xFDF0 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFE)) {
        return NotAsWritten::RightToLeft;
    }
    if ((c >= 0x0900 && c <= 0x0DFF) || (c >= 0x0F00 && c <= 0x109F) ||
        (c >= 0x1780 && c <= 0x17FF)) {
        return NotAsWritten::Shaped;
    }
    return std::nullopt;
}

// "😀 (U+1F600)" and, where there are more, " and 3 more".
std::string namedCharacters(const std::vector<char32_t>& characters) {
    char first[32];
    std::snprintf(first, sizeof first, "%s (U+%04X)", utf8Of(characters.front()).c_str(),
                  static_cast<unsigned>(characters.front()));
    return characters.size() > 1 ? trf("%s and %zu more", first, characters.size() - 1)
                                 : std::string(first);
}

// The one line for a kind, its characters named.
std::string notAsWrittenLine(NotAsWritten kind, const std::vector<char32_t>& characters) {
    const std::string named = namedCharacters(characters);
    switch (kind) {
    case NotAsWritten::PastBmp:
        return trf(
            "%s: past U+FFFF, which the text here cannot draw (Dear ImGui's characters "
            "are 16 bits): drawn as %s",
            named.c_str(), utf8Of(kPlaceholder).c_str());
    case NotAsWritten::RightToLeft:
        return trf(
            "%s: a script written right to left; the text here has no shaping, so it is "
            "drawn left to right with its letters unjoined and reads backwards",
            named.c_str());
    case NotAsWritten::Shaped:
        return trf(
            "%s: a script whose marks and conjuncts need shaping, which the text here "
            "lacks: drawn one character after another, not as it is written",
            named.c_str());
    case NotAsWritten::Count: break;
    }
    return named;
}

// A system font: its bytes (ImGui reads them while it builds an atlas,
// and they stay for every later build) and what characters it has.
struct SystemFont {
    std::string file;
    int index = 0;  // the face within a collection (.ttc)
    std::vector<unsigned char> bytes;
    FcCharSet* characters = nullptr;  // fontconfig's, copied
};

class Fonts {
public:
    static Fonts& instance() {
        static Fonts fonts;
        return fonts;
    }

    void note(std::string_view text) {
        const std::lock_guard<std::mutex> lock(mutex_);
        for (std::size_t at = 0; at < text.size();) {
            if (const std::optional<char32_t> c = nextCharacter(text, at)) {
                noteLocked(*c);
            }
        }
    }

    void note(char32_t c) {
        const std::lock_guard<std::mutex> lock(mutex_);
        noteLocked(c);
    }

    unsigned generation() {
        const std::lock_guard<std::mutex> lock(mutex_);
        return generation_;
    }

    ImFont* add(ImFontAtlas& atlas, float pixelHeight) {
        const std::lock_guard<std::mutex> lock(mutex_);
        const Ranges& ranges = rangesNow();
        ImFontConfig config;
        config.FontDataOwnedByAtlas = false;  // the bytes are the binary's own
        config.OversampleH = 2;
        ImFont* font = atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(embedded::kDejaVuSans),
                                                  static_cast<int>(embedded::kDejaVuSansSize),
                                                  pixelHeight, &config, ranges.dejaVu.data());
        if (font == nullptr) {
            return nullptr;
        }
        for (const auto& [system, characters] : ranges.merged) {
            ImFontConfig merge;
            merge.FontDataOwnedByAtlas = false;  // kept in fonts_
            merge.MergeMode = true;
            merge.FontNo = system->index;
            merge.OversampleH = 2;
            // ImGui only reads bytes it does not own.
            atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(system->bytes.data()),
                                       static_cast<int>(system->bytes.size()), pixelHeight, &merge,
                                       characters.data());
        }
        return font;
    }

    std::optional<std::string> fileFor(char32_t c) {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (inDejaVu(c)) {
            return std::string();
        }
        const SystemFont* font = systemFontFor(c);
        if (font == nullptr) {
            return std::nullopt;
        }
        return font->file;
    }

private:
    // ImGui's glyph ranges (pairs, 0-ended) for one generation of the
    // characters: it reads them while it builds an atlas.
    struct Ranges {
        unsigned generation = ~0u;
        std::vector<ImWchar> dejaVu;
        std::vector<std::pair<const SystemFont*, std::vector<ImWchar>>> merged;
    };

    void noteLocked(char32_t c) {
        if (c >= 0x80 && c <= kLargestImGuiCharacter && noted_.insert(c).second) {
            ++generation_;
        }
        // Kept until its kind is said (when the next atlas is built, so the
        // line comes as the text is drawn), then no longer looked for.
        if (const std::optional<NotAsWritten> kind = notAsWritten(c)) {
            const auto k = static_cast<std::size_t>(*kind);
            if (!notAsWrittenSaid_[k] && notAsWritten_[k].insert(c).second) {
                ++generation_;
            }
        }
    }

    Fonts() {
        stbtt_InitFont(&dejaVu_, embedded::kDejaVuSans,
                       stbtt_GetFontOffsetForIndex(embedded::kDejaVuSans, 0));
    }

    bool inDejaVu(char32_t c) const {
        return stbtt_FindGlyphIndex(&dejaVu_, static_cast<int>(c)) != 0;
    }

    const Ranges& rangesNow() {
        if (!ranges_.empty() && ranges_.back().generation == generation_) {
            return ranges_.back();
        }
        Ranges ranges;
        ranges.generation = generation_;
        // Latin-1 and the placeholder always.
        ranges.dejaVu = {0x20, 0xFF, static_cast<ImWchar>(kPlaceholder),
                         static_cast<ImWchar>(kPlaceholder)};
        std::map<const SystemFont*, std::vector<ImWchar>> bySystemFont;
        std::vector<char32_t> missing;
        for (const char32_t c : noted_) {
            if (c <= 0xFF) {
                continue;
            }
            if (inDejaVu(c)) {
                ranges.dejaVu.insert(ranges.dejaVu.end(),
                                     {static_cast<ImWchar>(c), static_cast<ImWchar>(c)});
            } else if (const SystemFont* font = systemFontFor(c)) {
                auto& characters = bySystemFont[font];
                characters.insert(characters.end(),
                                  {static_cast<ImWchar>(c), static_cast<ImWchar>(c)});
            } else {
                missing.push_back(c);
            }
        }
        ranges.dejaVu.push_back(0);
        for (auto& [font, characters] : bySystemFont) {
            characters.push_back(0);
            ranges.merged.emplace_back(font, std::move(characters));
        }
        if (!missing.empty() && !missingSaid_) {
            missingSaid_ = true;
            const std::string line =
                trf("no font here draws %s (drawn as %s); for Japanese, install the Debian "
                    "package fonts-ipafont-gothic, for another script a font of it",
                    namedCharacters(missing).c_str(), utf8Of(kPlaceholder).c_str());
            std::fprintf(stderr, "heatlab: %s\n", terminalLine(line).c_str());
        }
        sayNotAsWritten();
        // Kept: an atlas built from older ranges may still be in use.
        ranges_.push_back(std::move(ranges));
        return ranges_.back();
    }

    void sayNotAsWritten() {
        for (std::size_t k = 0; k < notAsWritten_.size(); ++k) {
            if (notAsWritten_[k].empty() || notAsWrittenSaid_[k]) {
                continue;
            }
            notAsWrittenSaid_[k] = true;
            const std::vector<char32_t> characters(notAsWritten_[k].begin(),
                                                   notAsWritten_[k].end());
            notAsWritten_[k].clear();
            const std::string line = notAsWrittenLine(static_cast<NotAsWritten>(k), characters);
            std::fprintf(stderr, "heatlab: %s\n", terminalLine(line).c_str());
        }
    }

    // The system font that has `c`, looked for once: first among those
    // already loaded, then through fontconfig.
    const SystemFont* systemFontFor(char32_t c) {
        if (const auto known = lookedFor_.find(c); known != lookedFor_.end()) {
            return known->second;
        }
        const SystemFont* found = nullptr;
        for (const std::unique_ptr<SystemFont>& font : fonts_) {
            if (FcCharSetHasChar(font->characters, c) != 0) {
                found = font.get();
                break;
            }
        }
        if (found == nullptr) {
            found = askFontconfig(c);
        }
        lookedFor_[c] = found;
        return found;
    }

    const SystemFont* askFontconfig(char32_t c) {
        if (FcInit() == FcFalse) {
            return nullptr;
        }
        FcPattern* pattern = FcPatternCreate();
        FcCharSet* wanted = FcCharSetCreate();
        FcCharSetAddChar(wanted, c);
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
        FcCharSetDestroy(wanted);
        // East Asian characters are asked for in the language "ja", so a Han
        // character is drawn in the Japanese form the lecture's slides use
        // where a Chinese font is installed too.
        if (eastAsian(c)) {
            FcPatternAddString(pattern, FC_LANG, reinterpret_cast<const FcChar8*>("ja"));
        }
        FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result = FcResultNoMatch;
        FcPattern* match = FcFontMatch(nullptr, pattern, &result);
        FcPatternDestroy(pattern);
        if (match == nullptr) {
            return nullptr;
        }
        const SystemFont* loaded = nullptr;
        FcCharSet* characters = nullptr;
        FcChar8* file = nullptr;
        int index = 0;
        if (FcPatternGetCharSet(match, FC_CHARSET, 0, &characters) == FcResultMatch &&
            FcCharSetHasChar(characters, c) != 0 &&
            FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
            FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch) {
            loaded = load(reinterpret_cast<const char*>(file), index, characters);
        }
        FcPatternDestroy(match);
        return loaded;
    }

    const SystemFont* load(const std::string& file, int index, FcCharSet* characters) {
        for (const std::unique_ptr<SystemFont>& font : fonts_) {
            if (font->file == file && font->index == index) {
                return font.get();
            }
        }
        std::ifstream in(file, std::ios::binary);
        std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            return nullptr;
        }
        if (bytes.empty()) {
            return nullptr;
        }
        auto font = std::make_unique<SystemFont>();
        font->file = file;
        font->index = index;
        font->bytes = std::move(bytes);
        font->characters = FcCharSetCopy(characters);
        fonts_.push_back(std::move(font));
        return fonts_.back().get();
    }

    std::mutex mutex_;
    std::set<char32_t> noted_;
    unsigned generation_ = 0;
    stbtt_fontinfo dejaVu_{};
    std::vector<std::unique_ptr<SystemFont>> fonts_;
    std::map<char32_t, const SystemFont*> lookedFor_;  // nullptr: none has it
    std::deque<Ranges> ranges_;
    bool missingSaid_ = false;
    static constexpr std::size_t kKinds = static_cast<std::size_t>(NotAsWritten::Count);
    std::array<std::set<char32_t>, kKinds> notAsWritten_;
    std::array<bool, kKinds> notAsWrittenSaid_{};
};

}  // namespace

void noteText(std::string_view utf8) { Fonts::instance().note(utf8); }

void noteCharacter(char32_t codepoint) { Fonts::instance().note(codepoint); }

unsigned textGeneration() { return Fonts::instance().generation(); }

ImFont* addScriptFont(ImFontAtlas& atlas, float pixelHeight) {
    return Fonts::instance().add(atlas, pixelHeight);
}

std::optional<std::string> fontFileFor(char32_t codepoint) {
    return Fonts::instance().fileFor(codepoint);
}

}  // namespace heatlab
