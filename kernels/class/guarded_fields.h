#pragma once
// The two fields a class kernel steps, `in` and `out`, laid out in one
// region of memory so that a kernel that strays past either is caught: each
// field ends flush against a page no access is allowed to (a read or write
// one cell past its end faults at once), and the slack before it, up to the
// previous such page, holds a canary pattern that a write before its start
// changes. The checking process lays the same layout over the memory the
// lecture shares with it and over the check's own fields, so both catch
// the same mistakes.
//
//   [guard page][slack][in][guard page][slack][out][guard page]
//
// Pure layout arithmetic here (also the lecture's side, which only needs to
// know where `in` and `out` are), plus the calls that protect the guards
// and arm and read the canaries (the kernel's side).

#include <cstddef>
#include <string>

#include "kernels/numerics/params.h"

namespace heatlab {

struct GuardedLayout {
    std::size_t inOffset = 0;  // bytes from the region's start
    std::size_t outOffset = 0;
    std::size_t regionBytes = 0;  // the whole region, guards included
};

// The layout of `grid`'s two fields (the page size is the system's).
GuardedLayout guardedLayout(const GridSize& grid);

// Where a stray access landed.
enum class StrayPlace {
    Elsewhere,  // not beside the fields
    BeforeIn,   // the guard page or slack before `in`
    AfterIn,    // the guard page past `in`'s end
    BeforeOut,  // the slack before `out`
    AfterOut,   // the guard page past `out`'s end
};

// The two fields of `grid` over `base` (page-aligned, at least
// guardedLayout(grid).regionBytes long), on the kernel's side.
class GuardedFields {
public:
    // Lays the fields out over `base` and makes the guard pages
    // inaccessible (the rest of the first `mappedBytes` readable and
    // writable again, for a region laid out before for another grid).
    // Throws RuntimeError where the protection cannot be changed.
    GuardedFields(unsigned char* base, std::size_t mappedBytes, const GridSize& grid);

    float* in() const { return reinterpret_cast<float*>(base_ + layout_.inOffset); }
    float* out() const { return reinterpret_cast<float*>(base_ + layout_.outOffset); }
    const GridSize& grid() const { return grid_; }

    // Fills both slacks with the canary pattern.
    void armCanaries();
    // Empty while both canaries are whole; else one line on where the
    // kernel wrote ("changed 4 bytes before the start of `out`").
    std::string canaryProblem() const;

    // Where `address` is beside the fields, for a fault's report.
    // Async-signal-safe (arithmetic on members only).
    StrayPlace placeOf(const void* address) const;

private:
    unsigned char* base_;
    GridSize grid_;
    GuardedLayout layout_;
};

}  // namespace heatlab
