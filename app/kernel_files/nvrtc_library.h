#pragma once
// NVRTC, CUDA's compiler as a library, loaded at run time (dlopen) as
// serve's nvJPEG is: a machine without it runs on, and heatlab is built
// and run without it too (no CUDA header here: the few calls are declared
// as NVRTC's documentation gives them). NVRTC needs no GPU to compile, so
// a CUDA kernel's compile errors are found on any machine that has it.
// Used in a class kernel's checking process only (kernel_process_main.h).

#include <memory>
#include <string>
#include <vector>

namespace heatlab {

struct CudaCompile {
    std::string source;        // screened already (source_screen.h)
    std::string displayPath;   // the file as the lecturer named it
    std::string contract;      // heatlab_kernel.h's text
    std::string architecture;  // "sm_90" for a device's own code, "compute_75" for PTX
};

struct CudaCompileResult {
    bool compiled = false;
    std::vector<char> image;  // a cubin (sm_) or PTX (compute_), for cuModuleLoadData
    std::string firstLine;    // the first error line, or why it did not run
    std::string lines;        // NVRTC's lines about the file, at most 200, with their carets
    std::string options;      // the options it was compiled with, as one line
    double seconds = 0.0;
};

class NvrtcLibrary {
public:
    // NVRTC loaded, or nullptr and `*why` one line (no library found, or
    // one without a call heatlab needs).
    static std::unique_ptr<NvrtcLibrary> load(std::string* why);
    ~NvrtcLibrary();
    NvrtcLibrary(const NvrtcLibrary&) = delete;
    NvrtcLibrary& operator=(const NvrtcLibrary&) = delete;

    // "NVRTC 13.0 (libnvrtc.so.13)".
    std::string description() const;

    // Compiles `compile.source`, the contract put before it (the source's
    // own lines keep their numbers) with `-lineinfo`, no include path.
    CudaCompileResult compile(const CudaCompile& compile) const;

private:
    struct Calls;
    NvrtcLibrary() = default;
    void* dl_ = nullptr;
    std::string path_;
    std::unique_ptr<Calls> calls_;
};

// NVRTC's log reduced to the lines about `displayPath` ("FILE(LINE): error:
// ...") and the source and caret lines under each, at most 200. For the
// tests too.
std::string keptNvrtcLines(const std::string& log, const std::string& displayPath);

}  // namespace heatlab
