#pragma once
// FFmpeg's libraries, loaded when a recording starts rather than linked:
// the program starts (and does everything else) on a machine without them,
// such as a GPU server, and says in one line what is missing when a video
// is asked for there. The functions are the headers' own declarations,
// resolved with dlsym from the one soname major the headers were written
// for (a struct such as AVCodecContext changes layout between majors, so a
// library of another major must not be loaded in their place).

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <string>
#include <vector>

namespace heatlab {

struct LibAv {
    // libavutil
    decltype(&av_frame_alloc) frameAlloc;
    decltype(&av_frame_free) frameFree;
    decltype(&av_frame_get_buffer) frameGetBuffer;
    decltype(&av_frame_make_writable) frameMakeWritable;
    decltype(&av_dict_set) dictSet;
    decltype(&av_dict_free) dictFree;
    decltype(&av_strdup) strdup;
    decltype(&av_malloc) malloc;
    decltype(&av_free) free;
    decltype(&av_strerror) strerror;
    decltype(&av_opt_set) optSet;
    decltype(&av_log_set_level) logSetLevel;
    // libavcodec
    decltype(&avcodec_find_encoder_by_name) findEncoderByName;
    decltype(&avcodec_alloc_context3) allocContext;
    decltype(&avcodec_free_context) freeContext;
    decltype(&avcodec_open2) open;
    decltype(&avcodec_parameters_from_context) parametersFromContext;
    decltype(&avcodec_send_frame) sendFrame;
    decltype(&avcodec_receive_packet) receivePacket;
    decltype(&av_packet_alloc) packetAlloc;
    decltype(&av_packet_free) packetFree;
    decltype(&av_packet_unref) packetUnref;
    decltype(&av_packet_rescale_ts) packetRescaleTs;
    // libavformat
    decltype(&avformat_alloc_output_context2) allocOutputContext;
    decltype(&avformat_new_stream) newStream;
    decltype(&avformat_write_header) writeHeader;
    decltype(&av_interleaved_write_frame) interleavedWriteFrame;
    decltype(&av_write_trailer) writeTrailer;
    decltype(&avformat_free_context) freeFormatContext;
    decltype(&avio_alloc_context) ioAllocContext;
    decltype(&avio_context_free) ioContextFree;
    decltype(&avio_flush) ioFlush;
    // libswscale
    decltype(&sws_getContext) swsGetContext;
    decltype(&sws_scale) swsScale;
    decltype(&sws_freeContext) swsFreeContext;
    decltype(&sws_setColorspaceDetails) swsSetColorspaceDetails;
    decltype(&sws_getCoefficients) swsGetCoefficients;

    // "libavcodec.so.59, libavformat.so.59, ...": what loadLibAv() opens.
    static std::vector<std::string> sonames();

    // The message of an FFmpeg error code.
    std::string errorText(int code) const;
};

// The libraries, loaded once (thread-safe); later calls return the same.
// Throws RuntimeError, one line naming what is missing and the Debian
// packages that hold it, when a library or a function is not there.
const LibAv& loadLibAv();

}  // namespace heatlab
