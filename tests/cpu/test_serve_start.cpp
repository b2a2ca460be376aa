// `heatlab serve` refuses what it can check before anything starts: the
// files it reads (--tls-cert, --tls-key, --token-file: a regular file of at
// most 1 MiB, PEM where PEM is meant, a token file no one else may read),
// --bind and --public-name, and a port it cannot have. Each refusal is one
// line and exit 2, with no OpenGL, JPEG or H.264 line before it (so these
// run in the cpu tier: nothing here may start GL), and a FIFO never hangs
// it (each run is killed if it outlives its time, failing the test).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/run_command.h"

namespace {

// Far more than a refusal takes, far less than a test run may: a run still
// going then has hung.
constexpr int kSeconds = 60;

const std::string kTls = std::string(HEATLAB_TEST_TLS) + "/";
const std::string kCert = kTls + "localhost.cert";
const std::string kKey = kTls + "localhost.key";

std::string scratch(const std::string& name) {
    return ::testing::TempDir() + "heatlab-serve-start-" + name;
}

std::string written(const std::string& name, const std::string& text, mode_t mode = 0600) {
    const std::string path = scratch(name);
    std::filesystem::remove(path);
    std::ofstream(path) << text;
    ::chmod(path.c_str(), mode);
    return path;
}

std::string fifo(const std::string& name) {
    const std::string path = scratch(name);
    std::filesystem::remove(path);
    EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0) << path;
    return path;
}

// One line on stderr and exit 2, nothing on stdout, no line of GL, the JPEG
// encoder or H.264 before it; `mentions` in the line.
void expectRefusedInOneLine(const std::string& args, const std::vector<std::string>& mentions) {
    const CommandResult result = runHeatlabWithin("serve " + args, kSeconds);
    EXPECT_EQ(result.signal, 0) << args << ": still running after " << kSeconds << " s";
    EXPECT_EQ(result.status, 2) << args << "\nstderr: " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1)
        << args << ": not one line: " << result.err;
    EXPECT_EQ(result.err.find("OpenGL"), std::string::npos) << args << ": " << result.err;
    EXPECT_TRUE(result.out.empty()) << args << ": " << result.out;
    for (const std::string& word : mentions) {
        EXPECT_NE(result.err.find(word), std::string::npos)
            << args << ": does not say " << word << ": " << result.err;
    }
}

TEST(ServeStart, AFifoGivenForAnyFileIsRefusedAtOnceNamingIt) {
    const std::string pipe = fifo("fifo");
    expectRefusedInOneLine("--tls-cert " + pipe + " --tls-key " + kKey,
                           {"--tls-cert " + pipe, "FIFO"});
    expectRefusedInOneLine("--tls-cert " + kCert + " --tls-key " + pipe,
                           {"--tls-key " + pipe, "FIFO"});
    expectRefusedInOneLine("--token-file " + pipe, {"--token-file " + pipe, "FIFO"});
    std::filesystem::remove(pipe);
}

TEST(ServeStart, AFolderADeviceAMissingOrAHugeFileIsRefusedNamingItAndWhatItIs) {
    const std::string folder = scratch("folder");
    std::filesystem::create_directories(folder);
    expectRefusedInOneLine("--tls-cert " + folder + " --tls-key " + kKey,
                           {"--tls-cert " + folder, "folder"});
    expectRefusedInOneLine("--tls-cert " + kCert + " --tls-key /dev/zero",
                           {"--tls-key /dev/zero", "device"});
    expectRefusedInOneLine("--tls-cert " + kCert + " --tls-key /nonexistent.key",
                           {"--tls-key /nonexistent.key", "No such file or directory"});
    expectRefusedInOneLine("--token-file /dev/null", {"--token-file /dev/null", "device"});
    const std::string huge =
        written("huge.cert", "-----BEGIN CERTIFICATE-----\n" + std::string(2 << 20, 'A'));
    expectRefusedInOneLine("--tls-cert " + huge + " --tls-key " + kKey,
                           {"--tls-cert " + huge, "1048576 bytes"});
    std::filesystem::remove(huge);
}

