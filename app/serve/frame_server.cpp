#include "app/serve/frame_server.h"

#include <arpa/inet.h>
#include <libwebsockets.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <utility>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/sealed_file.h"
#include "app/kernel_files/kernel_file.h"
#include "app/serve/page_requests.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

using Clock = std::chrono::steady_clock;

// At most this many frames sent to a client ahead of its acknowledgements.
constexpr std::size_t kMostUnacknowledged = 2;
// Input a second the controller may send (a drag sends one a display
// frame), and the burst it may send at once.
constexpr double kInputPerSecond = 600.0;
constexpr double kInputBurst = 300.0;
// A client whose messages keep being malformed is closed.
constexpr int kMalformedBeforeClose = 20;
// A client that sends nothing of a message it has begun for this long is
// closed (HEATLAB_TEST_MESSAGE_STALL_MS lowers it for the tests). Each
// connection is looked at four times in that time: a message stalls for
// the stall to a quarter more.
constexpr std::chrono::milliseconds kMessageStall{5000};
constexpr int kLooksAStall = 4;
// The newest H.264 frames kept for the pages that take them, in order. A
// page that has fallen further behind than kMostVideoLag frames (its link or
// its decoder slower than the frames) starts again at the next keyframe,
// which is asked for at most once in kKeyRequestFrames frames a page.
constexpr std::size_t kVideoKept = 8;
constexpr std::uint64_t kMostVideoLag = 4;
constexpr std::uint64_t kKeyRequestFrames = 30;
// A frame this many older than the newest of either kind is stale: a JPEG
// made before every page took H.264, a keyframe kept since the H.264 pages
// left.
constexpr std::uint32_t kStaleFrames = 10;

// A message with room before it for the WebSocket header lws writes there.
struct Outgoing {
    std::vector<unsigned char> bytes;  // LWS_PRE bytes, then the message
    bool binary = true;
    std::uint32_t frame = 0;  // a frame's sequence number, 0 for others
    // H.264: the frame's place in the stream (1, 2, ...) and whether a
    // decoder can start at it.
    std::uint64_t videoIndex = 0;
    bool key = false;

    static std::shared_ptr<Outgoing> of(const unsigned char* data, std::size_t size, bool binary) {
        auto out = std::make_shared<Outgoing>();
        out->bytes.resize(LWS_PRE + size);
        std::memcpy(out->bytes.data() + LWS_PRE, data, size);
        out->binary = binary;
        return out;
    }
    std::size_t size() const { return bytes.size() - LWS_PRE; }
};

// One connection's state, the service thread's (FrameServer::Shared keeps
// it by connection; lws's own per-session memory is raw, and outlives a
// connection's upgrade from HTTP in ways its versions differ on).
struct Session {
    PageBody page;  // HTTP: the body being sent
    // WebSocket.
    Role role = Role::None;
    bool established = false;
    std::deque<std::shared_ptr<Outgoing>> queue;  // texts and downloads, before frames
    std::deque<std::uint32_t> unacknowledged;     // frames sent, not yet acknowledged
    std::uint32_t lastFrameSent = 0;
    // H.264, once the page said it takes it: the stream's frames since a
    // keyframe, in order, none missed (else it waits for the next keyframe).
    bool h264 = false;
    bool videoSynced = false;
    std::uint64_t lastVideoSent = 0;
    std::uint64_t keyAskedAt = 0;  // the stream's newest index when this page last asked
    std::string incoming;          // a message's fragments so far
    // A message begun and not yet whole (in a frame's payload, or between
    // its fragments), the payload its frame still declared at the last look,
    // and when its bytes last came.
    bool inMessage = false;
    std::size_t remainingSeen = 0;
    Clock::time_point heardAt = Clock::now();
    // A message refused and the connection closed (lws sends the close and
    // waits for its answer; the next look ends it): when.
    bool refused = false;
    Clock::time_point refusedAt;
    int malformed = 0;
    double inputAllowance = kInputBurst;
    Clock::time_point allowanceAt = Clock::now();
    bool closing = false;
};

}  // namespace

struct FrameServer::Shared {
    ServerOptions options;
    // The certificate and key as libwebsockets opens them: the bytes read
    // and checked, never the files again.
    std::unique_ptr<SealedFile> certificate;
    std::unique_ptr<SealedFile> key;
    Clock::duration messageStall = kMessageStall;
    lws_context* context = nullptr;
    lws_vhost* vhost = nullptr;
    std::thread thread;
    std::atomic<bool> stopping{false};

    // Between the callers and the service thread.
    mutable std::mutex mutex;
    std::condition_variable inputArrived;
    std::shared_ptr<Outgoing> newest;
    std::deque<std::shared_ptr<Outgoing>> video;  // the newest H.264 frames
    std::uint64_t videoFrames = 0;
    bool keyWanted = false;
    std::uint32_t newestFrame = 0;  // of either kind: the status line's rate
    std::vector<std::pair<std::string, std::vector<unsigned char>>> downloads;
    bool fileAsked = false;                    // askForFile(), for the controller's page
    std::vector<std::string> controllerTexts;  // sendToController()
    std::vector<ClientMessage> input;
    ServerCounts counts;

