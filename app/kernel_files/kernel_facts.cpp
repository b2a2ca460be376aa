#include "app/kernel_files/kernel_facts.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace heatlab {

namespace {

// The first word of a build's text, as "wrong" is a report's.
constexpr const char* kBuildWord = "build";

}  // namespace

std::string kernelBuildText(const KernelBuild& build) {
    char numbers[256];
    std::snprintf(numbers, sizeof numbers,
                  "compile_seconds %.4f\ncheck_seconds %.4f\nchecked_grids %d\nregisters %d\n"
                  "local_bytes %d\nshared_bytes %d\n",
                  build.compileSeconds, build.checkSeconds, build.checkedGrids, build.registers,
                  build.localBytes, build.sharedBytes);
    return std::string(kBuildWord) + "\ncompiler " + build.compiler + "\noptions " + build.options +
           "\n" + numbers;
}

KernelFacts parseKernelFacts(const std::string& text) {
    KernelFacts facts;
    if (text.rfind("wrong ", 0) == 0) {
        facts.wrong = parseWrongReport(text);
        return facts;
    }
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kBuildWord) {
        return facts;
    }
    KernelBuild build;
    while (std::getline(in, line)) {
        const std::size_t space = line.find(' ');
        const std::string key = line.substr(0, space);
        const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
        const auto number = [&value] { return std::atoi(value.c_str()); };
        if (key == "compiler") {
            build.compiler = value;
        } else if (key == "options") {
            build.options = value;
        } else if (key == "compile_seconds") {
            build.compileSeconds = std::atof(value.c_str());
        } else if (key == "check_seconds") {
            build.checkSeconds = std::atof(value.c_str());
        } else if (key == "checked_grids") {
            build.checkedGrids = number();
        } else if (key == "registers") {
            build.registers = number();
        } else if (key == "local_bytes") {
            build.localBytes = number();
        } else if (key == "shared_bytes") {
            build.sharedBytes = number();
        }
    }
    facts.build = build;
    return facts;
}

}  // namespace heatlab
