#include "app/kernel_files/nvrtc_library.h"

#include <cstdlib>
#include <sstream>

#include <dlfcn.h>

#include "app/i18n/translation.h"
#include "app/kernel_files/cxx_compiler.h"
#include "app/kernel_files/kernel_wire.h"

namespace heatlab {

namespace {

// NVRTC's types, as nvrtc.h declares them: a result code (0 is success)
// and an opaque program.
using Result = int;
struct Program;

// The sonames tried, newest first: the toolkit's library folder is not
// always on the loader's path, so its usual places are tried too.
std::vector<std::string> candidates() {
    std::vector<std::string> folders = {""};
    for (const char* variable : {"CUDA_HOME", "CUDA_PATH"}) {
        if (const char* root = std::getenv(variable); root != nullptr && *root != '\0') {
            folders.push_back(std::string(root) + "/lib64/");
        }
    }
    folders.push_back("/usr/local/cuda/lib64/");
    std::vector<std::string> names;
    for (const std::string& folder : folders) {
        for (const char* soname : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"}) {
            names.push_back(folder + soname);
        }
    }
    return names;
}

std::string firstErrorOf(const std::string& lines) {
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        if (line.find(": error") != std::string::npos) {
            return line;
        }
    }
    return "";
}

}  // namespace

struct NvrtcLibrary::Calls {
    Result (*version)(int*, int*) = nullptr;
    const char* (*errorString)(Result) = nullptr;
    Result (*create)(Program**, const char*, const char*, int, const char* const*,
                     const char* const*) = nullptr;
    Result (*destroy)(Program**) = nullptr;
    Result (*compile)(Program*, int, const char* const*) = nullptr;
    Result (*logSize)(Program*, std::size_t*) = nullptr;
    Result (*log)(Program*, char*) = nullptr;
    Result (*ptxSize)(Program*, std::size_t*) = nullptr;
    Result (*ptx)(Program*, char*) = nullptr;
    Result (*cubinSize)(Program*, std::size_t*) = nullptr;
    Result (*cubin)(Program*, char*) = nullptr;
};

std::unique_ptr<NvrtcLibrary> NvrtcLibrary::load(std::string* why) {
    std::unique_ptr<NvrtcLibrary> library(new NvrtcLibrary);
    for (const std::string& name : candidates()) {
        library->dl_ = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (library->dl_ != nullptr) {
            library->path_ = name;
            break;
        }
    }
    if (library->dl_ == nullptr) {
        *why = tr("NVRTC (libnvrtc.so.13 or .12, the CUDA toolkit's) is not found here");
        return nullptr;
    }
    auto calls = std::make_unique<Calls>();
    bool all = true;
    const auto find = [&](auto& call, const char* name) {
        call =
            reinterpret_cast<std::remove_reference_t<decltype(call)>>(::dlsym(library->dl_, name));
        if (call == nullptr && all) {
            *why = trf("NVRTC (%s) has no %s", library->path_.c_str(), name);
            all = false;
        }
    };
    find(calls->version, "nvrtcVersion");
    find(calls->errorString, "nvrtcGetErrorString");
    find(calls->create, "nvrtcCreateProgram");
    find(calls->destroy, "nvrtcDestroyProgram");
    find(calls->compile, "nvrtcCompileProgram");
    find(calls->logSize, "nvrtcGetProgramLogSize");
    find(calls->log, "nvrtcGetProgramLog");
    find(calls->ptxSize, "nvrtcGetPTXSize");
    find(calls->ptx, "nvrtcGetPTX");
    find(calls->cubinSize, "nvrtcGetCUBINSize");
    find(calls->cubin, "nvrtcGetCUBIN");
    if (!all) {
        return nullptr;
    }
    library->calls_ = std::move(calls);
    return library;
}

// NVRTC stays loaded for the process's life (dlopen counts its loads): its
// own C++ runtime's exception pool, reachable only from the library's data,
// would otherwise be reported as a 72704-byte leak by LeakSanitizer.
NvrtcLibrary::~NvrtcLibrary() = default;

std::string NvrtcLibrary::description() const {
    int major = 0;
    int minor = 0;
    calls_->version(&major, &minor);
    const std::size_t slash = path_.find_last_of('/');
    return "NVRTC " + std::to_string(major) + "." + std::to_string(minor) + " (" +
           path_.substr(slash == std::string::npos ? 0 : slash + 1) + ")";
}

CudaCompileResult NvrtcLibrary::compile(const CudaCompile& c) const {
    CudaCompileResult result;
    const Calls& n = *calls_;
    // The contract first, then the file from its line 1, so that NVRTC's
    // line numbers are the file's.
    const std::string source = "#include \"heatlab_kernel.h\"\n#line 1\n" + c.source;
    const char* headers[] = {c.contract.c_str()};
    const char* headerNames[] = {"heatlab_kernel.h"};
    Program* program = nullptr;
    Result made =
        n.create(&program, source.c_str(), c.displayPath.c_str(), 1, headers, headerNames);
    if (made != 0) {
        result.firstLine = trf("NVRTC did not take the source: %s", n.errorString(made));
        return result;
    }
    const std::string architecture = "--gpu-architecture=" + c.architecture;
    const std::vector<std::string> options = {architecture, "--std=c++17", "-lineinfo",
                                              "--device-as-default-execution-space"};
    std::vector<const char*> pointers;
    for (const std::string& option : options) {
        pointers.push_back(option.c_str());
        result.options += (result.options.empty() ? "" : " ") + option;
    }
    const double start = monotonicSeconds();
    const Result compiled = n.compile(program, static_cast<int>(pointers.size()), pointers.data());
    result.seconds = monotonicSeconds() - start;
    std::size_t logSize = 0;
    n.logSize(program, &logSize);
    std::string log(logSize, '\0');
    if (logSize > 0) {
        n.log(program, log.data());
    }
    result.lines = keptNvrtcLines(log, c.displayPath);
    if (compiled == 0) {
        const bool cubin = c.architecture.rfind("sm_", 0) == 0;
        std::size_t size = 0;
        (cubin ? n.cubinSize : n.ptxSize)(program, &size);
        result.image.resize(size);
        (cubin ? n.cubin : n.ptx)(program, result.image.data());
        result.compiled = size > 0;
    }
    if (!result.compiled) {
        result.firstLine = firstErrorOf(result.lines);
        if (result.firstLine.empty()) {
            result.firstLine = trf("NVRTC failed: %s", n.errorString(compiled));
        }
    }
    n.destroy(&program);
    return result;
}

std::string keptNvrtcLines(const std::string& log, const std::string& displayPath) {
    std::istringstream in(log);
    std::string kept;
    int count = 0;
    bool keeping = false;
    const std::string prefix = displayPath + "(";
    for (std::string line; std::getline(in, line) && count < kCompilerLinesKept;) {
        if (line.rfind(prefix, 0) == 0) {
            keeping = true;
        } else if (!(keeping && !line.empty() && line[0] == ' ')) {
            keeping = false;
            continue;
        }
        kept += line + "\n";
        ++count;
    }
    return kept;
}

}  // namespace heatlab
