#include "app/render/shared_display_memory.h"

#include <cuda.h>
#include <cuda_runtime.h>
#include <type_traits>

#include "kernels/cuda/cuda_check.h"

namespace heatlab {

// The driver calls this needs, looked up once through the runtime.
struct SharedDeviceMemory::Driver {
    decltype(&cuMemGetAllocationGranularity) granularity = nullptr;
    decltype(&cuMemCreate) create = nullptr;
    decltype(&cuMemRelease) release = nullptr;
    decltype(&cuMemAddressReserve) reserve = nullptr;
    decltype(&cuMemAddressFree) free = nullptr;
    decltype(&cuMemMap) map = nullptr;
    decltype(&cuMemUnmap) unmap = nullptr;
    decltype(&cuMemSetAccess) setAccess = nullptr;
    decltype(&cuMemExportToShareableHandle) exportHandle = nullptr;
    std::string missing;  // the first call not found, if any

    static const Driver& get() {
        static const Driver driver = [] {
            Driver d;
            const auto find = [&d](const char* symbol, auto& fn) {
                void* address = nullptr;
                cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
                const cudaError_t e = cudaGetDriverEntryPointByVersion(symbol, &address, 12000,
                                                                       cudaEnableDefault, &status);
                if (e != cudaSuccess || status != cudaDriverEntryPointSuccess || !address) {
                    (void)cudaGetLastError();
                    if (d.missing.empty()) {
                        d.missing = symbol;
                    }
                    return;
                }
                fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(address);
            };
            find("cuMemGetAllocationGranularity", d.granularity);
            find("cuMemCreate", d.create);
            find("cuMemRelease", d.release);
            find("cuMemAddressReserve", d.reserve);
            find("cuMemAddressFree", d.free);
            find("cuMemMap", d.map);
            find("cuMemUnmap", d.unmap);
            find("cuMemSetAccess", d.setAccess);
            find("cuMemExportToShareableHandle", d.exportHandle);
            return d;
        }();
        return driver;
    }
};

namespace {

CUmemAllocationProp allocationOn(int device) {
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    return prop;
}

std::string failed(const char* call, CUresult result) {
    return std::string(call) + " failed (CUresult " + std::to_string(static_cast<int>(result)) +
           ")";
}

}  // namespace

std::unique_ptr<SharedDeviceMemory> SharedDeviceMemory::create(std::size_t bytes,
                                                               std::string* why) {
    const Driver& d = Driver::get();
    if (!d.missing.empty()) {
        *why = "the CUDA driver has no " + d.missing;
        return nullptr;
    }
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaFree(nullptr));  // the runtime's context current on this thread
    // A device without exportable memory refuses cuMemCreate below.
    const CUmemAllocationProp prop = allocationOn(device);
    std::size_t granularity = 0;
    CUresult r = d.granularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
    if (r != CUDA_SUCCESS || granularity == 0) {
        *why = failed("cuMemGetAllocationGranularity", r);
        return nullptr;
    }
    std::unique_ptr<SharedDeviceMemory> memory(new SharedDeviceMemory());
    memory->bytes_ = (bytes + granularity - 1) / granularity * granularity;
    CUmemGenericAllocationHandle handle = 0;
    if ((r = d.create(&handle, memory->bytes_, &prop, 0)) != CUDA_SUCCESS) {
        *why = failed("cuMemCreate", r);
        return nullptr;
    }
    memory->handle_ = handle;
    CUdeviceptr address = 0;
    if ((r = d.reserve(&address, memory->bytes_, 0, 0, 0)) != CUDA_SUCCESS) {
        *why = failed("cuMemAddressReserve", r);
        return nullptr;  // the destructor releases the handle
    }
    memory->data_ = reinterpret_cast<float*>(address);
    if ((r = d.map(address, memory->bytes_, 0, handle, 0)) != CUDA_SUCCESS) {
        *why = failed("cuMemMap", r);
        return nullptr;
    }
    memory->mapped_ = true;
    CUmemAccessDesc access{};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    if ((r = d.setAccess(address, memory->bytes_, &access, 1)) != CUDA_SUCCESS) {
        *why = failed("cuMemSetAccess", r);
        return nullptr;
    }
    cudaEvent_t event = nullptr;
    CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    memory->written_ = event;
    return memory;
}

SharedDeviceMemory::~SharedDeviceMemory() {
    const Driver& d = Driver::get();
    if (readStream_ != nullptr) {
        CUDA_CHECK_PRINT(cudaStreamDestroy(static_cast<cudaStream_t>(readStream_)));
    }
    if (written_ != nullptr) {
        CUDA_CHECK_PRINT(cudaEventSynchronize(static_cast<cudaEvent_t>(written_)));
        CUDA_CHECK_PRINT(cudaEventDestroy(static_cast<cudaEvent_t>(written_)));
    }
    const auto address = reinterpret_cast<CUdeviceptr>(data_);
    if (mapped_) {
        (void)d.unmap(address, bytes_);
    }
    if (data_ != nullptr) {
        (void)d.free(address, bytes_);
    }
    if (handle_ != 0) {
        (void)d.release(static_cast<CUmemGenericAllocationHandle>(handle_));
    }
}

int SharedDeviceMemory::exportFd(std::string* why) const {
    int fd = -1;
    const CUresult r =
        Driver::get().exportHandle(&fd, static_cast<CUmemGenericAllocationHandle>(handle_),
                                   CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
    if (r != CUDA_SUCCESS) {
        *why = failed("cuMemExportToShareableHandle", r);
        return -1;
    }
    return fd;
}

void SharedDeviceMemory::recordWritten(void* stream) {
    CUDA_CHECK(
        cudaEventRecord(static_cast<cudaEvent_t>(written_), static_cast<cudaStream_t>(stream)));
}

void SharedDeviceMemory::waitWritten() {
    CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(written_)));
}

void SharedDeviceMemory::read(std::size_t offset, void* out, std::size_t bytes) {
    if (offset + bytes > bytes_) {
        throw RuntimeError("SharedDeviceMemory::read: past the end of the memory");
    }
    if (readStream_ == nullptr) {
        cudaStream_t stream = nullptr;
        CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
        readStream_ = stream;
    }
    const auto stream = static_cast<cudaStream_t>(readStream_);
    CUDA_CHECK(cudaStreamWaitEvent(stream, static_cast<cudaEvent_t>(written_), 0));
    CUDA_CHECK(cudaMemcpyAsync(out, reinterpret_cast<const char*>(data_) + offset, bytes,
                               cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace heatlab
