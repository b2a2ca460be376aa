#include "app/commands/cli_values.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace heatlab {

namespace {

// A whole decimal number, all of the text, no sign games, or nothing.
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

std::string joined(const std::vector<std::string>& names) {
    std::string all;
    for (const auto& n : names) {
        all += (all.empty() ? "" : ", ") + n;
    }
    return all;
}

}  // namespace

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

CLI::Validator gridValidator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            try {
                parseGridSize(text);
            } catch (const CLI::ValidationError& e) {
                return e.what();
            }
            return {};
        },
        "N or NXxNY, " + std::to_string(kMinGridSide) +
            " <= side <= " + std::to_string(kMaxGridSide),
        "grid");
}

CLI::Validator rValidator() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            char* end = nullptr;
            errno = 0;
            const double r = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || errno != 0 ||
                !std::isfinite(r) || r <= 0.0 || r > 1.0) {
                return "r must be a finite number with 0 < r <= 1, got '" + text + "'";
            }
            return {};
        },
        "0 < r <= 1", "r");
}

CLI::Validator atLeastValidator(long long min) {
    return CLI::Validator(
        [min](std::string& text) -> std::string {
            long long value = 0;
            if (!parseWhole(text, &value) || value < min) {
                return "expected a whole number >= " + std::to_string(min) + ", got '" + text + "'";
            }
            return {};
        },
        ">= " + std::to_string(min), "at least");
}

CLI::Validator writablePathValidator() {
    return CLI::Validator(
        [](std::string& path) -> std::string {
            std::error_code ignored;
            if (std::filesystem::is_directory(path, ignored)) {
                return "'" + path + "' is a folder, not a file name";
            }
            const std::string probe = path + ".probe-" + std::to_string(::getpid());
            std::ofstream file(probe);
            if (!file) {
                return "cannot write '" + path + "' (its folder is missing or not writable)";
            }
            file.close();
            std::remove(probe.c_str());
            return {};
        },
        "writable path", "writable");
}

CLI::Validator oneOfValidator(const std::vector<std::string>& names) {
    return CLI::Validator(
        [names](std::string& text) -> std::string {
            for (const auto& n : names) {
                if (text == n) {
                    return {};
                }
            }
            return "'" + text + "' is not one of: " + joined(names);
        },
        "one of: " + joined(names), "one of");
}

}  // namespace heatlab
