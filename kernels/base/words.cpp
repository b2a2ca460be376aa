#include "kernels/base/words.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>

namespace heatlab {

namespace {

std::atomic<Translation> installed{nullptr};

}  // namespace

void setTranslation(Translation translation) { installed.store(translation); }

const char* tr(const char* english) {
    const Translation translation = installed.load(std::memory_order_relaxed);
    return translation != nullptr ? translation(english) : english;
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

}  // namespace heatlab
