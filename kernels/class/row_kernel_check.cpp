#include "kernels/class/row_kernel_check.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <sys/mman.h>

#include "kernels/base/errors.h"
#include "kernels/base/words.h"
#include "kernels/checks/reference_comparison.h"
#include "kernels/class/guarded_fields.h"
#include "kernels/numerics/ghost_ring.h"
#include "kernels/numerics/reference.h"
#include "kernels/numerics/stencil.h"

namespace heatlab {

namespace {

// Below the bound and past it: a kernel that ignores r, or holds the
// lecture's usual 0.24 as a constant, is wrong at one of them.
constexpr float kCheckR[] = {0.2f, 0.26f};
// An odd and an even number of steps: a kernel that steps in place, or
// whose ping-pong parity is wrong, shows at one of them. The field is
// compared after the first step as well.
constexpr int kFirstSteps = 3;
constexpr int kLastSteps = 4;
// A kernel that splits its rows is called a range of this many rows at a
// time: no tile or thread count divides it.
constexpr int kCheckRowsPerCall = 7;

// What `out` holds before each call: a quiet NaN of a pattern of its own,
// so a cell left unwritten is told apart from one computed wrongly.
constexpr std::uint32_t kUnwrittenBits = 0x7FC5A5A5u;

const std::vector<GridSize>& fixedGrids() {
    static const std::vector<GridSize> grids{{3, 3}, {5, 4}, {17, 9}, {129, 65}, {1000, 999}};
    return grids;
}

bool unwritten(float value) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits == kUnwrittenBits;
}

// Anonymous memory for the check's fields, page-aligned as the shared
// region is.
class CheckRegion {
public:
    explicit CheckRegion(std::size_t bytes) : bytes_(bytes) {
        void* at =
            ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (at == MAP_FAILED) {
            throw RuntimeError(trf("no memory for the check's fields (%zu bytes)", bytes));
        }
        base_ = static_cast<unsigned char*>(at);
    }
    ~CheckRegion() { ::munmap(base_, bytes_); }
    CheckRegion(const CheckRegion&) = delete;
    CheckRegion& operator=(const CheckRegion&) = delete;

    unsigned char* base() const { return base_; }
    std::size_t bytes() const { return bytes_; }

private:
    unsigned char* base_ = nullptr;
    std::size_t bytes_;
};

// A random field in [0, 1) into `field`, the ring set for `boundary` (the
// Dirichlet ring random too: heatlab keeps it, whatever it holds).
void randomField(std::vector<float>& field, const GridSize& grid, Boundary boundary,
                 std::uint64_t seed) {
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
    for (float& cell : field) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        cell = static_cast<float>(state >> 40) / static_cast<float>(1u << 24);
    }
    fillGhostRing(field.data(), grid, boundary);
}

// What the cases of one grid share: made once a grid, not once a case.
// (Measured on the two-core VM: fresh buffers a case, the system's page
// faults on them took a check of 1000 x 999 three times as long as its
// arithmetic.)
struct CaseBuffers {
    explicit CaseBuffers(const GridSize& grid)
        : initial(grid.cells()), inBefore(grid.cells()), reference(grid, initial, Boundary{}) {}
    std::vector<float> initial;
    std::vector<float> inBefore;
    Reference reference;
};

std::string cellText(std::size_t index, const GridSize& grid) {
    return trf("cell (row %zu, col %zu)", index / static_cast<std::size_t>(grid.nx),
               index % static_cast<std::size_t>(grid.nx));
}

// What the kernel did besides its values, after one call: empty, or what
// it broke.
std::string callProblem(const GuardedFields& fields, const float* in, const float* inBefore,
                        const float* out) {
    const GridSize& grid = fields.grid();
    const std::string stray = fields.canaryProblem();
    if (!stray.empty()) {
        return stray;
    }
    if (std::memcmp(in, inBefore, grid.bytes()) != 0) {
        std::size_t i = 0;
        while (std::memcmp(&in[i], &inBefore[i], sizeof(float)) == 0) {
            ++i;
        }
        return trf("wrote `in` at %s (in and out are two fields: write out only)",
                   cellText(i, grid).c_str());
    }
    std::string ring;
    forEachRingCell(grid, [&](std::size_t i) {
        if (ring.empty() && !unwritten(out[i])) {
            ring = trf("wrote the ring at %s (heatlab sets the ring: write the interior only)",
                       cellText(i, grid).c_str());
        }
    });
    return ring;
}

