#include "tests/support/soak.h"

#include <malloc.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>

#include <glad/gl.h>

#include "app/platform/headless_context.h"
#include "app/platform/window.h"
#include "app/render/offscreen_target.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_input.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

long residentKiB() {
    // Freed memory the allocator still holds (its arenas' free chunks at the
    // top of each heap) is handed back first: what stays resident is what
    // the program holds, and a heap left high by an earlier large block no
    // longer reads as growth.
    malloc_trim(0);
    std::ifstream statm("/proc/self/statm");
    long pages = 0;
    long resident = 0;
    statm >> pages >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

std::string residentParts() {
    std::ifstream status("/proc/self/status");
    std::string parts;
    for (std::string line; std::getline(status, line);) {
        for (const char* key : {"RssAnon:", "RssFile:", "RssShmem:"}) {
            if (line.rfind(key, 0) == 0) {
                std::istringstream fields(line.substr(std::strlen(key)));
                long kib = 0;
                fields >> kib;
                std::string word(key + 3, std::strlen(key) - 4);
                for (char& c : word) {
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                }
                parts += (parts.empty() ? "" : " ") + word + " " + std::to_string(kib);
            }
        }
    }
    return parts;
}

int soakFrames(int fallback) {
    const char* text = std::getenv("HEATLAB_SOAK_FRAMES");
    return text != nullptr ? std::atoi(text) : fallback;
}

namespace {

// What the lecturer cycles through; none is a multiple of a block or tile.
const std::vector<GridSize> kGrids{{67, 45}, {259, 131}, {130, 301}};
const std::vector<DisplayPath> kPaths{DisplayPath::Interop, DisplayPath::ViaHost};
const std::vector<CopyPolicy> kPolicies{
    {0, HostMemory::Pageable}, {1, HostMemory::Pageable}, {7, HostMemory::Pinned}};

// The lecturer's changes and the measurements, wherever the frames go:
// `draw` runs one frame of `ui` there.
SoakResult soak(LectureUi& ui, const std::vector<Kernel>& kernels, int frames, int every,
                const std::function<void()>& draw) {
    SoakResult result;
    // One cycle visits every combination the changes below can make.
    const int cycle = every * static_cast<int>(kGrids.size() * kPaths.size() * kPolicies.size());
    for (int frame = 1; frame <= frames; ++frame) {
        if (frame % every == 0) {
            const int n = frame / every;
            LectureSettings& state = ui.settings();
            state.params.kernel = kernels[n % kernels.size()];
            state.params.boundary = allBoundaries()[n % allBoundaries().size()];
            state.picture.path = kPaths[n % kPaths.size()];
            const CopyPolicy& policy = kPolicies[(n / 2) % kPolicies.size()];
            state.copyEvery = policy.every;
            state.pinned = policy.memory == HostMemory::Pinned;
            const GridSize next = kGrids[(n / 3) % kGrids.size()];
            if (next.nx != state.params.grid.nx || next.ny != state.params.grid.ny) {
                ++result.gridChanges;
            }
            state.params.grid = next;
            ui.onKey(Key::R, false);  // grid and boundary take effect on reset
            ++result.changes;
        }
        draw();
        if (frame == cycle) {
            result.rssAfterFirstCycleKiB = residentKiB();
            result.rssPartsAfterFirstCycle = residentParts();
        }
        result.frames = frame;
    }
    result.rssAtEndKiB = residentKiB();
    result.rssPartsAtEnd = residentParts();
    result.registrations = ui.registrations();
    result.lastMessage = ui.lectureReadouts().message;
    result.glError = glGetError();
    return result;
}

}  // namespace

SoakResult runSoak(std::unique_ptr<Backend> backend, int frames, int every, SoakSurface where) {
    const std::vector<Kernel> kernels = backend->stencilKernels();
    LectureSettings options;
    options.params.grid = kGrids[0];
    options.stepsPerFrame = 3;
    if (where == SoakSurface::Window) {
        options.vsync = false;
        Window window("heatlab soak", 640, 400);
        window.setVsync(false);
        ImGuiLayer imgui(window);
        LectureUi ui(options, std::move(backend), imgui, window.description());
        // As the window's frames are drawn (app/ui/lecture/window_frames.h).
        return soak(ui, kernels, frames, every, [&] {
            window.pollEvents();
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
            lectureFrame(window, imgui, ui);
            window.swapBuffers();
        });
    }
    HeadlessContext context;
    ImGuiLayer imgui(1.0f);
    OffscreenTarget target(640, 400);
    const auto bound = target.bind();
    const SurfaceSize surface{{640, 400}, {640, 400}};
    LectureUi ui(options, std::move(backend), imgui, context.description());
    return soak(ui, kernels, frames, every, [&] { ui.frame(surface); });
}

}  // namespace heatlab
