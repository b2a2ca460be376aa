#pragma once
// The edits that change what the simulation runs, each with its recovery,
// so a lecture goes on whatever is asked: a backend switch, a reset (a new
// grid checked first, and kept as it was when it cannot be made), a scene,
// the copy-back policy, the move to the CPU when the device is lost. It
// edits the simulation and the lecture's settings together, and reports what the panel should say
// and whether the grid changed (the lecture's frame then fits the view and measures the bandwidth
// table anew). No GL, no window: the cpu tests drive it.

#include <optional>
#include <string>

#include "app/lecture/files/scene.h"
#include "app/lecture/panel/lecture_settings.h"
#include "app/lecture/panel/notice.h"
#include "kernels/simulation.h"

namespace heatlab {

// What one edit did.
struct ControlOutcome {
    // What to say, or nothing.
    std::optional<Notice> notice;
    bool newGrid = false;
};

class SimulationControl {
public:
    // Both must outlive it. Takes the backend the simulation runs on as the
    // settings' backend.
    SimulationControl(Simulation& simulation, LectureSettings& settings);

    // Moves onto settings.backend with the field as it is, where that is
    // another backend; when it cannot (no device, the kernel is not there,
    // the grid does not fit) stays where it was and says why.
    ControlOutcome switchBackend();
    // A new field from the settings' grid, boundary and initial condition;
    // a grid that does not fit, or whose allocation fails, leaves the grid
    // and its field as they were, and the settings' grid with them.
    ControlOutcome reset();
    // The kernel and r edited in the panel, at once.
    void applyEdits();
    // The copy-back policy the settings name, when it changed.
    void applyCopyPolicy();
    // A parsed scene, or throws having changed nothing: UsageError (the
    // kernel is not on this backend, the grid does not fit), or what making
    // its field failed with (Simulation::reset). A scene holds the lesson's
    // settings only; the machine's (MachineSettings) stay as they are.
    ControlOutcome applyScene(const Scene& scene);
    // After the device was lost (DeviceLostError `why`): onto the CPU,
    // which is always there, from `running`, the params the field was made
    // with as the frame found them. The field as it is, at its step, where
    // it can still be read and is still the one the frame found
    // (`sameField`); else made anew from `running` at step 0. A kernel the
    // CPU lacks (CUDA's tiled) becomes the global one, the same arithmetic.
    // The settings follow: the CPU is the backend, the kernel the one that
    // runs. Throws what makes even that impossible (a grid larger than the
    // host's memory), the lecture then past recovery.
    struct MovedToCpu {
        Notice notice;
        bool fieldKept = false;
    };
    MovedToCpu moveToCpu(Params running, bool sameField, const std::string& why);
    // What is said once the scene named `what` (its title or file) is
    // applied. With copy back on, where the field lives in host memory (the
    // CPU backend) it says so too: there the copy is a memcpy, no PCIe link
    // to cross, whatever the scene shows on a GPU.
    Notice sceneLoaded(const std::string& what) const;

    // "backend: cuda on NVIDIA H200 (compute capability 9.0)".
    std::string backendText() const;

private:
    Simulation& simulation_;
    LectureSettings& settings_;
    CopyPolicy appliedCopy_;
};

// The choice that names `backend`.
BackendChoice choiceOf(const Backend& backend);

}  // namespace heatlab
