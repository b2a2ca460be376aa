// `serve --tls-cert/--tls-key` read once (app/serve/tls_files.h) and handed
// to libwebsockets as sealed memory files (app/io/sealed_file.h): what it
// opens is the bytes checked, at once, even when the file given has since
// become a FIFO, and nothing can change them.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "app/io/sealed_file.h"
#include "app/serve/tls_files.h"
#include "kernels/base/errors.h"
#include "tests/support/file_text.h"

namespace heatlab {
namespace {

const std::string kTls = std::string(HEATLAB_TEST_TLS) + "/";

// The whole of what `path` reads, opened without O_NONBLOCK: a FIFO here
// would hang the test, so the path is checked to be no FIFO first.
std::string readThrough(const std::string& path) {
    struct stat info = {};
    EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
    if (S_ISFIFO(info.st_mode)) {
        ADD_FAILURE() << path << " opens a FIFO";
        return "";
    }
    return fileText(path);
}

TEST(ServeTlsFiles, WhatLibwebsocketsOpensIsTheBytesCheckedWhateverTheFileBecomesSince) {
    const std::string cert = ::testing::TempDir() + "heatlab-swapped.cert";
    std::filesystem::copy_file(kTls + "localhost.cert", cert,
                               std::filesystem::copy_options::overwrite_existing);
    const TlsFiles files = readTlsFiles(cert, kTls + "localhost.key");
    EXPECT_EQ(files.certificate, fileText(kTls + "localhost.cert"));
    EXPECT_EQ(files.certificateFile, cert);
    const SealedFile sealed("heatlab-test-cert", files.certificate);
    // The file given becomes a FIFO after the check.
    std::filesystem::remove(cert);
    ASSERT_EQ(::mkfifo(cert.c_str(), 0600), 0);
    EXPECT_NE(sealed.path(), cert);
    EXPECT_EQ(readThrough(sealed.path()), files.certificate);
    EXPECT_EQ(readThrough(sealed.path()), files.certificate) << "a second open starts over";
    std::filesystem::remove(cert);
}

TEST(ServeTlsFiles, ASealedFileCannotBeChanged) {
    const SealedFile sealed("heatlab-test-sealed", "-----BEGIN CERTIFICATE-----\n");
    const int fd = ::open(sealed.path().c_str(), O_RDWR | O_CLOEXEC);
    ASSERT_GE(fd, 0) << sealed.path();
    EXPECT_EQ(::write(fd, "x", 1), -1);
    EXPECT_EQ(errno, EPERM);
    EXPECT_NE(::ftruncate(fd, 0), 0);
    EXPECT_NE(::ftruncate(fd, 4096), 0);
    ::close(fd);
    EXPECT_EQ(readThrough(sealed.path()), "-----BEGIN CERTIFICATE-----\n");
}

}  // namespace
}  // namespace heatlab