    // The service thread's own.
    std::unordered_map<lws*, std::unique_ptr<Session>> sessions;
    std::vector<lws*> clients;
    lws* controller = nullptr;
    Clock::time_point lastStatus = Clock::now();
    std::uint32_t statusFrames = 0;
    std::uint32_t newestSeen = 0;
    double frameRate = 0.0;

    Session& session(lws* wsi) {
        std::unique_ptr<Session>& s = sessions[wsi];
        if (!s) {
            s = std::make_unique<Session>();
        }
        return *s;
    }
    Session& fresh(lws* wsi) {
        sessions[wsi] = std::make_unique<Session>();
        return *sessions[wsi];
    }

    void count(long long ServerCounts::*field) {
        const std::lock_guard<std::mutex> lock(mutex);
        ++(counts.*field);
    }
};

namespace {

bool allowedRequest(FrameServer::Shared& shared, lws* wsi, bool websocket, Role* role) {
    const RequestCheck check = checkRequest(wsi, AccessRules(shared.options.publicNames),
                                            shared.options.tokens, websocket);
    *role = check.role;
    return check.allowed();
}

void queueText(lws* wsi, Session& s, const std::string& text) {
    s.queue.push_back(
        Outgoing::of(reinterpret_cast<const unsigned char*>(text.data()), text.size(), false));
    lws_callback_on_writable(wsi);
}

// The controller's page is told what kernels it may send (its editor shows
// only where it may send some).
std::string helloOf(Role role, int viewers, bool h264, PageKernels kernels) {
    return std::string("{\"t\":\"hello\",\"role\":\"") + name(role) +
           "\",\"viewers\":" + std::to_string(viewers) + ",\"h264\":" + (h264 ? "true" : "false") +
           ",\"kernels\":\"" + (role == Role::Controller ? name(kernels) : "none") + "\"}";
}

int viewerCount(FrameServer::Shared& shared) {
    int viewers = 0;
    for (lws* wsi : shared.clients) {
        viewers += shared.session(wsi).role == Role::Viewer ? 1 : 0;
    }
    return viewers;
}

void updateConnected(FrameServer::Shared& shared) {
    const int viewers = viewerCount(shared);
    int h264 = 0;
    for (lws* wsi : shared.clients) {
        h264 += shared.session(wsi).h264 ? 1 : 0;
    }
    const std::lock_guard<std::mutex> lock(shared.mutex);
    shared.counts.viewers = viewers;
    shared.counts.h264Clients = h264;
    shared.counts.controllers = shared.controller != nullptr ? 1 : 0;
}

// Once a second: who is connected and the frame rate made, to every page.
void sendStatus(FrameServer::Shared& shared) {
    const Clock::time_point now = Clock::now();
    const double seconds = std::chrono::duration<double>(now - shared.lastStatus).count();
    if (seconds < 1.0) {
        return;
    }
    std::uint32_t newest = 0;
    {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        newest = shared.newestFrame;
    }
    shared.frameRate = static_cast<double>(newest - shared.newestSeen) / seconds;
    shared.newestSeen = newest;
    shared.lastStatus = now;
    char text[160];
    std::snprintf(
        text, sizeof text, "{\"t\":\"status\",\"controller\":%s,\"viewers\":%d,\"fps\":%.1f}",
        shared.controller != nullptr ? "true" : "false", viewerCount(shared), shared.frameRate);
    for (lws* wsi : shared.clients) {
        queueText(wsi, shared.session(wsi), text);
    }
}

// Room in the socket for a whole frame or more: at the system's default
// send buffer (16 KB to start) a frame is sent in pieces, lws holding the
// rest until the socket drains. With it no frame was held back on the H200
// (fifty viewers at 1080p). The system caps it at net.core.wmem_max.
constexpr int kSendBufferBytes = 4 << 20;

// A page that would be one viewer too many: told `why`, then closed.
void refuseViewer(FrameServer::Shared& shared, lws* wsi, Session& s, const std::string& why) {
    shared.count(&ServerCounts::refused);
    s.role = Role::None;
    s.closing = true;
    queueText(wsi, s, "{\"t\":\"refused\",\"why\":\"" + why + "\"}");
}

// Input of the server's own, queued as a page's is.
void queueServerInput(FrameServer::Shared& shared, const ClientMessage& message) {
    const std::lock_guard<std::mutex> lock(shared.mutex);
    shared.input.push_back(message);
    shared.inputArrived.notify_one();
}

// The controller's page is gone or no longer controls: whatever it held
// down is let go, as a window losing the focus.
void controlLost(FrameServer::Shared& shared) {
    ClientMessage lost;
    lost.kind = ClientMessage::Kind::Input;
    lost.event = InputEvent::focus(false);
    queueServerInput(shared, lost);
}

void onEstablished(FrameServer::Shared& shared, lws* wsi, Session& s) {
    s.established = true;
    lws_set_timer_usecs(wsi, std::chrono::duration_cast<std::chrono::microseconds>(
                                 shared.messageStall / kLooksAStall)
                                 .count());
    const lws_sockfd_type fd = lws_get_socket_fd(wsi);
    if (fd >= 0) {
        (void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &kSendBufferBytes, sizeof kSendBufferBytes);
    }
    if (s.role == Role::Viewer && viewerCount(shared) >= shared.options.viewers) {
        refuseViewer(
            shared, wsi, s,
            trf("the lecture has as many viewers as it takes (%d)", shared.options.viewers));
        return;
    }
    shared.clients.push_back(wsi);
    if (s.role == Role::Controller) {
        // The newest controller controls (the lecturer's page reloaded, or
        // another laptop); the one before watches, and is told, while the
        // class has room for one more viewer. Else it is closed, told why:
        // the lecturer's link makes no more viewers than --viewers, and the
        // newest page, the lecturer's own, always gets control.
        if (shared.controller != nullptr) {
            lws* was = shared.controller;
            Session& before = shared.session(was);
            if (viewerCount(shared) >= shared.options.viewers) {
                shared.clients.erase(std::remove(shared.clients.begin(), shared.clients.end(), was),
                                     shared.clients.end());
                refuseViewer(shared, was, before,
                             trf("another page took control, and the lecture has as many "
                                 "viewers as it takes (%d)",
                                 shared.options.viewers));
            } else {
                before.role = Role::Viewer;
                queueText(was, before,
                          "{\"t\":\"hello\",\"role\":\"viewer\",\"why\":\"another page took "
                          "control\"}");
            }
            controlLost(shared);
        }
        shared.controller = wsi;
        // Its input is numbered from 1: the frames stop counting the page
        // before's (a reloaded page's first frames would say its own first
        // inputs are in them before they are).
        ClientMessage control;
        control.kind = ClientMessage::Kind::Control;
        queueServerInput(shared, control);
    }
    queueText(wsi, s,
              helloOf(s.role, viewerCount(shared), shared.options.h264, shared.options.kernels));
    updateConnected(shared);
}

void onClosed(FrameServer::Shared& shared, lws* wsi) {
    shared.clients.erase(std::remove(shared.clients.begin(), shared.clients.end(), wsi),
                         shared.clients.end());
    if (shared.controller == wsi) {
        shared.controller = nullptr;
        controlLost(shared);
    }
    updateConnected(shared);
}

// The lecturer's kernel (within its input's rate, as all its input),
// handed on as input where --allow-kernels lets its language through; else
// refused, the page told why, and counted. (A viewer's is counted by
// onMessage.)
bool kernelMessage(FrameServer::Shared& shared, lws* wsi, Session& s,
                   const ClientMessage& message) {
    std::string why;
    try {
        KernelLanguage language = KernelLanguage::Cxx;
        (void)kernelNameOf(message.fileName, &language);
        why = pageKernelRefusal(shared.options.kernels, language);
    } catch (const std::exception& e) {
        why = e.what();
    }
    if (why.empty()) {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        shared.input.push_back(message);
        shared.inputArrived.notify_one();
        return true;
    }
    shared.count(&ServerCounts::kernelsRefused);
    queueText(wsi, s, kernelReportMessage(message.inputSequence, "refused", why));
    return true;
}

// One whole message from a client; false closes it.
bool onMessage(FrameServer::Shared& shared, lws* wsi, Session& s, const std::string& text,
               bool binary) {
    std::string why;
    const std::optional<ClientMessage> message =
        binary ? std::nullopt : parseClientMessage(text, &why);
    if (!message) {
        shared.count(&ServerCounts::malformed);
        if (++s.malformed >= kMalformedBeforeClose) {
            shared.count(&ServerCounts::closedForMalformed);
            return false;
        }
        return true;
    }
    if (message->kind == ClientMessage::Kind::Ack) {
        while (!s.unacknowledged.empty() && s.unacknowledged.front() <= message->ackedFrame) {
            s.unacknowledged.pop_front();
        }
        return true;
    }
    if (message->kind == ClientMessage::Kind::Codecs) {
        // Viewers' pages say it too: the class watches in H.264 as well.
        s.h264 = message->h264 && shared.options.h264;
        s.videoSynced = false;
        updateConnected(shared);
        return true;
    }
    if (s.role != Role::Controller) {
        shared.count(message->kind == ClientMessage::Kind::Kernel ? &ServerCounts::viewerKernels
                                                                  : &ServerCounts::viewerInput);
        return true;
    }
    const Clock::time_point now = Clock::now();
    s.inputAllowance =
        std::min(kInputBurst,
                 s.inputAllowance +
                     kInputPerSecond * std::chrono::duration<double>(now - s.allowanceAt).count());
    s.allowanceAt = now;
    if (s.inputAllowance < 1.0) {
        shared.count(&ServerCounts::rateLimited);
        return true;
    }
    s.inputAllowance -= 1.0;
    if (message->kind == ClientMessage::Kind::Kernel) {
        return kernelMessage(shared, wsi, s, *message);
    }
    const std::lock_guard<std::mutex> lock(shared.mutex);
    shared.input.push_back(*message);
    shared.inputArrived.notify_one();
    return true;
}

// The most bytes a client's message may have: a page's input and
// acknowledgements are short, the lecturer's dropped file (its text as a
// JSON string) long, a kernel (any page's: a viewer's is refused and
// counted as one) 256 KiB. `start`: the message's first bytes so far.
std::size_t mostMessageBytes(const Session& s, const char* start, std::size_t size) {
    std::size_t most = kMostClientMessageBytes;
    if (mayBeKernel(start, size)) {
        most = std::max(most, kMostKernelMessageBytes);
    }
    if (s.role == Role::Controller && mayBeLong(start, size)) {
        most = std::max(most, kMostUploadMessageBytes);
    }
    return most;
}

// Refuses the message coming in and closes its connection, saying `code`
// and `why`: lws sends the close and waits for the client's, until the
// connection's next look (onLook) ends it.
int refuseMessage(lws* wsi, Session& s, lws_close_status code, const char* why) {
    s.refused = true;
    s.refusedAt = Clock::now();
    lws_close_reason(wsi, code, reinterpret_cast<unsigned char*>(const_cast<char*>(why)),
                     std::strlen(why));
    return -1;
}

// Whether `has` bytes received and `declared` more still to come are over
// `most` (a frame may declare up to 2^63 bytes: no sum may wrap).
bool overLimit(std::size_t has, std::size_t declared, std::size_t most) {
    return has > most || declared > most - has;
}

int onReceive(FrameServer::Shared& shared, lws* wsi, Session& s, const void* in, std::size_t len) {
    if (s.refused) {
        return 0;  // more of a refused message, while lws closes
    }
    const char* bytes = static_cast<const char*>(in);
    const char* start = s.incoming.empty() ? bytes : s.incoming.data();
    const std::size_t started = s.incoming.empty() ? len : s.incoming.size();
    // What the message has and what its frame still declares: a message
    // over its limit is refused now, not read to its end (a frame may
    // declare a terabyte; fragments may add up for ever).
    const std::size_t remaining = lws_remaining_packet_payload(wsi);
    if (overLimit(s.incoming.size() + len, remaining, mostMessageBytes(s, start, started))) {
        shared.count(&ServerCounts::malformed);
        shared.count(&ServerCounts::closedForMalformed);
        return refuseMessage(wsi, s, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE,
                             "a message over its limit");
    }
    s.incoming.append(bytes, len);
    s.heardAt = Clock::now();
    s.remainingSeen = remaining;
    s.inMessage = remaining > 0 || lws_is_final_fragment(wsi) == 0;
    if (s.inMessage) {
        return 0;
    }
    const bool binary = lws_frame_is_binary(wsi) != 0;
    const bool keep = onMessage(shared, wsi, s, s.incoming, binary);
    s.incoming.clear();
    if (!keep) {
        return refuseMessage(wsi, s, LWS_CLOSE_STATUS_POLICY_VIOLATION,
                             "too many malformed messages");
    }
    return 0;
}

// Each connection is looked at a few times a stall (lws's timer, on the
// service thread), for what no message's callback shows: a frame whose
// header declares more than a message may before any of its payload came,
// a message that stopped in its middle (in a frame's payload, or between
// its fragments), and a refused connection whose client did not answer the
// close. Between messages a client may be silent as long as it likes (a
// tab in the background acknowledges nothing).
int onLook(FrameServer::Shared& shared, lws* wsi, Session& s) {
    const Clock::time_point now = Clock::now();
    const Clock::duration look = shared.messageStall / kLooksAStall;
    lws_set_timer_usecs(wsi, std::chrono::duration_cast<std::chrono::microseconds>(look).count());
    if (s.refused) {
        return now - s.refusedAt >= look ? -1 : 0;
    }
    const std::size_t remaining = lws_remaining_packet_payload(wsi);
    if (overLimit(s.incoming.size(), remaining,
                  mostMessageBytes(s, s.incoming.data(), s.incoming.size()))) {
        shared.count(&ServerCounts::malformed);
        shared.count(&ServerCounts::closedForMalformed);
        return refuseMessage(wsi, s, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE,
                             "a message over its limit");
    }
    if (!(s.inMessage || remaining > 0) || remaining != s.remainingSeen) {
        s.heardAt = now;  // between messages, or more of one came
        s.remainingSeen = remaining;
        return 0;
    }
    if (now - s.heardAt >= shared.messageStall) {
        shared.count(&ServerCounts::closedStalled);
        return refuseMessage(wsi, s, LWS_CLOSE_STATUS_POLICY_VIOLATION, "a message stalled");
    }
    return 0;
}

int write(lws* wsi, const Outgoing& out) {
    const int n = lws_write(wsi, const_cast<unsigned char*>(out.bytes.data()) + LWS_PRE, out.size(),
                            out.binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT);
    return n < static_cast<int>(out.size()) ? -1 : 0;
}

// The H.264 frame a page takes next: the one after its last, or, where it
// missed one or lags, the newest keyframe (asked for when there is none).
std::shared_ptr<Outgoing> nextVideo(FrameServer::Shared& shared, Session& s) {
    const std::lock_guard<std::mutex> lock(shared.mutex);
    if (shared.video.empty()) {
        return nullptr;
    }
    const std::uint64_t newest = shared.video.back()->videoIndex;
    if (s.videoSynced && (shared.video.front()->videoIndex > s.lastVideoSent + 1 ||
                          newest > s.lastVideoSent + kMostVideoLag)) {
        s.videoSynced = false;
        shared.counts.framesSkipped += newest - s.lastVideoSent;
    }
    if (s.videoSynced) {
        for (const std::shared_ptr<Outgoing>& frame : shared.video) {
            if (frame->videoIndex == s.lastVideoSent + 1) {
                return frame;
            }
        }
        return nullptr;  // nothing newer yet
    }
    // A keyframe made before the H.264 pages left (and kept since) is
    // stale: a page that comes later waits for a new one.
    for (auto it = shared.video.rbegin(); it != shared.video.rend(); ++it) {
        if ((*it)->key && (*it)->videoIndex > s.lastVideoSent &&
            (*it)->frame + kStaleFrames >= shared.newestFrame) {
            s.videoSynced = true;
            return *it;
        }
    }
    if (s.keyAskedAt == 0 || newest >= s.keyAskedAt + kKeyRequestFrames) {
        shared.keyWanted = true;
        s.keyAskedAt = newest;
    }
    return nullptr;
}

int writeVideo(FrameServer::Shared& shared, lws* wsi, Session& s) {
    const std::shared_ptr<Outgoing> frame = nextVideo(shared, s);
    if (!frame) {
        return 0;
    }
    if (write(wsi, *frame) != 0) {
        return -1;
    }
    s.lastVideoSent = frame->videoIndex;
    s.unacknowledged.push_back(frame->frame);
    shared.count(&ServerCounts::framesSent);
    // The next one may be waiting already (a page catching up).
    lws_callback_on_writable(wsi);
    return 0;
}

int onWritable(FrameServer::Shared& shared, lws* wsi, Session& s) {
    if (!s.queue.empty()) {
        const std::shared_ptr<Outgoing> out = s.queue.front();
        s.queue.pop_front();
        if (write(wsi, *out) != 0) {
            return -1;
        }
        if (s.closing && s.queue.empty()) {
            return -1;
        }
        lws_callback_on_writable(wsi);
        return 0;
    }
    if (s.role == Role::None || s.unacknowledged.size() >= kMostUnacknowledged) {
        return 0;  // the acknowledgement asks for the next write
    }
    if (s.h264) {
        return writeVideo(shared, wsi, s);
    }
    std::shared_ptr<Outgoing> frame;
    std::uint32_t newestFrame = 0;
    {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        frame = shared.newest;
        newestFrame = shared.newestFrame;
    }
    // A JPEG made before every page took H.264 is not sent to one that just
    // came: the next frame is made in JPEG for it (it counts as JPEG's
    // until it says otherwise).
    if (!frame || frame->frame == s.lastFrameSent || frame->frame + kStaleFrames < newestFrame) {
        return 0;
    }
    if (s.lastFrameSent != 0 && frame->frame > s.lastFrameSent + 1) {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        shared.counts.framesSkipped += frame->frame - s.lastFrameSent - 1;
    }
    if (write(wsi, *frame) != 0) {
        return -1;
    }
    s.lastFrameSent = frame->frame;
    s.unacknowledged.push_back(frame->frame);
    shared.count(&ServerCounts::framesSent);
    return 0;
}

// Woken by a caller (a new frame, a download): queued downloads go to the
// controller, every client is asked whether it can take the newest frame.
void onWake(FrameServer::Shared& shared) {
    std::vector<std::pair<std::string, std::vector<unsigned char>>> downloads;
    bool fileAsked = false;
    std::vector<std::string> texts;
    {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        downloads.swap(shared.downloads);
        fileAsked = std::exchange(shared.fileAsked, false);
        texts.swap(shared.controllerTexts);
    }
    if (shared.controller != nullptr) {
        Session* s = &shared.session(shared.controller);
        for (const auto& [fileName, bytes] : downloads) {
            const std::vector<unsigned char> message = downloadMessage(fileName, bytes);
            s->queue.push_back(Outgoing::of(message.data(), message.size(), true));
        }
        if (fileAsked) {
            queueText(shared.controller, *s, kChooseFileMessage);
        }
        for (const std::string& text : texts) {
            queueText(shared.controller, *s, text);
        }
    }
    sendStatus(shared);
    for (lws* wsi : shared.clients) {
        lws_callback_on_writable(wsi);
    }
}

int callback(lws* wsi, lws_callback_reasons reason, void* user, void* in, std::size_t len) {
    lws_context* context = lws_get_context(wsi);
    auto* shared =
        context != nullptr ? static_cast<FrameServer::Shared*>(lws_context_user(context)) : nullptr;
    if (shared == nullptr) {
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
    switch (reason) {
    case LWS_CALLBACK_HTTP: {
        const PageAnswer answer =
            answerPage(wsi, static_cast<const char*>(in), AccessRules(shared->options.publicNames),
                       shared->options.tokens, shared->fresh(wsi).page);
        if (answer.refused) {
            shared->count(&ServerCounts::refused);
        }
        return answer.status;
    }
    case LWS_CALLBACK_HTTP_WRITEABLE: return writePage(wsi, shared->session(wsi).page);
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION: {
        Role role = Role::None;
        if (requestPath(wsi) != "/ws" || !allowedRequest(*shared, wsi, true, &role)) {
            shared->count(&ServerCounts::refused);
            return 1;
        }
        shared->fresh(wsi).role = role;
        return 0;
    }
    case LWS_CALLBACK_ADD_HEADERS:
        // The WebSocket's upgrade answers with the page's Referrer-Policy
        // too: every response the server sends says it.
        return addReferrerPolicy(static_cast<::lws_process_html_args*>(in), wsi);
    case LWS_CALLBACK_ESTABLISHED: onEstablished(*shared, wsi, shared->session(wsi)); return 0;
    case LWS_CALLBACK_CLOSED:
        if (shared->session(wsi).established) {
            onClosed(*shared, wsi);
        }
        shared->sessions.erase(wsi);
        return 0;
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_WSI_DESTROY:
        if (shared->sessions.count(wsi) != 0 && shared->session(wsi).established) {
            onClosed(*shared, wsi);
        }
        shared->sessions.erase(wsi);
        break;
    case LWS_CALLBACK_RECEIVE: return onReceive(*shared, wsi, shared->session(wsi), in, len);
    case LWS_CALLBACK_TIMER: {
        const auto found = shared->sessions.find(wsi);
        return found != shared->sessions.end() && found->second->established
                   ? onLook(*shared, wsi, *found->second)
                   : 0;
    }
    case LWS_CALLBACK_SERVER_WRITEABLE: return onWritable(*shared, wsi, shared->session(wsi));
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (!shared->stopping) {
            onWake(*shared);
        }
        return 0;
    default: break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

// A frame is one send(): lws caps each at tx_packet_size, or where that is
// 0 at the receive buffer (512 bytes here), and a 1080p frame in 512-byte
// sends, each waiting for the socket to be writable again, let the service
// thread send about 500 frames a second in all (H200: fifty viewers and
// the controller at 7 frames a second each).
constexpr std::size_t kMostSendBytes = 8u << 20;

const lws_protocols kProtocols[] = {
    {"heatlab", callback, 0, kMostClientMessageBytes, 0, nullptr, kMostSendBytes},
    {nullptr, nullptr, 0, 0, 0, nullptr, 0},
};

// Room for a request's headers (lws's default, 4 KB, refused a browser with
// a few KB of cookies for 127.0.0.1, which every local port shares:
// notebooks, dev servers), and lws's words when a request has more.
constexpr int kMostHeaderBytes = 32 * 1024;
constexpr const char* kHeadersOverflowed = "Ran out of header data space";

// While one lives, lws's error lines are kept, not printed: the first says
// why a vhost was not made, in the one line the refusal is.
class KeptLog {
public:
    KeptLog() {
        const std::lock_guard<std::mutex> lock(mutex());
        lines() = std::vector<std::string>{};
    }
    ~KeptLog() {
        const std::lock_guard<std::mutex> lock(mutex());
        lines().reset();
    }
    KeptLog(const KeptLog&) = delete;
    KeptLog& operator=(const KeptLog&) = delete;

    // The lines kept so far, each with its newline.
    std::vector<std::string> said() const {
        const std::lock_guard<std::mutex> lock(mutex());
        return *lines();
    }

    static std::mutex& mutex() {
        static std::mutex m;
        return m;
    }
    static std::optional<std::vector<std::string>>& lines() {
        static std::optional<std::vector<std::string>> kept;
        return kept;
    }
};

// lws's log: whether the line was kept by a KeptLog (else it is printed).
bool keptLog(const char* line) {
    const std::lock_guard<std::mutex> lock(KeptLog::mutex());
    if (!KeptLog::lines()) {
        return false;
    }
    KeptLog::lines()->push_back(line);
    return true;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

// Binding a socket ourselves first says why a port cannot be had in the
// words of the system (lws only logs it).
void refuseUnlistenable(const ServerOptions& o) {
    const bool v6 = o.bind.find(':') != std::string::npos;
    sockaddr_storage address{};
    socklen_t length = 0;
    if (v6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&address);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(static_cast<std::uint16_t>(o.port));
        if (inet_pton(AF_INET6, o.bind.c_str(), &a->sin6_addr) != 1) {
            throw UsageError(trf("--bind '%s' is not an IP address", o.bind.c_str()));
        }
        length = sizeof *a;
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&address);
        a->sin_family = AF_INET;
        a->sin_port = htons(static_cast<std::uint16_t>(o.port));
        if (inet_pton(AF_INET, o.bind.c_str(), &a->sin_addr) != 1) {
            throw UsageError(trf("--bind '%s' is not an IP address", o.bind.c_str()));
        }
        length = sizeof *a;
    }
    const int fd = socket(address.ss_family, SOCK_STREAM, 0);
    if (fd < 0) {
        throw RuntimeError(trf("no socket: %s", errorText(errno).c_str()));
    }
    const int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    const int bound = bind(fd, reinterpret_cast<sockaddr*>(&address), length);
    const int error = errno;
    close(fd);
    if (bound != 0) {
        throw UsageError(error == EADDRINUSE
                             ? trf("cannot listen on %s port %d: %s (another program has it; try "
                                   "--port)",
                                   o.bind.c_str(), o.port, errorText(error).c_str())
                             : trf("cannot listen on %s port %d: %s", o.bind.c_str(), o.port,
                                   errorText(error).c_str()));
    }
}

}  // namespace

FrameServer::FrameServer(const ServerOptions& options) : shared_(std::make_unique<Shared>()) {
    shared_->options = options;
    if (const char* stall = std::getenv("HEATLAB_TEST_MESSAGE_STALL_MS")) {
        shared_->messageStall = std::chrono::milliseconds(std::max(1, std::atoi(stall)));
    }
    refuseUnlistenable(options);
    lws_set_log_level(LLL_ERR, [](int, const char* line) {
        if (keptLog(line)) {
            return;
        }
        // A request whose headers outgrow their room is closed by lws
        // unanswered (4.1 and 4.3 alike: no callback comes, so no 431 can
        // be sent); it says so in words of its own, said here in heatlab's.
        if (std::strstr(line, kHeadersOverflowed) != nullptr) {
            std::fprintf(stderr, "heatlab serve: %s\n",
                         trf("a request's headers were over %d KiB (a browser's cookies for this "
                             "address?): closed unanswered",
                             kMostHeaderBytes / 1024)
                             .c_str());
            return;
        }
        std::fprintf(stderr, "heatlab serve: libwebsockets: %s", line);
    });
    const bool tls = options.tls.has_value();
    lws_context_creation_info info{};
    info.options =
        LWS_SERVER_OPTION_EXPLICIT_VHOSTS | (tls ? LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT : 0);
    info.user = shared_.get();
    info.port = CONTEXT_PORT_NO_LISTEN;
    // What lws sends of a frame the socket could not take at once goes out
    // in pieces of this size, one a wakeup: at its default (4 KB) a 1080p
    // frame is forty of them, and fifty viewers starve the controller.
    info.pt_serv_buf_size = 256 * 1024;
    info.max_http_header_data = kMostHeaderBytes;
    shared_->context = lws_create_context(&info);
    if (shared_->context == nullptr) {
        throw RuntimeError(tr("libwebsockets could not start"));
    }
    lws_context_creation_info vhost{};
    vhost.port = options.port;
    vhost.iface = options.bind.c_str();
    vhost.protocols = kProtocols;
    vhost.vhost_name = "heatlab";
    vhost.options =
        LWS_SERVER_OPTION_VALIDATE_UTF8 |
        (options.bind.find(':') == std::string::npos ? LWS_SERVER_OPTION_DISABLE_IPV6 : 0);
    if (tls) {
        // The vhost sets up its TLS only when its own options ask too.
        vhost.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        // By file name, not lws's server_ssl_cert_mem: that one loads only
        // a chain's first certificate (lws 4.1 turns the PEM into one DER),
        // and browsers then refuse a certificate an intermediate signed.
        // The names are sealed memory files of the bytes read (so nothing
        // is opened but what was checked: app/io/sealed_file.h).
        shared_->certificate =
            std::make_unique<SealedFile>("heatlab-tls-cert", options.tls->certificate);
        shared_->key = std::make_unique<SealedFile>("heatlab-tls-key", options.tls->key);
        vhost.ssl_cert_filepath = shared_->certificate->path().c_str();
        vhost.ssl_private_key_filepath = shared_->key->path().c_str();
        // An encrypted key (tls_files.h refuses those it sees) fails for
        // want of its passphrase instead of asking the terminal for it.
        vhost.ssl_private_key_password = "";
    }
    std::vector<std::string> said;
    {
        // lws's words of why it failed, for the one line said here.
        const KeptLog kept;
        shared_->vhost = lws_create_vhost(shared_->context, &vhost);
        said = kept.said();
    }
    if (shared_->vhost != nullptr) {
        for (const std::string& line : said) {
            std::fprintf(stderr, "heatlab serve: libwebsockets: %s", line.c_str());
        }
    } else {
        std::string why = said.empty() ? std::string() : said.front();
        while (!why.empty() && (why.back() == '\n' || why.back() == '\r')) {
            why.pop_back();
        }
        lws_context_destroy(shared_->context);
        if (tls) {
            // The sealed files' names are not the user's (the longer first:
            // /proc/self/fd/5 is the start of /proc/self/fd/51).
            std::pair<std::string, std::string> names[] = {
                {shared_->certificate->path(), options.tls->certificateFile},
                {shared_->key->path(), options.tls->keyFile}};
            if (names[0].first.size() < names[1].first.size()) {
                std::swap(names[0], names[1]);
            }
            for (const auto& [sealed, given] : names) {
                why = replaced(why, sealed, given);
            }
            throw UsageError(
                trf("cannot serve on %s port %d with --tls-cert %s and --tls-key %s "
                    "(a certificate and its key?): %s",
                    options.bind.c_str(), options.port, options.tls->certificateFile.c_str(),
                    options.tls->keyFile.c_str(), why.c_str()));
        }
        throw UsageError(
            trf("cannot serve on %s port %d: %s", options.bind.c_str(), options.port, why.c_str()));
    }
    Shared* shared = shared_.get();
    shared_->thread = std::thread([shared] {
        while (!shared->stopping) {
            if (lws_service(shared->context, 0) < 0) {
                break;
            }
        }
    });
}

FrameServer::~FrameServer() {
    shared_->stopping = true;
    lws_cancel_service(shared_->context);
    shared_->thread.join();
    // Closes every connection, each told the server is going away.
    lws_context_destroy(shared_->context);
}

int FrameServer::port() const { return lws_get_vhost_listen_port(shared_->vhost); }

const char* FrameServer::scheme() const { return shared_->options.tls ? "https" : "http"; }

void FrameServer::publish(std::vector<unsigned char> message) {
    auto out = Outgoing::of(message.data(), message.size(), true);
    const std::optional<FrameHeader> header = readFrameHeader(message.data(), message.size());
    out->frame = header ? header->sequence : 0;
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->newestFrame = std::max(shared_->newestFrame, out->frame);
        shared_->newest = std::move(out);
    }
    lws_cancel_service(shared_->context);
}

void FrameServer::publishVideo(std::vector<unsigned char> message) {
    auto out = Outgoing::of(message.data(), message.size(), true);
    const std::optional<FrameHeader> header = readFrameHeader(message.data(), message.size());
    out->frame = header ? header->sequence : 0;
    out->key = header && header->key;
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        out->videoIndex = ++shared_->videoFrames;
        shared_->newestFrame = std::max(shared_->newestFrame, out->frame);
        shared_->video.push_back(std::move(out));
        if (shared_->video.size() > kVideoKept) {
            shared_->video.pop_front();
        }
    }
    lws_cancel_service(shared_->context);
}

