#include "app/platform/headless_context.h"

#include <cstring>
#include <string>
#include <vector>

// glad's EGL and GL loaders, loaded at run time: the binary links neither
// libEGL nor libOpenGL, so it starts (and prints why) where they are absent.
#include <glad/egl.h>
#include <glad/gl.h>

#include "app/i18n/translation.h"
#include "app/platform/gl_description.h"
#include "kernels/base/errors.h"

namespace heatlab {

struct HeadlessContext::Egl {
    EGLDisplay display = EGL_NO_DISPLAY;
    EGLContext context = EGL_NO_CONTEXT;
    EGLSurface surface = EGL_NO_SURFACE;

    ~Egl() {
        if (display == EGL_NO_DISPLAY) {
            return;
        }
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (context != EGL_NO_CONTEXT) {
            eglDestroyContext(display, context);
        }
        if (surface != EGL_NO_SURFACE) {
            eglDestroySurface(display, surface);
        }
        eglTerminate(display);
    }
};

namespace {

const char* eglErrorName(EGLint code) {
    switch (code) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    default: return "EGL error";
    }
}

std::string lastEglError() { return eglErrorName(eglGetError()); }

bool hasExtension(const char* list, const char* name) {
    if (list == nullptr) {
        return false;
    }
    const std::size_t length = std::strlen(name);
    for (const char* p = std::strstr(list, name); p != nullptr; p = std::strstr(p + 1, name)) {
        const bool starts = p == list || p[-1] == ' ';
        const bool ends = p[length] == '\0' || p[length] == ' ';
        if (starts && ends) {
            return true;
        }
    }
    return false;
}

// One way of getting a display; `why` collects what went wrong.
struct Candidate {
    std::string label;
    EGLenum platform;
    void* nativeDisplay;
    bool software;
};

// The CUDA device a hardware EGL device is, as this process's CUDA numbers
// it (CUDA_VISIBLE_DEVICES applied), or -1 where the driver does not say:
// EGL lists every GPU the driver can reach, also those CUDA is not given.
long cudaOrdinalOf(EGLDeviceEXT device, const char* extensions) {
    EGLAttrib ordinal = -1;
    if (!(GLAD_EGL_EXT_device_query || GLAD_EGL_EXT_device_base) ||
        !hasExtension(extensions, "EGL_NV_device_cuda") ||
        !eglQueryDeviceAttribEXT(device, EGL_CUDA_DEVICE_NV, &ordinal)) {
        return -1;
    }
    return static_cast<long>(ordinal);
}

std::vector<Candidate> candidates(std::string& why) {
    std::vector<Candidate> hardware;
    std::vector<Candidate> software;
    // EGL_EXT_device_base is enumeration and query in one name; NVIDIA's
    // driver 580.159 offers only that name (seen on an H100, 2026-12-07).
    const bool enumerates = GLAD_EGL_EXT_device_enumeration || GLAD_EGL_EXT_device_base;
    const bool queries = GLAD_EGL_EXT_device_query || GLAD_EGL_EXT_device_base;
    if (enumerates && GLAD_EGL_EXT_platform_device) {
        EGLint count = 0;
        eglQueryDevicesEXT(0, nullptr, &count);
        std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count > 0 ? count : 0));
        if (count > 0 && eglQueryDevicesEXT(count, devices.data(), &count)) {
            // The GPU CUDA computes on (its device 0, the CUDA backend's)
            // first: interop shares memory only within one GPU, and on a
            // machine of several GPUs EGL's first device may be another.
            std::vector<Candidate> otherGpus;
            for (EGLDeviceEXT device : devices) {
                const char* extensions =
                    queries ? eglQueryDeviceStringEXT(device, EGL_EXTENSIONS) : nullptr;
                if (hasExtension(extensions, "EGL_MESA_device_software")) {
                    software.push_back(
                        {"EGL software device", EGL_PLATFORM_DEVICE_EXT, device, true});
                    continue;
                }
                const long ordinal = cudaOrdinalOf(device, extensions);
                if (ordinal == 0) {
                    hardware.push_back(
                        {"EGL device (CUDA device 0)", EGL_PLATFORM_DEVICE_EXT, device, false});
                } else {
                    otherGpus.push_back({"EGL device", EGL_PLATFORM_DEVICE_EXT, device, false});
                }
            }
            hardware.insert(hardware.end(), otherGpus.begin(), otherGpus.end());
        } else {
            why += "EGL device: no devices; ";
        }
    } else {
        why += "EGL device: EGL_EXT_device_enumeration missing; ";
    }
    std::vector<Candidate> all = hardware;
    if (GLAD_EGL_MESA_platform_surfaceless) {
        all.push_back({"EGL surfaceless platform", EGL_PLATFORM_SURFACELESS_MESA,
                       static_cast<void*>(EGL_DEFAULT_DISPLAY), false});
    } else {
        why += "EGL surfaceless: EGL_MESA_platform_surfaceless missing; ";
    }
    all.insert(all.end(), software.begin(), software.end());
    return all;
}

