#include "app/kernel_files/cuda_kernel_runner.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include <cuda.h>
#include <dlfcn.h>

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

// What the device's canaries hold beside each field in the check: a NaN
// of a pattern no kernel computes.
constexpr unsigned int kCanaryBits = 0x7FA5A5A5u;

// Dynamic shared memory a block may have without asking for more.
constexpr int kDefaultSharedBytes = 48 * 1024;

// The driver's errors after which the context is gone: a fault in a
// kernel (an illegal address, a misaligned one, a trap, a launch that ran
// past the display's time limit).
bool poisons(CUresult result) {
    return result == CUDA_ERROR_ILLEGAL_ADDRESS || result == CUDA_ERROR_LAUNCH_FAILED ||
           result == CUDA_ERROR_MISALIGNED_ADDRESS || result == CUDA_ERROR_ILLEGAL_INSTRUCTION ||
           result == CUDA_ERROR_INVALID_PC || result == CUDA_ERROR_HARDWARE_STACK_ERROR ||
           result == CUDA_ERROR_LAUNCH_TIMEOUT || result == CUDA_ERROR_ASSERT ||
           result == CUDA_ERROR_INVALID_ADDRESS_SPACE;
}

// A field with `pad` floats of canary on each side, on the device.
struct PaddedField {
    CUdeviceptr base = 0;
    std::size_t pad = 0;
    CUdeviceptr field() const { return base + pad * sizeof(float); }
};

}  // namespace

struct CudaKernelRunner::Driver {
    void* dl = nullptr;
    decltype(&cuInit) init = nullptr;
    decltype(&cuDeviceGet) deviceGet = nullptr;
    decltype(&cuDeviceGetAttribute) attribute = nullptr;
    decltype(&cuDevicePrimaryCtxRetain) retain = nullptr;
    decltype(&cuDevicePrimaryCtxRelease) release = nullptr;
    decltype(&cuCtxSetCurrent) setCurrent = nullptr;
    decltype(&cuModuleLoadData) moduleLoad = nullptr;
    decltype(&cuModuleGetFunction) function = nullptr;
    decltype(&cuModuleGetGlobal) global = nullptr;
    decltype(&cuMemAlloc) alloc = nullptr;
    decltype(&cuMemFree) free = nullptr;
    decltype(&cuMemcpyHtoD) toDevice = nullptr;
    decltype(&cuMemcpyDtoH) toHost = nullptr;
    decltype(&cuMemsetD32) set32 = nullptr;
    decltype(&cuLaunchKernel) launch = nullptr;
    decltype(&cuCtxSynchronize) synchronize = nullptr;
    decltype(&cuFuncSetAttribute) setFunctionAttribute = nullptr;
    decltype(&cuFuncGetAttribute) functionAttribute = nullptr;
    decltype(&cuIpcOpenMemHandle) ipcOpen = nullptr;
    decltype(&cuIpcCloseMemHandle) ipcClose = nullptr;
    decltype(&cuGetErrorString) errorString = nullptr;
    // The check's two padded fields, kept for the grid they were made for.
    PaddedField checkIn;
    PaddedField checkOut;
    GridSize checkGrid{0, 0};

    ~Driver() {
        if (dl != nullptr) {
            ::dlclose(dl);
        }
    }

    std::string error(CUresult result) const {
        const char* text = nullptr;
        if (errorString == nullptr || errorString(result, &text) != CUDA_SUCCESS ||
            text == nullptr) {
            return "CUDA error " + std::to_string(static_cast<int>(result));
        }
        return std::string(text) + " (CUDA error " + std::to_string(static_cast<int>(result)) + ")";
    }
};

