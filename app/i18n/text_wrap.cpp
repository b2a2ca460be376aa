#include "app/i18n/text_wrap.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "app/i18n/line_breaks.h"
#include "app/i18n/utf8.h"

namespace heatlab {

namespace {

// The lines of a text as they are filled, handed one at a time to `take`,
// which says whether it wants more.
class LineFiller {
public:
    using Take = std::function<bool(std::string&& line)>;

    LineFiller(float width, const TextWidth& widthOf, Take take)
        : width_(width), widthOf_(widthOf), take_(std::move(take)) {}

    // One line of the text (no line break in it) as the lines it fills;
    // false once `take` wants no more.
    bool paragraph(std::string_view text) {
        for (const TextPiece& piece : breakablePieces(text)) {
            const float pieceWidth = widthOf_(piece.text);
            const bool placed = pieceWidth <= width_
                                    ? place(piece.text, pieceWidth, piece.spacesBefore)
                                    : placeCut(piece);
            if (!placed) {
                return false;
            }
        }
        return emit();
    }

private:
    // `part` on the line, or on a new one where it does not fit (a line
    // takes its first part whatever its width; the spaces before it are
    // dropped there).
    bool place(std::string_view part, float partWidth, int spaces) {
        if (line_.empty()) {
            line_.assign(part);
            lineWidth_ = partWidth;
            return true;
        }
        const float gap = spaces > 0 ? static_cast<float>(spaces) * spaceWidth() : 0.0f;
        if (lineWidth_ + gap + partWidth > width_) {
            const bool more = emit();
            line_.assign(part);
            lineWidth_ = partWidth;
            return more;
        }
        line_.append(static_cast<std::size_t>(spaces), ' ');
        line_.append(part);
        lineWidth_ += gap + partWidth;
        return true;
    }

    // A piece wider than a line, in parts that fit: each character measured
    // alone, once; a part ends after the last '/' or '_' that fits, else
    // after the last character that fits (at least one character).
    bool placeCut(const TextPiece& piece) {
        const std::string& word = piece.text;
        std::vector<std::size_t> starts;  // each character's first byte, then the end
        std::vector<float> widths;
        for (std::size_t at = 0; at < word.size();) {
            const std::size_t next = characterEnd(word, at);
            starts.push_back(at);
            widths.push_back(
                std::max(0.0f, widthOf_(std::string_view(word).substr(at, next - at))));
            at = next;
        }
        starts.push_back(word.size());
        const std::size_t count = widths.size();
        // What is left from each character to the end, for "the rest fits".
        std::vector<double> rest(count + 1, 0.0);
        for (std::size_t i = count; i-- > 0;) {
            rest[i] = rest[i + 1] + widths[i];
        }
        int spaces = piece.spacesBefore;
        std::size_t from = 0;
        // A part that ends at a joint is scanned again from there; the
        // characters between the joint and where the scan stopped hold no
        // other joint, so each character is scanned at most twice.
        while (from < count && rest[from] > width_) {
            float sum = 0.0f;
            float fitsWidth = 0.0f;
            float jointWidth = 0.0f;
            std::size_t fits = from;
            std::size_t joint = from;
            for (std::size_t i = from; i < count && sum + widths[i] <= width_; ++i) {
                sum += widths[i];
                fits = i + 1;
                fitsWidth = sum;
                const char c = word[starts[i]];
                if (c == '/' || c == '_') {
                    joint = i + 1;
                    jointWidth = sum;
                }
            }
            std::size_t cut = from + 1;  // a whole character, even where none fits
            float cutWidth = widths[from];
            if (joint > from) {
                cut = joint;
                cutWidth = jointWidth;
            } else if (fits > from) {
                cut = fits;
                cutWidth = fitsWidth;
            }
            if (!place(std::string_view(word).substr(starts[from], starts[cut] - starts[from]),
                       cutWidth, spaces)) {
                return false;
            }
            spaces = 0;
            from = cut;
        }
        if (from < count) {
            return place(std::string_view(word).substr(starts[from]),
                         static_cast<float>(rest[from]), spaces);
        }
        return true;
    }

