#pragma once
// Move-only owners of the CUDA handles the backend holds: device buffers,
// events, streams and pinned host memory. Each releases its handle in its
// destructor with CUDA_CHECK_PRINT (a destructor must never throw), and a
// moved-from owner holds nothing, so every handle is released exactly once.
//
// Host code only: the tests, the backend and app/'s CUDA sources (the display
// buffer's events and stream) include this without device code.

#include <atomic>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>

#include <cuda_runtime.h>

#include "kernels/backend.h"
#include "kernels/base/errors.h"
#include "kernels/cuda/cuda_check.h"

namespace heatlab {

// Bytes every DeviceBuffer holds now, together: what the gpu tests hold
// Backend::bytesNeeded() against.
inline std::atomic<long long>& deviceBufferBytes() {
    static std::atomic<long long> held{0};
    return held;
}

// `count` elements of T in device memory. cudaMalloc aligns to at least 256
// bytes, which the vector (float4) kernels rely on. Counted while held
// (deviceBufferBytes()).
template <typename T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) {
        if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) {
            throw RuntimeError("DeviceBuffer: " + std::to_string(count) +
                               " elements overflow a byte count");
        }
        if (count > 0) {
            CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T)));
            count_ = count;
            deviceBufferBytes() += static_cast<long long>(count * sizeof(T));
        }
    }
    ~DeviceBuffer() { release(); }

    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
        if (this != &other) {
            release();
            data_ = std::exchange(other.data_, nullptr);
            count_ = std::exchange(other.count_, 0);
        }
        return *this;
    }

    T* data() { return data_; }
    const T* data() const { return data_; }
    std::size_t size() const { return count_; }
    std::size_t bytes() const { return count_ * sizeof(T); }

private:
    void release() noexcept {
        if (data_ != nullptr) {
            CUDA_CHECK_PRINT(cudaFree(data_));
            deviceBufferBytes() -= static_cast<long long>(count_ * sizeof(T));
            data_ = nullptr;
            count_ = 0;
        }
    }

    T* data_ = nullptr;
    std::size_t count_ = 0;
};

// A CUDA event. Timing events need the default flags; events that only order
// work between streams are cheaper with cudaEventDisableTiming.
class Event {
public:
    explicit Event(unsigned int flags = cudaEventDefault) {
        CUDA_CHECK(cudaEventCreateWithFlags(&event_, flags));
    }
    ~Event() {
        if (event_ != nullptr) {
            CUDA_CHECK_PRINT(cudaEventDestroy(event_));
        }
    }

    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    Event(Event&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
    Event& operator=(Event&& other) noexcept {
        std::swap(event_, other.event_);  // other's destructor releases ours
        return *this;
    }

    cudaEvent_t get() const { return event_; }

private:
    cudaEvent_t event_ = nullptr;
};

// A non-blocking stream: it does not synchronise with the legacy default
// stream, so nothing else in the process (a library, a plain cudaMemcpy) can
// serialise against the backend's work by accident. The price is that
// ordering with other streams is explicit (events), never implied.
class Stream {
public:
    Stream() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
    ~Stream() {
        if (stream_ != nullptr) {
            CUDA_CHECK_PRINT(cudaStreamDestroy(stream_));
        }
    }

    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    Stream(Stream&& other) noexcept : stream_(std::exchange(other.stream_, nullptr)) {}
    Stream& operator=(Stream&& other) noexcept {
        std::swap(stream_, other.stream_);
        return *this;
    }

    cudaStream_t get() const { return stream_; }

private:
    cudaStream_t stream_ = nullptr;
};

// Pinned (page-locked) host memory as a HostBuffer. Only pinned memory lets
// cudaMemcpyAsync copy to the host without a staging copy and without
// blocking the caller; the deleter travels with the pointer, so whoever holds
// the buffer frees it correctly without knowing it came from CUDA.
inline void freePinnedHost(float* p) noexcept { CUDA_CHECK_PRINT(cudaFreeHost(p)); }

inline HostBuffer allocatePinnedHost(std::size_t count) {
    if (count == 0) {
        return HostBuffer(nullptr, HostBufferDeleter{&freePinnedHost});
    }
    if (count > std::numeric_limits<std::size_t>::max() / sizeof(float)) {
        throw RuntimeError("allocatePinnedHost: " + std::to_string(count) +
                           " floats overflow a byte count");
    }
    void* p = nullptr;
    CUDA_CHECK(cudaMallocHost(&p, count * sizeof(float)));
    return HostBuffer(static_cast<float*>(p), HostBufferDeleter{&freePinnedHost});
}

}  // namespace heatlab