std::unique_ptr<CudaKernelRunner> CudaKernelRunner::open(int ordinal, std::string* why) {
    std::unique_ptr<CudaKernelRunner> runner(new CudaKernelRunner);
    runner->driver_ = std::make_unique<Driver>();
    Driver& d = *runner->driver_;
    d.dl = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (d.dl == nullptr) {
        *why = tr("no NVIDIA driver (libcuda.so.1) here");
        return nullptr;
    }
    bool all = true;
    const auto find = [&](auto& call, const char* name) {
        call = reinterpret_cast<std::remove_reference_t<decltype(call)>>(::dlsym(d.dl, name));
        if (call == nullptr && all) {
            *why = trf("the NVIDIA driver has no %s", name);
            all = false;
        }
    };
    find(d.init, "cuInit");
    find(d.deviceGet, "cuDeviceGet");
    find(d.attribute, "cuDeviceGetAttribute");
    find(d.retain, "cuDevicePrimaryCtxRetain");
    find(d.release, "cuDevicePrimaryCtxRelease_v2");
    find(d.setCurrent, "cuCtxSetCurrent");
    find(d.moduleLoad, "cuModuleLoadData");
    find(d.function, "cuModuleGetFunction");
    find(d.global, "cuModuleGetGlobal_v2");
    find(d.alloc, "cuMemAlloc_v2");
    find(d.free, "cuMemFree_v2");
    find(d.toDevice, "cuMemcpyHtoD_v2");
    find(d.toHost, "cuMemcpyDtoH_v2");
    find(d.set32, "cuMemsetD32_v2");
    find(d.launch, "cuLaunchKernel");
    find(d.synchronize, "cuCtxSynchronize");
    find(d.setFunctionAttribute, "cuFuncSetAttribute");
    find(d.functionAttribute, "cuFuncGetAttribute");
    find(d.ipcOpen, "cuIpcOpenMemHandle_v2");
    find(d.ipcClose, "cuIpcCloseMemHandle");
    find(d.errorString, "cuGetErrorString");
    if (!all) {
        return nullptr;
    }
    CUdevice device = 0;
    CUcontext context = nullptr;
    CUresult result = d.init(0);
    if (result == CUDA_SUCCESS) {
        result = d.deviceGet(&device, ordinal);
    }
    if (result == CUDA_SUCCESS) {
        result = d.retain(&context, device);
    }
    if (result == CUDA_SUCCESS) {
        result = d.setCurrent(context);
    }
    if (result != CUDA_SUCCESS) {
        *why = trf("no CUDA device %d here: %s", ordinal, d.error(result).c_str());
        return nullptr;
    }
    d.attribute(&runner->major_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    d.attribute(&runner->minor_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    runner->context_ = context;
    runner->ordinal_ = ordinal;
    return runner;
}

CudaKernelRunner::~CudaKernelRunner() {
    // The process ends after: the driver frees what it holds. A context a
    // fault poisoned is not touched again.
    if (context_ != nullptr && !lost_) {
        Driver& d = *driver_;
        for (const PaddedField* field : {&d.checkIn, &d.checkOut}) {
            if (field->base != 0) {
                d.free(field->base);
            }
        }
        CUdevice device = 0;
        if (d.deviceGet(&device, ordinal_) == CUDA_SUCCESS) {
            d.release(device);
        }
    }
}

std::string CudaKernelRunner::architecture() const {
    return "sm_" + std::to_string(major_) + std::to_string(minor_);
}

std::string CudaKernelRunner::failed(const char* what, int code) {
    const CUresult result = static_cast<CUresult>(code);
    if (poisons(result)) {
        lost_ = true;
        return trf("the kernel faulted on the device: %s", driver_->error(result).c_str());
    }
    return trf("%s: %s", what, driver_->error(result).c_str());
}

std::string CudaKernelRunner::load(const std::vector<char>& image) {
    Driver& d = *driver_;
    CUmodule module = nullptr;
    CUresult result = d.moduleLoad(&module, image.data());
    if (result != CUDA_SUCCESS) {
        return failed("the compiled module does not load", result);
    }
    module_ = module;
    CUfunction function = nullptr;
    if (d.function(&function, module, "step") != CUDA_SUCCESS) {
        return tr(
            "defines no entry point: extern \"C\" __global__ void step(const float* in, "
            "float* out, int width, int height, float r) (see heatlab_kernel.h)");
    }
    function_ = function;
    CUdeviceptr declared = 0;
    std::size_t bytes = 0;
    if (d.global(&declared, &bytes, module, "heatlab_launch") != CUDA_SUCCESS ||
        bytes != sizeof(Launch)) {
        return tr(
            "does not say how to launch it: write HEATLAB_LAUNCH(blockX, blockY, "
            "HEATLAB_COVER_INTERIOR or HEATLAB_ONE_BLOCK, sharedBytes); in the file");
    }
    result = d.toHost(&launch_, declared, sizeof launch_);
    if (result != CUDA_SUCCESS) {
        return failed("its launch declaration cannot be read", result);
    }
    int most = 0;
    d.functionAttribute(&most, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function);
    const long long threads = static_cast<long long>(launch_.blockX) * launch_.blockY;
    if (launch_.blockX < 1 || launch_.blockY < 1 || threads > most) {
        return trf(
            "HEATLAB_LAUNCH asks for blocks of %d x %d threads: this kernel may have 1 "
            "to %d a block",
            launch_.blockX, launch_.blockY, most);
    }
    if (launch_.rule != 1 && launch_.rule != 2) {
        return tr("HEATLAB_LAUNCH's rule is HEATLAB_COVER_INTERIOR or HEATLAB_ONE_BLOCK");
    }
    if (launch_.sharedBytes < 0) {
        return tr("HEATLAB_LAUNCH asks for a negative number of shared bytes");
    }
    if (launch_.sharedBytes > kDefaultSharedBytes) {
        result = d.setFunctionAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                        launch_.sharedBytes);
        if (result != CUDA_SUCCESS) {
            return trf("HEATLAB_LAUNCH asks for %d bytes of shared memory a block: %s",
                       launch_.sharedBytes, d.error(result).c_str());
        }
    }
    return "";
}

std::string CudaKernelRunner::resources() const {
    Driver& d = *driver_;
    int registers = 0;
    int local = 0;
    d.functionAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, static_cast<CUfunction>(function_));
    d.functionAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
                        static_cast<CUfunction>(function_));
    return trf(
        "%d registers, %d bytes of local memory a thread, blocks of %d x %d %s, %d bytes "
        "of shared memory",
        registers, local, launch_.blockX, launch_.blockY,
        launch_.rule == 1 ? tr("covering the interior") : tr("(one block)"), launch_.sharedBytes);
}

