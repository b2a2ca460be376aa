// The served lecture's rules that need no socket (app/serve/access.h,
// app/serve/wire.h): tokens, the names a request may give for the server, and
// the messages a browser sends and receives.

#include <sys/stat.h>

#include <fstream>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/kernel_files/page_kernels.h"
#include "app/serve/access.h"
#include "app/serve/served_kernels.h"
#include "app/serve/server_address.h"
#include "app/serve/wire.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

TEST(ServeTokens, AreNewEachTimeAndHold128Bits) {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
        const std::string token = newToken();
        EXPECT_EQ(token.size(), 32u);
        EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos);
        seen.insert(token);
    }
    EXPECT_EQ(seen.size(), 100u);
    const Tokens tokens = newTokens();
    EXPECT_NE(tokens.controller, tokens.viewer);
}

TEST(ServeTokens, GiveTheRoleOfTheTokenShownAndNoneForAnyOther) {
    const Tokens tokens{"controller-token-0123456789", "viewer-token-0123456789ab"};
    EXPECT_EQ(tokens.roleOf("controller-token-0123456789"), Role::Controller);
    EXPECT_EQ(tokens.roleOf("viewer-token-0123456789ab"), Role::Viewer);
    EXPECT_EQ(tokens.roleOf(""), Role::None);
    EXPECT_EQ(tokens.roleOf("controller-token-012345678"), Role::None);    // a prefix
    EXPECT_EQ(tokens.roleOf("controller-token-01234567890"), Role::None);  // longer
    EXPECT_EQ(tokens.roleOf("Controller-token-0123456789"), Role::None);
    EXPECT_TRUE(tokensEqual("abc", "abc"));
    EXPECT_FALSE(tokensEqual("abc", "abd"));
    EXPECT_FALSE(tokensEqual("abc", "abcd"));
}

// The lecturer's alone (mode 600), as readTokens() takes one.
std::string tokenFile(const std::string& text) {
    const std::string path = testing::TempDir() + "/heatlab_tokens.txt";
    std::ofstream(path) << text;
    ::chmod(path.c_str(), 0600);
    return path;
}

TEST(ServeTokens, FromAFileAreCheckedAndTheViewersOneIsNewWhenNotGiven) {
    const Tokens one = readTokens(tokenFile("abcdefghijklmnopqrstuvwxyz\n"));
    EXPECT_EQ(one.controller, "abcdefghijklmnopqrstuvwxyz");
    EXPECT_EQ(one.viewer.size(), 32u);
    const Tokens two =
        readTokens(tokenFile("abcdefghijklmnopqrstuvwxyz\r\nzyxwvutsrqponmlkjihgfedcba\n"));
    EXPECT_EQ(two.viewer, "zyxwvutsrqponmlkjihgfedcba");
    for (const char* bad :
         {"", "short\n", "abcdefghijklmnopqrstu v wxyz\n",
          "abcdefghijklmnopqrstuvwxyz\nabcdefghijklmnopqrstuvwxyz\n",
          "a1234567890123456789012\nb1234567890123456789012\nc1234567890123456789012\n"}) {
        EXPECT_THROW(readTokens(tokenFile(bad)), UsageError) << bad;
    }
    EXPECT_THROW(readTokens("/nonexistent/heatlab_tokens.txt"), UsageError);
}

TEST(ServeAccess, AnyLoopbackNameAtAnyPortIsTheServersOwn) {
    const AccessRules rules({});
    for (const char* host : {"localhost:8080", "127.0.0.1:9000", "[::1]:8080", "LOCALHOST",
                             "127.0.0.1", "localhost:1"}) {
        EXPECT_TRUE(rules.hostAllowed(host)) << host;
    }
    for (const char* host : {"", "evil.example", "evil.example:8080", "localhost.evil.example",
                             "127.0.0.1.nip.io:8080", "::1", "[::1", "10.0.0.2:8080"}) {
        EXPECT_FALSE(rules.hostAllowed(host)) << host;
    }
}

