#include "app/commands/option_values.h"

#include "app/io/output_file.h"

namespace heatlab {

namespace {

// Pictures (shot --slide and --size, bench --roofline-size): see
// parsePictureSize().
constexpr int kMinSlideSide = 64;
constexpr int kMaxSlideSide = 8192;

}  // namespace

GridSize parsePictureSize(const std::string& text) {
    const auto x = text.find('x');
    if (x == std::string::npos) {
        throw UsageError("expected WxH (e.g. 1920x1080), got '" + text + "'");
    }
    const int width = parseCount(text.substr(0, x), 1);
    const int height = parseCount(text.substr(x + 1), 1);
    if (width < kMinSlideSide || height < kMinSlideSide || width > kMaxSlideSide ||
        height > kMaxSlideSide) {
        throw UsageError("a picture is " + std::to_string(kMinSlideSide) + " to " +
                         std::to_string(kMaxSlideSide) + " pixels a side, got '" + text + "'");
    }
    return GridSize{width, height};
}

CLI::Option* addParsedOption(CLI::App& app, const std::string& flag, const std::string& help,
                             const std::string& typeName, const std::string& shown,
                             std::function<void(const std::vector<std::string>&)> take) {
    CLI::Option* option = app.add_option(
        flag,
        [flag, take](const CLI::results_t& values) {
            try {
                take(values);
            } catch (const UsageError& e) {
                throw CLI::ValidationError(flag, e.what());
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

namespace {

bool yesOrNo(const std::string& key, const std::string& value) {
    if (value == "yes" || value == "1" || value == "true") {
        return true;
    }
    if (value == "no" || value == "0" || value == "false") {
        return false;
    }
    throw CLI::ValidationError(key + " takes yes or no, got '" + value + "'");
}

PaneBSettings paneBOf(const std::string& spec) {
    PaneBSettings b;
    if (spec == "a") {
        return b;
    }
    std::size_t from = 0;
    while (from <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', from), spec.size());
        const std::string pair = spec.substr(from, comma - from);
        const std::size_t equals = pair.find('=');
        if (equals == std::string::npos) {
            throw CLI::ValidationError(
                "expected key=value pairs (kernel, r, backend, copy-every, "
                "pinned, path, mapped) or 'a', got '" +
                pair + "'");
        }
        const std::string key = pair.substr(0, equals);
        const std::string value = pair.substr(equals + 1);
        if (key == "kernel") {
            b.kernel = parseChoice(value, allStencilKernels());
        } else if (key == "r") {
            b.r = parseR(value);
        } else if (key == "backend") {
            b.backend = parseChoice(value, allBackendChoices());
        } else if (key == "copy-every") {
            b.copyEvery = parseCount(value, 0);
        } else if (key == "pinned") {
            b.pinned = yesOrNo(key, value);
        } else if (key == "path") {
            b.path = parseChoice(value, allDisplayPaths());
        } else if (key == "mapped") {
            b.mapPerFrame = yesOrNo(key, value);
        } else {
            throw CLI::ValidationError("unknown key '" + key +
                                       "' (kernel, r, backend, copy-every, pinned, path, mapped)");
        }
        from = comma + 1;
    }
    return b;
}

}  // namespace

void addComparisonOptions(CLI::App& app, ABComparison& comparison) {
    addParsedOption(app, "--split",
                    "A/B: pane B beside pane A in lockstep, from the same field, running what "
                    "SPEC changes (key=value pairs: kernel, r, backend, copy-every, pinned, path, "
                    "mapped; 'a': the same as A)",
                    "SPEC", "", [&comparison](const std::vector<std::string>& values) {
                        comparison.split = true;
                        comparison.b = paneBOf(values.back());
                    });
    app.add_flag("--difference", comparison.difference,
                 "With --split: pane B shows A - B through the diverging map");
}

void addSimulationOptions(CLI::App& app, Params& params, BackendChoice& backend,
                          const std::string& kernelHelp) {
    addChoiceOption(app, "--backend", backend, allBackendChoices(),
                    "Where to run: auto takes CUDA when a device is usable, else the CPU");
    addGridOption(app, "--grid", params.grid,
                  "Grid size N or NXxNY, boundary ring included, " + std::to_string(kMinGridSide) +
                      " <= side <= " + std::to_string(kMaxGridSide));
    addChoiceOption(app, "--kernel", params.kernel, allStencilKernels(), kernelHelp);
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