TEST(ServeStart, TlsFilesThatAreNotACertificateAndItsKeyAreRefusedNamingThem) {
    // Each the other's: the certificate is no key, the key no certificate.
    expectRefusedInOneLine("--tls-cert " + kKey + " --tls-key " + kKey,
                           {"--tls-cert " + kKey, "certificate"});
    expectRefusedInOneLine("--tls-cert " + kCert + " --tls-key " + kCert,
                           {"--tls-key " + kCert, "private key"});
    const std::string text = written("text.cert", "hello\n");
    expectRefusedInOneLine("--tls-cert " + text + " --tls-key " + kKey,
                           {"--tls-cert " + text, "PEM"});
    // A key with a passphrase would be asked for on the terminal, where no
    // one may be.
    const std::string encrypted =
        written("encrypted.key",
                "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED "
                "PRIVATE KEY-----\n");
    expectRefusedInOneLine("--tls-cert " + kCert + " --tls-key " + encrypted,
                           {"--tls-key " + encrypted, "passphrase"});
    // Both PEM, but not a pair: libwebsockets' refusal, in one line that
    // names the files the user gave.
    expectRefusedInOneLine("--port 0 --tls-cert " + kCert + " --tls-key " + kTls + "other.key",
                           {kCert, kTls + "other.key"});
    std::filesystem::remove(text);
    std::filesystem::remove(encrypted);
}

TEST(ServeStart, ATokenFileOthersMayReadIsRefusedSayingTheFix) {
    const std::string tokens = written("tokens", "abcdefghijklmnopqrstuvwxyz\n", 0644);
    expectRefusedInOneLine("--token-file " + tokens, {tokens, "chmod 600 " + tokens});
    ::chmod(tokens.c_str(), 0640);
    expectRefusedInOneLine("--token-file " + tokens, {tokens, "chmod 600 " + tokens});
    const CommandResult japanese =
        runHeatlabWithin("serve --lang ja --token-file " + tokens, kSeconds);
    EXPECT_EQ(japanese.status, 2) << japanese.err;
    EXPECT_NE(japanese.err.find("読める"), std::string::npos) << japanese.err;
    EXPECT_NE(japanese.err.find("chmod 600 " + tokens), std::string::npos) << japanese.err;
    std::filesystem::remove(tokens);
}

TEST(ServeStart, ABadBindOrAPortInUseIsRefusedBeforeAnythingStarts) {
    expectRefusedInOneLine("--bind 999.1.1.1", {"--bind", "999.1.1.1"});
    expectRefusedInOneLine("--bind localhost", {"--bind", "IP address"});
    // An address of no interface here (TEST-NET-1).
    expectRefusedInOneLine("--bind 192.0.2.1 --public-name example.org", {"192.0.2.1"});

    const int taken = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(taken, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::listen(taken, 1), 0);
    socklen_t length = sizeof address;
    ::getsockname(taken, reinterpret_cast<sockaddr*>(&address), &length);
    const std::string port = std::to_string(ntohs(address.sin_port));
    expectRefusedInOneLine("--port " + port, {"port " + port, "--port"});
    ::close(taken);
}

TEST(ServeStart, APublicNameIsAHostNameOrAnIpAddressAndNothingElse) {
    // (--frames 1: a name taken by mistake ends the run at once.)
    const std::string wide = "--frames 1 --port 0 --bind 0.0.0.0 --public-name=";
    for (const std::string& bad :
         {std::string("host:8443"), std::string("http://host"), std::string("'a b'"),
          std::string("'*'"), std::string("-host"), std::string("host-"), std::string("a..b"),
          std::string("host."), std::string("under_score.example"), std::string(64, 'a'),
          std::string("1.2.3"), std::string("999.1.1.1"), std::string("[1.2.3.4]"),
          std::string("[::1"), std::string("'[::1]:8443'")}) {
        expectRefusedInOneLine(wide + bad, {"--public-name"});
    }
    // 10 KB: cut in the line, with its length.
    const CommandResult huge =
        runHeatlabWithin("serve " + wide + std::string(10000, 'x'), kSeconds);
    EXPECT_EQ(huge.status, 2);
    EXPECT_LT(huge.err.size(), 400u) << huge.err;
    EXPECT_NE(huge.err.find("10000"), std::string::npos) << huge.err;
}

// --allow-kernels lets the lecturer's link run code on the server: never
// over a network in the clear.
TEST(ServeStart, AllowKernelsOnANonLoopbackBindWithoutTlsIsRefused) {
    for (const char* flag : {"--allow-kernels", "--allow-kernels=cpu"}) {
        expectRefusedInOneLine(std::string(flag) + " --bind 0.0.0.0 --public-name lecture.example",
                               {"--allow-kernels", "--bind 0.0.0.0", "--tls-cert"});
        expectRefusedInOneLine(std::string(flag) + " --bind :: --public-name lecture.example",
                               {"--allow-kernels", "--bind ::", "--tls-cert"});
    }
    expectRefusedInOneLine("--allow-kernels=gpu", {"'gpu' is not cuda or cpu"});
    expectRefusedInOneLine("--allow-kernels --allow-kernels=cpu", {"--allow-kernels given twice"});
}

}  // namespace
