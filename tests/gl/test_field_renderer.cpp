// The field renderer and the colour maps, in a headless context (no display
// needed): every pixel of a drawn field against colourOfValue(), the colour
// bar's ends, the view (fit, row 0 at the top, background outside the grid),
// a window of the cells in view drawn as the whole grid is, the
// checkerboard that minification must not hide (the view's image, made by
// the backends' rule), and the GL state a draw must leave as it found it.
//
// HEATLAB_TEST_IMAGES=<folder> also writes the minified checkerboard and a
// magnified small field there as PPM files, to look at.

#include <glad/gl.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "app/picture/colour_map.h"
#include "app/picture/display_plan.h"
#include "app/platform/headless_context.h"
#include "app/render/field_renderer.h"
#include "app/render/gl_check.h"
#include "app/render/gl_objects.h"
#include "kernels/base/errors.h"
#include "kernels/numerics/view_image.h"

namespace heatlab {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// The largest difference over the three channels.
int distance(Rgb8 a, Rgb8 b) {
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

std::string describe(Rgb8 c) {
    return "(" + std::to_string(c.r) + ", " + std::to_string(c.g) + ", " + std::to_string(c.b) +
           ")";
}

// Values as the renderer takes them: a display buffer (kernels/
// display_layout.h: the range first, which these tests' locked ranges do
// not read, the values from kDisplayAlignFloats on) seen through a GL_R32F
// buffer texture, and what it holds.
struct FieldTexture {
    gl::Buffer buffer;
    gl::Texture texture;
    FieldValues values;
};

FieldTexture uploadValues(const std::vector<float>& held, const GridSize& grid,
                          const CellWindow& cells, bool image) {
    std::vector<float> buffer(kDisplayAlignFloats, 0.0f);
    buffer.insert(buffer.end(), held.begin(), held.end());
    FieldTexture field{gl::Buffer::create(), gl::Texture::create(), {}};
    glBindBuffer(GL_TEXTURE_BUFFER, field.buffer.id());
    GL_CHECK(glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(buffer.size() * sizeof(float)),
                          buffer.data(), GL_STATIC_DRAW));
    glBindTexture(GL_TEXTURE_BUFFER, field.texture.id());
    GL_CHECK(glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, field.buffer.id()));
    glBindTexture(GL_TEXTURE_BUFFER, 0);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    field.values = FieldValues{field.texture.id(), grid, kDisplayAlignFloats, cells, image};
    return field;
}

// The whole nx x ny grid as the window of cells held.
FieldTexture uploadField(const std::vector<float>& values, int nx, int ny) {
    return uploadValues(values, GridSize{nx, ny}, CellWindow{0, 0, nx, ny}, false);
}

// The cells of `window` of the nx x ny grid.
FieldTexture uploadWindow(const std::vector<float>& values, int nx, int ny,
                          const CellWindow& window) {
    std::vector<float> cells(window.cells());
    copyWindowOf(values.data(), GridSize{nx, ny}, window, cells.data());
    return uploadValues(cells, GridSize{nx, ny}, window, false);
}

// A minified view's image of the grid in a width x height rectangle, made
// on the host by the backends' rule (kernels/numerics/view_image.h).
FieldTexture uploadImage(const std::vector<float>& values, int nx, int ny,
                         const ViewTransform& view, int width, int height,
                         Sampling sampling = Sampling::Extremes) {
    ViewSampling image = viewSamplingOf(view, width, height);
    image.nearest = sampling == Sampling::Nearest;
    std::vector<float> pixels(image.pixels());
    viewImageOf(values.data(), GridSize{nx, ny}, image, pixels.data());
    return uploadValues(pixels, GridSize{nx, ny}, CellWindow{}, true);
}