TEST(ServeAccess, OriginsAreTheServersOwnNamesOrNone) {
    const AccessRules rules({"lecture.example.org"});
    EXPECT_TRUE(rules.originAllowed(""));  // not a browser
    for (const char* origin : {"http://localhost:8080", "http://127.0.0.1:9999",
                               "https://lecture.example.org", "http://[::1]:8080"}) {
        EXPECT_TRUE(rules.originAllowed(origin)) << origin;
    }
    for (const char* origin : {"null", "http://evil.example", "https://evil.example:8080",
                               "file://", "http://localhost:8080/path", "ws://localhost:8080",
                               "http://lecture.example.org.evil.example"}) {
        EXPECT_FALSE(rules.originAllowed(origin)) << origin;
    }
    EXPECT_TRUE(rules.hostAllowed("lecture.example.org:443"));
}

TEST(ServeTokens, AFileGroupOrOthersMayReadOrChangeIsRefusedSayingTheFix) {
    const std::string path = tokenFile("abcdefghijklmnopqrstuvwxyz\n");
    for (const mode_t open : {0644, 0640, 0604, 0620, 0602}) {
        ::chmod(path.c_str(), open);
        try {
            readTokens(path);
            ADD_FAILURE() << std::oct << open << " taken";
        } catch (const UsageError& e) {
            EXPECT_NE(std::string(e.what()).find("chmod 600 " + path), std::string::npos)
                << e.what();
        }
    }
    for (const mode_t own : {0600, 0400, 0700}) {
        ::chmod(path.c_str(), own);
        EXPECT_EQ(readTokens(path).controller, "abcdefghijklmnopqrstuvwxyz") << std::oct << own;
    }
}

// Written as a URL and a browser's Host header write them, so the URL
// printed is the one a browser's Host matches.
TEST(ServeNames, APublicNameIsAHostNameOrAnIpAddressWrittenAsAUrlWritesIt) {
    EXPECT_EQ(parsePublicName("Lecture.Example.ORG"), "lecture.example.org");
    EXPECT_EQ(parsePublicName("a-1.b2"), "a-1.b2");
    EXPECT_EQ(parsePublicName("192.0.2.7"), "192.0.2.7");
    EXPECT_EQ(parsePublicName("2001:DB8:0:0::1"), "[2001:db8::1]");
    EXPECT_EQ(parsePublicName("[2001:db8::1]"), "[2001:db8::1]");
    EXPECT_EQ(parsePublicName("::1"), "[::1]");
    const std::string label63(63, 'a');
    EXPECT_EQ(parsePublicName(label63 + ".org"), label63 + ".org");
    // 253 characters in all: three labels of 63 and one of 61, dots between.
    const std::string longest = label63 + "." + label63 + "." + label63 + "." + label63.substr(2);
    ASSERT_EQ(longest.size(), 253u);
    EXPECT_EQ(parsePublicName(longest), longest);
    for (const std::string& bad : {std::string(""),
                                   std::string("host:8443"),
                                   std::string("http://host"),
                                   std::string("a b"),
                                   std::string("*"),
                                   std::string("*.example.org"),
                                   std::string("-host"),
                                   std::string("host-"),
                                   std::string("a..b"),
                                   std::string(".a"),
                                   std::string("host."),
                                   std::string("under_score"),
                                   std::string("bücher.example"),
                                   label63 + "a.org",
                                   longest + "c",
                                   std::string("1.2.3"),
                                   std::string("999.1.1.1"),
                                   std::string("example.0x7f"),
                                   std::string("[1.2.3.4]"),
                                   std::string("[::1"),
                                   std::string("[::1]:8443"),
                                   std::string("host/path"),
                                   std::string(10000, 'x')}) {
        EXPECT_THROW(parsePublicName(bad), UsageError) << bad;
    }
    const AccessRules rules({parsePublicName("2001:DB8::1"), parsePublicName("Lecture.Example")});
    EXPECT_TRUE(rules.hostAllowed("[2001:db8::1]:8443"));
    EXPECT_TRUE(rules.hostAllowed("lecture.example:8443"));
    EXPECT_TRUE(rules.originAllowed("https://[2001:db8::1]:8443"));
}

