#include "kernels/class/guarded_fields.h"

#include <cerrno>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"

namespace heatlab {

namespace {

// What the slack before each field holds: bytes no float a kernel computes
// is likely to be made of, and not zero (a kernel that writes zeros).
constexpr unsigned char kCanary = 0xA5;

std::size_t pageBytes() {
    static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return page;
}

std::size_t roundUp(std::size_t bytes, std::size_t unit) {
    return (bytes + unit - 1) / unit * unit;
}

// The slot a field sits at the end of: whole pages, at least one.
std::size_t slotBytes(const GridSize& grid) {
    return roundUp(grid.bytes() == 0 ? 1 : grid.bytes(), pageBytes());
}

// Bytes before `offset` up to the guard page before it that hold the canary.
std::size_t slackBytes(const GridSize& grid) { return slotBytes(grid) - grid.bytes(); }

std::size_t changedBytes(const unsigned char* slack, std::size_t bytes) {
    std::size_t changed = 0;
    for (std::size_t i = 0; i < bytes; ++i) {
        changed += slack[i] != kCanary ? 1 : 0;
    }
    return changed;
}

}  // namespace

GuardedLayout guardedLayout(const GridSize& grid) {
    const std::size_t page = pageBytes();
    const std::size_t slot = slotBytes(grid);
    GuardedLayout layout;
    layout.inOffset = page + slot - grid.bytes();
    layout.outOffset = page + slot + page + slot - grid.bytes();
    layout.regionBytes = 3 * page + 2 * slot;
    return layout;
}

GuardedFields::GuardedFields(unsigned char* base, std::size_t mappedBytes, const GridSize& grid)
    : base_(base), grid_(grid), layout_(guardedLayout(grid)) {
    const std::size_t page = pageBytes();
    const std::size_t slot = slotBytes(grid);
    if (mappedBytes < layout_.regionBytes) {
        throw RuntimeError(trf("the fields of %s need %zu bytes, the region has %zu",
                               gridText(grid).c_str(), layout_.regionBytes, mappedBytes));
    }
    const bool guarded = ::mprotect(base_, mappedBytes, PROT_READ | PROT_WRITE) == 0 &&
                         ::mprotect(base_, page, PROT_NONE) == 0 &&
                         ::mprotect(base_ + page + slot, page, PROT_NONE) == 0 &&
                         ::mprotect(base_ + 2 * (page + slot), page, PROT_NONE) == 0;
    if (!guarded) {
        throw RuntimeError(
            trf("the guard pages around a kernel's fields: %s", std::strerror(errno)));
    }
}

void GuardedFields::armCanaries() {
    const std::size_t slack = slackBytes(grid_);
    std::memset(base_ + layout_.inOffset - slack, kCanary, slack);
    std::memset(base_ + layout_.outOffset - slack, kCanary, slack);
}

std::string GuardedFields::canaryProblem() const {
    const std::size_t slack = slackBytes(grid_);
    const std::size_t beforeIn = changedBytes(base_ + layout_.inOffset - slack, slack);
    const std::size_t beforeOut = changedBytes(base_ + layout_.outOffset - slack, slack);
    if (beforeOut > 0) {
        return trf("changed %zu bytes before the start of `out`", beforeOut);
    }
    if (beforeIn > 0) {
        return trf("changed %zu bytes before the start of `in`", beforeIn);
    }
    return "";
}

StrayPlace GuardedFields::placeOf(const void* address) const {
    const auto* at = static_cast<const unsigned char*>(address);
    if (at < base_ || at >= base_ + layout_.regionBytes) {
        return StrayPlace::Elsewhere;
    }
    const std::size_t offset = static_cast<std::size_t>(at - base_);
    const std::size_t inEnd = layout_.inOffset + grid_.bytes();
    const std::size_t outStart = inEnd + pageBytes() + slackBytes(grid_);
    if (offset < layout_.inOffset) {
        return StrayPlace::BeforeIn;
    }
    if (offset < inEnd + pageBytes() && offset >= inEnd) {
        return StrayPlace::AfterIn;
    }
    if (offset < outStart && offset >= inEnd) {
        return StrayPlace::BeforeOut;
    }
    if (offset >= layout_.outOffset + grid_.bytes()) {
        return StrayPlace::AfterOut;
    }
    return StrayPlace::Elsewhere;  // inside a field: no stray access
}

}  // namespace heatlab
