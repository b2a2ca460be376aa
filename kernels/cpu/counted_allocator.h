#pragma once
// The CPU backend's allocator: std::allocator's memory, each block counted
// while it is held, so a test can hold what the backend allocates against
// what it said it would (Backend::bytesNeeded), and its values left
// uninitialised where they are about to be written anyway (a new grid's
// buffers, filled by the upload that made them: one pass over them, not
// two).

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace heatlab::cpu {

// Bytes every CPU backend's buffers hold now, together.
std::size_t countedBytes();
// Adds (or, negative, takes away) what a block holds.
void countBytes(std::ptrdiff_t bytes);

template <typename T>
struct CountedAllocator {
    using value_type = T;

    CountedAllocator() = default;
    template <typename U>
    CountedAllocator(const CountedAllocator<U>& /*other*/) noexcept {}

    T* allocate(std::size_t n) {
        T* p = std::allocator<T>{}.allocate(n);
        countBytes(static_cast<std::ptrdiff_t>(n * sizeof(T)));
        return p;
    }
    void deallocate(T* p, std::size_t n) noexcept {
        countBytes(-static_cast<std::ptrdiff_t>(n * sizeof(T)));
        std::allocator<T>{}.deallocate(p, n);
    }
    // Default-initialised: no zeros written for a float.
    template <typename U>
    void construct(U* p) noexcept(noexcept(U())) {
        ::new (static_cast<void*>(p)) U;
    }
    template <typename U, typename... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    friend bool operator==(const CountedAllocator&, const CountedAllocator&) { return true; }
    friend bool operator!=(const CountedAllocator&, const CountedAllocator&) { return false; }
};

}  // namespace heatlab::cpu
