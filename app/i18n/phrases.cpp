#include "app/i18n/phrases.h"

#include <cctype>
#include <vector>

#include "kernels/base/words.h"

namespace heatlab {

namespace {

// The catalogue's translation of `english`, or nothing where it has none.
bool translated(const std::string& english, std::string& out) {
    const char* words = tr(english.c_str());
    if (words == english.c_str() || english == words) {
        return false;
    }
    out = words;
    return true;
}

// `phrase` with each run of digits as "%d", the runs kept in order.
std::string numbersAsDirectives(std::string_view phrase, std::vector<std::string>& numbers) {
    std::string format;
    for (std::size_t i = 0; i < phrase.size();) {
        if (std::isdigit(static_cast<unsigned char>(phrase[i])) != 0) {
            std::size_t end = i;
            while (end < phrase.size() && std::isdigit(static_cast<unsigned char>(phrase[end]))) {
                ++end;
            }
            numbers.emplace_back(phrase.substr(i, end - i));
            format += "%d";
            i = end;
        } else {
            format += phrase[i] == '%' ? "%%" : std::string(1, phrase[i]);
            ++i;
        }
    }
    return format;
}

// A translated format's "%d" filled with `numbers` in order ("%%" is "%").
std::string filled(const std::string& format, const std::vector<std::string>& numbers) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] == '%' && i + 1 < format.size()) {
            if (format[i + 1] == 'd' && next < numbers.size()) {
                out += numbers[next++];
                ++i;
                continue;
            }
            if (format[i + 1] == '%') {
                out += '%';
                ++i;
                continue;
            }
        }
        out += format[i];
    }
    return out;
}

std::string phraseInWords(std::string_view phrase) {
    std::string out;
    if (phrase.empty() || translated(std::string(phrase), out)) {
        return phrase.empty() ? std::string() : out;
    }
    std::vector<std::string> numbers;
    const std::string format = numbersAsDirectives(phrase, numbers);
    if (!numbers.empty() && translated(format, out)) {
        return filled(out, numbers);
    }
    // "rest (note)": the note is a phrase of its own.
    if (phrase.back() == ')') {
        if (const std::size_t open = phrase.rfind(" ("); open != std::string_view::npos) {
            return phraseInWords(phrase.substr(0, open)) + " (" +
                   phraseInWords(phrase.substr(open + 2, phrase.size() - open - 3)) + ")";
        }
    }
    // "name: rest": a name (a cache's, "now") and what it names.
    if (const std::size_t colon = phrase.find(": "); colon != std::string_view::npos) {
        return phraseInWords(phrase.substr(0, colon)) + ": " +
               phraseInWords(phrase.substr(colon + 2));
    }
    return std::string(phrase);
}

}  // namespace

std::string phrasesInWords(std::string_view label) {
    std::string out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = label.find(", ", start);
        out += phraseInWords(label.substr(start, comma - start));
        if (comma == std::string_view::npos) {
            return out;
        }
        out += ", ";
        start = comma + 2;
    }
}

}  // namespace heatlab
