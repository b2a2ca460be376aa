#include "app/io/libav.h"

#include <dlfcn.h>

#include <mutex>
#include <optional>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

#define HEATLAB_SONAME(lib, major) ("lib" lib ".so." AV_STRINGIFY(major))

// The sonames of the majors these headers declare (Debian 12: 59, 59, 57,
// 6; Ubuntu 24.04: 60, 60, 58, 7; Debian 13: 61, 61, 59, 8).
constexpr const char* kAvutil = HEATLAB_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR);
constexpr const char* kAvcodec = HEATLAB_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR);
constexpr const char* kAvformat = HEATLAB_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR);
constexpr const char* kSwscale = HEATLAB_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR);

// The runtime packages of those sonames, named as Debian names them.
std::string packagesText() {
    return std::string("libavcodec") + AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR) + " libavformat" +
           AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR) + " libavutil" +
           AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR) + " libswscale" +
           AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR);
}

[[noreturn]] void missing(const std::string& what) {
    throw RuntimeError(
        trf("recording a video needs FFmpeg's libraries: %s; install the Debian "
            "packages %s (third_party/install-deps.sh installs them)",
            what.c_str(), packagesText().c_str()));
}

void* openLibrary(const char* soname) {
    // Global, so each library finds the symbols of those loaded before it
    // (avcodec needs avutil's) as the dynamic linker would have.
    void* handle = ::dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) {
        missing(trf("%s not found", soname));
    }
    return handle;
}

template <typename Function>
void resolve(void* library, const char* soname, const char* name, Function& function) {
    function = reinterpret_cast<Function>(::dlsym(library, name));
    if (function == nullptr) {
        missing(trf("%s has no %s", soname, name));
    }
}

LibAv load() {
    // Never closed: the handles live as long as the program.
    void* avutil = openLibrary(kAvutil);
    void* swscale = openLibrary(kSwscale);
    void* avcodec = openLibrary(kAvcodec);
    void* avformat = openLibrary(kAvformat);
    LibAv av{};
#define HEATLAB_RESOLVE(library, field, name) resolve(library, library##Name, #name, av.field)
    const char* avutilName = kAvutil;
    const char* avcodecName = kAvcodec;
    const char* avformatName = kAvformat;
    const char* swscaleName = kSwscale;
    HEATLAB_RESOLVE(avutil, frameAlloc, av_frame_alloc);
    HEATLAB_RESOLVE(avutil, frameFree, av_frame_free);
    HEATLAB_RESOLVE(avutil, frameGetBuffer, av_frame_get_buffer);
    HEATLAB_RESOLVE(avutil, frameMakeWritable, av_frame_make_writable);
    HEATLAB_RESOLVE(avutil, dictSet, av_dict_set);
    HEATLAB_RESOLVE(avutil, dictFree, av_dict_free);
    HEATLAB_RESOLVE(avutil, strdup, av_strdup);
    HEATLAB_RESOLVE(avutil, malloc, av_malloc);
    HEATLAB_RESOLVE(avutil, free, av_free);
    HEATLAB_RESOLVE(avutil, strerror, av_strerror);
    HEATLAB_RESOLVE(avutil, optSet, av_opt_set);
    HEATLAB_RESOLVE(avutil, logSetLevel, av_log_set_level);
    HEATLAB_RESOLVE(avcodec, findEncoderByName, avcodec_find_encoder_by_name);
    HEATLAB_RESOLVE(avcodec, allocContext, avcodec_alloc_context3);
    HEATLAB_RESOLVE(avcodec, freeContext, avcodec_free_context);
    HEATLAB_RESOLVE(avcodec, open, avcodec_open2);
    HEATLAB_RESOLVE(avcodec, parametersFromContext, avcodec_parameters_from_context);
    HEATLAB_RESOLVE(avcodec, sendFrame, avcodec_send_frame);
    HEATLAB_RESOLVE(avcodec, receivePacket, avcodec_receive_packet);
    HEATLAB_RESOLVE(avcodec, packetAlloc, av_packet_alloc);
    HEATLAB_RESOLVE(avcodec, packetFree, av_packet_free);
    HEATLAB_RESOLVE(avcodec, packetUnref, av_packet_unref);
    HEATLAB_RESOLVE(avcodec, packetRescaleTs, av_packet_rescale_ts);
    HEATLAB_RESOLVE(avformat, allocOutputContext, avformat_alloc_output_context2);
    HEATLAB_RESOLVE(avformat, newStream, avformat_new_stream);
    HEATLAB_RESOLVE(avformat, writeHeader, avformat_write_header);
    HEATLAB_RESOLVE(avformat, interleavedWriteFrame, av_interleaved_write_frame);
    HEATLAB_RESOLVE(avformat, writeTrailer, av_write_trailer);
    HEATLAB_RESOLVE(avformat, freeFormatContext, avformat_free_context);
    HEATLAB_RESOLVE(avformat, ioAllocContext, avio_alloc_context);
    HEATLAB_RESOLVE(avformat, ioContextFree, avio_context_free);
    HEATLAB_RESOLVE(avformat, ioFlush, avio_flush);
    HEATLAB_RESOLVE(swscale, swsGetContext, sws_getContext);
    HEATLAB_RESOLVE(swscale, swsScale, sws_scale);
    HEATLAB_RESOLVE(swscale, swsFreeContext, sws_freeContext);
    HEATLAB_RESOLVE(swscale, swsSetColorspaceDetails, sws_setColorspaceDetails);
    HEATLAB_RESOLVE(swscale, swsGetCoefficients, sws_getCoefficients);
#undef HEATLAB_RESOLVE
    // The libraries' own chatter (x264's statistics) is not the program's
    // to print; their errors come back as codes and are said in one line.
    av.logSetLevel(AV_LOG_QUIET);
    return av;
}

}  // namespace

std::vector<std::string> LibAv::sonames() { return {kAvcodec, kAvformat, kAvutil, kSwscale}; }

std::string LibAv::errorText(int code) const {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    if (strerror(code, text, sizeof text) != 0) {
        return trf("FFmpeg error %d", code);
    }
    return text;
}

const LibAv& loadLibAv() {
    static std::mutex mutex;
    static std::optional<LibAv> loaded;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!loaded) {
        loaded = load();  // a failure throws and the next call tries again
    }
    return *loaded;
}

}  // namespace heatlab
