// A scene file that changes while it is read (a student still saving it, an
// editor writing over it), made to happen at exactly the moment of reading
// through readInputFile()'s test hook: what is parsed is one version of the
// file, and a version that is not a scene is one line naming the file. Also
// the files a stranger could name instead of a scene: a FIFO whose writer
// stops half-way, a device that never ends, a folder.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "app/io/input_file.h"
#include "app/lecture/files/scene.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/file_text.h"
#include "tests/support/same_scene.h"

namespace heatlab {
namespace {

Scene sceneOne() {
    Scene scene;
    scene.title = "the first version";
    scene.settings.params.grid = GridSize{259, 131};
    scene.settings.params.r = 0.24f;
    return scene;
}

Scene sceneTwo() {
    Scene scene;
    scene.title = "the second version, saved over the first while it was read";
    scene.settings.params.grid = GridSize{130, 301};
    scene.settings.params.r = 0.26f;
    scene.settings.params.boundary = Boundary::Periodic;
    return scene;
}

// readScene's error, checked to be one line naming the file.
std::string refusalOf(const std::string& path) {
    try {
        readScene(path);
    } catch (const UsageError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        EXPECT_EQ(message.rfind("scene " + path, 0), 0u) << message;
        return message;
    }
    ADD_FAILURE() << "read " << path << " as a scene";
    return {};
}

TEST(SceneFaults, CutToHalfWhileReadIsReadAgainAndRefusedInOneLine) {
    const ScratchFolder folder;
    const std::string path = folder / "lecture.json";
    const std::string whole = sceneText(sceneOne());
    writeFileText(path, whole);
    int reads = 0;
    const BetweenReads truncate([&](std::size_t) {
        if (++reads == 1) {
            // The whole file is read already: only the check after it can
            // tell that what is on disk is no longer that.
            ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(whole.size() / 2)), 0);
        }
    });
    const std::string message = refusalOf(path);
    EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
    EXPECT_EQ(reads, 2) << "read once, and again after the change";
}

TEST(SceneFaults, RewrittenWhileReadGivesTheNewVersionWhole) {
    const ScratchFolder folder;
    const std::string path = folder / "lecture.json";
    writeFileText(path, sceneText(sceneOne()));
    int reads = 0;
    const BetweenReads rewrite([&](std::size_t) {
        if (++reads == 1) {
            writeFileText(path, sceneText(sceneTwo()));  // in place, as an editor saving over it
        }
    });
    const Scene read = readScene(path);
    EXPECT_TRUE(sameScene(read, sceneTwo())) << read.title;
}

TEST(SceneFaults, AFileThatChangesOnEveryReadIsRefusedNamingIt) {
    const ScratchFolder folder;
    const std::string path = folder / "lecture.json";
    writeFileText(path, sceneText(sceneOne()));
    int reads = 0;
    const BetweenReads touch([&](std::size_t) {
        // Written again at the same size while it is read, every time: only
        // the modification time tells (appending would feed the reader
        // forever instead).
        ++reads;
        const timespec times[2] = {{0, UTIME_OMIT}, {1000000 + reads, 0}};
        ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << std::strerror(errno);
    });
    const std::string message = refusalOf(path);
    EXPECT_NE(message.find("changed while it was read"), std::string::npos) << message;
    EXPECT_EQ(reads, 3);
}

TEST(SceneFaults, AWriterThatStopsHalfWayIsACutShortScene) {
    const ScratchFolder folder;
    const std::string path = folder / "pipe.json";
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
    const std::string whole = sceneText(sceneOne());
    // The writer opens without waiting once the reader is there (a reader
    // waiting in open() counts), writes half the scene and goes away; it
    // gives up after a deadline so a failing reader cannot hang the test.
    std::thread writer([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        int fd = -1;
        while (fd < 0 && std::chrono::steady_clock::now() < until) {
            fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (fd < 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        }
        if (fd >= 0) {
            const std::string half = whole.substr(0, whole.size() / 2);
            EXPECT_EQ(::write(fd, half.data(), half.size()), static_cast<ssize_t>(half.size()));
            ::close(fd);
        }
    });
    const std::string message = refusalOf(path);
    writer.join();
    EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
}

TEST(SceneFaults, ADeviceThatNeverEndsIsRefusedNotReadUntilMemoryRunsOut) {
    const std::string message = refusalOf("/dev/zero");
    EXPECT_NE(message.find("holds more than " + std::to_string(kMaxSceneBytes) + " bytes"),
              std::string::npos)
        << message;
}

TEST(SceneFaults, AFolderIsRefusedNamingIt) {
    const ScratchFolder folder;
    const std::string message = refusalOf(folder.path());
    EXPECT_NE(message.find("is a folder"), std::string::npos) << message;
}

TEST(SceneFaults, AMissingFileSaysWhy) {
    const ScratchFolder folder;
    const std::string message = refusalOf(folder / "gone.json");
    EXPECT_NE(message.find(std::strerror(ENOENT)), std::string::npos) << message;
}

}  // namespace
}  // namespace heatlab
