// `heatlab serve` from outside, as browsers reach it: the C++ WebSocket
// client of tests/support/serve_client.h against the real program on
// loopback (software GL, the CPU backend). Tokens, Host and Origin refused;
// frames that decode to the picture `shot --ui` draws of the same state;
// the controller's keys act and a viewer's do not; a client that reads
// nothing holds two frames and stalls no one; a hundred viewers; malformed
// messages dropped and a client that keeps sending them closed; SIGTERM
// with clients connected ends it cleanly; pictures, videos and the scene
// (Ctrl+S) come back as downloads, and Ctrl+O asks the controller's page
// for a file.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "app/io/png_file.h"
#include "app/lecture/scene.h"
#include "tests/support/run_command.h"
#include "tests/support/serve_client.h"
#include "tests/support/served_picture.h"
#include "tests/support/video_probe.h"

namespace heatlab {
namespace {

using namespace std::chrono_literals;

// A small grid keeps the software GL's frames quick on two cores.
const std::string kServe = "--backend cpu --grid 256";

bool hasFrames(const ConnectionState& s, std::size_t n) { return s.frames.size() >= n; }

ConnectOptions controllerOf(const ServeProcess& serve) {
    ConnectOptions o;
    o.port = serve.port();
    o.token = serve.controllerToken();
    o.origin = "http://127.0.0.1:" + std::to_string(serve.port());
    return o;
}

ConnectOptions viewerOf(const ServeProcess& serve) {
    ConnectOptions o = controllerOf(serve);
    o.token = serve.viewerToken();
    return o;
}

std::string keyMessage(const char* action, int code, int sequence) {
    return std::string("{\"t\":\"key\",\"a\":\"") + action + "\",\"k\":" + std::to_string(code) +
           ",\"i\":" + std::to_string(sequence) + "}";
}

// A file dropped on the page, as the page sends it: `text` as a JSON
// string (only quotes and backslashes escaped: the tests' files have no
// control characters), "t" first.
std::string fileMessage(const std::string& name, const std::string& text, int sequence) {
    std::string escaped;
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            escaped += '\\';
        }
        escaped += c;
    }
    return "{\"t\":\"file\",\"n\":\"" + name + "\",\"d\":\"" + escaped +
           "\",\"i\":" + std::to_string(sequence) + "}";
}

// A raw HTTP GET of `path` with the Host header given: the status line.
std::string httpStatus(int port, const std::string& path, const std::string& host) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        close(fd);
        return "no connection";
    }
    const std::string request =
        "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
    (void)write(fd, request.data(), request.size());
    // The status line is all the test reads; a server may keep the
    // connection open after its reply, so no read waits for its end.
    const timeval limit{10, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    std::string reply;
    char buffer[4096];
    for (ssize_t n;
         reply.find("\r\n") == std::string::npos && (n = read(fd, buffer, sizeof buffer)) > 0;) {
        reply.append(buffer, static_cast<std::size_t>(n));
    }
    close(fd);
    return reply.substr(0, reply.find("\r\n"));
}

TEST(Serve, EveryRequestNeedsItsTokenAndTheServersOwnName) {
    ServeProcess serve(kServe);
    const std::string host = "127.0.0.1:" + std::to_string(serve.port());
    const std::string page = "/?token=" + serve.controllerToken();
    EXPECT_NE(httpStatus(serve.port(), page, host).find("200"), std::string::npos);
    EXPECT_NE(
        httpStatus(serve.port(), "/?token=" + serve.viewerToken(), "localhost:1234").find("200"),
        std::string::npos);  // an ssh tunnel's other port
    EXPECT_NE(httpStatus(serve.port(), "/", host).find("403"), std::string::npos);
    EXPECT_NE(httpStatus(serve.port(), "/?token=wrong", host).find("403"), std::string::npos);
    EXPECT_NE(httpStatus(serve.port(), page, "evil.example").find("403"), std::string::npos);
    EXPECT_NE(httpStatus(serve.port(), page, "127.0.0.1.nip.io").find("403"), std::string::npos);

    ServeClients clients;
    ConnectOptions wrongToken = controllerOf(serve);
    wrongToken.token = "not-the-token-0123456789";
    ConnectOptions noToken = controllerOf(serve);
    noToken.token = "";
    ConnectOptions wrongOrigin = controllerOf(serve);
    wrongOrigin.origin = "http://evil.example";
    ConnectOptions nullOrigin = controllerOf(serve);
    nullOrigin.origin = "null";
    ConnectOptions wrongHost = controllerOf(serve);
    wrongHost.host = "evil.example";
    for (const ConnectOptions& refused :
         {wrongToken, noToken, wrongOrigin, nullOrigin, wrongHost}) {
        const int c = clients.connect(refused);
        EXPECT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return s.closed; }))
            << refused.token << " " << refused.origin << " " << refused.host;
        EXPECT_FALSE(clients.state(c).established);
        EXPECT_TRUE(clients.state(c).frames.empty());
    }
    ConnectOptions tunnel = controllerOf(serve);
    tunnel.host = "localhost";
    tunnel.origin = "http://localhost:9999";
    const int c = clients.connect(tunnel);
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return hasFrames(s, 1); }));
    EXPECT_NE(clients.state(c).texts.front().find("\"role\":\"controller\""), std::string::npos);
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
    EXPECT_NE(err.find("SIGTERM"), std::string::npos) << err;
}

