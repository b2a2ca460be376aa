#pragma once
// The served lecture's messages, as bytes and as data, so the server, its
// tests and the page (app/serve/page/heatlab.js) agree on one format.
//
// Server to browser, binary: a frame (kind 1, JPEG; kind 3, H.264): a
// 32-byte header, little endian, then the JPEG or the H.264 access unit
// (Annex B, its parameter sets before each keyframe; the picture's sides
// rounded up to even, the header's width and height what to show of it):
//   0 u8 kind   1 u8 quality (JPEG's; for H.264 the one JPEG would have:
//   lower while the lecturer drags)   2 u16 width   4 u16 height
//   6 u8 1 on an H.264 keyframe, else 0   7 u8 0
//   8 u32 the frame's sequence number   12 u32 the last input it reflects
//   16 f64 pane A's step   24 i32 the cue (1 the first, 0 none)   28 i32 cues
// An H.264 frame follows the one before it sent to the page: a page that
// missed one waits for the next keyframe. A download (kind 2): u8 2, u8 0, u16 the name's bytes,
// the name (UTF-8), the file's bytes. Server to browser, text: JSON status ({"t":"hello"...}),
// and kChooseFileMessage: the controller's page opens its file chooser (Open, Ctrl+O), and
// sends the file chosen as a dropped one.
//
// Browser to server, text, JSON of at most kMostClientMessageBytes: an
// acknowledgement {"t":"ack","f":SEQ} once a frame is drawn; the codecs it
// takes, {"t":"codecs","h264":true|false} (a page in a secure context with
// WebCodecs' H.264; JPEG until it says so, and when it says false); or input, each
// with its own sequence number "i": {"t":"key","a":"down|up|repeat","k":NAME}
// (the key's KeyboardEvent.code, "KeyR", "PageDown", "ArrowLeft": the names
// of app/serve/key_names.cpp's table, which the page is given as it is
// served; any other name, or a number, is malformed), {"t":"text","c":CP},
// {"t":"move","x":X,"y":Y} (CSS pixels, the canvas's top left),
// {"t":"button","b":0|1|2,"d":true|false}, {"t":"wheel","x":X,"y":Y},
// {"t":"resize","w":CSSW,"h":CSSH,"s":DEVICE_PIXEL_RATIO},
// {"t":"focus","f":true|false}; and a file the lecturer dropped on the page
// (a scene or a cue list, loaded as the panel loads one), its own size
// limit, from the controller only: {"t":"file","n":NAME,"d":TEXT,"i":SEQ},
// "t" first. The lecturer's editor's kernel (served_kernels.h), at most
// kMostKernelMessageBytes whole, "t" first: {"t":"kernel","n":FILE_NAME,
// "d":SOURCE,"i":SEQ} (FILE_NAME a kernel file's name, its extension the
// language: "mine.cu", "mine.cpp"); the server answers the controller's
// page with kernelReportMessage()'s {"t":"kernel","i":SEQ,"state":STATE,
// "text":TEXT} as it goes (the page shows TEXT as text).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/platform/input_event.h"

namespace heatlab {

constexpr std::size_t kFrameHeaderBytes = 32;
constexpr const char* kChooseFileMessage = "{\"t\":\"choose\"}";
constexpr std::size_t kMostClientMessageBytes = 512;
// A dropped file's text at most (a scene's and a cue list's own limit), and
// its message at most (the text escaped as a JSON string).
constexpr std::size_t kMostUploadBytes = 1024 * 1024;
constexpr std::size_t kMostUploadMessageBytes = 4 * kMostUploadBytes;
// A kernel's message at most, whole (its source as a JSON string, escaped):
// no source is larger than a kernel file (kernel_file.h's 256 KiB).
constexpr std::size_t kMostKernelMessageBytes = 256 * 1024;
// The largest side, in pixels, of a surface a browser may ask for.
constexpr int kMostServedSide = 4096;

enum class FrameKind : unsigned char { Jpeg = 1, H264 = 3 };

struct FrameHeader {
    FrameKind kind = FrameKind::Jpeg;
    int quality = 0;   // JPEG's, or what JPEG's would be (H.264)
    bool key = false;  // H.264: a keyframe (asked for, or made)
    int width = 0;
    int height = 0;
    std::uint32_t sequence = 0;
    std::uint32_t lastInput = 0;
    double step = 0.0;
    int cue = 0;
    int cues = 0;
};

// The header's 32 bytes, appended to `out`.
void appendFrameHeader(const FrameHeader& header, std::vector<unsigned char>& out);
// The header of a frame message; nullopt when it is shorter than a header
// or not a frame.
std::optional<FrameHeader> readFrameHeader(const unsigned char* data, std::size_t size);

// A download message of `name` holding `bytes`.
std::vector<unsigned char> downloadMessage(const std::string& name,
                                           const std::vector<unsigned char>& bytes);

struct ClientMessage {
    // Control: the server's own, never a page's: a page took control (its
    // input is numbered from 1 again).
    enum class Kind { Ack, Codecs, Input, File, Kernel, Control };
    Kind kind = Kind::Ack;
    std::uint32_t ackedFrame = 0;  // Ack
    bool h264 = false;             // Codecs
    // Input: the event (a resize carries its size), its sequence number and,
    // for a resize, the device pixel ratio.
    InputEvent event;
    std::uint32_t inputSequence = 0;
    float scale = 1.0f;
    // File and Kernel: its name (no folder) and its text.
    std::string fileName;
    std::string fileText;
};

// Whether a message whose first bytes received are `start` may be a file,
// a message longer than kMostClientMessageBytes (and only from the
// controller): input and acknowledgements are short.
bool mayBeLong(const char* start, std::size_t size);
// Whether it may be a kernel's (kMostKernelMessageBytes, from any page: a
// viewer's is refused and counted, not taken for malformed).
bool mayBeKernel(const char* start, std::size_t size);

// The server's word on the lecturer's kernel message `sequence`: STATE
// "refused", "replaced" (a newer one came while it waited), "waiting",
// "compiling", "checked", "failed", "unavailable", "stopped"; `text` what
// the page shows under its editor, as text.
std::string kernelReportMessage(std::uint32_t sequence, const std::string& state,
                                const std::string& text);

// A message from a browser, checked whole: nullopt with *why for anything
// malformed, oversized or out of range (which the server drops and counts).
std::optional<ClientMessage> parseClientMessage(const std::string& text, std::string* why);

}  // namespace heatlab
