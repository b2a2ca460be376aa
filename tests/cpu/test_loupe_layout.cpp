// The loupe's geometry (no GL): when it shows, where it sits, what it looks
// at, and that its cells are whole squares of at least 8 pixels.

#include <gtest/gtest.h>

#include "app/lecture/files/cue_list.h"
#include "app/lecture/input/key_commands.h"
#include "app/picture/loupe_layout.h"
#include "app/picture/view_transform.h"
#include "kernels/base/errors.h"

namespace heatlab {
namespace {

TEST(LoupeLayout, AutoShowsItOnlyWhileTheGridsHighestModeGrows) {
    EXPECT_TRUE(loupeShown(LoupeMode::Auto, -1.08));
    EXPECT_FALSE(loupeShown(LoupeMode::Auto, -0.9999));
    EXPECT_FALSE(loupeShown(LoupeMode::Auto, 1.0));
    EXPECT_TRUE(loupeShown(LoupeMode::On, 0.5));
    EXPECT_FALSE(loupeShown(LoupeMode::Off, -2.0));
}

TEST(LoupeLayout, CellsAreWholeSquaresOfEightPixelsOrMoreInsideTheGridsPart) {
    const GridSize grid{512, 512};
    for (const auto& [width, height] :
         {std::pair{790, 800}, {640, 400}, {1920, 1080}, {200, 200}}) {
        const ViewTransform fitted = fitView(grid.nx, grid.ny, width, height);
        const std::optional<LoupeLayout> l =
            loupeLayout(width, height, fitted, grid, glm::vec2(100.5f, 100.5f));
        ASSERT_TRUE(l) << width << " x " << height;
        EXPECT_GE(l->pixelsPerCell, kMinLoupePixelsPerCell);
        EXPECT_EQ(l->side, l->pixelsPerCell * kLoupeCellsAcross);
        EXPECT_FLOAT_EQ(l->view.cellsPerPixel * static_cast<float>(l->pixelsPerCell), 1.0f);
        EXPECT_GE(l->left - l->border, 0);
        EXPECT_GE(l->bottom - l->border, 0);
        EXPECT_LE(l->left + l->side + l->border, width);
        EXPECT_LE(l->bottom + l->side + l->border, height);
        // Inside the part the (square, centred) grid covers.
        const int gridSide = static_cast<int>(static_cast<float>(grid.nx) / fitted.cellsPerPixel);
        EXPECT_GE(l->left, (width - gridSide) / 2) << width << " x " << height;
        EXPECT_LE(l->left + l->side, (width + gridSide) / 2 + 1) << width << " x " << height;
    }
}

TEST(LoupeLayout, ItMovesToTheOtherCornerRatherThanHideWhatItMagnifies) {
    const GridSize grid{512, 512};
    const ViewTransform fitted = fitView(grid.nx, grid.ny, 800, 800);
    const LoupeLayout farSpot = *loupeLayout(800, 800, fitted, grid, glm::vec2(50.5f, 50.5f));
    const LoupeLayout underIt = *loupeLayout(800, 800, fitted, grid, glm::vec2(480.5f, 480.5f));
    EXPECT_GT(farSpot.left, 400) << "bottom right by default";
    EXPECT_LT(underIt.left, 400) << "bottom left when the spot is under the bottom right";
    EXPECT_EQ(underIt.bottom, farSpot.bottom);
}

TEST(LoupeLayout, NoRoomForItsCellsMeansNoLoupe) {
    const GridSize grid{64, 64};
    const ViewTransform fitted = fitView(grid.nx, grid.ny, 120, 120);
    EXPECT_FALSE(loupeLayout(120, 120, fitted, grid, glm::vec2(32.0f)));
}

TEST(LoupeLayout, ItLooksAtTheCursorWhileFollowingElseTheSpotElseTheMiddle) {
    const GridSize grid{100, 60};
    const CellSpot spot{10, 20, 3.0f};
    EXPECT_EQ(loupeCentre(glm::vec2(40.7f, 5.2f), spot, grid), glm::vec2(40.5f, 5.5f));
    EXPECT_EQ(loupeCentre(std::nullopt, spot, grid), glm::vec2(10.5f, 20.5f));
    EXPECT_EQ(loupeCentre(std::nullopt, CellSpot{}, grid), glm::vec2(50.0f, 30.0f));
}

TEST(LoupeLayout, CellToPixelUndoesPixelToCell) {
    const ViewTransform view{glm::vec2(30.0f, 20.0f), 0.25f};
    const glm::vec2 pixel = cellToPixel(view, 640, 400, glm::vec2(31.0f, 18.0f));
    const glm::vec3 back = pixelToCell(view, 640, 400) * glm::vec3(pixel, 1.0f);
    EXPECT_NEAR(back.x, 31.0f, 1e-4f);
    EXPECT_NEAR(back.y, 18.0f, 1e-4f);
}

TEST(LoupeLayout, MTogglesItAndACueSetsIt) {
    LectureSettings settings;
    PanelActions actions;
    applyKey(Key::M, false, settings, actions);
    EXPECT_TRUE(actions.toggleLoupe);

    const CueList list =
        parseCues(R"({"heatlab_cues": 1, "cues": [{"loupe": "on"}, {"loupe": "off"}]})", "t.json");
    applyCueSettings(list.cues[0], settings);
    EXPECT_EQ(settings.loupe, LoupeMode::On);
    applyCueSettings(list.cues[1], settings);
    EXPECT_EQ(settings.loupe, LoupeMode::Off);
    EXPECT_THROW(parseCues(R"({"heatlab_cues": 1, "cues": [{"loupe": "big"}]})", "t.json"),
                 UsageError);
}

}  // namespace
}  // namespace heatlab
