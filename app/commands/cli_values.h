#pragma once
// Validators for the values every command takes. Each throws CLI11's
// validation error with one line naming what is allowed; main() prints it
// and exits 2.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "kernels/numerics/params.h"

namespace heatlab {

// "2048" (square) or "4096x1024" (nx x ny), each side >= 3.
GridSize parseGridSize(const std::string& text);

CLI::Validator gridValidator();
// r: finite, > 0 and <= 1 (past 1 nothing is left to show but overflow).
CLI::Validator rValidator();
// A whole number >= min.
CLI::Validator atLeastValidator(long long min);
// A path we can create a file in (checked up front by creating and removing
// a probe file beside it), so a long run never ends unable to save.
CLI::Validator writablePathValidator();
// One of the names; the message lists them.
CLI::Validator oneOfValidator(const std::vector<std::string>& names);

template <typename Enum>
std::vector<std::string> namesOf(const std::vector<Enum>& values) {
    std::vector<std::string> names;
    for (Enum v : values) {
        names.emplace_back(name(v));
    }
    return names;
}

}  // namespace heatlab
