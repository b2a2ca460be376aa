#include "app/i18n/translation.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "app/i18n/mo_catalogue.h"
#include "i18n/ja_mo.h"

namespace heatlab {

namespace {

std::atomic<Language> chosen{Language::English};

const Catalogue& japanese() {
    static const Catalogue catalogue = readMoCatalogue(embedded::kJaMo, embedded::kJaMoSize);
    return catalogue;
}

bool startsWithJa(const char* value) {
    return value != nullptr && value[0] == 'j' && value[1] == 'a' &&
           (value[2] == '\0' || value[2] == '_' || value[2] == '.' || value[2] == ':' ||
            value[2] == '@');
}

}  // namespace

void setLanguage(Language language) {
    if (language == Language::Japanese) {
        (void)japanese();  // read before any thread asks for a word
    }
    chosen.store(language);
}

Language language() { return chosen.load(); }

bool parseLanguage(std::string_view code, Language* language) {
    if (code == "ja") {
        *language = Language::Japanese;
        return true;
    }
    if (code == "en") {
        *language = Language::English;
        return true;
    }
    return false;
}

Language environmentLanguage() {
    // LANGUAGE is a list ("ja:en"); only its first entry counts here.
    if (const char* list = std::getenv("LANGUAGE"); list != nullptr && list[0] != '\0') {
        return startsWithJa(list) ? Language::Japanese : Language::English;
    }
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        if (const char* value = std::getenv(name); value != nullptr && value[0] != '\0') {
            return startsWithJa(value) ? Language::Japanese : Language::English;
        }
    }
    return Language::English;
}

const char* tr(const char* english) {
    if (chosen.load(std::memory_order_relaxed) != Language::Japanese) {
        return english;
    }
    const Catalogue& catalogue = japanese();
    const auto found = catalogue.find(english);
    return found != catalogue.end() && !found->second.empty() ? found->second.c_str() : english;
}

std::string trf(const char* englishFormat, ...) {
    const char* format = tr(englishFormat);
    va_list args;
    va_start(args, englishFormat);
    va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string text(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    return text;
}

std::vector<std::string_view> japaneseTexts() {
    std::vector<std::string_view> texts;
    for (const auto& [english, translation] : japanese()) {
        texts.emplace_back(translation);
    }
    return texts;
}

}  // namespace heatlab
