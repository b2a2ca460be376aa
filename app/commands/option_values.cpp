#include "app/commands/option_values.h"

#include <algorithm>
#include <climits>
#include <memory>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/output_file.h"

namespace heatlab {

namespace {

// Pictures (shot --slide and --size, bench --roofline-size): see
// parsePictureSize().
constexpr int kMinSlideSide = 64;
constexpr int kMaxSlideSide = 8192;

}  // namespace

GridSize parsePictureSize(const std::string& written) {
    // Spaces around the size are ignored, spaces inside it refused (as in
    // every number).
    const std::string text = trimmed(written);
    const auto x = text.find('x');
    if (x == std::string::npos || text.find_first_of(" \t\n\r\f\v") != std::string::npos) {
        throw UsageError(trf("expected WxH (e.g. 1920x1080), got '%s'", excerpt(text).c_str()));
    }
    const int width = parseCount(text.substr(0, x), 1);
    const int height = parseCount(text.substr(x + 1), 1);
    if (width < kMinSlideSide || height < kMinSlideSide || width > kMaxSlideSide ||
        height > kMaxSlideSide) {
        throw UsageError(trf("a picture is %d to %d pixels a side, got '%s'", kMinSlideSide,
                             kMaxSlideSide, excerpt(text).c_str()));
    }
    return GridSize{width, height};
}

namespace {

// "--pinned given twice (give it once)": an option given `times` times.
std::string givenMoreThanOnce(const std::string& flag, std::size_t times) {
    return times == 2 ? trf("%s given twice (give it once)", flag.c_str())
                      : trf("%s given %zu times (give it once)", flag.c_str(), times);
}

}  // namespace

CLI::Option* addParsedOption(CLI::App& app, const std::string& flag, const std::string& help,
                             const std::string& typeName, const std::string& shown,
                             std::function<void(const std::vector<std::string>&)> take) {
    // The option itself, once made: how many values one use of it takes
    // (1, 2 for --range, any number for a list) is set after this returns.
    auto self = std::make_shared<CLI::Option*>(nullptr);
    CLI::Option* option = app.add_option(
        flag,
        [flag, take, self](const CLI::results_t& values) {
            // Every value reaches here (TakeAll), so an option given twice
            // is refused in the user's words, not as CLI11's count of
            // values, and never silently takes the last one.
            const int perUse = std::max((*self)->get_items_expected_max(), 1);
            if (perUse < CLI::detail::expected_max_vector_size &&
                values.size() > static_cast<std::size_t>(perUse)) {
                const std::size_t uses = (values.size() + perUse - 1) / perUse;
                throw CLI::ArgumentMismatch(givenMoreThanOnce(flag, uses));
            }
            // TakeAll leaves the count of values to the option too.
            const int least = std::max((*self)->get_items_expected_min(), 1);
            if (values.size() < static_cast<std::size_t>(least)) {
                throw CLI::ArgumentMismatch(
                    trf("%s takes %d values, got %zu", flag.c_str(), least, values.size()));
            }
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
    *self = option;
    option->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    option->type_name(typeName);
    if (!shown.empty()) {
        option->default_str(shown);
    }
    return option;
}

CLI::Option* addFlag(CLI::App& app, const std::string& flag, std::function<void()> set,
                     const std::string& help) {
    return app.add_flag_function(
        flag,
        [flag, set](std::int64_t count) {
            if (count > 1) {
                throw CLI::ArgumentMismatch(
                    givenMoreThanOnce(flag, static_cast<std::size_t>(count)));
            }
            set();
        },
        help);
}

CLI::Option* addFlag(CLI::App& app, const std::string& flag, bool& target,
                     const std::string& help) {
    return addFlag(
        app, flag, [&target] { target = true; }, help);
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
    CLI::Option* option = addParsedOption(
        app, flag, help, "R", shown, [&target, flag](const std::vector<std::string>& values) {
            // An empty value is CLI11's separator between two uses.
            const auto uses = 1 + std::count(values.begin(), values.end(), std::string());
            if (uses > 1) {
                throw CLI::ArgumentMismatch(
                    uses == 2 ? trf("%s given twice (give its values once: %s R R ...)",
                                    flag.c_str(), flag.c_str())
                              : trf("%s given %zu times (give its values once: %s R R ...)",
                                    flag.c_str(), static_cast<std::size_t>(uses), flag.c_str()));
            }
            std::vector<float> parsed;
            for (const std::string& text : values) {
                parsed.push_back(parseR(text));
            }
            target = parsed;
        });
    option->inject_separator();
    return option->expected(CLI::detail::expected_max_vector_size);
}

CLI::Option* addCountOption(CLI::App& app, const std::string& flag, int& target, int min,
                            const std::string& help) {
    return addCountOption(app, flag, target, min, INT_MAX, help);
}

CLI::Option* addCountOption(CLI::App& app, const std::string& flag, int& target, int min, int max,
                            const std::string& help) {
    const bool allowed = target >= min && target <= max;
    return addParsedOption(app, flag, help, "N", allowed ? std::to_string(target) : "",
                           [&target, min, max](const std::vector<std::string>& values) {
                               for (const std::string& text : values) {
                                   target = parseCount(text, min, max);
                               }
                           });
}

CLI::Option* addStepsPerFrameOption(CLI::App& app, int& target, const std::string& help) {
    return addCountOption(app, "--steps-per-frame", target, kMinStepsPerFrame, kMaxStepsPerFrame,
                          trf("%s, %d to %d", help.c_str(), kMinStepsPerFrame, kMaxStepsPerFrame));
}

std::string nonEmptyName(const std::string& name, const std::string& what) {
    if (name.empty()) {
        throw UsageError(trf("an empty name names nothing: expected %s", what.c_str()));
    }
    return name;
}

CLI::Option* addOutputPathOption(CLI::App& app, const std::string& flag, std::string& target,
                                 const std::string& help, const OutputFormat& format) {
    const std::string typeName =
        *format.extension == '\0' ? std::string("PATH") : std::string("FILE") + format.extension;
    return addParsedOption(app, flag, help, typeName, target,
                           [&target, format](const std::vector<std::string>& values) {
                               for (const std::string& path : values) {
                                   std::string problem = outputFormatProblem(path, format);
                                   if (problem.empty()) {
                                       problem = outputPathProblem(path);
                                   }
                                   if (!problem.empty()) {
                                       throw CLI::ValidationError(problem);
                                   }
                                   target = path;
                               }
                           });
}

void addCopyBackOptions(CLI::App& app, int& every, bool& pinned) {
    addParsedOption(app, "--copy-every",
                    tr("Copy the field back to host memory every N steps, as a first version "
                       "would (0: never; in the window C toggles every step)"),
                    "N", "0", [&every](const std::vector<std::string>& values) {
                        every = parseCount(values.back(), 0);
                    });
    addFlag(app, "--pinned", pinned, tr("Copy back into pinned host memory"));
}

namespace {

bool yesOrNo(const std::string& key, const std::string& value) {
    if (value == "yes" || value == "1" || value == "true") {
        return true;
    }
    if (value == "no" || value == "0" || value == "false") {
        return false;
    }
    throw CLI::ValidationError(
        trf("%s takes yes or no, got '%s'", key.c_str(), excerpt(value).c_str()));
}

const char* const kPaneBKeys = "kernel, r, backend, copy-every, pinned, path, mapped";

// One pair of a split's SPEC into `b`, its key and value with the spaces
// around them left out.
void takePaneBPair(const std::string& key, const std::string& value, PaneBSettings& b) {
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
        throw CLI::ValidationError(
            trf("unknown key '%s' (the keys are %s)", excerpt(key).c_str(), kPaneBKeys));
    }
}

PaneBSettings paneBOf(const std::string& written) {
    PaneBSettings b;
    const std::string spec = trimmed(written);
    if (spec == "a") {
        return b;
    }
    std::vector<std::string> keys;
    std::size_t from = 0;
    while (from <= spec.size()) {
        const std::size_t comma = std::min(spec.find(',', from), spec.size());
        const std::string pair = spec.substr(from, comma - from);
        const std::size_t equals = pair.find('=');
        if (trimmed(pair) == "a") {
            throw CLI::ValidationError(
                trf("'a' (pane B the same as pane A) stands alone, not among key=value pairs, "
                    "got '%s'",
                    excerpt(spec).c_str()));
        }
        if (equals == std::string::npos) {
            throw CLI::ValidationError(
                trf("expected key=value pairs (the keys are %s) or 'a' alone, got '%s' in '%s'",
                    kPaneBKeys, excerpt(trimmed(pair)).c_str(), excerpt(spec).c_str()));
        }
        const std::string key = trimmed(pair.substr(0, equals));
        if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
            throw CLI::ValidationError(trf("%s given twice in '%s' (give it once)",
                                           excerpt(key).c_str(), excerpt(spec).c_str()));
        }
        keys.push_back(key);
        takePaneBPair(key, trimmed(pair.substr(equals + 1)), b);
        from = comma + 1;
    }
    return b;
}

}  // namespace

void addComparisonOptions(CLI::App& app, ABComparison& comparison) {
    addParsedOption(app, "--split",
                    tr("A/B: pane B beside pane A in lockstep, from the same field, running what "
                       "SPEC changes (key=value pairs: kernel, r, backend, copy-every, pinned, "
                       "path, mapped; 'a': the same as A)"),
                    "SPEC", "", [&comparison](const std::vector<std::string>& values) {
                        comparison.split = true;
                        comparison.b = paneBOf(values.back());
                        // Refused here, before any work: a split without its
                        // pane B would be a picture of one pane.
                        if (comparison.b.backend) {
                            const std::string problem = paneBBackendProblem(*comparison.b.backend);
                            if (!problem.empty()) {
                                throw CLI::ValidationError(problem);
                            }
                        }
                    });
    addFlag(app, "--difference", comparison.difference,
            tr("With --split: pane B shows A - B through the diverging map"));
}

CLI::Option* addKernelFileOption(CLI::App& app) {
    CLI::Option* option = app.add_option(
        "--kernel-file",
        [](const CLI::results_t& values) {
            for (const std::string& value : values) {
                try {
                    nonEmptyName(value, tr("a class kernel's file or folder"));
                } catch (const UsageError& e) {
                    throw CLI::ValidationError("--kernel-file", e.what());
                }
            }
            return true;
        },
        tr("A class kernel: a C++ file (.cpp) or a CUDA one (.cu), or a folder of them, given as "
           "often as wanted. Compiled (the system's c++, NVRTC) and checked against the "
           "reference in a process of its own, then a kernel like heatlab's, named by its file "
           "(x.cpp is --kernel x; two files x.cpp in folders a and b are a.x and b.x). "
           "The contract (kernels/class/heatlab_kernel.h, the one file it may include): "
           "extern \"C\" void step(const float* in, float* out, int width, int height, float r, "
           "int rowBegin, int rowEnd) steps interior rows rowBegin .. rowEnd - 1 (width and "
           "height count the boundary ring, which heatlab sets), and HEATLAB_SPLIT_ROWS; (rows "
           "may go to threads) or HEATLAB_WHOLE_GRID; (one call a step)"));
    option->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    option->type_name("FILE|FOLDER");
    return option;
}

void addSimulationOptions(CLI::App& app, Params& params, BackendChoice& backend,
                          const std::string& kernelHelp) {
    addChoiceOption(app, "--backend", backend, allBackendChoices(),
                    tr("Where to run: auto takes CUDA when a device is usable, else the CPU"));
    addGridOption(app, "--grid", params.grid,
                  trf("Grid size N or NXxNY, boundary ring included, %d <= side <= %d",
                      kMinGridSide, kMaxGridSide));
    addChoiceOption(app, "--kernel", params.kernel, allStencilKernels(), kernelHelp);
    addKernelFileOption(app);
    addParsedOption(
        app, "--time-block",
        trf("Steps the temporal kernel runs per pass over memory, 1 .. %d (0: the "
            "backend's choice)",
            kTimeBlockMax),
        "K", "0", [&params](const std::vector<std::string>& values) {
            const int levels = parseCount(values.back(), 0);
            if (levels > kTimeBlockMax) {
                throw CLI::ValidationError(trf("expected at most %d, got '%s'", kTimeBlockMax,
                                               excerpt(values.back()).c_str()));
            }
            params.timeBlock = levels;
        });
    addChoiceOption(app, "--boundary", params.boundary, allBoundaries(), tr("Boundary condition"));
    addChoiceOption(app, "--init", params.initial, allInitialConditions(), tr("Initial condition"));
    addROption(app, "--r", params.r,
               trf("r = alpha dt / h^2; 0 < r <= 1, and r >= %s (a smaller r would be a "
                   "subnormal float: refused)",
                   rText(kRSmallest).c_str()));
}

void addLanguageOption(CLI::App& app) {
    addParsedOption(app, "--lang",
                    tr("The language of the words: ja (Japanese) or en (English) [default: the "
                       "locale's, LANG=ja_JP.UTF-8 is Japanese]"),
                    "{ja,en}", "", [](const std::vector<std::string>& values) {
                        // Chosen by main(), where the terminal's words may
                        // not be the window's.
                        Language chosen = Language::English;
                        if (!parseLanguage(values.back(), &chosen)) {
                            throw CLI::ValidationError(
                                trf("'%s' is no language here: ja (Japanese) or en (English)",
                                    excerpt(values.back()).c_str()));
                        }
                    });
}

}  // namespace heatlab
