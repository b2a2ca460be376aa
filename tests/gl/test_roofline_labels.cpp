// The roofline's text where a class can read it: every roof's value and
// every point's name in a rectangle of its own, whole inside the plot, clear
// of every other label and of every point's dot, on a slide and in the panel's narrow plot, for
// the roofs and points the CPU backend measures here and the H200's shape
// (two field-memory roofs a few per cent apart, an L2 roof, datasheet roofs,
// a point on chip). Drawn through the headless context, as the picture is.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/platform/headless_context.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/panel/roofline_plot.h"
#include "tests/gl/roofline_rules.h"

namespace heatlab {
namespace {

using Kind = Roof::Kind;
using Source = Roof::Source;
using Role = Roof::Role;

// As `bench --backend cpu --grid 512` measured them on this 2-core VM.
Roofline cpuRoofline() {
    Roofline r;
    r.title = "cpu on a 2-core VM, grid 512";
    r.roofs = {{"copy (floor)", Kind::Memory, Source::Measured, Role::FieldMemory, 54.8},
               {"memcpy (ceiling)", Kind::Memory, Source::Measured, Role::FieldMemory, 62.7},
               {"L3: copy floor", Kind::Memory, Source::Measured, Role::Cache, 9.67},
               {"to host, pageable", Kind::Memory, Source::Measured, Role::HostCopy, 32.3},
               {"to host, pinned", Kind::Memory, Source::Measured, Role::HostCopy, 32.5},
               {"arithmetic", Kind::Compute, Source::Measured, Role::Arithmetic, 14.2}};
    r.points = {{"global", 0.875, 4.3, RooflinePoint::Bytes::FieldMemory, false},
                {"three-pass", 0.25, 2.2, RooflinePoint::Bytes::FieldMemory, false},
                {"optimised", 0.875, 0.26, RooflinePoint::Bytes::FieldMemory, false},
                {"temporal, 8 steps a pass", 7.0, 1.8, RooflinePoint::Bytes::FieldMemory, false},
                {"now: optimised", 0.875, 3.9, RooflinePoint::Bytes::FieldMemory, true}};
    return r;
}

// The shape of the H200's table at 8192 (2026-12-02): the floor and
// cudaMemcpy within a few per cent, the L2 above them, the datasheet's
// dotted roofs, the resident kernel's point on chip.
Roofline gpuRoofline() {
    Roofline r;
    r.title = "cuda on NVIDIA H200, grid 8192";
    r.roofs = {{"copy (floor)", Kind::Memory, Source::Measured, Role::FieldMemory, 3950.0},
               {"cudaMemcpy (ceiling)", Kind::Memory, Source::Measured, Role::FieldMemory, 4010.0},
               {"L2: copy floor", Kind::Memory, Source::Measured, Role::Cache, 9800.0},
               {"to host, pageable", Kind::Memory, Source::Measured, Role::HostCopy, 11.0},
               {"to host, pinned", Kind::Memory, Source::Measured, Role::HostCopy, 52.0},
               {"arithmetic", Kind::Compute, Source::Measured, Role::Arithmetic, 48000.0},
               {"datasheet memory", Kind::Memory, Source::Datasheet, Role::FieldMemory, 4800.0},
               {"datasheet FP32", Kind::Compute, Source::Datasheet, Role::Arithmetic, 60000.0}};
    r.points = {{"global", 0.875, 1900.0, RooflinePoint::Bytes::FieldMemory, false},
                {"tiled", 0.875, 3000.0, RooflinePoint::Bytes::FieldMemory, false},
                {"optimised", 0.875, 3400.0, RooflinePoint::Bytes::FieldMemory, false},
                {"temporal, 8 steps a pass", 7.0, 9900.0, RooflinePoint::Bytes::FieldMemory, false},
                {"resident, on chip", 20.0, 13600.0, RooflinePoint::Bytes::OnChipL2, false}};
    return r;
}

bool overlap(const ImVec4& a, const ImVec4& b) { return boxesOverlap(a, b); }

class RooflineLabels : public ::testing::Test {
protected:
    RooflineDrawn draw(const Roofline& roofline, ImVec2 size, float fontSize,
                       RooflineStyle style = {}) {
        imgui.beginFrame(PixelSize{1920, 1080}, 1.0f);
        style.font = imgui.overlayFont();
        style.fontSize = fontSize;
        const RooflineDrawn drawn = drawRoofline(*ImGui::GetBackgroundDrawList(),
                                                 ImVec2(0.0f, 0.0f), size, roofline, style);
        imgui.render();
        return drawn;
    }

