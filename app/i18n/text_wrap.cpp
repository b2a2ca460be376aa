#include "app/i18n/text_wrap.h"

#include <algorithm>
#include <cstddef>
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

std::string wrapTextToLines(std::string_view text, float width, int lines,
                            const TextWidth& widthOf) {
    const auto kept = static_cast<std::size_t>(std::max(1, lines));
    std::vector<std::string> filled;
    fillLines(text, width, widthOf, [&](std::string&& line) {
        filled.push_back(std::move(line));
        return filled.size() <= kept;  // one more says it was cut
    });
    std::string out;
    for (std::size_t i = 0; i < std::min(kept, filled.size()); ++i) {
        out += (i == 0 ? "" : "\n");
        if (i + 1 < kept || filled.size() <= kept) {
            out += filled[i];
            continue;
        }
        // The last line kept: as many of its characters as let "..." fit
        // after them (none, where even the dots do not fit).
        const std::string& last = filled[i];
        const float room = width - widthOf("...");
        float sum = 0.0f;
        std::size_t end = 0;
        for (std::size_t at = 0; at < last.size();) {
            const std::size_t next = characterEnd(last, at);
            sum += std::max(0.0f, widthOf(std::string_view(last).substr(at, next - at)));
            if (sum > room) {
                break;
            }
            end = next;
            at = next;
        }
        out += last.substr(0, end) + "...";
    }
    return out;
}

}  // namespace heatlab
