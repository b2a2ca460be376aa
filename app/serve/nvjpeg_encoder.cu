#include "app/serve/nvjpeg_encoder.h"

#include <cuda_runtime.h>
#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "app/render/imported_image.h"
#include "kernels/cuda/cuda_check.h"

namespace heatlab {

namespace {

// nvJPEG's types and calls as its header declares them (CUDA 12 and 13
// alike): handles are pointers to opaque structs, statuses are ints with 0
// for success, images are four channel pointers and their pitches.
using Status = int;
constexpr Status kSuccess = 0;
constexpr int kChroma420 = 2;       // NVJPEG_CSS_420
constexpr int kInterleavedRgb = 5;  // NVJPEG_INPUT_RGBI
struct Image {
    unsigned char* channel[4];
    std::size_t pitch[4];
};

// The sonames tried, newest first: the toolkit's library directory is not
// always on the loader's path, so its usual places are tried too.
std::vector<std::string> candidates() {
    std::vector<std::string> names;
    std::vector<std::string> folders = {""};
    for (const char* variable : {"CUDA_HOME", "CUDA_PATH"}) {
        if (const char* root = std::getenv(variable); root != nullptr && *root != '\0') {
            folders.push_back(std::string(root) + "/lib64/");
        }
    }
    folders.push_back("/usr/local/cuda/lib64/");
    for (const std::string& folder : folders) {
        for (const char* soname : {"libnvjpeg.so.13", "libnvjpeg.so.12"}) {
            names.push_back(folder + soname);
        }
    }
    return names;
}

}  // namespace

struct NvJpegEncoder::Library {
    void* dl = nullptr;
    Status (*createSimple)(void** handle) = nullptr;
    Status (*destroy)(void* handle) = nullptr;
    Status (*stateCreate)(void* handle, void** state, cudaStream_t stream) = nullptr;
    Status (*stateDestroy)(void* state) = nullptr;
    Status (*paramsCreate)(void* handle, void** params, cudaStream_t stream) = nullptr;
    Status (*paramsDestroy)(void* params) = nullptr;
    Status (*setQuality)(void* params, int quality, cudaStream_t stream) = nullptr;
    Status (*setSampling)(void* params, int chroma, cudaStream_t stream) = nullptr;
    Status (*encodeImage)(void* handle, void* state, void* params, const Image* source, int format,
                          int width, int height, cudaStream_t stream) = nullptr;
    Status (*retrieve)(void* handle, void* state, unsigned char* data, std::size_t* length,
                       cudaStream_t stream) = nullptr;

    ~Library() {
        if (dl != nullptr) {
            dlclose(dl);
        }
    }

    // Every call found, or the first missing one's name in *why.
    bool resolve(std::string* why) {
        bool found = true;
        const auto find = [&](const char* name, auto& fn) {
            void* address = dlsym(dl, name);
            if (address == nullptr && found) {
                *why = std::string("its library has no ") + name;
                found = false;
            }
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(address);
        };
        find("nvjpegCreateSimple", createSimple);
        find("nvjpegDestroy", destroy);
        find("nvjpegEncoderStateCreate", stateCreate);
        find("nvjpegEncoderStateDestroy", stateDestroy);
        find("nvjpegEncoderParamsCreate", paramsCreate);
        find("nvjpegEncoderParamsDestroy", paramsDestroy);
        find("nvjpegEncoderParamsSetQuality", setQuality);
        find("nvjpegEncoderParamsSetSamplingFactors", setSampling);
        find("nvjpegEncodeImage", encodeImage);
        find("nvjpegEncodeRetrieveBitstream", retrieve);
        return found;
    }
};

namespace {

void check(Status status, const char* call) {
    if (status != kSuccess) {
        throw RuntimeError(std::string("nvJPEG: ") + call + " failed (status " +
                           std::to_string(status) + ")");
    }
}

}  // namespace

std::unique_ptr<NvJpegEncoder> NvJpegEncoder::open(std::string* why) {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        (void)cudaGetLastError();
        *why = "no CUDA device";
        return nullptr;
    }
    std::unique_ptr<NvJpegEncoder> encoder(new NvJpegEncoder);
    encoder->lib_ = std::make_unique<Library>();
    Library& lib = *encoder->lib_;
    for (const std::string& name : candidates()) {
        lib.dl = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib.dl != nullptr) {
            encoder->library_ = name;
            break;
        }
    }
    if (lib.dl == nullptr) {
        *why = "no libnvjpeg.so.13 or .12 (the CUDA toolkit's nvJPEG) found";
        return nullptr;
    }
    if (!lib.resolve(why)) {
        return nullptr;
    }
    cudaStream_t stream = nullptr;
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
        (void)cudaGetLastError();
        *why = "no CUDA stream for it";
        return nullptr;
    }
    encoder->stream_ = stream;
    if (lib.createSimple(&encoder->handle_) != kSuccess ||
        lib.stateCreate(encoder->handle_, &encoder->state_, stream) != kSuccess ||
        lib.paramsCreate(encoder->handle_, &encoder->params_, stream) != kSuccess ||
        lib.setSampling(encoder->params_, kChroma420, stream) != kSuccess) {
        *why = "nvJPEG would not start (its handle, encoder state or parameters)";
        return nullptr;
    }
    return encoder;
}

