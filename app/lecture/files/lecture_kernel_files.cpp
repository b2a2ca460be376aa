#include "app/lecture/files/lecture_kernel_files.h"

#include <filesystem>
#include "app/i18n/translation.h"

#include "app/kernel_files/class_kernels.h"
#include "app/kernel_files/shipped_kernels.h"
#include "kernels/backend_factory.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

namespace fs = std::filesystem;

// Loaded now where no lecture watches the files (shot --ui): its frames
// then play the same whatever the machine's speed.
void loadUnlessWatched() {
    if (!classKernelsWatched()) {
        loadClassKernels();
    }
}

}  // namespace

std::vector<std::string> addCueKernelFiles(const CueList& list) {
    std::vector<std::string> lines;
    const bool cuda = backendUnavailable(BackendChoice::Cuda).empty();
    for (std::size_t i = 0; i < list.cues.size(); ++i) {
        const Cue& cue = list.cues[i];
        if (!cue.kernelFile) {
            continue;
        }
        for (const std::optional<NamedKernelFile>* file :
             {&cue.kernelFile->cpu, cuda ? &cue.kernelFile->cuda : nullptr}) {
            if (file == nullptr || !*file) {
                continue;
            }
            addNamedKernelFile(**file);
            lines.push_back(trf("cues %s: cue %zu compiles kernel file %s", list.file.c_str(),
                                i + 1, (*file)->path.c_str()));
        }
    }
    return lines;
}

void loadCueKernelFiles(const CueList& list, int cue) {
    if (cue >= 0 && cue < static_cast<int>(list.cues.size()) &&
        list.cues[static_cast<std::size_t>(cue)].kernelFile) {
        loadUnlessWatched();
    }
}

std::optional<NamedKernelFile> savedKernelFile(Kernel kernel,
                                               const std::optional<std::string>& folder) {
    for (const ClassKernelStatus& status : classKernelStatuses()) {
        if (status.kernel != kernel) {
            continue;
        }
        const ShippedKernel* shipped = shippedKernel(status.name);
        if (shipped != nullptr && status.path == shipped->file) {
            return namedKernelFile(status.name, std::nullopt);
        }
        std::error_code error;
        const fs::path path(status.path);
        if (folder &&
            fs::equivalent(path.parent_path().empty() ? "." : path.parent_path(), *folder, error)) {
            try {
                return namedKernelFile(path.filename().string(), folder);
            } catch (const UsageError&) {
                return std::nullopt;  // gone since, or a link out: the scene cannot name it
            }
        }
    }
    return std::nullopt;
}

std::string addSceneKernelFile(Scene& scene, const std::string& sceneName) {
    if (!scene.kernelFile) {
        return "";
    }
    scene.settings.params.kernel = addNamedKernelFile(*scene.kernelFile);
    loadUnlessWatched();
    const char* const path = scene.kernelFile->path.c_str();
    const char* const kernel = scene.kernelFile->name.c_str();
    return sceneName.empty()
               ? trf("the scene compiles kernel file %s: its kernel %s runs once it is checked",
                     path, kernel)
               : trf("scene %s compiles kernel file %s: its kernel %s runs once it is checked",
                     sceneName.c_str(), path, kernel);
}

namespace {

void refuseNamed(PageKernels allowed, const std::optional<NamedKernelFile>& file) {
    if (!file) {
        return;
    }
    const std::string why = pageKernelFileRefusal(allowed, *file);
    if (!why.empty()) {
        throw UsageError(why);
    }
}

}  // namespace

void refusePageKernelFiles(PageKernels allowed, const CueList& list) {
    for (const Cue& cue : list.cues) {
        if (cue.kernelFile) {
            refuseNamed(allowed, cue.kernelFile->cpu);
            refuseNamed(allowed, cue.kernelFile->cuda);
        }
        if (cue.scene) {
            refuseNamed(allowed, cue.scene->parsed.scene.kernelFile);
        }
    }
}

void refusePageKernelFiles(PageKernels allowed, const Scene& scene) {
    refuseNamed(allowed, scene.kernelFile);
}

}  // namespace heatlab
