#pragma once
// The panel's scene requests of a frame (ScenePanel: save to its file, load
// its file, load a shipped scene), taken and done as far as they go without
// the lecture: a save written, a load read and checked whole. The lecture
// applies a scene that came back (LectureUi), so a bad file changes nothing.

#include <optional>
#include <string>

#include "app/io/downloads.h"
#include "app/lecture/files/scene.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/notice.h"
#include "app/ui/panel/panel.h"

namespace heatlab {

struct SceneRequest {
    std::optional<Scene> scene;  // read and checked: apply it
    std::string named;           // what it is called once loaded: its file or title
    std::optional<Notice> said;  // a save's outcome, or why a load was refused
};

// The name a served lecture's scene is saved under (a download's, or in
// ScenePanel::servedFolder).
inline constexpr const char* kServedSceneName = "heatlab_scene.json";

// Takes the requests `panel` holds (and clears them); `settings` and `view`
// are what a save writes and what a load reads over. A served lecture's
// save (files hidden) goes into `downloads` when given (nothing on the
// server's disk), else into the panel's servedFolder.
SceneRequest takeSceneRequests(ScenePanel& panel, const LectureSettings& settings,
                               const std::optional<ViewTransform>& view,
                               Downloads* downloads = nullptr);

}  // namespace heatlab