// What the display offers instead of a 3.3 core context, for the one line
// that says why there is none: "found OpenGL 2.1 Mesa 22.3.6, llvmpipe
// (...)", read from a context of the display's default version (made only
// for this, then destroyed), or why not even that one could be made.
std::string offeredInstead(HeadlessContext::Egl& egl, EGLConfig config) {
    const EGLint defaults[] = {EGL_NONE};
    const EGLContext probe = eglCreateContext(egl.display, config, EGL_NO_CONTEXT, defaults);
    if (probe == EGL_NO_CONTEXT) {
        return trf("found no OpenGL context of any version (%s)", lastEglError().c_str());
    }
    std::string found = tr("found an OpenGL context that cannot be made current");
    if (eglMakeCurrent(egl.display, egl.surface, egl.surface, probe)) {
        found = trf(
            "found %s",
            glDescription(reinterpret_cast<PFNGLGETSTRINGPROC>(eglGetProcAddress("glGetString")))
                .c_str());
        eglMakeCurrent(egl.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(egl.display, probe);
    return found;
}

// Tries one candidate; on success fills `egl` and returns "".
std::string tryCandidate(const Candidate& c, HeadlessContext::Egl& egl) {
    egl.display = eglGetPlatformDisplayEXT(c.platform, c.nativeDisplay, nullptr);
    if (egl.display == EGL_NO_DISPLAY) {
        return trf("%s failed (%s)", "eglGetPlatformDisplayEXT", lastEglError().c_str());
    }
    EGLint major = 0;
    EGLint minor = 0;
    if (!eglInitialize(egl.display, &major, &minor)) {
        const std::string error = lastEglError();
        egl.display = EGL_NO_DISPLAY;  // nothing to terminate
        return trf("%s failed (%s)", "eglInitialize", error.c_str());
    }
    // Functions of EGL 1.5 and the display's extensions load only now.
    gladLoaderLoadEGL(egl.display);
    if (!eglBindAPI(EGL_OPENGL_API)) {
        return trf("%s failed (%s)", "eglBindAPI(EGL_OPENGL_API)", lastEglError().c_str());
    }
    // A pbuffer-capable config where there is one (NVIDIA's device platform
    // wants a surface to be current), else none at all (Mesa surfaceless).
    const bool surfaceless =
        hasExtension(eglQueryString(egl.display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
    EGLConfig config = nullptr;
    EGLint found = 0;
    for (EGLint surfaceType : {EGL_PBUFFER_BIT, 0}) {
        const EGLint attributes[] = {
            EGL_SURFACE_TYPE, surfaceType, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE,     8,           EGL_GREEN_SIZE,      8,
            EGL_BLUE_SIZE,    8,           EGL_ALPHA_SIZE,      8,
            EGL_NONE};
        if (eglChooseConfig(egl.display, attributes, &config, 1, &found) && found == 1) {
            if (surfaceType == EGL_PBUFFER_BIT) {
                const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
                egl.surface = eglCreatePbufferSurface(egl.display, config, size);
            }
            break;
        }
    }
    if (found != 1) {
        return trf("no OpenGL-renderable config (%s)", lastEglError().c_str());
    }
    if (egl.surface == EGL_NO_SURFACE && !surfaceless) {
        return tr("no pbuffer and no EGL_KHR_surfaceless_context");
    }
    const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                        3,
                                        EGL_CONTEXT_MINOR_VERSION,
                                        3,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                        EGL_NONE};
    egl.context = eglCreateContext(egl.display, config, EGL_NO_CONTEXT, contextAttributes);
    if (egl.context == EGL_NO_CONTEXT) {
        const std::string error = lastEglError();
        return trf("OpenGL 3.3 core needed, %s (%s)", offeredInstead(egl, config).c_str(),
                   error.c_str());
    }
    if (!eglMakeCurrent(egl.display, egl.surface, egl.surface, egl.context)) {
        return trf("%s failed (%s)", "eglMakeCurrent", lastEglError().c_str());
    }
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress));
    if (version == 0) {
        return trf("%s failed", "gladLoadGL");
    }
    if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
        return trf("OpenGL 3.3 core needed, found OpenGL %d.%d", GLAD_VERSION_MAJOR(version),
                   GLAD_VERSION_MINOR(version));
    }
    return "";
}

}  // namespace

HeadlessContext::HeadlessContext() {
    const std::string packages =
        tr("install libegl1 libegl-mesa0 libgl1-mesa-dri (or the GPU's driver)");
    if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0) {
        throw UsageError(
            trf("no offscreen OpenGL context: libEGL.so.1 cannot be loaded; %s", packages.c_str()));
    }
    std::string why;
    for (const Candidate& candidate : candidates(why)) {
        auto egl = std::make_unique<Egl>();
        const std::string failure = tryCandidate(candidate, *egl);
        if (failure.empty()) {
            egl_ = std::move(egl);
            description_ = candidate.label + ", " + glDescription(glGetString);
            software_ = candidate.software || description_.find("llvmpipe") != std::string::npos;
            return;
        }
        why += candidate.label + ": " + failure + "; ";
    }
    throw UsageError(trf("no offscreen OpenGL 3.3 context: %s%s", why.c_str(), packages.c_str()));
}

HeadlessContext::~HeadlessContext() = default;

}  // namespace heatlab