TEST(Serve, FramesDecodeToThePictureShotUiDrawsOfTheSameState) {
    const ServedAgainstShot same =
        servedAgainstShot(kServe, testing::TempDir() + "/heatlab_serve_same");
    EXPECT_EQ(same.header.step, 0.0);
    EXPECT_EQ(same.header.cue, 1);
    EXPECT_EQ(same.header.cues, 1);
    ASSERT_EQ(same.servedWidth, same.shotWidth);
    ASSERT_EQ(same.servedHeight, same.shotHeight);
    EXPECT_EQ(same.header.width, same.servedWidth);
    // JPEG's error at quality 85 and the panel's live figures (frame times,
    // rates) are all that may differ.
    EXPECT_LT(same.meanDifference, 3.0);
    EXPECT_EQ(same.serveStatus, 0) << same.serveErr;
}

// A page that takes H.264 (as one with WebCodecs in a secure context
// says): its frames start at a keyframe, every one follows the one before
// (the stream decodes whole), and the last is shot --ui's picture within
// the codec's error.
TEST(Serve, H264FramesFromAKeyframeDecodeToThePictureShotUiDraws) {
    std::vector<std::vector<unsigned char>> units;
    const ServedAgainstShot same = servedAgainstShot(
        kServe, testing::TempDir() + "/heatlab_serve_h264", true, [&](const ConnectionState& s) {
            units = s.h264;
            const std::vector<heatlab::RgbImage> pictures =
                heatlab::decodeH264Units(s.h264, s.frames.back().width, s.frames.back().height);
            return pictures.size() == s.h264.size() ? pictures.back() : heatlab::RgbImage{};
        });
    ASSERT_GE(units.size(), 5u);
    EXPECT_EQ(same.header.kind, FrameKind::H264);
    EXPECT_EQ(same.header.step, 0.0);
    ASSERT_EQ(same.servedWidth, same.shotWidth) << "not every H.264 frame decoded";
    ASSERT_EQ(same.servedHeight, same.shotHeight);
    EXPECT_LT(same.meanDifference, 3.0);
    // The lecture held still: after the keyframe a frame is the few bytes
    // of what changed (the panel's live figures).
    EXPECT_LT(units.back().size() * 4, units.front().size());
    EXPECT_EQ(same.serveStatus, 0) << same.serveErr;
    EXPECT_NE(same.serveErr.find("H.264 encode median"), std::string::npos) << same.serveErr;
}