    HeadlessContext context;
    ImGuiLayer imgui{1.0f};
    OffscreenTarget target{1920, 1080};
};

TEST_F(RooflineLabels, NoLabelCoversAnotherOrAPoint) {
    const auto bound = target.bind();
    struct Case {
        const char* what;
        Roofline roofline;
        ImVec2 size;
        float fontSize;
    };
    for (const Case& c : {Case{"cpu slide", cpuRoofline(), ImVec2(1600, 900), 20.0f},
                          Case{"gpu slide", gpuRoofline(), ImVec2(1600, 900), 20.0f},
                          Case{"cpu in the panel", cpuRoofline(), ImVec2(340, 560), 16.0f},
                          Case{"gpu in the panel", gpuRoofline(), ImVec2(340, 560), 16.0f},
                          Case{"cpu, narrow", cpuRoofline(), ImVec2(300, 600), 16.0f}}) {
        const RooflineDrawn drawn = draw(c.roofline, c.size, c.fontSize);
        ASSERT_FALSE(drawn.labels.empty()) << c.what;
        EXPECT_EQ(drawn.markers.size(), c.roofline.points.size()) << c.what;
        for (std::size_t i = 0; i < drawn.labels.size(); ++i) {
            // Whole in the plot: a label past its edge is cut there.
            const ImVec4& l = drawn.labels[i];
            EXPECT_TRUE(l.x >= drawn.plot.x && l.y >= drawn.plot.y && l.z <= drawn.plot.z &&
                        l.w <= drawn.plot.w)
                << c.what << ": label " << i << " " << boxText(l) << " outside the plot "
                << boxText(drawn.plot);
            for (std::size_t j = i + 1; j < drawn.labels.size(); ++j) {
                EXPECT_FALSE(overlap(drawn.labels[i], drawn.labels[j]))
                    << c.what << ": label " << i << " " << boxText(drawn.labels[i]) << " and " << j
                    << " " << boxText(drawn.labels[j]);
            }
            for (const ImVec4& dot : drawn.markers) {
                EXPECT_FALSE(overlap(drawn.labels[i], dot))
                    << c.what << ": label " << i << " over a point at " << boxText(dot);
            }
        }
    }
}

// Drawn large as the field shows it at the bandwidth cue (the area, font
// and legend of 1280 x 800 in presenter mode: tests/gl/test_cue_roofline.cpp
// draws the live one) on this machine's shape, with a class kernel's long
// file name among the points: every name by its own point, nothing cut or
// crossed. (The H200's shape, three roofs within 20 % through four points
// stacked at one intensity, cannot keep every rule at this size yet.)
TEST_F(RooflineLabels, OnTheFieldEveryNameIsByItsOwnPoint) {
    const auto bound = target.bind();
    RooflineStyle field;
    field.legendBeside = true;
    field.legendSize = 20.8f;
    Roofline withClassKernel = cpuRoofline();
    withClassKernel.points.push_back(
        {"my_very_long_student_kernel_name", 0.875, 1.2, RooflinePoint::Bytes::FieldMemory, false});
    for (const auto& [what, roofline] : {std::pair<const char*, Roofline>{"cpu", cpuRoofline()},
                                         {"cpu, a class kernel", withClassKernel}}) {
        const RooflineDrawn drawn = draw(roofline, ImVec2(780, 540), 25.0f, field);
        ASSERT_EQ(drawn.markers.size(), roofline.points.size()) << what;
        expectEveryPointNamed(drawn, what);
        expectEveryLabelByItsOwn(drawn, what);
    }
}

// The legend says every roof whole: a name made long (an arithmetic roof
// timed while busy, a long name in a narrow panel) wraps onto a line of its
// own rather than lose its value past the picture's edge.
TEST_F(RooflineLabels, EveryLegendLineIsWholeInThePicture) {
    const auto bound = target.bind();
    Roofline busy = cpuRoofline();
    busy.roofs.back().name = "the stencil's arithmetic (timed while busy)";
    busy.roofs[1].name = "memcpy, a slice per thread (ceiling)";
    for (const ImVec2 size : {ImVec2(340, 560), ImVec2(1280, 800), ImVec2(300, 600)}) {
        const RooflineDrawn drawn = draw(busy, size, 16.0f);
        ASSERT_GE(drawn.legend.size(), busy.roofs.size() + 1) << size.x;
        for (const ImVec4& line : drawn.legend) {
            EXPECT_LE(line.z, size.x) << size.x << " wide: a legend line " << boxText(line);
            EXPECT_LE(line.w, size.y) << size.x << " wide: a legend line " << boxText(line);
        }
    }
}

}  // namespace
}  // namespace heatlab