TEST(ServeNames, ABindAddressIsAnIpAddressAsTheSystemWritesIt) {
    EXPECT_EQ(parseBindAddress("127.0.0.1"), "127.0.0.1");
    EXPECT_EQ(parseBindAddress("0.0.0.0"), "0.0.0.0");
    EXPECT_EQ(parseBindAddress("::"), "::");
    EXPECT_EQ(parseBindAddress("[::1]"), "::1");
    EXPECT_EQ(parseBindAddress("0:0:0:0:0:0:0:1"), "::1");
    for (const char* bad : {"", "localhost", "999.1.1.1", "1.2.3", "127.0.0.1:8080", "[::1"}) {
        EXPECT_THROW(parseBindAddress(bad), UsageError) << bad;
    }
}

TEST(ServeWire, AFrameHeaderReadsBackAsWritten) {
    FrameHeader h;
    h.quality = 85;
    h.width = 2560;
    h.height = 1600;
    h.sequence = 4000000000u;
    h.lastInput = 77;
    h.step = 1019.0;
    h.cue = 3;
    h.cues = 13;
    std::vector<unsigned char> bytes;
    appendFrameHeader(h, bytes);
    ASSERT_EQ(bytes.size(), kFrameHeaderBytes);
    const std::optional<FrameHeader> back = readFrameHeader(bytes.data(), bytes.size());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->quality, 85);
    EXPECT_EQ(back->width, 2560);
    EXPECT_EQ(back->height, 1600);
    EXPECT_EQ(back->sequence, 4000000000u);
    EXPECT_EQ(back->lastInput, 77u);
    EXPECT_EQ(back->step, 1019.0);
    EXPECT_EQ(back->cue, 3);
    EXPECT_EQ(back->cues, 13);
    EXPECT_FALSE(readFrameHeader(bytes.data(), bytes.size() - 1));
}

