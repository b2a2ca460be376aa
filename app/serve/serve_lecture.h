#pragma once
// `heatlab serve`: the lecture window's frames (LectureUi, every key, the
// panel, the cues) on a headless context, shown in browsers: the frames
// read back without waiting, encoded once (frame_encoder.h) and sent to
// every page (frame_server.h); the controller's input enters through the
// surface's queue, as a window's does. Runs until SIGINT or SIGTERM (or
// --frames), then closes every connection and returns.

#include <string>

#include "app/lecture/lecture_start.h"
#include "app/serve/frame_server.h"

namespace heatlab {

// Which JPEG encoder makes the frames: nvJPEG where the GL is on a CUDA
// device with the toolkit's nvJPEG, else TurboJPEG (auto); or one of them,
// a refusal when nvJPEG cannot be had.
enum class JpegEncoderChoice { Auto, TurboJpeg, NvJpeg };

struct ServeStart {
    LectureStart lecture;  // the window's options
    ServerOptions server;
    std::string tokenFile;  // empty: new tokens
    // --tls-cert and --tls-key, both or neither: read and checked as the
    // server starts (tls_files.h) into server.tls.
    std::string tlsCertFile;
    std::string tlsKeyFile;
    // Pictures and videos taken from the browser are written where the
    // panel says on the server (else sent to the browser), and the panel
    // may name the server's files (scenes); both off unless asked.
    bool allowWrites = false;
    bool allowFiles = false;
    JpegEncoderChoice jpeg = JpegEncoderChoice::Auto;
    bool jpegOnly = false;  // no H.264 to any page
};

// Returns the exit status; throws UsageError (one line, exit 2) for what
// the window refuses, a port it cannot have, a bad --token-file, --tls-cert
// or --tls-key. The files are read and the port is listened on before the
// lecture, GL or an encoder starts, so such a refusal is the only line.
int runServe(const ServeStart& start);

}  // namespace heatlab