NvJpegEncoder::~NvJpegEncoder() {
    if (lib_ && lib_->dl != nullptr) {
        if (params_ != nullptr) {
            (void)lib_->paramsDestroy(params_);
        }
        if (state_ != nullptr) {
            (void)lib_->stateDestroy(state_);
        }
        if (handle_ != nullptr) {
            (void)lib_->destroy(handle_);
        }
    }
    if (stream_ != nullptr) {
        CUDA_CHECK_PRINT(cudaStreamSynchronize(static_cast<cudaStream_t>(stream_)));
        CUDA_CHECK_PRINT(cudaStreamDestroy(static_cast<cudaStream_t>(stream_)));
    }
    CUDA_CHECK_PRINT(cudaFree(rgb_));
    CUDA_CHECK_PRINT(cudaFree(rgba_));
}

namespace {

// One thread a pixel, one block row a picture row: GL's bottom-up RGBA to
// the top-down RGB nvJPEG takes.
__global__ void uprightRgb(const unsigned char* rgba, std::size_t rowBytes, unsigned char* rgb,
                           int width, int height) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y;
    if (x >= width) {
        return;
    }
    const uchar4 p = reinterpret_cast<const uchar4*>(
        rgba + static_cast<std::size_t>(height - 1 - y) * rowBytes)[x];
    unsigned char* out = rgb + (static_cast<std::size_t>(y) * width + x) * 3;
    out[0] = p.x;
    out[1] = p.y;
    out[2] = p.z;
}

}  // namespace

void NvJpegEncoder::encode(const void* rgba, std::size_t rowBytes, int width, int height,
                           int quality, std::vector<unsigned char>& out) {
    if (rowBytes < static_cast<std::size_t>(width) * 4 || rowBytes % 4 != 0) {
        throw RuntimeError("nvJPEG: rows of " + std::to_string(rowBytes) + " bytes for " +
                           std::to_string(width) + " pixels of 4 bytes");
    }
    const auto stream = static_cast<cudaStream_t>(stream_);
    const std::size_t bytes = static_cast<std::size_t>(width) * height * 3;
    if (bytes > rgbBytes_) {
        CUDA_CHECK(cudaFree(rgb_));
        rgb_ = nullptr;
        rgbBytes_ = 0;
        CUDA_CHECK(cudaMalloc(&rgb_, bytes));
        rgbBytes_ = bytes;
    }
    constexpr int kThreads = 256;
    uprightRgb<<<dim3((width + kThreads - 1) / kThreads, height), kThreads, 0, stream>>>(
        static_cast<const unsigned char*>(rgba), rowBytes, rgb_, width, height);
    CUDA_CHECK_LAUNCH("uprightRgb");
    check(lib_->setQuality(params_, quality, stream), "nvjpegEncoderParamsSetQuality");
    Image source{};
    source.channel[0] = rgb_;
    source.pitch[0] = static_cast<std::size_t>(width) * 3;
    check(lib_->encodeImage(handle_, state_, params_, &source, kInterleavedRgb, width, height,
                            stream),
          "nvjpegEncodeImage");
    std::size_t length = 0;
    check(lib_->retrieve(handle_, state_, nullptr, &length, stream),
          "nvjpegEncodeRetrieveBitstream");
    const std::size_t start = out.size();
    out.resize(start + length);
    check(lib_->retrieve(handle_, state_, out.data() + start, &length, stream),
          "nvjpegEncodeRetrieveBitstream");
    CUDA_CHECK(cudaStreamSynchronize(stream));
    out.resize(start + length);
}

void NvJpegEncoder::encode(const ImportedImage& image, int width, int height, int quality,
                           std::vector<unsigned char>& out) {
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 4;
    const std::size_t bytes = rowBytes * height;
    if (bytes > rgbaBytes_) {
        CUDA_CHECK(cudaFree(rgba_));
        rgba_ = nullptr;
        rgbaBytes_ = 0;
        CUDA_CHECK(cudaMalloc(&rgba_, bytes));
        rgbaBytes_ = bytes;
    }
    image.copyToRows(rgba_, rowBytes, stream_);
    encode(rgba_, rowBytes, width, height, quality, out);
}

}  // namespace heatlab