TEST(ServeWire, InputMessagesBecomeTheEventsAWindowWouldGive) {
    std::string why;
    auto m = parseClientMessage(R"({"t":"key","a":"down","k":"PageDown","i":9})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->kind, ClientMessage::Kind::Input);
    EXPECT_EQ(m->inputSequence, 9u);
    EXPECT_EQ(m->event, InputEvent::keyDown(KeyCode::PageDown));
    m = parseClientMessage(R"({"t":"resize","w":1280,"h":800,"s":2,"i":1})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->event.size.units.width, 1280);
    EXPECT_EQ(m->event.size.pixels.width, 2560);
    EXPECT_EQ(m->event.size.pixels.height, 1600);
    EXPECT_FLOAT_EQ(m->scale, 2.0f);
    m = parseClientMessage(R"({"t":"button","b":1,"d":true,"i":2})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->event, InputEvent::pointerButton(1, true));
    m = parseClientMessage(R"({"t":"ack","f":41})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->kind, ClientMessage::Kind::Ack);
    EXPECT_EQ(m->ackedFrame, 41u);
}

TEST(ServeWire, AnH264FrameHeaderSaysItsKindAndKeyAndAPageSaysItsCodecs) {
    FrameHeader h;
    h.kind = FrameKind::H264;
    h.quality = 60;
    h.key = true;
    h.width = 1281;
    h.height = 801;
    h.sequence = 7;
    std::vector<unsigned char> bytes;
    appendFrameHeader(h, bytes);
    ASSERT_EQ(bytes.size(), kFrameHeaderBytes);
    EXPECT_EQ(bytes[0], 3);
    const std::optional<FrameHeader> back = readFrameHeader(bytes.data(), bytes.size());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->kind, FrameKind::H264);
    EXPECT_TRUE(back->key);
    EXPECT_EQ(back->quality, 60);
    EXPECT_EQ(back->width, 1281);
    h.kind = FrameKind::Jpeg;
    h.key = false;
    bytes.clear();
    appendFrameHeader(h, bytes);
    EXPECT_FALSE(readFrameHeader(bytes.data(), bytes.size())->key);
    bytes[0] = 4;  // no such kind
    EXPECT_FALSE(readFrameHeader(bytes.data(), bytes.size()));

    std::string why;
    auto m = parseClientMessage(R"({"t":"codecs","h264":true})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->kind, ClientMessage::Kind::Codecs);
    EXPECT_TRUE(m->h264);
    EXPECT_FALSE(parseClientMessage(R"({"t":"codecs","h264":"yes"})", &why));
    EXPECT_FALSE(parseClientMessage(R"({"t":"codecs"})", &why));
}

TEST(ServeWire, AFileMessageCarriesItsNameAndTextAndItsOwnLimit) {
    std::string why;
    const std::string text(300000, ' ');
    auto m =
        parseClientMessage(R"({"t":"file","n":"mine.json","d":")" + text + R"(","i":4})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->kind, ClientMessage::Kind::File);
    EXPECT_EQ(m->fileName, "mine.json");
    EXPECT_EQ(m->fileText, text);
    EXPECT_EQ(m->inputSequence, 4u);
    const std::string fileStart = R"({"t":"fi)";
    const std::string keyStart = R"({"t":"key")";
    EXPECT_TRUE(mayBeLong(fileStart.data(), fileStart.size()));
    EXPECT_FALSE(mayBeLong(keyStart.data(), keyStart.size()));
    for (const std::string& bad : {
             // a path, not a name; no name; over 1 MiB of text; "t" not first
             std::string(R"({"t":"file","n":"../x.json","d":"{}","i":1})"),
             std::string(R"({"t":"file","n":"","d":"{}","i":1})"),
             std::string(R"({"t":"file","n":"a.json","d":")") +
                 std::string(kMostUploadBytes + 1, 'x') + R"(","i":1})",
             std::string(R"({"n":"a.json","t":"file","d":"{}","i":1})"),
             std::string(R"({"t":"file","n":"a.json","d":7,"i":1})"),
         }) {
        EXPECT_FALSE(parseClientMessage(bad, &why)) << bad.substr(0, 80);
        EXPECT_FALSE(why.empty());
    }
}

TEST(ServeWire, MalformedOversizedAndOutOfRangeMessagesAreDroppedWithAReason) {
    for (const std::string& bad :
         {std::string("not json"), std::string("[1,2]"), std::string(R"({"t":"key"})"),
          std::string(R"({"t":"key","a":"down","k":"PageDown"})"),  // no sequence number
          std::string(R"({"t":"key","a":"press","k":"PageDown","i":1})"),
          std::string(R"({"t":"key","a":"down","k":"CapsLock","i":1})"),
          std::string(R"({"t":"text","c":55296,"i":1})"),  // a lone surrogate
          std::string(R"({"t":"text","c":10,"i":1})"),     // a control character
          std::string(R"({"t":"move","x":1e300,"y":0,"i":1})"),
          std::string(R"({"t":"button","b":3,"d":true,"i":1})"),
          std::string(R"({"t":"resize","w":4000,"h":800,"s":2,"i":1})"),  // 8000 pixels wide
          std::string(R"({"t":"resize","w":0,"h":800,"s":1,"i":1})"),
          std::string(R"({"t":"ack","f":-1})"), std::string(R"({"t":"open","path":"/etc"})"),
          std::string(R"({"t":"ack","f":1,"pad":")") + std::string(600, 'x') + "\"}"}) {
        std::string why;
        EXPECT_FALSE(parseClientMessage(bad, &why)) << bad;
        EXPECT_FALSE(why.empty()) << bad;
    }
}

TEST(ServeWire, AKernelMessageCarriesItsFileNameAndSourceUpTo256KiBWhole) {
    std::string why;
    const std::optional<ClientMessage> m = parseClientMessage(
        R"({"t":"kernel","n":"mine.cu","d":"extern \"C\" __global__ void step();","i":7})", &why);
    ASSERT_TRUE(m) << why;
    EXPECT_EQ(m->kind, ClientMessage::Kind::Kernel);
    EXPECT_EQ(m->fileName, "mine.cu");
    EXPECT_EQ(m->fileText, "extern \"C\" __global__ void step();");
    EXPECT_EQ(m->inputSequence, 7u);
    const std::string start = R"({"t":"kernel","n":"big.cpp","i":1,"d":")";
    const std::string end = "\"}";
    const std::size_t most = kMostKernelMessageBytes;
    EXPECT_TRUE(
        parseClientMessage(start + std::string(most - start.size() - end.size(), 'x') + end, &why))
        << why;
    EXPECT_FALSE(parseClientMessage(
        start + std::string(most + 1 - start.size() - end.size(), 'x') + end, &why));
    EXPECT_NE(why.find("256 KiB"), std::string::npos) << why;
    // "t" first, as the server reads the limit from its first bytes; a
    // name, never a path.
    EXPECT_FALSE(parseClientMessage(R"({"n":"a.cu","t":"kernel","d":"","i":1})", &why));
    EXPECT_FALSE(parseClientMessage(R"({"t":"kernel","n":"../a.cu","d":"","i":1})", &why));
    EXPECT_TRUE(mayBeKernel(R"({"t":"ker)", 9));
    EXPECT_FALSE(mayBeKernel(R"({"t":"key")", 10));
}

TEST(ServeWire, AKernelReportIsJsonWithItsTypeFirstAndItsTextAsText) {
    const std::string report =
        kernelReportMessage(3, "failed", "mine.cu(2): error: <b>\"x\"</b>\n  ^\xff");
    EXPECT_EQ(report.rfind(R"({"t":"kernel","i":3,"state":"failed","text":")", 0), 0u) << report;
    const auto json = nlohmann::json::parse(report);
    EXPECT_EQ(json.at("text").get<std::string>().find("error: <b>\"x\"</b>\n  ^"), 12u);
}

TEST(ServeKernelQueue, OneWaitsAtMostTheNewestReplacingIt) {
    CompileQueue queue;
    EXPECT_FALSE(queue.next(false));
    EXPECT_FALSE(queue.offer({1, "a.cu", "one"}));
    EXPECT_FALSE(queue.next(true));  // one compiles: it waits
    const std::optional<PageKernel> replaced = queue.offer({2, "a.cu", "two"});
    ASSERT_TRUE(replaced);
    EXPECT_EQ(replaced->sequence, 1u);
    EXPECT_TRUE(queue.waiting());
    const std::optional<PageKernel> next = queue.next(false);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->source, "two");
    EXPECT_FALSE(queue.waiting());
    EXPECT_FALSE(queue.next(false));
}

TEST(ServePageKernels, EachFlagLetsThroughWhatItSaysAndNoMore) {
    EXPECT_NE(pageKernelRefusal(PageKernels::None, KernelLanguage::Cuda), "");
    EXPECT_NE(pageKernelRefusal(PageKernels::None, KernelLanguage::Cxx), "");
    EXPECT_EQ(pageKernelRefusal(PageKernels::Cuda, KernelLanguage::Cuda), "");
    EXPECT_NE(pageKernelRefusal(PageKernels::Cuda, KernelLanguage::Cxx).find("--allow-kernels=cpu"),
              std::string::npos);
    EXPECT_EQ(pageKernelRefusal(PageKernels::CudaAndCpu, KernelLanguage::Cxx), "");
    EXPECT_EQ(pageKernelRefusal(PageKernels::Any, KernelLanguage::Cxx), "");
    // A shipped example (heatlab's own text) with any --allow-kernels, but
    // not without it; a file of the server's in C++ only with =cpu.
    const NamedKernelFile shipped{"split_rows", "kernels/class/examples/cpu/split_rows.cpp",
                                  KernelLanguage::Cxx, true};
    const NamedKernelFile mine{"mine", "lecture/mine.cpp", KernelLanguage::Cxx, false};
    EXPECT_NE(pageKernelFileRefusal(PageKernels::None, shipped).find("split_rows"),
              std::string::npos);
    EXPECT_EQ(pageKernelFileRefusal(PageKernels::Cuda, shipped), "");
    EXPECT_NE(pageKernelFileRefusal(PageKernels::Cuda, mine), "");
    EXPECT_EQ(pageKernelFileRefusal(PageKernels::CudaAndCpu, mine), "");
    EXPECT_EQ(pageKernelFileRefusal(PageKernels::Any, mine), "");
}

}  // namespace
}  // namespace heatlab