// The ring of `out` as heatlab's own kernels leave it: the Dirichlet ring
// kept (it is `in`'s), every other rewritten from the new interior.
void setRing(const float* in, float* out, const GridSize& grid, Boundary boundary) {
    forEachRingCell(grid, [&](std::size_t i) { out[i] = in[i]; });
    fillGhostRing(out, grid, boundary);
}

// Where the values are wrong: one line, and `wrong`'s report (its case
// beside what the caller fills in), where given.
std::string valueProblem(const float* got, const Reference& reference, const GridSize& grid,
                         WrongReport* wrong) {
    const Comparison comparison = compareWithReference(got, reference.field(), grid);
    if (comparison.passed) {
        return "";
    }
    const std::size_t i = comparison.firstWrong;
    if (wrong != nullptr) {
        wrong->grid = grid;
        wrong->row = static_cast<int>(i / static_cast<std::size_t>(grid.nx));
        wrong->col = static_cast<int>(i % static_cast<std::size_t>(grid.nx));
        wrong->maxError = comparison.worstError;
        drawWrongCells(wrongCells(got, reference.field()), grid, *wrong);
    }
    if (unwritten(got[i])) {
        return trf(
            "%s holds what `out` held before the step: left unwritten, or computed "
            "from `out` instead of `in`",
            cellText(i, grid).c_str());
    }
    return trf("%s is %s, the reference %s; largest relative error %s", cellText(i, grid).c_str(),
               numberText(got[i], 7).c_str(), numberText(reference.field()[i], 7).c_str(),
               numberText(comparison.worstError, 3).c_str());
}

// One boundary and one r on `fields`: empty, or the problem's line.
std::string checkCase(const CheckedStep& stepOnce, GuardedFields& fields, CaseBuffers& buffers,
                      Boundary boundary, float r, std::uint64_t seed, WrongReport* wrong) {
    const GridSize& grid = fields.grid();
    randomField(buffers.initial, grid, boundary, seed);
    Reference& reference = buffers.reference;
    reference.restart(buffers.initial, boundary);
    // The kernel always gets the same two fields, so a stray access is
    // named by the argument it strayed from: each step's result is copied
    // back into `in`.
    float* in = fields.in();
    float* out = fields.out();
    std::memcpy(in, buffers.initial.data(), grid.bytes());
    std::vector<float>& inBefore = buffers.inBefore;
    const auto where = [&](int steps) {
        // The boundary in the words' language, as the panel's combo names it.
        return trf("%dx%d, %s, r = %s, step %d", grid.nx, grid.ny, tr(name(boundary)),
                   rText(r).c_str(), steps);
    };
    int referenceSteps = 0;
    for (int steps = 1; steps <= kLastSteps; ++steps) {
        const float unwrittenValue = [] {
            float value = 0.0f;
            std::memcpy(&value, &kUnwrittenBits, sizeof value);
            return value;
        }();
        std::fill(out, out + grid.cells(), unwrittenValue);
        std::memcpy(inBefore.data(), in, grid.bytes());
        fields.armCanaries();
        std::string problem = stepOnce(in, out, grid, r);
        if (problem.empty()) {
            problem = callProblem(fields, in, inBefore.data(), out);
        }
        if (!problem.empty()) {
            return where(steps) + ": " + problem;
        }
        setRing(in, out, grid, boundary);
        std::memcpy(in, out, grid.bytes());
        // After the first step too: a mistake is seen where it is made,
        // before three steps spread it to its neighbours.
        if (steps == 1 || steps >= kFirstSteps) {
            reference.step(steps - referenceSteps, static_cast<double>(r));
            referenceSteps = steps;
            const std::string values = valueProblem(in, reference, grid, wrong);
            if (!values.empty()) {
                if (wrong != nullptr) {
                    wrong->boundary = boundary;
                    wrong->r = r;
                    wrong->step = steps;
                }
                return where(steps) + ": " + values;
            }
        }
    }
    return "";
}

}  // namespace

