#include "app/io/downloads.h"

#include <utility>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

void Downloads::add(std::string name, std::vector<unsigned char> bytes) {
    if (bytes.size() > mostBytes_) {
        throw RuntimeError(trf("cannot write %s: over %zu bytes, the most it may hold in memory",
                               name.c_str(), mostBytes_));
    }
    waiting_.push_back(Download{std::move(name), std::move(bytes)});
}

std::unique_ptr<MemorySink> Downloads::sink(const std::string& name) {
    return std::make_unique<MemorySink>(
        name, mostBytes_, [this](const std::string& done, std::vector<unsigned char> bytes) {
            add(done, std::move(bytes));
        });
}

std::vector<Download> Downloads::take() { return std::exchange(waiting_, {}); }

}  // namespace heatlab
