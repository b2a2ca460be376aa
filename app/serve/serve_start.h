#pragma once
// What `heatlab serve` starts from (its options) and its start's parts, for
// its runner (app/commands/serve_runner.h): the files it reads and the
// codecs it offers, the lines it says as it starts, the lecture made ready
// to be served. Its frames are served_frames.h's.

#include <memory>
#include <optional>
#include <string>

#include "app/io/downloads.h"
#include "app/lecture/files/cue_list.h"
#include "app/lecture/run/lecture_start.h"
#include "app/serve/frame_server.h"
#include "app/serve/gpu_jpeg.h"
#include "app/ui/lecture/lecture_ui.h"

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

// The server's options with what it reads: the tokens (new, or
// --token-file's), --tls-cert and --tls-key read whole (a FIFO refused,
// never waited on), and H.264 offered where it can be; `noH264` says why
// not. Throws UsageError (one line) for a file it cannot take.
ServerOptions readServerFiles(const ServeStart& start, std::string* noH264);

// The GPU's JPEG encoder where it is chosen and can be had, saying in one
// line which encoder makes the frames (and why not the GPU's); then the
// line that says which pages get H.264 (`noH264` empty) or why none does.
std::unique_ptr<GpuJpeg> openEncoders(JpegEncoderChoice choice, const std::string& noH264);

// Where the browser's pictures, videos and saved scenes are made (in
// memory, sent to the controller's page), unless --allow-writes writes them
// on the server (null).
std::unique_ptr<Downloads> downloadsUnlessWritten(const ServeStart& start);

// The lecture made ready to be served: a frame of latency on the shared
// buffers (as the window), the cues, the pictures sent to `downloads`, the
// scene panel's files the server's only where --allow-files says.
void prepareServed(LectureUi& ui, const ServeStart& start, const std::optional<CueList>& cues,
                   Downloads* downloads);

// The lecturer's and the class's links, tokens included, on stdout.
void printAddresses(const FrameServer& server, const ServeStart& start, const Tokens& tokens);

}  // namespace heatlab