CudaResources CudaKernelRunner::resourceCounts() const {
    Driver& d = *driver_;
    const auto function = static_cast<CUfunction>(function_);
    CudaResources counted;
    int staticShared = 0;
    d.functionAttribute(&counted.registers, CU_FUNC_ATTRIBUTE_NUM_REGS, function);
    d.functionAttribute(&counted.localBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, function);
    d.functionAttribute(&staticShared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function);
    counted.sharedBytes = staticShared + launch_.sharedBytes;
    return counted;
}

std::string CudaKernelRunner::launch(std::uint64_t in, std::uint64_t out, const GridSize& grid,
                                     float r) {
    Driver& d = *driver_;
    CUdeviceptr from = in;
    CUdeviceptr to = out;
    int width = grid.nx;
    int height = grid.ny;
    void* arguments[] = {&from, &to, &width, &height, &r};
    const unsigned bx = static_cast<unsigned>(launch_.blockX);
    const unsigned by = static_cast<unsigned>(launch_.blockY);
    const bool cover = launch_.rule == 1;
    const unsigned gx = cover ? (static_cast<unsigned>(grid.nx - 2) + bx - 1) / bx : 1;
    const unsigned gy = cover ? (static_cast<unsigned>(grid.ny - 2) + by - 1) / by : 1;
    CUresult result =
        d.launch(static_cast<CUfunction>(function_), gx, gy, 1, bx, by, 1,
                 static_cast<unsigned>(launch_.sharedBytes), nullptr, arguments, nullptr);
    if (result != CUDA_SUCCESS) {
        return failed("the launch", result);
    }
    result = d.synchronize();
    return result == CUDA_SUCCESS ? "" : failed("the step", result);
}

