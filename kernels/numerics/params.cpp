#include "kernels/numerics/params.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

const char* name(HostMemory m) { return m == HostMemory::Pinned ? "pinned" : "pageable"; }

std::vector<Boundary> allBoundaries() {
    return {Boundary::Dirichlet, Boundary::Insulated, Boundary::Periodic, Boundary::Extrapolate};
}

std::vector<InitialCondition> allInitialConditions() {
    return {InitialCondition::HotSquare, InitialCondition::Sine, InitialCondition::Blank};
}

std::string gridText(const GridSize& grid) {
    return grid.nx == grid.ny ? std::to_string(grid.nx)
                              : std::to_string(grid.nx) + "x" + std::to_string(grid.ny);
}

std::string rText(float r) { return shortestText(r); }

std::string shortestText(float value) {
    if (!std::isfinite(value)) {
        return numberText(value);
    }
    char text[64];
    int digits = 1;
    for (; digits < 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(value));
        if (std::strtof(text, nullptr) == value) {
            break;
        }
    }
    std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(value));
    const int exponent = std::atoi(std::strchr(text, 'e') + 1);
    const float magnitude = std::fabs(value);
    if (magnitude >= 1e-4f && magnitude < 1e9f) {
        std::snprintf(text, sizeof text, "%.*f", std::max(0, digits - 1 - exponent),
                      static_cast<double>(value));
    } else {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
    }
    return text;
}

std::string numberText(double value, int precision) {
    std::ostringstream text;
    text.precision(precision);
    text << value;
    return text.str();
}

}  // namespace heatlab
