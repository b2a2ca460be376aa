#pragma once
// The plain parameters of a simulation: what the panel and the command line
// edit, and what every backend is handed. No behaviour lives here beyond the
// names used to show and parse the choices.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace heatlab {

enum class Boundary { Dirichlet, Insulated, Periodic, Extrapolate };
enum class InitialCondition { HotSquare, Sine, Blank };
enum class Kernel { Copy, Global, Tiled, ThreePass, Optimised };
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

// The smallest grid with an interior: one cell inside a ring.
constexpr int kMinGridSide = 3;
// 65536 a side is 16 GiB a buffer, past any device this runs on, and keeps
// every launch dimension of the CUDA kernels within its limit.
constexpr int kMaxGridSide = 65536;

struct Params {
    GridSize grid;
    float r = 0.24f;  // alpha * dt / h^2; the scheme is stable for r <= 0.25
    Kernel kernel = Kernel::Optimised;
    Boundary boundary = Boundary::Dirichlet;
    InitialCondition initial = InitialCondition::HotSquare;
};

// The 2D CFL bound of the explicit five-point scheme.
constexpr float kStabilityBound = 0.25f;

// Names, as shown in tables and accepted on the command line.
const char* name(Boundary b);
const char* name(InitialCondition ic);
const char* name(Kernel k);
const char* name(HostMemory m);

std::vector<Boundary> allBoundaries();
std::vector<InitialCondition> allInitialConditions();
std::vector<Kernel> allKernels();
// Every kernel but the copy floor, which moves the field without stepping it.
std::vector<Kernel> stencilKernels();

std::optional<Boundary> parseBoundary(const std::string& text);
std::optional<InitialCondition> parseInitialCondition(const std::string& text);
std::optional<Kernel> parseKernel(const std::string& text);

}  // namespace heatlab
