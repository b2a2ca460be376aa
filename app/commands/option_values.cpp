#include "app/commands/option_values.h"

#include <climits>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "app/io/output_file.h"

namespace heatlab {

namespace {

// A whole decimal number, all of the text, no sign games, or nothing. Twelve
// digits are past any int, so the caller's range check sees the overflow.
bool parseWhole(const std::string& text, long long* out) {
    if (text.empty() || text.size() > 12) {
        return false;
    }
    for (char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    *out = std::stoll(text);
    return true;
}

}  // namespace

std::string joinedNames(const std::vector<std::string>& names) {
    std::string all;
    for (const auto& n : names) {
        all += (all.empty() ? "" : ", ") + n;
    }
    return all;
}

GridSize parseGridSize(const std::string& text) {
    const std::string allowed = "N or NXxNY with " + std::to_string(kMinGridSide) +
                                " <= side <= " + std::to_string(kMaxGridSide) +
                                " (e.g. 2048 or 4096x1024)";
    const auto x = text.find('x');
    long long nx = 0;
    long long ny = 0;
    const bool ok = (x == std::string::npos)
                        ? parseWhole(text, &nx) && (ny = nx, true)
                        : parseWhole(text.substr(0, x), &nx) && parseWhole(text.substr(x + 1), &ny);
    if (!ok) {
        throw CLI::ValidationError("'" + text + "' is not a grid size: expected " + allowed);
    }
    if (nx < kMinGridSide || ny < kMinGridSide || nx > kMaxGridSide || ny > kMaxGridSide) {
        throw CLI::ValidationError("grid " + text + " is out of range: expected " + allowed);
    }
    return GridSize{static_cast<int>(nx), static_cast<int>(ny)};
}

float parseR(const std::string& text) {
    // Parsed as a double, so a value too small for a normal float is seen
    // and refused by the range check instead of failing the conversion.
    char* end = nullptr;
    const double r = std::strtod(text.c_str(), &end);
    const bool number = !text.empty() && end == text.c_str() + text.size() && std::isfinite(r);
    if (!number || !rInRange(r)) {
        throw CLI::ValidationError("r must be a finite number with " + rText(kRAbove) +
                                   " < r <= " + rText(kRMax) + ", not below " + rText(kRSmallest) +
                                   " (the smallest normal float), got '" + text + "'");
    }
    return static_cast<float>(r);
}

int parseCount(const std::string& text, int min) {
    long long value = 0;
    if (!parseWhole(text, &value) || value < min || value > INT_MAX) {
        throw CLI::ValidationError("expected a whole number from " + std::to_string(min) + " to " +
                                   std::to_string(INT_MAX) + ", got '" + text + "'");
    }
    return static_cast<int>(value);
}

CLI::Option* addParsedOption(CLI::App& app, const std::string& flag, const std::string& help,
                             const std::string& typeName, const std::string& shown,
                             std::function<void(const std::vector<std::string>&)> take) {
    CLI::Option* option = app.add_option(
        flag,
        [flag, take](const CLI::results_t& values) {
            try {
                take(values);
            } catch (const CLI::ValidationError& e) {
                throw CLI::ValidationError(flag, e.what());
            }
            return true;
        },
        help);
    option->type_name(typeName);
    if (!shown.empty()) {
        option->default_str(shown);
    }
    return option;
}

CLI::Option* addGridOption(CLI::App& app, const std::string& flag, GridSize& target,
                           const std::string& help) {
    return addParsedOption(app, flag, help, "N|NXxNY", gridText(target),
                           [&target](const std::vector<std::string>& values) {
                               for (const std::string& text : values) {
                                   target = parseGridSize(text);
                               }
                           });
}

CLI::Option* addROption(CLI::App& app, const std::string& flag, float& target,
                        const std::string& help) {
    return addParsedOption(app, flag, help, "R", rText(target),
                           [&target](const std::vector<std::string>& values) {
                               for (const std::string& text : values) {
                                   target = parseR(text);
                               }
                           });
}

CLI::Option* addRListOption(CLI::App& app, const std::string& flag, std::vector<float>& target,
                            const std::string& help) {
    std::string shown;
    for (float r : target) {
        shown += (shown.empty() ? "" : " ") + rText(r);
    }
    CLI::Option* option = addParsedOption(app, flag, help, "R", shown,
                                          [&target](const std::vector<std::string>& values) {
                                              std::vector<float> parsed;
                                              for (const std::string& text : values) {
                                                  parsed.push_back(parseR(text));
                                              }
                                              target = parsed;
                                          });
    return option->expected(CLI::detail::expected_max_vector_size);
}

CLI::Option* addCountOption(CLI::App& app, const std::string& flag, int& target, int min,
                            const std::string& help) {
    return addParsedOption(app, flag, help, "N", target >= min ? std::to_string(target) : "",
                           [&target, min](const std::vector<std::string>& values) {
                               for (const std::string& text : values) {
                                   target = parseCount(text, min);
                               }
                           });
}

CLI::Option* addOutputPathOption(CLI::App& app, const std::string& flag, std::string& target,
                                 const std::string& help) {
    return addParsedOption(app, flag, help, "PATH", target,
                           [&target](const std::vector<std::string>& values) {
                               for (const std::string& path : values) {
                                   const std::string problem = outputPathProblem(path);
                                   if (!problem.empty()) {
                                       throw CLI::ValidationError(problem);
                                   }
                                   target = path;
                               }
                           });
}

void addCopyBackOptions(CLI::App& app, int& every, bool& pinned) {
    addParsedOption(app, "--copy-every",
                    "Copy the field back to host memory every N steps, as a first version "
                    "would (0: never; in the window C toggles every step)",
                    "N", "0", [&every](const std::vector<std::string>& values) {
                        every = parseCount(values.back(), 0);
                    });
    app.add_flag("--pinned", pinned, "Copy back into pinned host memory");
}

void addSimulationOptions(CLI::App& app, Params& params, BackendChoice& backend,
                          const std::string& kernelHelp) {
    addChoiceOption(app, "--backend", backend, allBackendChoices(),
                    "Where to run: auto takes CUDA when a device is usable, else the CPU");
    addGridOption(app, "--grid", params.grid,
                  "Grid size N or NXxNY, boundary ring included, " + std::to_string(kMinGridSide) +
                      " <= side <= " + std::to_string(kMaxGridSide));
    addChoiceOption(app, "--kernel", params.kernel, stencilKernels(), kernelHelp);
    addParsedOption(app, "--time-block",
                    "Steps the temporal kernel runs per pass over memory, 1 .. " +
                        std::to_string(kTimeBlockMax) + " (0: the backend's choice)",
                    "K", "0", [&params](const std::vector<std::string>& values) {
                        const int levels = parseCount(values.back(), 0);
                        if (levels > kTimeBlockMax) {
                            throw CLI::ValidationError("expected at most " +
                                                       std::to_string(kTimeBlockMax) + ", got '" +
                                                       values.back() + "'");
                        }
                        params.timeBlock = levels;
                    });
    addChoiceOption(app, "--boundary", params.boundary, allBoundaries(), "Boundary condition");
    addChoiceOption(app, "--init", params.initial, allInitialConditions(), "Initial condition");
    addROption(app, "--r", params.r,
               "r = alpha dt / h^2; 0 < r <= 1, and r >= " + rText(kRSmallest) +
                   " (a smaller r would be a subnormal float: refused)");
}

}  // namespace heatlab
