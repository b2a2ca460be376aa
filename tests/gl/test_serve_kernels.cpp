// The lecturer's page and kernels (`heatlab serve --allow-kernels`,
// app/serve/served_kernels.h): a kernel sent by the lecturer's editor is
// compiled, checked and told to its page; one at a time, a newer one
// replacing the one waiting; at most 256 KiB. Without the flag no path
// from a page compiles anything (the editor's message, a dropped scene or
// cue list naming a kernel file, a shipped example's included), a viewer's
// kernel message is refused and counted, and every response the server
// sends says Referrer-Policy: no-referrer. "Nothing compiled" is seen as
// the class kernels' private folder never made: it is made as the first
// kernel's process starts.

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/raw_http.h"
#include "tests/support/raw_websocket.h"
#include "tests/support/row_kernel_text.h"
#include "tests/support/serve_client.h"

namespace heatlab {
namespace {

using namespace std::chrono_literals;

const std::string kServe = "--backend cpu --grid 64";

ConnectOptions pageOf(const ServeProcess& serve, const std::string& token) {
    ConnectOptions o;
    o.port = serve.port();
    o.token = token;
    o.origin = "http://127.0.0.1:" + std::to_string(serve.port());
    return o;
}

// `text` as a JSON string's inside.
std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

std::string kernelMessage(const std::string& name, const std::string& source, int sequence) {
    return "{\"t\":\"kernel\",\"n\":\"" + name + "\",\"d\":\"" + escaped(source) +
           "\",\"i\":" + std::to_string(sequence) + "}";
}

std::string fileMessage(const std::string& name, const std::string& text, int sequence) {
    return "{\"t\":\"file\",\"n\":\"" + name + "\",\"d\":\"" + escaped(text) +
           "\",\"i\":" + std::to_string(sequence) + "}";
}

// The server's words on kernel message `sequence`, each "STATE: TEXT".
std::vector<std::string> reportsOf(const ConnectionState& s, int sequence) {
    std::vector<std::string> found;
    const std::string start = "{\"t\":\"kernel\",\"i\":" + std::to_string(sequence) + ",";
    for (const std::string& text : s.texts) {
        if (text.rfind(start, 0) == 0) {
            const std::size_t at = text.find("\"state\":\"") + 9;
            found.push_back(text.substr(at, text.find('"', at) - at) + ": " +
                            text.substr(text.find("\"text\":")));
        }
    }
    return found;
}

bool saidState(const ConnectionState& s, int sequence, const std::string& state) {
    for (const std::string& report : reportsOf(s, sequence)) {
        if (report.rfind(state + ":", 0) == 0) {
            return true;
        }
    }
    return false;
}

bool doneWith(const ConnectionState& s, int sequence) {
    for (const char* state : {"checked", "running", "failed", "refused", "unavailable"}) {
        if (saidState(s, sequence, state)) {
            return true;
        }
    }
    return false;
}

// Waits for frames that reflect the controller's input `sequence`.
bool tookInput(ServeClients& clients, int page, std::uint32_t sequence) {
    return clients.waitFor(page, [sequence](const ConnectionState& s) {
        return !s.frames.empty() && s.frames.back().lastInput >= sequence;
    });
}

std::string stopped(ServeProcess& serve) {
    std::string err;
    EXPECT_EQ(serve.stop(SIGTERM, &err), 0) << err;
    return err;
}

TEST(ServeKernels, TheLecturersKernelIsCompiledCheckedAndItsErrorsToldAsText) {
    ServeProcess serve(kServe + " --allow-kernels=cpu");
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    EXPECT_NE(clients.state(page).texts.front().find("\"kernels\":\"cpu\""), std::string::npos);
    clients.send(page, kernelMessage("mine.cpp", rowKernelText(), 1));
    ASSERT_TRUE(clients.waitFor(
        page, [](const ConnectionState& s) { return doneWith(s, 1); }, 60s));
    const ConnectionState first = clients.state(page);
    EXPECT_TRUE(saidState(first, 1, "compiling"));
    EXPECT_TRUE(saidState(first, 1, "checked")) << ::testing::PrintToString(reportsOf(first, 1));
    EXPECT_EQ(kernelFoldersOf(serve).size(), 1u);
    // A compile error: its line and caret, as text (the page shows it so).
    clients.send(page, kernelMessage("mine.cpp", rowKernelText("    int broken = ;\n"), 2));
    ASSERT_TRUE(clients.waitFor(
        page, [](const ConnectionState& s) { return doneWith(s, 2); }, 60s));
    const std::vector<std::string> failed = reportsOf(clients.state(page), 2);
    ASSERT_FALSE(failed.empty());
    EXPECT_EQ(failed.back().rfind("failed:", 0), 0u) << failed.back();
    EXPECT_NE(failed.back().find("mine.cpp:4:"), std::string::npos) << failed.back();
    // The file as the page named it: no path of the server's.
    EXPECT_EQ(failed.back().find("heatlab-kernels-"), std::string::npos) << failed.back();
    // A CUDA kernel: on a machine without a CUDA device (or a build
    // without CUDA), the one line the window gives; checked on one with.
    clients.send(page, kernelMessage("yours.cu", "", 5));
    ASSERT_TRUE(clients.waitFor(
        page, [](const ConnectionState& s) { return doneWith(s, 5); }, 60s));
    const std::string cuda = reportsOf(clients.state(page), 5).back();
    EXPECT_TRUE(cuda.rfind("unavailable:", 0) == 0 || cuda.rfind("refused:", 0) == 0 ||
                cuda.rfind("failed:", 0) == 0)
        << cuda;
    // A name of another kernel's, and a name that is no kernel file's.
    clients.send(page, kernelMessage("mine.cu", "", 3));
    clients.send(page, kernelMessage("mine.txt", "", 4));
    EXPECT_TRUE(clients.waitFor(page, [](const ConnectionState& s) {
        return saidState(s, 3, "refused") && saidState(s, 4, "refused");
    }));
    stopped(serve);
}

// Three versions back to back: the first compiles, the second waits and
// the third replaces it (the second is never compiled), then the third
// compiles. The three messages come within a millisecond, a compile takes
// a process's start and the system's compiler (hundreds of ms).
TEST(ServeKernels, ANewerVersionReplacesTheOneWaitingAndOneCompilesAtATime) {
    ServeProcess serve(kServe + " --allow-kernels=cpu");
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    for (int i = 1; i <= 3; ++i) {
        clients.send(page, kernelMessage("mine.cpp", rowKernelText("", std::to_string(i)), i));
    }
    ASSERT_TRUE(clients.waitFor(
        page, [](const ConnectionState& s) { return doneWith(s, 1) && doneWith(s, 3); }, 90s));
    const ConnectionState s = clients.state(page);
    EXPECT_TRUE(saidState(s, 1, "checked")) << ::testing::PrintToString(reportsOf(s, 1));
    EXPECT_TRUE(saidState(s, 2, "waiting"));
    EXPECT_TRUE(saidState(s, 2, "replaced"));
    EXPECT_FALSE(saidState(s, 2, "compiling"));
    EXPECT_TRUE(saidState(s, 3, "checked")) << ::testing::PrintToString(reportsOf(s, 3));
    // The third compiled only once the first was done.
    std::size_t firstDone = 0;
    std::size_t thirdStarted = 0;
    for (std::size_t i = 0; i < s.texts.size(); ++i) {
        if (s.texts[i].find("\"i\":1,\"state\":\"checked\"") != std::string::npos) {
            firstDone = i;
        }
        if (s.texts[i].find("\"i\":3,\"state\":\"compiling\"") != std::string::npos) {
            thirdStarted = i;
        }
    }
    EXPECT_LT(firstDone, thirdStarted);
    stopped(serve);
}

// Without --allow-kernels: the lecturer's kernel refused and told, a
// viewer's refused, both counted; nothing compiled.
TEST(ServeKernels, WithoutTheFlagNoKernelMessageCompilesAndEachIsCounted) {
    ServeProcess serve(kServe);
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    const int viewer = clients.connect(pageOf(serve, serve.viewerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    EXPECT_NE(clients.state(page).texts.front().find("\"kernels\":\"none\""), std::string::npos);
    clients.send(page, kernelMessage("mine.cpp", rowKernelText(), 1));
    clients.send(page, kernelMessage("mine.cu", "", 2));
    clients.send(viewer, kernelMessage("theirs.cpp", rowKernelText(), 1));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) {
        return saidState(s, 1, "refused") && saidState(s, 2, "refused");
    }));
    EXPECT_NE(reportsOf(clients.state(page), 1).front().find("--allow-kernels"), std::string::npos);
    // The page's input after them has come through: they were read.
    clients.send(page, R"({"t":"focus","f":true,"i":3})");
    ASSERT_TRUE(tookInput(clients, page, 3));
    EXPECT_TRUE(kernelFoldersOf(serve).empty());
    const std::string err = stopped(serve);
    EXPECT_NE(err.find("3 kernel messages refused (1 of them from viewers)"), std::string::npos)
        << err;
    EXPECT_NE(err.find(" 0 malformed messages"), std::string::npos) << err;
}

TEST(ServeKernels, AViewersKernelIsRefusedAndCountedWithTheFlagToo) {
    ServeProcess serve(kServe + " --allow-kernels=cpu");
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    const int viewer = clients.connect(pageOf(serve, serve.viewerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    ASSERT_TRUE(
        clients.waitFor(viewer, [](const ConnectionState& s) { return !s.frames.empty(); }));
    EXPECT_NE(clients.state(viewer).texts.front().find("\"kernels\":\"none\""), std::string::npos);
    clients.send(viewer, kernelMessage("theirs.cpp", rowKernelText(), 1));
    clients.send(page, R"({"t":"focus","f":true,"i":1})");
    ASSERT_TRUE(tookInput(clients, page, 1));
    EXPECT_TRUE(kernelFoldersOf(serve).empty());
    const std::string err = stopped(serve);
    EXPECT_NE(err.find("1 kernel messages refused (1 of them from viewers)"), std::string::npos)
        << err;
}

// --allow-kernels (CUDA): a C++ kernel from the page needs =cpu.
TEST(ServeKernels, ACxxKernelFromThePageNeedsAllowKernelsCpu) {
    ServeProcess serve(kServe + " --allow-kernels");
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    EXPECT_NE(clients.state(page).texts.front().find("\"kernels\":\"cuda\""), std::string::npos);
    clients.send(page, kernelMessage("mine.cpp", rowKernelText(), 1));
    ASSERT_TRUE(
        clients.waitFor(page, [](const ConnectionState& s) { return saidState(s, 1, "refused"); }));
    EXPECT_NE(reportsOf(clients.state(page), 1).front().find("--allow-kernels=cpu"),
              std::string::npos);
    EXPECT_TRUE(kernelFoldersOf(serve).empty());
    stopped(serve);
}

// A kernel's message is at most 256 KiB whole: one under it is read (and,
// without the flag, refused as a kernel: the connection stays), one over it
// closes the connection at once (1009).
TEST(ServeKernels, AKernelMessageIsAtMost256KiB) {
    ServeProcess serve(kServe);
    const std::string start = R"({"t":"kernel","n":"big.cpp","i":1,"d":")";
    const std::string end = "\"}";
    const std::size_t most = 256 * 1024;
    {
        RawWebSocket under(serve.port(), serve.controllerToken());
        ASSERT_TRUE(under.established());
        const std::string text = start + std::string(most - start.size() - end.size(), 'x') + end;
        ASSERT_EQ(text.size(), most);
        ASSERT_TRUE(under.sendFrame(RawWebSocket::kText, true, text));
        EXPECT_EQ(under.closeCode(2000ms), std::nullopt);
    }
    RawWebSocket over(serve.port(), serve.controllerToken());
    ASSERT_TRUE(over.established());
    ASSERT_TRUE(
        over.sendFrame(RawWebSocket::kText, true,
                       start + std::string(most + 1 - start.size() - end.size(), 'x') + end));
    EXPECT_EQ(over.closeCode(5000ms), 1009);
    const std::string err = stopped(serve);
    EXPECT_NE(err.find("1 kernel messages refused"), std::string::npos) << err;
    EXPECT_TRUE(kernelFoldersOf(serve).empty());
}

// A dropped scene or cue list that names a kernel file, a shipped example's
// included, is refused whole without the flag (the lecture as it was,
// nothing compiled); with --allow-kernels the same list loads and its
// kernel compiles (what shows the test can fail).
TEST(ServeKernels, ADroppedSceneOrCueListNamingAKernelFileCompilesOnlyWithTheFlag) {
    const std::string list =
        R"({"heatlab_cues": 2, "cues": [{"caption": "one", "kernel_file": "split_rows"},)"
        R"( {"caption": "two"}]})";
    // A whole scene (one it loads but for its kernel file).
    const std::string scene =
        R"({"heatlab_scene": 1, "kernel_file": "whole_grid", "title": "t", "params": {"grid": )"
        R"("64", "r": "0.24", "boundary": "dirichlet", "initial": "hot-square"}, "window": {)"
        R"("running": true, "steps_per_frame": 10, "display_path": "interop", "colormap": )"
        R"("heat", "range": {"automatic": true, "lo": 0, "hi": 1}, "sampling": "extremes", )"
        R"("vsync": true}})";
    {
        ServeProcess serve(kServe);
        ServeClients clients;
        const int page = clients.connect(pageOf(serve, serve.controllerToken()));
        ASSERT_TRUE(
            clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
        clients.send(page, fileMessage("mine.json", list, 1));
        clients.send(page, fileMessage("scene.json", scene, 2));
        ASSERT_TRUE(tookInput(clients, page, 2));
        // A few frames after them, the lecture has no cue list.
        const std::size_t seen = clients.state(page).frames.size();
        ASSERT_TRUE(clients.waitFor(
            page, [&](const ConnectionState& s) { return s.frames.size() >= seen + 5; }));
        EXPECT_EQ(clients.state(page).frames.back().cues, 0);
        EXPECT_TRUE(kernelFoldersOf(serve).empty());
        stopped(serve);
    }
    ServeProcess serve(kServe + " --allow-kernels");
    ServeClients clients;
    const int page = clients.connect(pageOf(serve, serve.controllerToken()));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) { return !s.frames.empty(); }));
    clients.send(page, fileMessage("mine.json", list, 1));
    ASSERT_TRUE(clients.waitFor(page, [](const ConnectionState& s) {
        return !s.frames.empty() && s.frames.back().cues == 2;
    }));
    EXPECT_EQ(kernelFoldersOf(serve).size(), 1u);
    stopped(serve);
}

