#include "kernels/cpu/counted_allocator.h"

#include <atomic>

namespace heatlab::cpu {

namespace {

std::atomic<std::ptrdiff_t> held{0};

}  // namespace

std::size_t countedBytes() { return static_cast<std::size_t>(held.load()); }

void countBytes(std::ptrdiff_t bytes) { held += bytes; }

}  // namespace heatlab::cpu
