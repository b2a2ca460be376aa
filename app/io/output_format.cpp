#include "app/io/output_format.h"

#include <cctype>
#include <cstring>

#include <sys/stat.h>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

bool endsInIgnoringCase(const std::string& name, const char* extension) {
    const std::size_t length = std::strlen(extension);
    if (name.size() <= length) {
        return false;  // ".png" alone names no picture
    }
    for (std::size_t i = 0; i < length; ++i) {
        const auto a = static_cast<unsigned char>(name[name.size() - length + i]);
        const auto b = static_cast<unsigned char>(extension[i]);
        if (std::tolower(a) != std::tolower(b)) {
            return false;
        }
    }
    return true;
}

}  // namespace

std::string outputFormatProblem(const std::string& path, const OutputFormat& format) {
    if (*format.extension == '\0') {
        return {};
    }
    struct stat existing = {};
    if (::lstat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
        return {};  // a device, a FIFO, a link: named as it is
    }
    const std::size_t slash = path.rfind('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (endsInIgnoringCase(name, format.extension)) {
        return {};
    }
    return trf("%s files are named *%s, got '%s'", format.name, format.extension, path.c_str());
}

}  // namespace heatlab