std::string CudaKernelRunner::checkedStep(const float* in, float* out, const GridSize& grid,
                                          float r) {
    Driver& d = *driver_;
    if (d.checkGrid.nx != grid.nx || d.checkGrid.ny != grid.ny) {
        for (PaddedField* field : {&d.checkIn, &d.checkOut}) {
            if (field->base != 0) {
                d.free(field->base);
                field->base = 0;
            }
            field->pad = std::max<std::size_t>(1024, 2 * static_cast<std::size_t>(grid.nx));
            const CUresult made =
                d.alloc(&field->base, (grid.cells() + 2 * field->pad) * sizeof(float));
            if (made != CUDA_SUCCESS) {
                field->base = 0;
                d.checkGrid = GridSize{0, 0};
                return failed("the check's fields on the device", made);
            }
        }
        d.checkGrid = grid;
    }
    for (PaddedField* field : {&d.checkIn, &d.checkOut}) {
        d.set32(field->base, kCanaryBits, grid.cells() + 2 * field->pad);
    }
    CUresult result = d.toDevice(d.checkIn.field(), in, grid.bytes());
    if (result == CUDA_SUCCESS) {
        result = d.toDevice(d.checkOut.field(), out, grid.bytes());
    }
    if (result != CUDA_SUCCESS) {
        return failed("the check's fields to the device", result);
    }
    const std::string launched = launch(d.checkIn.field(), d.checkOut.field(), grid, r);
    if (!launched.empty()) {
        return launched;
    }
    // Back, `in` too: the check sees whether the kernel wrote it.
    result = d.toHost(out, d.checkOut.field(), grid.bytes());
    if (result == CUDA_SUCCESS) {
        result = d.toHost(const_cast<float*>(in), d.checkIn.field(), grid.bytes());
    }
    if (result != CUDA_SUCCESS) {
        return failed("the check's fields from the device", result);
    }
    const char* names[] = {"in", "out"};
    int which = 0;
    for (const PaddedField* field : {&d.checkIn, &d.checkOut}) {
        std::vector<unsigned int> pads(2 * field->pad);
        d.toHost(pads.data(), field->base, field->pad * sizeof(float));
        d.toHost(pads.data() + field->pad, field->field() + grid.cells() * sizeof(float),
                 field->pad * sizeof(float));
        const auto changedBefore = static_cast<std::size_t>(
            std::count_if(pads.begin(), pads.begin() + static_cast<long>(field->pad),
                          [](unsigned int v) { return v != kCanaryBits; }));
        const auto changedAfter = static_cast<std::size_t>(
            std::count_if(pads.begin() + static_cast<long>(field->pad), pads.end(),
                          [](unsigned int v) { return v != kCanaryBits; }));
        if (changedBefore > 0) {
            return trf("changed %zu floats before the start of `%s` on the device", changedBefore,
                       names[which]);
        }
        if (changedAfter > 0) {
            return trf("changed %zu floats past the end of `%s` on the device", changedAfter,
                       names[which]);
        }
        ++which;
    }
    return "";
}

namespace {

// A handle's bytes, the key it is kept under once opened.
std::string keyOf(const IpcHandle& handle) {
    return std::string(reinterpret_cast<const char*>(handle.bytes), sizeof handle.bytes);
}

}  // namespace

void CudaKernelRunner::closeOpened() {
    for (const auto& [key, pointer] : openedHandles_) {
        (void)driver_->ipcClose(static_cast<CUdeviceptr>(pointer));
    }
    openedHandles_.clear();
}

std::uint64_t CudaKernelRunner::opened(const IpcHandle& handle, std::string* why) {
    const std::string key = keyOf(handle);
    const auto found = openedHandles_.find(key);
    if (found != openedHandles_.end()) {
        return found->second;
    }
    CUipcMemHandle driverHandle{};
    std::memcpy(driverHandle.reserved, handle.bytes, sizeof handle.bytes);
    CUdeviceptr pointer = 0;
    const CUresult result =
        driver_->ipcOpen(&pointer, driverHandle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
    if (result != CUDA_SUCCESS) {
        *why = driver_->error(result);
        return 0;
    }
    openedHandles_.emplace(key, pointer);
    return pointer;
}

std::string CudaKernelRunner::sharedStep(const IpcHandle& in, const IpcHandle& out,
                                         const GridSize& grid, float r) {
    // The lecture asks with the pair it holds now; a handle not seen before
    // means it let the old pair go (a larger grid): this process lets its
    // mappings of it go too, or they would keep that memory alive.
    if (openedHandles_.count(keyOf(in)) == 0 || openedHandles_.count(keyOf(out)) == 0) {
        closeOpened();
    }
    std::string why;
    const std::uint64_t from = opened(in, &why);
    const std::uint64_t to = from == 0 ? 0 : opened(out, &why);
    if (from == 0 || to == 0) {
        return trf("the lecture's shared field could not be opened here (CUDA IPC: %s)",
                   why.c_str());
    }
    return launch(from, to, grid, r);
}

}  // namespace heatlab
