#include "kernels/numerics/params.h"

#include <sstream>

namespace heatlab {

const char* name(Boundary b) {
    switch (b) {
    case Boundary::Dirichlet: return "dirichlet";
    case Boundary::Insulated: return "insulated";
    case Boundary::Periodic: return "periodic";
    case Boundary::Extrapolate: return "extrapolate";
    }
    return "?";
}

const char* name(InitialCondition ic) {
    switch (ic) {
    case InitialCondition::HotSquare: return "hot-square";
    case InitialCondition::Sine: return "sine";
    case InitialCondition::Blank: return "blank";
    }
    return "?";
}

const char* name(Kernel k) {
    switch (k) {
    case Kernel::Copy: return "copy";
    case Kernel::Global: return "global";
    case Kernel::Tiled: return "tiled";
    case Kernel::ThreePass: return "three-pass";
    case Kernel::Optimised: return "optimised";
    case Kernel::Temporal: return "temporal";
    }
    return "?";
}

const char* name(HostMemory m) { return m == HostMemory::Pinned ? "pinned" : "pageable"; }

std::vector<Boundary> allBoundaries() {
    return {Boundary::Dirichlet, Boundary::Insulated, Boundary::Periodic, Boundary::Extrapolate};
}

std::vector<InitialCondition> allInitialConditions() {
    return {InitialCondition::HotSquare, InitialCondition::Sine, InitialCondition::Blank};
}

std::vector<Kernel> allKernels() {
    return {Kernel::Copy,      Kernel::Global,    Kernel::Tiled,
            Kernel::ThreePass, Kernel::Optimised, Kernel::Temporal};
}

std::vector<Kernel> allStencilKernels() {
    return {Kernel::Global, Kernel::Tiled, Kernel::ThreePass, Kernel::Optimised, Kernel::Temporal};
}

std::string gridText(const GridSize& grid) {
    return grid.nx == grid.ny ? std::to_string(grid.nx)
                              : std::to_string(grid.nx) + "x" + std::to_string(grid.ny);
}

std::string rText(float r) { return numberText(r); }

std::string numberText(double value, int precision) {
    std::ostringstream text;
    text.precision(precision);
    text << value;
    return text.str();
}

}  // namespace heatlab