// An RGBA8 colour target, bound as the framebuffer while it is drawn into.
struct Target {
    Target(int w, int h)
        : colour(gl::Texture::create()),
          framebuffer(gl::Framebuffer::create()),
          width(w),
          height(h) {
        glBindTexture(GL_TEXTURE_2D, colour.id());
        GL_CHECK(
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr));
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour.id(), 0);
        EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum{GL_FRAMEBUFFER_COMPLETE});
    }
    ~Target() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

    gl::Texture colour;
    gl::Framebuffer framebuffer;
    int width;
    int height;
};

// Pixels with row 0 at the top, as the picture is seen.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<Rgb8> pixels;
    Rgb8 at(int x, int y) const { return pixels[static_cast<std::size_t>(y) * width + x]; }
};

Image readImage(const Target& target) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(target.width) * target.height * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.id());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    GL_CHECK(
        glReadPixels(0, 0, target.width, target.height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data()));
    Image image{target.width, target.height, {}};
    image.pixels.resize(static_cast<std::size_t>(target.width) * target.height);
    for (int y = 0; y < target.height; ++y) {
        const int glRow = target.height - 1 - y;  // GL's row 0 is the bottom one
        for (int x = 0; x < target.width; ++x) {
            const std::uint8_t* p = &rgba[(static_cast<std::size_t>(glRow) * target.width + x) * 4];
            image.pixels[static_cast<std::size_t>(y) * target.width + x] = {p[0], p[1], p[2]};
        }
    }
    return image;
}

void writePpm(const Image& image, const std::string& fileName) {
    const char* folder = std::getenv("HEATLAB_TEST_IMAGES");
    if (folder == nullptr) {
        return;
    }
    std::ofstream out(std::string(folder) + "/" + fileName, std::ios::binary);
    out << "P6\n" << image.width << " " << image.height << "\n255\n";
    for (const Rgb8& p : image.pixels) {
        out.put(static_cast<char>(p.r)).put(static_cast<char>(p.g)).put(static_cast<char>(p.b));
    }
}

// Compares every pixel with expected(x, y) (nullopt: not checked); one
// failure that counts the mismatches and names the first few.
void expectImage(const Image& image, const std::function<std::optional<Rgb8>(int, int)>& expected,
                 int tolerance = 1) {
    int mismatches = 0;
    std::string first;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const std::optional<Rgb8> want = expected(x, y);
            if (want && distance(image.at(x, y), *want) > tolerance) {
                if (++mismatches <= 5) {
                    first += " (" + std::to_string(x) + ", " + std::to_string(y) + "): got " +
                             describe(image.at(x, y)) + " want " + describe(*want) + ";";
                }
            }
        }
    }
    EXPECT_EQ(mismatches, 0) << "pixels off by more than " << tolerance << ":" << first;
}

// The cell coordinate under the centre of pixel (x, y), y from the top.
glm::vec2 cellAt(const glm::mat3& toCell, int x, int y) {
    return glm::vec2(toCell *
                     glm::vec3(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f, 1.0f));
}

// True when a pixel centre lies so close to a cell edge that the host and
// the GPU may round it to different cells.
bool nearCellEdge(glm::vec2 cell) {
    const auto near = [](float v) { return std::fabs(v - std::round(v)) < 1e-3f; };
    return near(cell.x) || near(cell.y);
}

// 7 x 5, odd and non-square, with values below 0, above 1, NaN and both
// infinities.
constexpr int kSmallNx = 7;
constexpr int kSmallNy = 5;
std::vector<float> smallField() {
    std::vector<float> values(kSmallNx * kSmallNy);
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = -0.6f + 0.061f * static_cast<float>(i);
    }
    values[3] = kNan;
    values[9] = kInf;
    values[17] = -kInf;
    values[12] = -3.0f;
    values[30] = 2.5f;
    return values;
}

