// `shot --record DIR` (app/io/record_folder.h): checked up front without
// making anything, made only when the run goes ahead, and gone again (its
// pictures, and the folder when the run made it) when the run does not
// finish.

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app/io/record_folder.h"
#include "kernels/base/errors.h"
#include "tests/cpu/fifo_reader.h"
#include "tests/support/file_text.h"

namespace heatlab {
namespace {

RgbImage tinyImage() {
    RgbImage image;
    image.width = 2;
    image.height = 2;
    image.pixels.assign(12, 128);
    return image;
}

TEST(RecordFolder, TheCheckMakesNothing) {
    ScratchFolder folder;
    EXPECT_EQ(recordFolderProblem(folder / "new"), "");
    EXPECT_TRUE(folder.names().empty());
    EXPECT_NE(recordFolderProblem(folder / "missing/new").find("does not exist"),
              std::string::npos);
    writeFileText(folder / "file", "x");
    EXPECT_NE(recordFolderProblem(folder / "file").find("not a folder"), std::string::npos);
    EXPECT_EQ(recordFolderProblem(folder.path()), "");
    // A folder that takes no new files (root writes anywhere else).
    EXPECT_NE(recordFolderProblem("/proc"), "");
}

TEST(RecordFolder, ARunThatDoesNotFinishLeavesNothingOfIt) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    {
        RecordFolder record(made);
        EXPECT_TRUE(std::filesystem::is_directory(made));
        record.write("a.png", tinyImage(), {}, 1);
        record.write("b.png", tinyImage(), {}, 2);
        EXPECT_TRUE(std::filesystem::exists(made + "/b.png"));
    }
    EXPECT_TRUE(folder.names().empty()) << "left: " << folder.names().front();
}

// A folder that was there stays, with what others put in it.
TEST(RecordFolder, AFolderThatWasThereKeepsWhatItHeld) {
    ScratchFolder folder;
    writeFileText(folder / "notes.txt", "mine");
    {
        RecordFolder record(folder.path());
        record.write("a.png", tinyImage(), {}, 1);
        record.adopt(folder / "shot.png");  // another writer's, not there: nothing to remove
    }
    ASSERT_EQ(folder.names().size(), 1u);
    EXPECT_EQ(fileText(folder / "notes.txt"), "mine");
}

TEST(RecordFolder, AFinishedRunKeepsIt) {
    ScratchFolder folder;
    const std::string made = folder / "rec";
    {
        RecordFolder record(made);
        EXPECT_EQ(record.write("a.png", tinyImage(), {}, 1), made + "/a.png");
        record.keep();
    }
    EXPECT_TRUE(std::filesystem::exists(made + "/a.png"));
}

TEST(RecordFolder, AFolderThatCannotBeMadeIsARuntimeError) {
    ScratchFolder folder;
    EXPECT_THROW(RecordFolder(folder / "missing/rec"), RuntimeError);
}

}  // namespace
}  // namespace heatlab
