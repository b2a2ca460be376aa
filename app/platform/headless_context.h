#pragma once
// An OpenGL 3.3 core context with no window and no display, for `heatlab
// shot` and the tests: EGL on the GPU's own device where there is one (on an
// NVIDIA server this is the context CUDA-GL interop needs), else the
// surfaceless platform (Mesa's llvmpipe on a machine without a GPU; NVIDIA's
// driver offers it too, on the GPU), else Mesa's software device.
// One of the two files of the program that include EGL; it renders into
// framebuffer objects, never into a surface of its own.

#include <memory>
#include <string>

namespace heatlab {

class HeadlessContext {
public:
    // Makes the context current on this thread and loads GL through glad.
    // Throws UsageError with one line naming every path tried and why it
    // failed, and the packages that provide them, when none gives a 3.3
    // core context.
    HeadlessContext();
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;

    // Which path was taken, e.g. "EGL device (NVIDIA), OpenGL 4.6.0 NVIDIA
    // 580.65, NVIDIA H200/PCIe": for the one line a command prints.
    const std::string& description() const { return description_; }
    // True when the context runs on Mesa's software renderer.
    bool isSoftware() const { return software_; }

    struct Egl;  // the EGL handles, defined where EGL is included

private:
    std::unique_ptr<Egl> egl_;
    std::string description_;
    bool software_ = false;
};

}  // namespace heatlab
