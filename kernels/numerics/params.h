#pragma once
// The plain parameters of a simulation: what the panel and the command line
// edit, and what every backend is handed. No behaviour lives here beyond the
// names used to show and parse the choices (a kernel's, and the catalogue
// of kernels: kernel_catalogue.h).

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "kernels/numerics/kernel_catalogue.h"

namespace heatlab {

enum class Boundary { Dirichlet, Insulated, Periodic, Extrapolate };
enum class InitialCondition { HotSquare, Sine, Blank };
enum class HostMemory { Pageable, Pinned };

// nx columns by ny rows, the boundary ring included; row-major.
struct GridSize {
    int nx = 2048;
    int ny = 2048;

    std::size_t cells() const {
        return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    }
    std::size_t bytes() const { return cells() * sizeof(float); }
    long long interiorCells() const { return static_cast<long long>(nx - 2) * (ny - 2); }
};

// Steps the temporal kernel runs per pass over memory (--time-block). On
// CUDA the steps are spread over a block's warps, a pipeline in time, so a
// deeper pass costs warps, not registers; a pass of k steps recomputes k
// columns and rows at each side of its tile. 0 lets the backend choose.
constexpr int kTimeBlockMax = 16;
constexpr int kTimeBlockAuto = 0;

// The smallest grid with an interior: one cell inside a ring.
constexpr int kMinGridSide = 3;
// 65536 a side is 16 GiB a buffer, past any device this runs on, and keeps
// every launch dimension of the CUDA kernels within its limit.
constexpr int kMaxGridSide = 65536;

// The values a default-constructed Params (and GridSize) holds are the
// defaults every command line and the panel start from and show.
struct Params {
    GridSize grid;
    float r = 0.24f;  // alpha * dt / h^2; the scheme is stable for r <= 0.25
    Kernel kernel = Kernel::Optimised;
    int timeBlock = kTimeBlockAuto;  // the temporal kernel's steps a pass
    Boundary boundary = Boundary::Dirichlet;
    InitialCondition initial = InitialCondition::HotSquare;
};

// The 2D CFL bound of the explicit five-point scheme.
constexpr float kStabilityBound = 0.25f;

// The r every editor accepts: kRAbove < r <= kRMax. At 0 nothing moves;
// past 1 the checkerboard grows by 7 or more a step and there is nothing
// left to show but overflow.
constexpr float kRAbove = 0.0f;  // exclusive
constexpr float kRMax = 1.0f;    // inclusive
// Within that range r must also be a normal float: below this a float r is
// subnormal (it keeps fewer digits than were typed and slows every step on
// the CPU) or rounds to 0.
constexpr float kRSmallest = std::numeric_limits<float>::min();

// True for an r in the range above (false for NaN). The smallest is
// compared as the float r becomes, so the bound's own digits as a message
// shows them (shortestText(kRSmallest)) are taken.
constexpr bool rInRange(double r) {
    return r > kRAbove && r <= kRMax && static_cast<float>(r) >= kRSmallest;
}

// Names, as shown in tables and accepted on the command line.
const char* name(Boundary b);
const char* name(InitialCondition ic);
const char* name(HostMemory m);

std::vector<Boundary> allBoundaries();
std::vector<InitialCondition> allInitialConditions();
// The text a value is shown as, everywhere (options, tables, PNG text, file
// names), and that the command line parses back to the same value: "2048"
// or "4096x1024"; r as shortestText() writes it (0.24f shows as 0.24).
std::string gridText(const GridSize& grid);
std::string rText(float r);
// The shortest decimal that reads back as the same float (0.1, not
// 0.100000001; the smallest normal float 1.1754944e-38, which a bound's
// message shows so that the number shown is the bound), written out where a
// reader writes it so (20, not %g's 2e+01; 100000) and with an exponent
// below 1e-4 and from 1e9.
std::string shortestText(float value);
// Any other measured number, with `precision` significant digits.
std::string numberText(double value, int precision = 6);

}  // namespace heatlab
