#include "app/io/memory_sink.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

MemorySink::MemorySink(std::string name, std::size_t cap, Deliver deliver)
    : name_(std::move(name)), cap_(cap), deliver_(std::move(deliver)) {}

void MemorySink::write(const void* data, std::size_t size) {
    if (complete_) {
        throw RuntimeError(trf("cannot write %s: it is finished", name_.c_str()));
    }
    if (at_ > cap_ || size > cap_ - at_) {
        throw RuntimeError(trf("cannot write %s: over %zu bytes, the most it may hold in memory",
                               name_.c_str(), cap_));
    }
    // A seek past the end leaves a gap, as a file's hole reads as zeros.
    if (at_ + size > bytes_.size()) {
        bytes_.resize(at_ + size);
    }
    if (size > 0) {
        std::memcpy(bytes_.data() + at_, data, size);
    }
    at_ += size;
}

std::int64_t MemorySink::seek(std::int64_t offset, int whence) {
    std::int64_t from = 0;
    if (whence == SEEK_CUR) {
        from = static_cast<std::int64_t>(at_);
    } else if (whence == SEEK_END) {
        from = static_cast<std::int64_t>(bytes_.size());
    } else if (whence != SEEK_SET) {
        throw RuntimeError(trf("cannot write %s: a seek it cannot make", name_.c_str()));
    }
    if (offset < -from) {
        throw RuntimeError(trf("cannot write %s: a seek before its start", name_.c_str()));
    }
    at_ = static_cast<std::size_t>(from + offset);
    return static_cast<std::int64_t>(at_);
}

void MemorySink::complete() { complete_ = true; }

void MemorySink::commit() {
    complete();
    if (deliver_) {
        deliver_(name_, std::exchange(bytes_, {}));
        deliver_ = nullptr;
    }
}

void MemorySink::abandon() noexcept {
    bytes_.clear();
    bytes_.shrink_to_fit();
    deliver_ = nullptr;
    complete_ = true;
}

std::size_t MemorySink::read(std::int64_t offset, void* data, std::size_t size) const {
    if (offset < 0 || static_cast<std::size_t>(offset) >= bytes_.size()) {
        return 0;
    }
    const std::size_t n = std::min(size, bytes_.size() - static_cast<std::size_t>(offset));
    std::memcpy(data, bytes_.data() + offset, n);
    return n;
}

std::size_t MemorySink::room() const {
    const std::size_t end = std::max(bytes_.size(), at_);
    return end >= cap_ ? 0 : cap_ - end;
}

}  // namespace heatlab