// The stability test's picture: a 2048 x 2048 smooth field, with a
// checkerboard (-1)^(row + col) * 0.3 added in the middle square
// [768, 1280)^2 when `checkerboard`.
constexpr int kBig = 2048;
constexpr int kRegionFirst = 768;
constexpr int kRegionEnd = 1280;
std::vector<float> bigField(bool checkerboard) {
    std::vector<float> values(static_cast<std::size_t>(kBig) * kBig);
    for (int row = 0; row < kBig; ++row) {
        for (int col = 0; col < kBig; ++col) {
            float v = 0.3f + 0.4f * static_cast<float>(row + col) / (2.0f * kBig);
            const bool inRegion =
                row >= kRegionFirst && row < kRegionEnd && col >= kRegionFirst && col < kRegionEnd;
            if (checkerboard && inRegion) {
                v += ((row + col) % 2 == 0) ? 0.3f : -0.3f;
            }
            values[static_cast<std::size_t>(row) * kBig + col] = v;
        }
    }
    return values;
}

// ---- colour maps: no context needed ----

TEST(ColourMap, NamesRoundTrip) {
    const std::vector<ColourMap> maps = allColourMaps();
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_STREQ(name(ColourMap::Heat), "heat");
    EXPECT_STREQ(name(ColourMap::Diverging), "diverging");
    EXPECT_STREQ(name(ColourMap::Grey), "grey");
    for (ColourMap map : maps) {
        EXPECT_EQ(parseColourMap(name(map)), map);
    }
    EXPECT_EQ(parseColourMap("inferno"), std::nullopt);
    EXPECT_EQ(parseColourMap(""), std::nullopt);
}

TEST(ColourMap, TableEndsClampingAndNormalisation) {
    for (ColourMap map : allColourMaps()) {
        SCOPED_TRACE(name(map));
        const std::vector<Rgb8> table = colourTable(map, kColourTableEntries);
        ASSERT_EQ(table.size(), std::size_t{kColourTableEntries});
        EXPECT_EQ(table.front(), colourAt(map, 0.0f));
        EXPECT_EQ(table.back(), colourAt(map, 1.0f));
        EXPECT_EQ(colourAt(map, -2.0f), colourAt(map, 0.0f));
        EXPECT_EQ(colourAt(map, 7.0f), colourAt(map, 1.0f));
        EXPECT_EQ(colourAt(map, kNan), kNanColour);

        // A locked range: the ends, clamping beyond them, non-finite values.
        EXPECT_EQ(colourOfValue(map, -1.0f, -1.0f, 3.0f), colourAt(map, 0.0f));
        EXPECT_EQ(colourOfValue(map, 3.0f, -1.0f, 3.0f), colourAt(map, 1.0f));
        EXPECT_EQ(colourOfValue(map, -50.0f, -1.0f, 3.0f), colourAt(map, 0.0f));
        EXPECT_EQ(colourOfValue(map, 1e30f, -1.0f, 3.0f), colourAt(map, 1.0f));
        EXPECT_LE(distance(colourOfValue(map, 1.0f, -1.0f, 3.0f), colourAt(map, 0.5f)), 1);
        EXPECT_EQ(colourOfValue(map, kNan, 0.0f, 1.0f), kNanColour);
        EXPECT_EQ(colourOfValue(map, kInf, 0.0f, 1.0f), kNanColour);
        EXPECT_EQ(colourOfValue(map, -kInf, 0.0f, 1.0f), kNanColour);
        // An empty range shows the middle of the map.
        EXPECT_EQ(colourOfValue(map, 4.0f, 2.0f, 2.0f), colourOfValue(map, 0.5f, 0.0f, 1.0f));
    }
    EXPECT_THROW(colourTable(ColourMap::Heat, 1), RuntimeError);

    // The diverging map's neutral middle, on zero with a centred range.
    const ValueRange range = centredOnZero(-0.25f, 2.0f);
    EXPECT_EQ(range.lo, -2.0f);
    EXPECT_EQ(range.hi, 2.0f);
    EXPECT_EQ(colourOfValue(ColourMap::Diverging, 0.0f, range.lo, range.hi), (Rgb8{221, 221, 221}));
    EXPECT_EQ(colourAt(ColourMap::Grey, 0.0f), (Rgb8{0, 0, 0}));
    EXPECT_EQ(colourAt(ColourMap::Grey, 1.0f), (Rgb8{255, 255, 255}));
}