bool checkableGrid(const GridSize& grid) {
    return static_cast<long long>(grid.cells()) <= kCheckedGridMaxCells;
}

std::vector<GridSize> classKernelCheckGrids(const std::optional<GridSize>& lecture) {
    std::vector<GridSize> grids = fixedGrids();
    if (lecture && checkableGrid(*lecture) &&
        std::none_of(grids.begin(), grids.end(), [&](const GridSize& g) {
            return g.nx == lecture->nx && g.ny == lecture->ny;
        })) {
        grids.push_back(*lecture);
    }
    return grids;
}

std::string checkRowKernel(const RowKernel& kernel, const GridSize& grid,
                           const std::function<void(const GuardedFields*)>& placed,
                           WrongReport* wrong) {
    return checkKernelSteps(
        [&kernel](const float* in, float* out, const GridSize& g, float r) {
            callRowKernel(kernel, in, out, g, r, kCheckRowsPerCall);
            return std::string();
        },
        grid, placed, wrong);
}

namespace {

// The cases of `grid` until one fails: its line, or empty.
std::string checkCases(const CheckedStep& step, const GridSize& grid,
                       const std::function<void(const GuardedFields*)>& placed, WrongReport* wrong,
                       const std::function<bool(Boundary, float)>& only = {});

}  // namespace

std::string checkKernelSteps(const CheckedStep& step, const GridSize& grid,
                             const std::function<void(const GuardedFields*)>& placed,
                             WrongReport* wrong) {
    const std::string problem = checkCases(step, grid, placed, wrong);
    if (problem.empty() || wrong == nullptr || wrong->width == 0 ||
        grid.cells() >= kWrongPictureGrid.cells()) {
        return problem;
    }
    // Too small a grid to show a tile's edges: the same case on a larger
    // one, where it shows anything there.
    WrongReport larger;
    const Boundary boundary = wrong->boundary;
    const float r = wrong->r;
    checkCases(step, kWrongPictureGrid, placed, &larger,
               [&](Boundary b, float caseR) { return b == boundary && caseR == r; });
    if (larger.width > 0 && larger.anyWrong()) {
        wrong->pictureGrid = larger.pictureGrid;
        wrong->cellsAPixel = larger.cellsAPixel;
        wrong->width = larger.width;
        wrong->height = larger.height;
        wrong->pixels = std::move(larger.pixels);
    }
    return problem;
}

namespace {

std::string checkCases(const CheckedStep& step, const GridSize& grid,
                       const std::function<void(const GuardedFields*)>& placed, WrongReport* wrong,
                       const std::function<bool(Boundary, float)>& only) {
    const GuardedLayout layout = guardedLayout(grid);
    CheckRegion region(layout.regionBytes);
    GuardedFields fields(region.base(), region.bytes(), grid);
    // Told before the region goes, on every way out.
    struct Placed {
        const std::function<void(const GuardedFields*)>& tell;
        ~Placed() {
            if (tell) {
                tell(nullptr);
            }
        }
    } unplaced{placed};
    if (placed) {
        placed(&fields);
    }
    std::uint64_t seed =
        static_cast<std::uint64_t>(grid.nx) * 131 + static_cast<std::uint64_t>(grid.ny);
    CaseBuffers buffers(grid);
    for (Boundary boundary : allBoundaries()) {
        for (float r : kCheckR) {
            ++seed;
            if (only && !only(boundary, r)) {
                continue;
            }
            const std::string problem = checkCase(step, fields, buffers, boundary, r, seed, wrong);
            if (!problem.empty()) {
                return problem;
            }
        }
    }
    return "";
}

}  // namespace

}  // namespace heatlab
