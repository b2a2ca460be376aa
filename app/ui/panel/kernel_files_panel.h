#pragma once
// The panel's "Your kernel" section: each class kernel file
// (--kernel-file) with its state (compiling, checked, running, failed with
// why in one line, stopped, unavailable) and its Reload button; a compile
// error's lines with the carets under the columns they mark (the panel's
// font is not monospaced: each caret is placed under its character of the
// excerpt above it); beside what was built, the compile's and the check's
// times, the compiler's options and, for CUDA where a device was asked,
// registers, local and shared memory; and a wrong kernel's report: the
// case and cell it was first wrong at, its largest error, and the picture
// of the cells that differ (a tile's edges show as lines).

#include <string>
#include <vector>

#include "app/kernel_files/class_kernels.h"
#include "app/lecture/panel/panel_edits.h"

namespace heatlab {

struct PanelRect;

// Draws the section's contents; the last wrong kernel's picture's
// rectangle goes into `picture` (for the tests).
void drawKernelFiles(const std::vector<ClassKernelStatus>& kernels, PanelActions& actions,
                     PanelRect& picture);

// Where the characters of a compiler's line under a source line it quotes
// (`line`: carets, '~' ranges, GCC's gutter and fix-it hints) go, as x
// offsets along `excerpt`, the quoted line, measured by `width(character)`:
// each at the column it marks, counted as a compiler counts columns (an
// East Asian character two). A run of letters (a fix-it's word) is one
// mark; every '^', '~' and '|' one of its own. For the tests too.
struct CaretMark {
    float x = 0.0f;
    std::string text;
};
template <typename Width>
std::vector<CaretMark> caretMarks(const std::string& excerpt, const std::string& line,
                                  const Width& width);

}  // namespace heatlab

#include "app/i18n/utf8.h"

namespace heatlab {

template <typename Width>
std::vector<CaretMark> caretMarks(const std::string& excerpt, const std::string& line,
                                  const Width& width) {
    std::vector<CaretMark> marks;
    float x = 0.0f;
    std::size_t at = 0;     // in `excerpt`
    bool wideHalf = false;  // the second column of a wide character: x is past it already
    bool inWord = false;
    for (const char c : line) {
        const bool single = c == '^' || c == '~' || c == '|';
        if (c == ' ' || single) {
            inWord = false;
        }
        if (single) {
            marks.push_back({x, std::string(1, c)});
        } else if (c != ' ') {
            if (!inWord) {
                marks.push_back({x, ""});
                inWord = true;
            }
            marks.back().text += c;
        }
        if (wideHalf) {
            wideHalf = false;
            continue;
        }
        if (at < excerpt.size()) {
            const std::size_t start = at;
            const std::optional<char32_t> character = nextCharacter(excerpt, at);
            x += width(excerpt.substr(start, at - start));
            wideHalf = character && eastAsian(*character);
        } else {
            x += width(" ");
        }
    }
    return marks;
}

}  // namespace heatlab