TEST(ColourMap, NanColourIsFarFromEveryMapAndTheBackground) {
    int nearest = 255;
    for (ColourMap map : allColourMaps()) {
        for (const Rgb8& colour : colourTable(map, kColourTableEntries)) {
            nearest = std::min(nearest, distance(colour, kNanColour));
        }
    }
    EXPECT_GE(nearest, 100) << "some map colour is within " << nearest << " of the NaN colour";
    EXPECT_GE(distance(kBackground, kNanColour), 100);
}

// ---- the renderer: a headless context per test ----

// The context is declared first, so the renderer (and every test's locals)
// are gone before it is.
class FieldRendererTest : public ::testing::Test {
protected:
    HeadlessContext context_;
    FieldRenderer renderer_;
};

TEST_F(FieldRendererTest, SmallFieldAtOneCellPerPixelMatchesTheHost) {
    const std::vector<float> values = smallField();
    const FieldTexture field = uploadField(values, kSmallNx, kSmallNy);
    const Target target(kSmallNx, kSmallNy);
    const ViewTransform view = fitView(kSmallNx, kSmallNy, kSmallNx, kSmallNy);
    EXPECT_EQ(view.cellsPerPixel, 1.0f);
    // [0, 1] clamps the negative values and those above 1; [-1, 2] does not.
    for (const ValueRange range : {ValueRange{0.0f, 1.0f}, ValueRange{-1.0f, 2.0f}}) {
        for (ColourMap map : allColourMaps()) {
            SCOPED_TRACE(std::string(name(map)) + " [" + std::to_string(range.lo) + ", " +
                         std::to_string(range.hi) + "]");
            DrawSettings settings;
            settings.map = map;
            settings.lo = range.lo;
            settings.hi = range.hi;
            renderer_.draw(field.values, view, settings, 0, 0, kSmallNx, kSmallNy);
            const Image image = readImage(target);
            // Row 0 of the field is the top row of the picture.
            expectImage(image, [&](int x, int y) -> std::optional<Rgb8> {
                return colourOfValue(map, values[y * kSmallNx + x], range.lo, range.hi);
            });
            EXPECT_EQ(image.at(3, 0), kNanColour);  // NaN
            EXPECT_EQ(image.at(2, 1), kNanColour);  // +inf
            EXPECT_EQ(image.at(3, 2), kNanColour);  // -inf
            if (range.lo == 0.0f) {
                EXPECT_LE(distance(image.at(5, 1), colourAt(map, 0.0f)), 1);  // -3
                EXPECT_LE(distance(image.at(2, 4), colourAt(map, 1.0f)), 1);  // 2.5
            }
        }
    }
}

TEST_F(FieldRendererTest, MagnifiedCellsAreCrispSquares) {
    const std::vector<float> values = smallField();
    const FieldTexture field = uploadField(values, kSmallNx, kSmallNy);
    constexpr int kPixelsPerCell = 24;
    const Target target(kSmallNx * kPixelsPerCell, kSmallNy * kPixelsPerCell);
    const ViewTransform view = fitView(kSmallNx, kSmallNy, target.width, target.height);
    DrawSettings settings;
    settings.lo = -0.5f;
    settings.hi = 1.5f;
    renderer_.draw(field.values, view, settings, 0, 0, target.width, target.height);
    const Image image = readImage(target);
    writePpm(image, "small_field_magnified.ppm");
    expectImage(image, [&](int x, int y) -> std::optional<Rgb8> {
        const int col = x / kPixelsPerCell;
        const int row = y / kPixelsPerCell;
        return colourOfValue(settings.map, values[row * kSmallNx + col], settings.lo, settings.hi);
    });
}