// The head of the server's answer to `request` (up to its blank line).
std::string answerHead(int port, const std::string& request) {
    return rawHttpAnswer(port, request, "\r\n\r\n");
}

std::string lowered(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

TEST(ServeKernels, EveryResponseSaysReferrerPolicyNoReferrer) {
    ServeProcess serve(kServe);
    const std::string host = "127.0.0.1:" + std::to_string(serve.port());
    const auto get = [&](const std::string& path, const std::string& name) {
        return answerHead(serve.port(), "GET " + path + " HTTP/1.1\r\nHost: " + name +
                                            "\r\nConnection: close\r\n\r\n");
    };
    const std::string page = "/?token=" + serve.controllerToken();
    const std::string upgrade =
        "GET /ws?token=" + serve.controllerToken() + " HTTP/1.1\r\nHost: " + host +
        "\r\nOrigin: http://" + host +
        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: heatlab\r\n\r\n";
    for (const auto& [what, head] : std::vector<std::pair<std::string, std::string>>{
             {"page", get(page, host)},
             {"script", get("/heatlab.js", host)},
             {"no token", get("/", host)},
             {"no such page", get("/nothing", host)},
             {"wrong name", get(page, "evil.example")},
             {"upgrade", answerHead(serve.port(), upgrade)}}) {
        EXPECT_NE(lowered(head).find("\r\nreferrer-policy: no-referrer"), std::string::npos)
            << what << ":\n"
            << head;
    }
    stopped(serve);
}

}  // namespace
}  // namespace heatlab