bool FrameServer::takeKeyframeWanted() {
    const std::lock_guard<std::mutex> lock(shared_->mutex);
    return std::exchange(shared_->keyWanted, false);
}

void FrameServer::sendDownload(const std::string& name, std::vector<unsigned char> bytes) {
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->downloads.emplace_back(name, std::move(bytes));
    }
    lws_cancel_service(shared_->context);
}

void FrameServer::askForFile() {
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->fileAsked = true;
    }
    lws_cancel_service(shared_->context);
}

void FrameServer::sendToController(std::string text) {
    {
        const std::lock_guard<std::mutex> lock(shared_->mutex);
        shared_->controllerTexts.push_back(std::move(text));
    }
    lws_cancel_service(shared_->context);
}

std::vector<ClientMessage> FrameServer::takeInput() {
    const std::lock_guard<std::mutex> lock(shared_->mutex);
    return std::exchange(shared_->input, {});
}

void FrameServer::waitForInput(std::chrono::steady_clock::time_point earliest,
                               std::chrono::steady_clock::time_point latest) {
    std::this_thread::sleep_until(earliest);
    std::unique_lock<std::mutex> lock(shared_->mutex);
    shared_->inputArrived.wait_until(lock, latest, [this] { return !shared_->input.empty(); });
}

ServerCounts FrameServer::counts() const {
    const std::lock_guard<std::mutex> lock(shared_->mutex);
    return shared_->counts;
}

}  // namespace heatlab