TEST_F(FieldRendererTest, NonIntegerScaleFollowsTheViewAndShowsBackgroundOutside) {
    const std::vector<float> values = smallField();
    const FieldTexture field = uploadField(values, kSmallNx, kSmallNy);
    const Target target(50, 31);
    const ViewTransform view = fitView(kSmallNx, kSmallNy, target.width, target.height);
    const glm::mat3 toCell = pixelToCell(view, target.width, target.height);
    const DrawSettings settings;
    renderer_.draw(field.values, view, settings, 0, 0, target.width, target.height);
    const Image image = readImage(target);
    int background = 0;
    expectImage(image, [&](int x, int y) -> std::optional<Rgb8> {
        const glm::vec2 cell = cellAt(toCell, x, y);
        if (nearCellEdge(cell)) {
            return std::nullopt;
        }
        if (cell.x < 0.0f || cell.y < 0.0f || cell.x >= kSmallNx || cell.y >= kSmallNy) {
            ++background;
            return kBackground;
        }
        const int index = static_cast<int>(cell.y) * kSmallNx + static_cast<int>(cell.x);
        return colourOfValue(settings.map, values[index], settings.lo, settings.hi);
    });
    EXPECT_GT(background, 0);  // the grid is wider than the 50 x 31 rectangle's aspect
}

TEST_F(FieldRendererTest, FitKeepsTheAspectRatioAndCentresTheGrid) {
    // Host side: the whole grid fits, cells stay square, the grid is centred.
    const ViewTransform wide = fitView(200, 100, 300, 300);
    EXPECT_FLOAT_EQ(wide.cellsPerPixel, 200.0f / 300.0f);
    EXPECT_EQ(wide.centre, glm::vec2(100.0f, 50.0f));
    const ViewTransform tall = fitView(100, 400, 300, 200);
    EXPECT_FLOAT_EQ(tall.cellsPerPixel, 2.0f);
    EXPECT_EQ(tall.centre, glm::vec2(50.0f, 200.0f));

    // Drawn: a 200 x 100 grid in 300 x 300 spans all columns and rows 75 to
    // 224; the bands above and below are background.
    const std::vector<float> values(200 * 100, 0.25f);
    const FieldTexture field = uploadField(values, 200, 100);
    const Target target(300, 300);
    const DrawSettings settings;
    renderer_.draw(field.values, wide, settings, 0, 0, 300, 300);
    const Image image = readImage(target);
    const Rgb8 inside = colourOfValue(settings.map, 0.25f, settings.lo, settings.hi);
    expectImage(image, [&](int, int y) -> std::optional<Rgb8> {
        return (y >= 75 && y < 225) ? inside : kBackground;
    });
}

TEST_F(FieldRendererTest, DrawsOnlyInsideItsRectangle) {
    const std::vector<float> values = {0.0f, 0.2f, 0.4f, 0.6f, 0.8f, 1.0f};  // 3 x 2
    const FieldTexture field = uploadField(values, 3, 2);
    const Target target(40, 30);
    const GLfloat clear[4] = {0.5f, 0.0f, 0.5f, 1.0f};
    glClearBufferfv(GL_COLOR, 0, clear);
    // Lower left corner (5, 7) in GL's pixels: rows 17 to 28 from the top.
    const int x = 5, y = 7, width = 18, height = 12;
    const DrawSettings settings;
    renderer_.draw(field.values, fitView(3, 2, width, height), settings, x, y, width, height);
    const Image image = readImage(target);
    const int top = target.height - (y + height);
    expectImage(image, [&](int px, int py) -> std::optional<Rgb8> {
        if (px < x || px >= x + width || py < top || py >= top + height) {
            return Rgb8{128, 0, 128};
        }
        const int col = (px - x) / 6;
        const int row = (py - top) / 6;
        return colourOfValue(settings.map, values[row * 3 + col], settings.lo, settings.hi);
    });
}

