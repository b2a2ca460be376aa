#pragma once
// Test helpers for writing into named pipes: a scratch folder, and a reader
// that can never leave a test hanging. The reader's end is opened without
// blocking before anything writes (so the writer's open finds a reader at
// once), and the thread that drains it gives up after a deadline.

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

// A fresh folder under the test temporary folder, removed with everything
// in it when the object goes.
class ScratchFolder {
public:
    ScratchFolder() {
        std::string pattern = ::testing::TempDir() + "heatlab-output-XXXXXX";
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        if (::mkdtemp(name.data()) == nullptr) {
            ADD_FAILURE() << "mkdtemp failed for " << pattern;
        }
        path_ = name.data();
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    const std::string& path() const { return path_; }
    std::string operator/(const std::string& name) const { return path_ + "/" + name; }
    // The names in the folder, to see that no temporary was left.
    std::vector<std::string> names() const {
        std::vector<std::string> all;
        for (const auto& entry : std::filesystem::directory_iterator(path_)) {
            all.push_back(entry.path().filename().string());
        }
        return all;
    }

private:
    std::string path_;
};

inline bool isFifo(const std::string& path) {
    struct stat info = {};
    return ::lstat(path.c_str(), &info) == 0 && S_ISFIFO(info.st_mode);
}

// Reads a FIFO on a thread of its own until the writer closes it, or until
// `closeAfterFirstData` and something arrived (a reader going away early),
// or until writerGone() was called and nothing more comes, or until the
// deadline.
class FifoReader {
public:
    explicit FifoReader(const std::string& path, bool closeAfterFirstData = false,
                        std::chrono::seconds deadline = std::chrono::seconds(120))
        : fd_(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)) {
        if (fd_ < 0) {
            ADD_FAILURE() << "cannot open " << path << " for reading";
            return;
        }
        thread_ = std::thread([this, closeAfterFirstData, deadline] {
            const auto until = std::chrono::steady_clock::now() + deadline;
            char buffer[65536];
            while (std::chrono::steady_clock::now() < until) {
                pollfd wanted{fd_, POLLIN, 0};
                if (::poll(&wanted, 1, 100) <= 0) {
                    if (writerGone_) {
                        break;  // nothing pending, and nothing will come
                    }
                    continue;
                }
                const ssize_t got = ::read(fd_, buffer, sizeof buffer);
                if (got > 0) {
                    contents_.append(buffer, static_cast<std::size_t>(got));
                    if (closeAfterFirstData) {
                        break;
                    }
                } else if (got == 0) {
                    finished_ = true;  // the writer closed its end
                    break;
                }
            }
            ::close(fd_);
        });
    }
    ~FifoReader() { join(); }
    FifoReader(const FifoReader&) = delete;
    FifoReader& operator=(const FifoReader&) = delete;

    // Says no writer is left (the writing process has exited), so a reader
    // that never saw one stops at once instead of at the deadline.
    void writerGone() { writerGone_ = true; }
    // Waits for the thread; then contents() and finished() are final.
    void join() {
        if (thread_.joinable()) {
            thread_.join();
        }
    }
    const std::string& contents() const { return contents_; }
    bool finished() const { return finished_; }

private:
    int fd_ = -1;
    std::thread thread_;
    std::string contents_;
    bool finished_ = false;
    std::atomic<bool> writerGone_{false};
};
