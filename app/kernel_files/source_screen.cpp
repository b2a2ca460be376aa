#include "app/kernel_files/source_screen.h"

#include <cctype>
#include <set>
#include <vector>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

// The source after phase 2 (every backslash-newline gone, as the compiler
// splices them; GCC also takes a backslash with spaces before the newline),
// with each character's line in the file.
struct Spliced {
    std::string text;
    std::vector<int> line;
};

Spliced splice(const std::string& source) {
    Spliced out;
    int line = 1;
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\\') {
            std::size_t j = i + 1;
            while (j < source.size() &&
                   (source[j] == ' ' || source[j] == '\t' || source[j] == '\f' ||
                    source[j] == '\v' || source[j] == '\r')) {
                ++j;
            }
            if (j < source.size() && source[j] == '\n') {
                ++line;
                i = j;
                continue;
            }
        }
        out.text += source[i];
        out.line.push_back(line);
        if (source[i] == '\n') {
            ++line;
        }
    }
    return out;
}

bool identifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool identifierChar(char c) {
    return identifierStart(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

const std::set<std::string>& refusedWords() {
    static const std::set<std::string> words{"include",
                                             "include_next",
                                             "import",
                                             "embed",
                                             "incbin",
                                             "dependency",
                                             "_Pragma",
                                             "__pragma",
                                             "asm",
                                             "__asm",
                                             "__asm__",
                                             "__has_include",
                                             "__has_include_next",
                                             "__has_embed"};
    return words;
}

class Screen {
public:
    explicit Screen(const Spliced& s) : s_(s), code_(s.text) {}

    // Comments blanked out of code_ (newlines kept), literals kept; the
    // first problem of lexing, if any.
    std::string lex() {
        const std::string& t = s_.text;
        std::size_t i = 0;
        while (i < t.size()) {
            const char c = t[i];
            if (c == '/' && i + 1 < t.size() && t[i + 1] == '/') {
                while (i < t.size() && t[i] != '\n') {
                    code_[i++] = ' ';
                }
            } else if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
                const std::size_t start = i;
                code_[i++] = ' ';
                code_[i++] = ' ';
                while (i < t.size() && !(t[i] == '*' && i + 1 < t.size() && t[i + 1] == '/')) {
                    if (t[i] != '\n') {
                        code_[i] = ' ';
                    }
                    ++i;
                }
                if (i >= t.size()) {
                    return at(start, tr("a comment that never ends"));
                }
                code_[i++] = ' ';
                code_[i++] = ' ';
            } else if (c == '"' || c == '\'') {
                i = literalEnd(i);
            } else if (std::isdigit(static_cast<unsigned char>(c)) != 0 ||
                       (c == '.' && i + 1 < t.size() &&
                        std::isdigit(static_cast<unsigned char>(t[i + 1])) != 0)) {
                i = numberEnd(i);
            } else if (identifierStart(c)) {
                std::size_t end = i;
                while (end < t.size() && identifierChar(t[end])) {
                    ++end;
                }
                const std::string word = t.substr(i, end - i);
                if (end < t.size() && t[end] == '"' && word.back() == 'R') {
                    return at(i, tr("raw string literals (R\"...\") are not allowed in a kernel "
                                    "file"));
                }
                i = end;
            } else {
                ++i;
            }
        }
        return "";
    }

    // The first refused word or paste outside comments and the contract's
    // own include line.
    std::string words() {
        blankContractIncludes();
        const std::string& t = code_;
        std::size_t i = 0;
        while (i < t.size()) {
            if (t.compare(i, 2, "##") == 0 || t.compare(i, 4, "%:%:") == 0) {
                return at(i, tr("token pasting (##) is not allowed in a kernel file: it could "
                                "build a word that reads another file"));
            }
            if (t[i] == '"' || t[i] == '\'') {
                i = literalEnd(i);
                continue;
            }
            if (std::isdigit(static_cast<unsigned char>(t[i])) != 0) {
                i = numberEnd(i);
                continue;
            }
            if (!identifierStart(t[i])) {
                ++i;
                continue;
            }
            std::size_t end = i;
            while (end < t.size() && identifierChar(t[end])) {
                ++end;
            }
            const std::string word = t.substr(i, end - i);
            if (refusedWords().count(word) > 0) {
                return word == "include"
                           ? at(i, tr("a kernel file may include only \"heatlab_kernel.h\" (no "
                                      "other file, no macro for it)"))
                           : at(i, trf("'%s' is not allowed in a kernel file: it could make the "
                                       "compiler read another file",
                                       word.c_str()));
            }
            i = end;
        }
        return "";
    }

private:
    std::string at(std::size_t index, const std::string& what) const {
        const int line =
            index < s_.line.size() ? s_.line[index] : (s_.line.empty() ? 1 : s_.line.back());
        return trf("line %d: %s", line, what.c_str());
    }

    // Past a string or character literal that starts at `i` (its quote);
    // one that reaches the end of its line ends there, as the compiler
    // then stops it with an error.
    std::size_t literalEnd(std::size_t i) const {
        const std::string& t = s_.text;
        const char quote = t[i++];
        while (i < t.size() && t[i] != quote && t[i] != '\n') {
            i += t[i] == '\\' ? 2 : 1;
        }
        return i < t.size() && t[i] == quote ? i + 1 : i;
    }

    // Past a preprocessing number that starts at `i`: digits, letters, '.',
    // '_', a sign after e E p P, and a digit separator ' before a digit or
    // letter (1'000'000 is one number, not a character literal).
    std::size_t numberEnd(std::size_t i) const {
        const std::string& t = s_.text;
        ++i;
        while (i < t.size()) {
            const char c = t[i];
            if (identifierChar(c) || c == '.') {
                ++i;
            } else if ((c == '+' || c == '-') &&
                       (t[i - 1] == 'e' || t[i - 1] == 'E' || t[i - 1] == 'p' || t[i - 1] == 'P')) {
                ++i;
            } else if (c == '\'' && i + 1 < t.size() && identifierChar(t[i + 1])) {
                i += 2;
            } else {
                break;
            }
        }
        return i;
    }

    // The contract's include, `#include "heatlab_kernel.h"` (or %:include)
    // alone on its line, blanked so its word passes.
    void blankContractIncludes() {
        std::size_t start = 0;
        while (start < code_.size()) {
            std::size_t end = code_.find('\n', start);
            if (end == std::string::npos) {
                end = code_.size();
            }
            std::string line = code_.substr(start, end - start);
            std::string packed;
            for (const char c : line) {
                if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') {
                    packed += c;
                }
            }
            if (packed == "#include\"heatlab_kernel.h\"" ||
                packed == "%:include\"heatlab_kernel.h\"") {
                for (std::size_t i = start; i < end; ++i) {
                    code_[i] = ' ';
                }
            }
            start = end + 1;
        }
    }

    const Spliced& s_;
    std::string code_;
};

}  // namespace

std::string screenKernelSource(const std::string& source) {
    const Spliced spliced = splice(source);
    Screen screen(spliced);
    const std::string lexing = screen.lex();
    return lexing.empty() ? screen.words() : lexing;
}

}  // namespace heatlab
