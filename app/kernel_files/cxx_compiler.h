#pragma once
// Compiles a C++ class kernel into a shared object with the system's
// compiler (c++ on PATH), in the checking process: the source and the
// object in the private folder, beside the contract header, which is put
// before the source (-include) so the entry point's signature is checked.
// No include path (-nostdinc; the source was screened: source_screen.h),
// temporaries in the private folder (TMPDIR), the process's limits
// inherited. What the compiler says is kept only where it is about the
// kernel's own file, its lines named by the path the lecturer gave, at
// most 200 lines.

#include <string>
#include <vector>

namespace heatlab {

struct CxxCompile {
    std::string folder;       // the private folder: NAME.cpp in, NAME.so out
    std::string name;         // the kernel's name
    std::string displayPath;  // the file as the lecturer named it
};

struct CompileResult {
    bool compiled = false;
    std::string object;     // the shared object's path, when compiled
    std::string firstLine;  // the first error line (or why it did not run)
    std::string lines;      // the compiler's lines about the file, at most 200
    double seconds = 0.0;   // wall time of the compile
};

// The most compiler lines kept.
constexpr int kCompilerLinesKept = 200;

// The compiler's options besides the contract, the object and the source
// (shown beside what was built).
const std::vector<std::string>& cxxKernelOptions();

CompileResult compileCxxKernel(const CxxCompile& compile);

// The compiler's output, reduced to the lines about `sourcePath` (named
// `displayPath` instead) and the excerpt and caret lines under them, at
// most kCompilerLinesKept. For the tests too.
std::string keptCompilerLines(const std::string& output, const std::string& sourcePath,
                              const std::string& displayPath);

}  // namespace heatlab