// At one cell a pixel or more the display holds only the cells in view
// (app/picture/display_plan.h's cellsInView(): a window of the grid): the
// picture is the one drawn from the whole grid, pixel for pixel, at any
// zoom and offset, edges of the grid in view or not.
TEST_F(FieldRendererTest, TheCellsInViewDrawAsTheWholeGridDoes) {
    const std::vector<float> values = bigField(true);
    const FieldTexture whole = uploadField(values, kBig, kBig);
    const Target target(97, 61);
    const DrawSettings settings;
    for (const ViewTransform view :
         {ViewTransform{{1000.3f, 1017.6f}, 1.0f}, ViewTransform{{1024.0f, 1024.0f}, 0.37f},
          ViewTransform{{3.2f, 2040.9f}, 0.8f}, ViewTransform{{-20.0f, 7.5f}, 0.125f}}) {
        const CellWindow window = cellsInView(view, target.width, target.height, {kBig, kBig});
        EXPECT_LE(window.cells(), static_cast<std::size_t>((97 + 4) * (61 + 4)));
        renderer_.draw(whole.values, view, settings, 0, 0, target.width, target.height);
        const Image fromWhole = readImage(target);
        const FieldTexture part = uploadWindow(values, kBig, kBig, window);
        renderer_.draw(part.values, view, settings, 0, 0, target.width, target.height);
        const Image fromWindow = readImage(target);
        expectImage(
            fromWindow, [&](int x, int y) { return fromWhole.at(x, y); }, 0);
    }
}

TEST_F(FieldRendererTest, ColourBarRunsFromLowAtTheBottomToHighAtTheTop) {
    const Target target(12, 100);
    for (ColourMap map : allColourMaps()) {
        SCOPED_TRACE(name(map));
        renderer_.drawColourBar(map, 0, 0, target.width, target.height);
        const Image image = readImage(target);
        for (int x = 0; x < target.width; ++x) {
            EXPECT_LE(distance(image.at(x, 0), colourAt(map, 1.0f)), 1);
            EXPECT_LE(distance(image.at(x, target.height - 1), colourAt(map, 0.0f)), 1);
        }
        expectImage(image, [&](int, int y) -> std::optional<Rgb8> {
            const float t =
                static_cast<float>(target.height - 1 - y) / static_cast<float>(target.height - 1);
            return colourOfValue(map, t, 0.0f, 1.0f);
        });
    }
}

// The unstable mode alternates every cell. Minified 2 : 1, nearest sampling
// reads one parity of cell only and shows a flat colour; the min/max rule
// must show the disagreement as a pixel checkerboard. Minified, the draw
// reads the view's image, made by either rule.
TEST_F(FieldRendererTest, CheckerboardShowsWhenMinified) {
    const std::vector<float> values = bigField(true);
    const Target target(1024, 1024);
    const ViewTransform view = fitView(kBig, kBig, 1024, 1024);
    ASSERT_EQ(view.cellsPerPixel, 2.0f);
    const DrawSettings settings;
    const FieldTexture extremes = uploadImage(values, kBig, kBig, view, 1024, 1024);
    renderer_.draw(extremes.values, view, settings, 0, 0, 1024, 1024);
    const Image shown = readImage(target);
    writePpm(shown, "checkerboard_minified.ppm");
    const FieldTexture nearest =
        uploadImage(values, kBig, kBig, view, 1024, 1024, Sampling::Nearest);
    renderer_.draw(nearest.values, view, settings, 0, 0, 1024, 1024);
    const Image plain = readImage(target);
    writePpm(plain, "checkerboard_plain.ppm");

    // The rule exactly: pixel (x, y) covers cells [2x, 2x + 2) x [2y, 2y + 2);
    // max where x + y is even, min where it is odd.
    expectImage(shown, [&](int x, int y) -> std::optional<Rgb8> {
        float lowest = kInf;
        float highest = -kInf;
        for (int row = 2 * y; row < 2 * y + 2; ++row) {
            for (int col = 2 * x; col < 2 * x + 2; ++col) {
                lowest = std::min(lowest, values[static_cast<std::size_t>(row) * kBig + col]);
                highest = std::max(highest, values[static_cast<std::size_t>(row) * kBig + col]);
            }
        }
        const float v = ((x + y) % 2 == 0) ? highest : lowest;
        return colourOfValue(settings.map, v, settings.lo, settings.hi);
    });

    // What a viewer sees: inside the region neighbouring pixels differ
    // strongly with the rule and hardly at all with plain sampling.
    const int first = kRegionFirst / 2 + 1;
    const int end = kRegionEnd / 2 - 1;
    int pairs = 0, shownDiffer = 0, plainAlike = 0;
    for (int y = first; y < end; ++y) {
        for (int x = first; x + 1 < end; ++x) {
            ++pairs;
            shownDiffer += distance(shown.at(x, y), shown.at(x + 1, y)) > 60 ? 1 : 0;
            plainAlike += distance(plain.at(x, y), plain.at(x + 1, y)) <= 3 ? 1 : 0;
        }
    }
    EXPECT_GT(shownDiffer, pairs * 99 / 100) << shownDiffer << " of " << pairs;
    EXPECT_GT(plainAlike, pairs * 99 / 100) << plainAlike << " of " << pairs;
    // Outside the region the two agree.
    expectImage(plain, [&](int x, int y) -> std::optional<Rgb8> {
        const bool nearRegion = x >= first - 2 && x < end + 2 && y >= first - 2 && y < end + 2;
        return nearRegion ? std::nullopt : std::optional<Rgb8>(shown.at(x, y));
    });
}

