#include "app/i18n/mo_catalogue.h"

#include <cstdint>
#include <cstring>

#include "kernels/base/errors.h"

namespace heatlab {

namespace {

constexpr std::uint32_t kMagic = 0x950412de;  // in the file's own byte order

class MoReader {
public:
    MoReader(const unsigned char* bytes, std::size_t size) : bytes_(bytes), size_(size) {
        if (size < 28) {
            throw RuntimeError("a message catalogue of " + std::to_string(size) + " bytes");
        }
        const std::uint32_t magic = word(0, false);
        if (magic == kMagic) {
            swapped_ = false;
        } else if (word(0, true) == kMagic) {
            swapped_ = true;
        } else {
            throw RuntimeError("a message catalogue without gettext's magic number");
        }
    }

    std::uint32_t at(std::size_t offset) const { return word(offset, swapped_); }

    std::string string(std::size_t tableOffset, std::uint32_t index) const {
        const std::size_t entry = tableOffset + static_cast<std::size_t>(index) * 8;
        const std::uint32_t length = at(entry);
        const std::uint32_t offset = at(entry + 4);
        if (static_cast<std::size_t>(offset) + length > size_) {
            throw RuntimeError("a message catalogue with a string past its end");
        }
        return std::string(reinterpret_cast<const char*>(bytes_ + offset), length);
    }

private:
    std::uint32_t word(std::size_t offset, bool swapped) const {
        if (offset + 4 > size_) {
            throw RuntimeError("a message catalogue with a table past its end");
        }
        const unsigned char* p = bytes_ + offset;
        return swapped ? (std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 |
                          std::uint32_t{p[2]} << 8 | p[3])
                       : (std::uint32_t{p[3]} << 24 | std::uint32_t{p[2]} << 16 |
                          std::uint32_t{p[1]} << 8 | p[0]);
    }

    const unsigned char* bytes_;
    std::size_t size_;
    bool swapped_ = false;
};

}  // namespace

Catalogue readMoCatalogue(const unsigned char* bytes, std::size_t size) {
    const MoReader mo(bytes, size);
    const std::uint32_t count = mo.at(8);
    const std::uint32_t originals = mo.at(12);
    const std::uint32_t translations = mo.at(16);
    Catalogue catalogue;
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string english = mo.string(originals, i);
        if (english.empty()) {
            continue;  // the header: the catalogue's own description
        }
        catalogue.emplace(std::move(english), mo.string(translations, i));
    }
    return catalogue;
}

}  // namespace heatlab