    bool emit() {
        const bool more = take_(std::move(line_));
        line_.clear();
        lineWidth_ = 0.0f;
        return more;
    }

    float spaceWidth() {
        if (spaceWidth_ < 0.0f) {
            spaceWidth_ = widthOf_(" ");
        }
        return spaceWidth_;
    }

    float width_;
    const TextWidth& widthOf_;
    Take take_;
    std::string line_;
    float lineWidth_ = 0.0f;
    float spaceWidth_ = -1.0f;  // measured once, when first needed
};

// Every line of `text`, in order, to `take` until it wants no more: the
// text's own line breaks in one loop.
void fillLines(std::string_view text, float width, const TextWidth& widthOf,
               LineFiller::Take take) {
    LineFiller filler(width, widthOf, std::move(take));
    std::size_t start = 0;
    for (;;) {
        const std::size_t newline = text.find('\n', start);
        const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
        if (!filler.paragraph(text.substr(start, end - start)) ||
            newline == std::string_view::npos) {
            return;
        }
        start = newline + 1;
    }
}

}  // namespace

std::string wrapText(std::string_view text, float width, const TextWidth& widthOf) {
    std::string out;
    out.reserve(text.size());
    bool first = true;
    fillLines(text, width, widthOf, [&](std::string&& line) {
        if (!first) {
            out += '\n';
        }
        out += line;
        first = false;
        return true;
    });
    return out;
}

namespace {

// The widths of runs of text as sums of their characters' widths, each
// distinct character measured once: a text wrapped at several sizes costs
// one measure a character (a font's width of a run is the sum of its
// glyphs' advances).
class CharacterWidths {
public:
    explicit CharacterWidths(const TextWidth& widthOf) : widthOf_(widthOf) {}

    float operator()(std::string_view text) {
        float sum = 0.0f;
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t next = characterEnd(text, at);
            std::string character(text.substr(at, next - at));
            auto found = widths_.find(character);
            if (found == widths_.end()) {
                const float width = std::max(0.0f, widthOf_(character));
                found = widths_.emplace(std::move(character), width).first;
            }
            sum += found->second;
            at = next;
        }
        return sum;
    }

private:
    const TextWidth& widthOf_;
    std::unordered_map<std::string, float> widths_;
};

int linesOf(const std::string& wrapped) {
    return 1 + static_cast<int>(std::count(wrapped.begin(), wrapped.end(), '\n'));
}

}  // namespace

FittedText fitText(std::string_view text, float width, int lines, float size, float floor,
                   const TextWidth& widthOf) {
    CharacterWidths characters(widthOf);
    const TextWidth measured = [&characters](std::string_view run) { return characters(run); };
    const int most = std::max(1, lines);
    const float least = std::clamp(floor, 1e-3f, std::max(size, 1e-3f));
    // A line `width` wide at size s holds what is width * size / s wide at
    // `size`, where the widths are measured.
    const auto roomAt = [&](float s) { return width * size / s; };
    // The smallest size first: a text too long for `lines` even there is
    // wrapped once, whole, and nothing more is tried.
    std::string smallest = wrapText(text, roomAt(least), measured);
    const int smallestCount = linesOf(smallest);
    if (smallestCount > most) {
        return {std::move(smallest), least, smallestCount};
    }
    // Down from `size` in steps of 5 %: the largest size that fits. Each
    // try stops at the line past `lines`.
    for (float s = size; s > least; s *= 0.95f) {
        int count = 0;
        fillLines(text, roomAt(s), measured,
                  [&count, most](std::string&&) { return ++count <= most; });
        if (count <= most) {
            std::string fitted = wrapText(text, roomAt(s), measured);
            const int fittedCount = linesOf(fitted);
            return {std::move(fitted), s, fittedCount};
        }
    }
    return {std::move(smallest), least, smallestCount};
}

}  // namespace heatlab