TEST_F(FieldRendererTest, SmoothFieldLooksTheSameWithAndWithoutTheRule) {
    const std::vector<float> values = bigField(false);
    const Target target(1024, 1024);
    const ViewTransform view = fitView(kBig, kBig, 1024, 1024);
    const DrawSettings settings;
    const FieldTexture extremes = uploadImage(values, kBig, kBig, view, 1024, 1024);
    renderer_.draw(extremes.values, view, settings, 0, 0, 1024, 1024);
    const Image shown = readImage(target);
    const FieldTexture nearest =
        uploadImage(values, kBig, kBig, view, 1024, 1024, Sampling::Nearest);
    renderer_.draw(nearest.values, view, settings, 0, 0, 1024, 1024);
    const Image plain = readImage(target);
    expectImage(shown, [&](int x, int y) -> std::optional<Rgb8> { return plain.at(x, y); });
}

// A wide footprint is read whole where the field lives, so it meets both
// parities: 1000 x 1000 in 20 x 20 is 50 cells per pixel.
TEST_F(FieldRendererTest, AWideFootprintSeesBothParities) {
    constexpr int n = 1000;
    std::vector<float> values(static_cast<std::size_t>(n) * n);
    for (int row = 0; row < n; ++row) {
        for (int col = 0; col < n; ++col) {
            values[static_cast<std::size_t>(row) * n + col] = (row + col) % 2 == 0 ? 0.8f : 0.2f;
        }
    }
    const Target target(20, 20);
    const ViewTransform view = fitView(n, n, 20, 20);
    ASSERT_EQ(view.cellsPerPixel, 50.0f);
    const FieldTexture field = uploadImage(values, n, n, view, 20, 20);
    const DrawSettings settings;
    renderer_.draw(field.values, view, settings, 0, 0, 20, 20);
    const Image image = readImage(target);
    expectImage(image, [&](int x, int y) -> std::optional<Rgb8> {
        return colourOfValue(settings.map, (x + y) % 2 == 0 ? 0.8f : 0.2f, 0.0f, 1.0f);
    });
}

TEST_F(FieldRendererTest, NanAnywhereUnderAMinifiedPixelShows) {
    std::vector<float> values(64 * 64, 0.5f);
    values[10 * 64 + 21] = kNan;  // under pixel (5, 2) at 4 cells per pixel
    const Target target(16, 16);
    const DrawSettings settings;
    const ViewTransform view = fitView(64, 64, 16, 16);
    const FieldTexture field = uploadImage(values, 64, 64, view, 16, 16);
    renderer_.draw(field.values, view, settings, 0, 0, 16, 16);
    const Image image = readImage(target);
    expectImage(image, [&](int x, int y) -> std::optional<Rgb8> {
        return (x == 5 && y == 2) ? kNanColour : colourOfValue(settings.map, 0.5f, 0.0f, 1.0f);
    });
}

