#include "app/i18n/translation.h"

#include <atomic>
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

// The catalogue's lookup, which the words of the whole program go through
// (kernels/base/words.h).
const char* translated(const char* english) {
    if (chosen.load(std::memory_order_relaxed) != Language::Japanese) {
        return english;
    }
    const Catalogue& catalogue = japanese();
    const auto found = catalogue.find(english);
    return found != catalogue.end() && !found->second.empty() ? found->second.c_str() : english;
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
    setTranslation(translated);
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

std::vector<std::string_view> japaneseTexts() {
    std::vector<std::string_view> texts;
    for (const auto& [english, translation] : japanese()) {
        texts.emplace_back(translation);
    }
    return texts;
}

}  // namespace heatlab
