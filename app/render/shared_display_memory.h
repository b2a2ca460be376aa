#pragma once
// Device memory a graphics API imports once and CUDA writes with no map per
// frame: allocated by CUDA's virtual memory API (cuMemCreate, exportable as
// a POSIX file descriptor), which the display side imports into OpenGL
// (GL_EXT_memory_object_fd). The driver's cuMem* calls are reached through
// cudaGetDriverEntryPointByVersion: heatlab links only the static CUDA
// runtime and starts without libcuda. No CUDA header here. A CUDA source of
// heatlab_render, built only with the CUDA backend.

#include <cstddef>
#include <memory>
#include <string>

namespace heatlab {

class SharedDeviceMemory {
public:
    // At least `bytes` on the current device (rounded up to the driver's
    // granularity); nullptr, with the reason in *why, where the driver or
    // the device offers no such memory.
    static std::unique_ptr<SharedDeviceMemory> create(std::size_t bytes, std::string* why);
    ~SharedDeviceMemory();
    SharedDeviceMemory(const SharedDeviceMemory&) = delete;
    SharedDeviceMemory& operator=(const SharedDeviceMemory&) = delete;

    float* data() const { return data_; }
    // What was allocated, which is what an importer must be told.
    std::size_t bytes() const { return bytes_; }
    // A new file descriptor for the memory, which the importer then owns
    // (OpenGL closes it); -1 with *why when the driver refuses.
    int exportFd(std::string* why) const;

    // Ordering without a map: an event after the work queued on `stream`
    // (the backend's cudaStream_t) that writes the memory, and a host wait
    // for it before the graphics API reads it.
    void recordWritten(void* stream);
    void waitWritten();
    // `bytes` at `offset` into host memory, read by CUDA after the last
    // recorded write: GL's own reads of imported memory (a buffer copy, a
    // glGetBufferSubData) were seen on the H200 to answer from an old copy,
    // without GL ever being told CUDA wrote it. On a stream of its own, so
    // it waits for nothing else the device is doing.
    void read(std::size_t offset, void* out, std::size_t bytes);

private:
    struct Driver;
    SharedDeviceMemory() = default;

    float* data_ = nullptr;
    std::size_t bytes_ = 0;
    unsigned long long handle_ = 0;  // CUmemGenericAllocationHandle
    void* written_ = nullptr;        // cudaEvent_t
    void* readStream_ = nullptr;     // cudaStream_t, made at the first read()
    bool mapped_ = false;
};

}  // namespace heatlab
