// Save to field: a class kernel file saved while a lecture runs, timed from
// the editor's rename over the file to the end of the first step of the
// new version, as the lecture's frames see it (a step a frame, a frame
// every 16 ms, the steps on this thread, the watcher on its own).
//
//     heatlab_kernel_reload_bench [FILE [GRID [SAVES]]]
//
// FILE: a C++ kernel file (the shipped split_rows.cpp by default), copied
// into a folder of its own and saved there SAVES times (10), a comment
// changed each time; GRID: the lecture's grid (512, the CPU lecture's),
// on which each version is checked besides the fixed grids. Prints each
// save's time, the compile and check line, and the median.

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/kernel_process.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"
#include "tests/support/run_command.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

heatlab::ClassKernelStatus status() { return heatlab::classKernelStatuses().back(); }

}  // namespace

int main(int argc, char** argv) {
    using namespace heatlab;
    const std::string given =
        argc > 1 ? argv[1]
                 : std::string(HEATLAB_SOURCE_DIR) + "/kernels/class/examples/cpu/split_rows.cpp";
    const int side = argc > 2 ? std::atoi(argv[2]) : 512;
    const int saves = argc > 3 ? std::atoi(argv[3]) : 10;
    const fs::path folder =
        fs::temp_directory_path() / ("heatlab-reload-bench-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    const std::string path = (folder / fs::path(given).filename()).string();
    const std::string text = readAll(given);
    std::ofstream(path, std::ios::binary) << text;
    setKernelProcessProgram(heatlabBinary());
    std::vector<double> seconds;
    {
        const ClassKernelSession session;
        addClassKernels({path});
        const GridSize grid{side, side};
        for (const std::string& line : startClassKernels(grid)) {
            std::printf("%s\n", line.c_str());
        }
        Params params;
        params.grid = grid;
        params.kernel = status().kernel;
        Simulation simulation(std::make_unique<CpuBackend>(), params);
        simulation.advance(1);
        watchClassKernels();
        // The first spare process started.
        std::this_thread::sleep_for(std::chrono::seconds(1));
        for (int save = 0; save < saves; ++save) {
            const int before = status().versions;
            const std::string fresh = path + ".new";
            std::ofstream(fresh, std::ios::binary) << text << "// save " << save + 1 << "\n";
            const Clock::time_point saved = Clock::now();
            fs::rename(fresh, path);
            for (;;) {
                const bool newVersion = status().versions > before;
                simulation.advance(1);  // the frame's step
                if (newVersion) {
                    break;
                }
                if (status().state == KernelFileState::Failed) {
                    std::fprintf(stderr, "failed: %s\n", status().reason.c_str());
                    return 1;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(16));
            }
            const double took = std::chrono::duration<double>(Clock::now() - saved).count();
            seconds.push_back(took);
            std::printf("save %d: %.3f s to the field (%s)\n", save + 1, took,
                        status().built.c_str());
            // The next spare started, as a lecturer's next save finds it.
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    }
    fs::remove_all(folder);
    std::sort(seconds.begin(), seconds.end());
    if (!seconds.empty()) {
        std::printf("median %.3f s, fastest %.3f s, slowest %.3f s over %zu saves (grid %d)\n",
                    seconds[seconds.size() / 2], seconds.front(), seconds.back(), seconds.size(),
                    side);
    }
    return 0;
}