TEST(Serve, TheControllersKeysActAndAViewersDoNot) {
    ServeProcess serve(kServe + " --cues lecture");
    ServeClients clients;
    const int viewer = clients.connect(viewerOf(serve));
    ASSERT_TRUE(clients.waitFor(viewer, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    EXPECT_NE(clients.state(viewer).texts.front().find("\"role\":\"viewer\""), std::string::npos);
    EXPECT_EQ(clients.state(viewer).frames.back().cue, 1);
    constexpr int kPageDown = 267;
    clients.send(viewer, keyMessage("down", kPageDown, 1));
    clients.send(viewer, keyMessage("up", kPageDown, 2));
    const std::size_t seen = clients.state(viewer).frames.size();
    ASSERT_TRUE(
        clients.waitFor(viewer, [&](const ConnectionState& s) { return hasFrames(s, seen + 10); }));
    EXPECT_EQ(clients.state(viewer).frames.back().cue, 1);
    EXPECT_EQ(clients.state(viewer).frames.back().lastInput, 0u);

    const int controller = clients.connect(controllerOf(serve));
    ASSERT_TRUE(
        clients.waitFor(controller, [](const ConnectionState& s) { return hasFrames(s, 1); }));
    clients.send(controller, keyMessage("down", kPageDown, 1));
    clients.send(controller, keyMessage("up", kPageDown, 2));
    ASSERT_TRUE(clients.waitFor(controller, [](const ConnectionState& s) {
        return !s.frames.empty() && s.frames.back().lastInput >= 2;
    }));
    // The frame that reflects the key shows the next cue, to both.
    EXPECT_TRUE(clients.waitFor(
        controller, [](const ConnectionState& s) { return s.frames.back().cue == 2; }, 5s));
    EXPECT_TRUE(clients.waitFor(
        viewer, [](const ConnectionState& s) { return s.frames.back().cue == 2; }, 5s));
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
}

TEST(Serve, AFileDroppedByTheControllerLoadsCheckedWholeAndAViewersDoesNot) {
    ServeProcess serve(kServe + " --cues lecture");
    ServeClients clients;
    const int viewer = clients.connect(viewerOf(serve));
    const int controller = clients.connect(controllerOf(serve));
    ASSERT_TRUE(
        clients.waitFor(controller, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    const int shipped = clients.state(controller).frames.back().cues;
    ASSERT_GT(shipped, 2);
    const std::string mine =
        R"({"heatlab_cues": 2, "title": "mine", "cues": [{"caption": "one", "scene": )"
        R"("stable_diffusion"}, {"caption": "two", "r": 0.2}]})";
    clients.send(viewer, fileMessage("mine.json", mine, 1));
    const std::size_t seen = clients.state(viewer).frames.size();
    ASSERT_TRUE(
        clients.waitFor(viewer, [&](const ConnectionState& s) { return hasFrames(s, seen + 10); }));
    EXPECT_EQ(clients.state(viewer).frames.back().cues, shipped);
    // A dropped list may name no file of the server: refused whole, the
    // lecture as it was.
    clients.send(controller,
                 fileMessage("theirs.json",
                             R"({"heatlab_cues": 2, "cues": [{"scene": "../../etc/passwd"}]})", 1));
    ASSERT_TRUE(clients.waitFor(controller, [](const ConnectionState& s) {
        return !s.frames.empty() && s.frames.back().lastInput >= 1;
    }));
    EXPECT_EQ(clients.state(controller).frames.back().cues, shipped);
    clients.send(controller, fileMessage("mine.json", mine, 2));
    EXPECT_TRUE(clients.waitFor(
        controller,
        [](const ConnectionState& s) {
            return s.frames.back().lastInput >= 2 && s.frames.back().cues == 2 &&
                   s.frames.back().cue == 1;
        },
        10s));
    EXPECT_TRUE(clients.waitFor(
        viewer, [](const ConnectionState& s) { return s.frames.back().cues == 2; }, 5s));
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
    EXPECT_NE(err.find(" 0 malformed messages"), std::string::npos) << err;
}

TEST(Serve, AClientThatReadsNothingHoldsTwoFramesAndStallsNoOne) {
    ServeProcess serve(kServe);
    ServeClients clients;
    ConnectOptions silent = viewerOf(serve);
    silent.acknowledge = false;
    const int slow = clients.connect(silent);
    const int reader = clients.connect(viewerOf(serve));
    ASSERT_TRUE(clients.waitFor(
        reader, [](const ConnectionState& s) { return hasFrames(s, 30); }, 60s));
    EXPECT_EQ(clients.state(slow).frames.size(), 2u);
    // The frames it gets are the newest: their numbers keep climbing.
    const ConnectionState r = clients.state(reader);
    EXPECT_GT(r.frames.back().sequence, r.frames.front().sequence + 20);
    EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST(Serve, AHundredViewersWatchAndOneMoreIsTurnedAway) {
    ServeProcess serve(kServe + " --viewers 100");
    ServeClients clients;
    // The controller makes the surface small, so a hundred copies are quick.
    const int controller = clients.connect(controllerOf(serve));
    ASSERT_TRUE(
        clients.waitFor(controller, [](const ConnectionState& s) { return hasFrames(s, 1); }));
    clients.send(controller, R"({"t":"resize","w":320,"h":200,"s":1,"i":1})");
    ASSERT_TRUE(clients.waitFor(
        controller, [](const ConnectionState& s) { return s.frames.back().width == 320; }));
    std::vector<int> viewers;
    for (int i = 0; i < 100; ++i) {
        viewers.push_back(clients.connect(viewerOf(serve)));
    }
    for (const int v : viewers) {
        ASSERT_TRUE(clients.waitFor(
            v, [](const ConnectionState& s) { return hasFrames(s, 3); }, 60s))
            << "viewer " << v;
    }
    const int extra = clients.connect(viewerOf(serve));
    ASSERT_TRUE(clients.waitFor(extra, [](const ConnectionState& s) { return s.closed; }));
    const ConnectionState turnedAway = clients.state(extra);
    EXPECT_TRUE(turnedAway.frames.empty());
    ASSERT_FALSE(turnedAway.texts.empty());
    EXPECT_NE(turnedAway.texts.back().find("as many viewers as it takes (100)"), std::string::npos);
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
}

TEST(Serve, MalformedMessagesAreDroppedAndAClientThatKeepsSendingThemIsClosed) {
    ServeProcess serve(kServe);
    ServeClients clients;
    const int fuzzer = clients.connect(controllerOf(serve));
    const int watcher = clients.connect(viewerOf(serve));
    ASSERT_TRUE(clients.waitFor(fuzzer, [](const ConnectionState& s) { return hasFrames(s, 1); }));
    std::mt19937 random(20261203u);
    const std::vector<std::string> bad{"{", "[]", R"({"t":"key","a":"down","k":99999,"i":1})",
                                       std::string(2000, 'x'),
                                       R"({"t":"resize","w":99999,"h":1,"s":1,"i":1})"};
    for (int i = 0; i < 19; ++i) {
        std::string message = bad[static_cast<std::size_t>(i) % bad.size()];
        if (i >= 5) {
            message.clear();
            for (int n = 0; n < 40; ++n) {
                message += static_cast<char>(32 + random() % 95);
            }
        }
        clients.send(fuzzer, message);
    }
    // 19 dropped: still connected, still served.
    const std::size_t before = clients.state(fuzzer).frames.size();
    ASSERT_TRUE(clients.waitFor(
        fuzzer, [&](const ConnectionState& s) { return hasFrames(s, before + 5); }));
    EXPECT_FALSE(clients.state(fuzzer).closed);
    clients.send(fuzzer, "the twentieth");
    EXPECT_TRUE(clients.waitFor(fuzzer, [](const ConnectionState& s) { return s.closed; }));
    // The others go on.
    const std::size_t watched = clients.state(watcher).frames.size();
    EXPECT_TRUE(clients.waitFor(
        watcher, [&](const ConnectionState& s) { return hasFrames(s, watched + 5); }));
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
    EXPECT_NE(err.find("20 malformed messages"), std::string::npos) << err;
}

TEST(Serve, SigtermWithClientsConnectedClosesThemAndExitsCleanly) {
    ServeProcess serve(kServe);
    ServeClients clients;
    const int a = clients.connect(controllerOf(serve));
    const int b = clients.connect(viewerOf(serve));
    ASSERT_TRUE(clients.waitFor(a, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    ASSERT_TRUE(clients.waitFor(b, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
    EXPECT_TRUE(clients.waitFor(
        a, [](const ConnectionState& s) { return s.closed; }, 10s));
    EXPECT_TRUE(clients.waitFor(
        b, [](const ConnectionState& s) { return s.closed; }, 10s));
}

TEST(Serve, WithACertificateItSpeaksOnlyTls) {
    const std::string tls = std::string(HEATLAB_TEST_TLS) + "/localhost";
    ServeProcess serve("--backend cpu --grid 64 --tls-cert " + tls + ".cert --tls-key " + tls +
                       ".key");
    ServeClients clients;
    ConnectOptions secure = controllerOf(serve);
    secure.tls = true;
    secure.origin = "https://localhost:" + std::to_string(serve.port());
    const int c = clients.connect(secure);
    EXPECT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    const int plain = clients.connect(controllerOf(serve));
    EXPECT_TRUE(clients.waitFor(plain, [](const ConnectionState& s) { return s.closed; }));
    EXPECT_TRUE(clients.state(plain).frames.empty());
    EXPECT_EQ(serve.stop(SIGTERM), 0);
    const CommandResult missing =
        runHeatlab("serve --tls-cert " + tls + ".cert --tls-key /nonexistent.key");
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(missing.err, "heatlab: --tls-key /nonexistent.key: No such file or directory\n");
}

TEST(Serve, AScreenshotTakenFromTheBrowserIsSentToItNotWrittenOnTheServer) {
    const std::string folder = testing::TempDir() + "/heatlab_serve_shot";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    ServeProcess serve("--backend cpu --grid 64");
    ServeClients clients;
    const int c = clients.connect(controllerOf(serve));
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    constexpr int kF12 = 301;
    clients.send(c, keyMessage("down", kF12, 1));
    clients.send(c, keyMessage("up", kF12, 2));
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return !s.downloads.empty(); }));
    const ConnectionState state = clients.state(c);
    const auto& [name, bytes] = state.downloads.front();
    EXPECT_EQ(name.substr(name.size() - 4), ".png");
    const std::string saved = folder + "/" + name;
    std::ofstream(saved, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    EXPECT_EQ(readPng(saved).image.width, 64);    // the field at grid resolution
    EXPECT_FALSE(std::filesystem::exists(name));  // nothing in the server's folder
    EXPECT_EQ(serve.stop(SIGTERM), 0);
}

// Ctrl+S and Ctrl+O served, as the Scene section's Save and Open: the scene
// comes to the controller's browser as a download (nothing written in the
// server's folder), and Open asks the controller's page, and only it, to
// open its file chooser. A viewer's Ctrl+O asks nothing.
TEST(Serve, CtrlSSendsTheSceneToTheBrowserAndCtrlOAsksItForAFile) {
    ServeProcess serve("--backend cpu --grid 64 --r 0.123");
    ServeClients clients;
    const int viewer = clients.connect(viewerOf(serve));
    const int c = clients.connect(controllerOf(serve));
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    constexpr int kCtrl = 341;
    constexpr int kS = 83;
    constexpr int kO = 79;
    const auto chord = [&clients](int client, int key, int sequence) {
        clients.send(client, keyMessage("down", kCtrl, sequence));
        clients.send(client, keyMessage("down", key, sequence + 1));
        clients.send(client, keyMessage("up", key, sequence + 2));
        clients.send(client, keyMessage("up", kCtrl, sequence + 3));
    };
    const auto asked = [](const ConnectionState& s) {
        return std::count(s.texts.begin(), s.texts.end(), std::string(kChooseFileMessage));
    };
    chord(viewer, kO, 1);
    chord(c, kS, 1);
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return !s.downloads.empty(); }));
    const ConnectionState saved = clients.state(c);
    const auto& [name, bytes] = saved.downloads.front();
    EXPECT_EQ(name, "heatlab_scene.json");
    const Scene scene = parseScene(std::string(bytes.begin(), bytes.end()), name);
    EXPECT_FLOAT_EQ(scene.settings.params.r, 0.123f);
    EXPECT_FALSE(std::filesystem::exists(name));  // nothing in the server's folder
    EXPECT_EQ(asked(saved), 0);
    chord(c, kO, 5);
    ASSERT_TRUE(clients.waitFor(c, [&](const ConnectionState& s) { return asked(s) == 1; }));
    const std::size_t seen = clients.state(viewer).frames.size();
    ASSERT_TRUE(
        clients.waitFor(viewer, [&](const ConnectionState& s) { return hasFrames(s, seen + 5); }));
    EXPECT_EQ(asked(clients.state(viewer)), 0);
    EXPECT_EQ(asked(clients.state(c)), 1);
    EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST(Serve, AVideoRecordedFromTheBrowserIsSentToItWhenStopped) {
    ServeProcess serve("--backend cpu --grid 64");
    ServeClients clients;
    const int c = clients.connect(controllerOf(serve));
    ASSERT_TRUE(clients.waitFor(c, [](const ConnectionState& s) { return hasFrames(s, 2); }));
    constexpr int kControl = 341;
    constexpr int kR = 82;
    const auto ctrlR = [&](int sequence) {
        clients.send(c, keyMessage("down", kControl, sequence));
        clients.send(c, keyMessage("down", kR, sequence + 1));
        clients.send(c, keyMessage("up", kR, sequence + 2));
        clients.send(c, keyMessage("up", kControl, sequence + 3));
    };
    ctrlR(1);
    const std::size_t started = clients.state(c).frames.size();
    ASSERT_TRUE(clients.waitFor(
        c, [&](const ConnectionState& s) { return hasFrames(s, started + 60); }, 60s));
    EXPECT_TRUE(clients.state(c).downloads.empty());  // nothing until it is whole
    ctrlR(5);
    ASSERT_TRUE(clients.waitFor(
        c, [](const ConnectionState& s) { return !s.downloads.empty(); }, 60s));
    const ConnectionState state = clients.state(c);
    const auto& [name, bytes] = state.downloads.front();
    EXPECT_EQ(name.substr(name.size() - 4), ".mp4");
    ASSERT_GT(bytes.size(), 8u);
    EXPECT_EQ(std::string(bytes.begin() + 4, bytes.begin() + 8), "ftyp");  // an MP4
    EXPECT_FALSE(std::filesystem::exists(name));
    EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
}  // namespace heatlab
