// kernels/ is the simulation library under app/: app/ may include it, never
// the reverse, and the display's and serve's plumbing (OpenGL, CUDA's
// graphics interop, nvJPEG) lives in the app/ libraries that use it
// (app/render, app/serve). The include root is the project's root, so an
// include of app/ from kernels/ would compile; this holds the direction.
//
// The rules, over every .h .cpp .cu .cuh and CMakeLists.txt under kernels/:
// - no include of an app/ header, nor of a GL, EGL or GLFW header, nor of
//   CUDA's GL interop (cuda_gl_interop.h);
// - no call of CUDA's graphics or external-memory interop (cudaGraphics*,
//   cudaImportExternalMemory) nor of the driver's exportable memory
//   (cuMemCreate): the buffers the display writes are app/render's, and the
//   backend sees only a DeviceDisplayBuffer (kernels/backend.h);
// - nvJPEG is not named at all, in code or comment.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace heatlab {
namespace {

namespace fs = std::filesystem;

bool isSource(const fs::path& path) {
    const std::string ext = path.extension().string();
    return ext == ".h" || ext == ".cpp" || ext == ".cu" || ext == ".cuh" ||
           path.filename() == "CMakeLists.txt";
}

std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// "kernels/cuda/x.cu:12: <what>" for each line of the sources that breaks a
// rule above.
std::vector<std::string> crossings() {
    static const std::vector<std::string> kIncludes = {"#include \"app/", "#include <glad/",
                                                       "#include <gl/",   "#include <egl/",
                                                       "#include <glfw/", "cuda_gl_interop"};
    static const std::vector<std::string> kCalls = {"cudagraphics", "cudaimportexternalmemory",
                                                    "cumemcreate"};
    const fs::path root = fs::path(HEATLAB_SOURCE_DIR);
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(root / "kernels")) {
        if (!entry.is_regular_file() || !isSource(entry.path())) {
            continue;
        }
        std::ifstream in(entry.path());
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            const std::string low = lowered(line);
            const std::string where =
                fs::relative(entry.path(), root).string() + ":" + std::to_string(number) + ": ";
            for (const auto& list : {kIncludes, kCalls}) {
                for (const std::string& needle : list) {
                    if (low.find(needle) != std::string::npos) {
                        found.push_back(where + line);
                    }
                }
            }
            if (low.find("nvjpeg") != std::string::npos) {
                found.push_back(where + line);
            }
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

TEST(KernelsFolder, HoldsNoDisplayOrServePlumbing) {
    const std::vector<std::string> found = crossings();
    std::string listed;
    for (const std::string& line : found) {
        listed += line + "\n";
    }
    EXPECT_TRUE(found.empty()) << listed;
}

}  // namespace
}  // namespace heatlab
