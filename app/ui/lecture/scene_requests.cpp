#include "app/ui/lecture/scene_requests.h"

#include <exception>
#include <filesystem>

#include "app/i18n/translation.h"
#include "app/lecture/files/lecture_kernel_files.h"
#include "kernels/base/errors.h"

namespace heatlab {

SceneRequest takeSceneRequests(ScenePanel& panel, const LectureSettings& settings,
                               const std::optional<ViewTransform>& view, Downloads* downloads) {
    SceneRequest request;
    const bool download = panel.filesHidden && downloads != nullptr;
    if (panel.filesHidden) {
        // A served lecture names no file of the server: a save goes to the
        // browser (or the served folder), a file to load comes from the
        // browser.
        panel.load = false;
        panel.save = panel.save && (download || !panel.servedFolder.empty());
    }
    const std::string path = download            ? std::string(kServedSceneName)
                             : panel.filesHidden ? panel.servedFolder + "/" + kServedSceneName
                                                 : std::string(panel.path);
    if (panel.save) {
        try {
            Scene scene;
            scene.settings = settings;
            scene.view = view;
            // A class kernel's file, where the scene can name it.
            const std::filesystem::path folder = std::filesystem::path(path).parent_path();
            scene.kernelFile = savedKernelFile(
                settings.params.kernel,
                download ? std::nullopt
                         : std::optional<std::string>(folder.empty() ? "." : folder.string()));
            if (download) {
                const std::string text = sceneText(scene);
                downloads->add(path, std::vector<unsigned char>(text.begin(), text.end()));
            } else {
                writeScene(path, scene);
            }
            request.said = Notice::info(
                trf("saved scene %s", path.c_str()),
                panel.filesHidden ? trf("saved scene %s", kServedSceneName) : std::string());
        } catch (const RuntimeError& e) {
            request.said = Notice::info(trf("scene not saved: %s", e.what()));
        }
    }
    const auto shipped = static_cast<std::size_t>(panel.shipped);
    if (panel.load || shipped < shippedScenes().size()) {
        // Parsed whole before anything changes: a bad file leaves the
        // lecture as it was.
        try {
            request.scene = panel.load ? readScene(path, settings)
                                       : parseScene(shippedScenes()[shipped].text,
                                                    shippedScenes()[shipped].file, settings);
            request.named = panel.load ? path : request.scene->title;
        } catch (const std::exception& e) {
            request.said = Notice::info(trf("scene not loaded: %s", e.what()));
        }
    }
    panel.save = false;
    panel.load = false;
    panel.shipped = -1;
    return request;
}

}  // namespace heatlab
