// A video muxed into memory (a served lecture's, sent to the browser): a
// whole MP4, its index at the front, with no file made anywhere; a memory
// sink refuses to grow past its cap, and a recording that reaches it stops
// taking frames while its finish still fits, a whole video of the frames
// so far.

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/io/downloads.h"
#include "app/io/memory_sink.h"
#include "app/io/video_file.h"
#include "app/io/video_recorder.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/scoped_env.h"
#include "tests/support/video_probe.h"

namespace heatlab {
namespace {

// A field-like frame: a smooth ramp with a bright bar that moves, so
// frames differ a little.
RgbImage rampFrame(int width, int height, int frame) {
    RgbImage image{width, height, {}};
    image.pixels.resize(static_cast<std::size_t>(width) * height * 3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = image.pixels.data() + (static_cast<std::size_t>(y) * width + x) * 3;
            const bool bar = (x + frame) % width < 4;
            p[0] = bar ? 255 : static_cast<std::uint8_t>(x * 255 / width);
            p[1] = bar ? 255 : static_cast<std::uint8_t>(y * 255 / height);
            p[2] = bar ? 255 : 90;
        }
    }
    return image;
}

VideoSpec specOf(int width, int height) {
    VideoSpec spec;
    spec.width = width;
    spec.height = height;
    spec.fps = 30;
    return spec;
}

// The MP4's top-level boxes, in order ("ftyp", "moov", "free", "mdat").
std::vector<std::string> topLevelBoxes(const std::vector<unsigned char>& bytes) {
    std::vector<std::string> boxes;
    for (std::size_t at = 0; at + 8 <= bytes.size();) {
        const std::uint64_t size = (std::uint64_t{bytes[at]} << 24) |
                                   (std::uint64_t{bytes[at + 1]} << 16) |
                                   (std::uint64_t{bytes[at + 2]} << 8) | bytes[at + 3];
        boxes.emplace_back(bytes.begin() + static_cast<std::ptrdiff_t>(at + 4),
                           bytes.begin() + static_cast<std::ptrdiff_t>(at + 8));
        if (size < 8) {
            break;  // to the end, or a 64-bit size: not in these small clips
        }
        at += size;
    }
    return boxes;
}

// An MP4 whose index (moov) comes before its frames (mdat), after ftyp.
bool wholeWithIndexAtFront(const std::vector<std::string>& boxes) {
    const auto at = [&boxes](const char* box) {
        return std::find(boxes.begin(), boxes.end(), box) - boxes.begin();
    };
    const auto end = static_cast<std::ptrdiff_t>(boxes.size());
    return !boxes.empty() && boxes.front() == "ftyp" && at("moov") < end && at("mdat") < end &&
           at("moov") < at("mdat");
}

// The bytes as a file of the test's own, for the decoder to probe.
VideoProbe probeBytes(const ScratchFolder& folder, const std::vector<unsigned char>& bytes) {
    const std::string path = folder / "probed.mp4";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return probeVideo(path);
}

// The working folder changed for a test's while, and back.
class InFolder {
public:
    explicit InFolder(const std::string& folder) {
        char here[4096];
        was_ = ::getcwd(here, sizeof here) != nullptr ? here : "/";
        EXPECT_EQ(::chdir(folder.c_str()), 0);
    }
    ~InFolder() { (void)::chdir(was_.c_str()); }

private:
    std::string was_;
};

TEST(MemorySink, WritesSeeksBackReadsAndHandsItsBytesOnOnlyWhenCommitted) {
    std::vector<std::string> names;
    std::vector<std::vector<unsigned char>> delivered;
    MemorySink sink("clip.mp4", 16, [&](const std::string& name, std::vector<unsigned char> b) {
        names.push_back(name);
        delivered.push_back(std::move(b));
    });
    sink.write("abcdef", 6);
    EXPECT_EQ(sink.seek(1, SEEK_SET), 1);
    sink.write("XY", 2);
    EXPECT_EQ(sink.seek(0, SEEK_END), 6);
    EXPECT_EQ(sink.room(), 10u);
    char read[8] = {};
    EXPECT_EQ(sink.read(0, read, sizeof read), 6u);
    EXPECT_EQ(std::string(read, 6), "aXYdef");
    EXPECT_THROW(sink.write("0123456789A", 11), RuntimeError);  // past its 16 bytes
    EXPECT_EQ(sink.size(), 6u);
    EXPECT_TRUE(delivered.empty());
    sink.commit();
    ASSERT_EQ(delivered.size(), 1u);
    EXPECT_EQ(names.front(), "clip.mp4");
    EXPECT_EQ(std::string(delivered.front().begin(), delivered.front().end()), "aXYdef");
}

TEST(MemorySink, AbandonedHandsNothingOn) {
    bool delivered = false;
    {
        MemorySink sink("gone.mp4", 1024,
                        [&](const std::string&, std::vector<unsigned char>) { delivered = true; });
        sink.write("abc", 3);
        sink.abandon();
        sink.commit();
    }
    EXPECT_FALSE(delivered);
}

TEST(VideoInMemory, IsAWholeMp4WithItsIndexAtTheFrontAndNoFileIsMade) {
    ScratchFolder temporary;
    ScratchFolder working;
    ScratchFolder probe;
    const ScopedEnv place("TMPDIR", temporary.path());
    Downloads downloads;
    {
        const InFolder there(working.path());
        VideoFile video(downloads.sink("clip.mp4"), specOf(64, 48));
        for (int i = 0; i < 20; ++i) {
            video.addFrame(rampFrame(64, 48, i));
        }
        EXPECT_FALSE(video.full());
        video.finish({{"steps", "20"}});
        EXPECT_TRUE(working.names().empty()) << "made " << working.names().front();
        EXPECT_TRUE(temporary.names().empty()) << "made " << temporary.names().front();
    }
    std::vector<Download> sent = downloads.take();
    ASSERT_EQ(sent.size(), 1u);
    EXPECT_EQ(sent.front().name, "clip.mp4");
    EXPECT_TRUE(wholeWithIndexAtFront(topLevelBoxes(sent.front().bytes)))
        << ::testing::PrintToString(topLevelBoxes(sent.front().bytes));
    const VideoProbe probed = probeBytes(probe, sent.front().bytes);
    ASSERT_TRUE(probed.opened) << probed.error;
    EXPECT_EQ(probed.frames, 20);
    EXPECT_TRUE(probed.indexAtFront);
    EXPECT_EQ(probed.metadata.count("steps") ? probed.metadata.at("steps") : "", "20");
}

// A recording into a small cap: it stops taking frames by itself (not
// dropped, not failed), and finished it is a whole video of every frame
// it took, within the cap.
TEST(VideoInMemory, ARecordingAtItsCapStopsAndIsStillAWholeVideo) {
    ScratchFolder probe;
    constexpr std::size_t kCap = 1024 * 1024;
    Downloads downloads(kCap);
    VideoRecorder recorder(downloads.sink("capped.mp4"), specOf(128, 96), 2, WhenFull::Wait);
    int added = 0;
    while (added < 20000 && recorder.add(rampFrame(128, 96, added))) {
        ++added;
    }
    ASSERT_LT(added, 20000) << "the cap never stopped the recording";
    EXPECT_TRUE(recorder.capped());
    EXPECT_EQ(recorder.failure(), "");
    EXPECT_EQ(recorder.framesDropped(), 0);
    const int frames = recorder.framesTaken();
    EXPECT_GT(frames, 30);
    recorder.finish();
    std::vector<Download> sent = downloads.take();
    ASSERT_EQ(sent.size(), 1u);
    const std::vector<unsigned char>& bytes = sent.front().bytes;
    EXPECT_LE(bytes.size(), kCap);
    EXPECT_GT(bytes.size(), kCap / 2) << "stopped long before the cap";
    EXPECT_TRUE(wholeWithIndexAtFront(topLevelBoxes(bytes)))
        << ::testing::PrintToString(topLevelBoxes(bytes));
    const VideoProbe probed = probeBytes(probe, bytes);
    ASSERT_TRUE(probed.opened) << probed.error;
    EXPECT_EQ(probed.frames, frames);
}

}  // namespace
}  // namespace heatlab