TEST_F(FieldRendererTest, DrawRestoresTheGlStateItChanges) {
    const FieldTexture field = uploadField(smallField(), kSmallNx, kSmallNy);
    const Target target(32, 32);
    // Someone else's state: a program, a VAO, textures on units 0 and 1, a
    // third active unit, a viewport, blending and depth test on.
    const gl::Program other =
        gl::linkProgram("other", "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n",
                        "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
    const gl::VertexArray vertexArray = gl::VertexArray::create();
    const gl::Texture unit0 = gl::Texture::create();
    const gl::Texture unit1 = gl::Texture::create();
    glUseProgram(other.id());
    glBindVertexArray(vertexArray.id());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, unit0.id());
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, unit1.id());
    glActiveTexture(GL_TEXTURE3);
    glViewport(1, 2, 3, 4);
    glEnable(GL_BLEND);
    glEnable(GL_DEPTH_TEST);
    ASSERT_EQ(gl::drainErrors(), "");

    renderer_.draw(field.values, fitView(kSmallNx, kSmallNy, 32, 32), DrawSettings{}, 0, 0, 32, 32);
    renderer_.drawColourBar(ColourMap::Diverging, 0, 0, 8, 32);

    const auto integer = [](GLenum what) {
        GLint value = -1;
        glGetIntegerv(what, &value);
        return value;
    };
    EXPECT_EQ(integer(GL_CURRENT_PROGRAM), static_cast<GLint>(other.id()));
    EXPECT_EQ(integer(GL_VERTEX_ARRAY_BINDING), static_cast<GLint>(vertexArray.id()));
    EXPECT_EQ(integer(GL_ACTIVE_TEXTURE), GL_TEXTURE3);
    EXPECT_EQ(integer(GL_DRAW_FRAMEBUFFER_BINDING), static_cast<GLint>(target.framebuffer.id()));
    GLint viewport[4] = {0, 0, 0, 0};
    glGetIntegerv(GL_VIEWPORT, viewport);
    EXPECT_EQ(viewport[0], 1);
    EXPECT_EQ(viewport[1], 2);
    EXPECT_EQ(viewport[2], 3);
    EXPECT_EQ(viewport[3], 4);
    EXPECT_EQ(glIsEnabled(GL_BLEND), GL_TRUE);
    EXPECT_EQ(glIsEnabled(GL_DEPTH_TEST), GL_TRUE);
    glActiveTexture(GL_TEXTURE0);
    EXPECT_EQ(integer(GL_TEXTURE_BINDING_BUFFER), static_cast<GLint>(unit0.id()));
    glActiveTexture(GL_TEXTURE1);
    EXPECT_EQ(integer(GL_TEXTURE_BINDING_2D), static_cast<GLint>(unit1.id()));
    EXPECT_EQ(gl::drainErrors(), "");

    glUseProgram(0);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
}

TEST_F(FieldRendererTest, RejectsAnEmptyGridAndAMissingTexture) {
    const FieldTexture field = uploadField(smallField(), kSmallNx, kSmallNy);
    const ViewTransform view = fitView(kSmallNx, kSmallNy, 8, 8);
    FieldValues noGrid = field.values;
    noGrid.grid = GridSize{0, kSmallNy};
    EXPECT_THROW(renderer_.draw(noGrid, view, {}, 0, 0, 8, 8), RuntimeError);
    FieldValues noTexture = field.values;
    noTexture.texture = 0;
    EXPECT_THROW(renderer_.draw(noTexture, view, {}, 0, 0, 8, 8), RuntimeError);
    // An empty rectangle draws nothing and is no error.
    EXPECT_NO_THROW(renderer_.draw(field.values, view, {}, 0, 0, 0, 8));
    EXPECT_EQ(gl::drainErrors(), "");
}

}  // namespace
}  // namespace heatlab
