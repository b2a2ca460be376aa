#include "app/lecture/input/key_commands.h"

namespace heatlab {

void applyKey(Key key, bool repeat, LectureSettings& settings, PanelActions& actions) {
    switch (key) {
    case Key::N:
        settings.running = false;
        actions.singleStep = true;
        return;
    case Key::Up: settings.params.r = steppedR(settings.params.r, 1); return;
    case Key::Down: settings.params.r = steppedR(settings.params.r, -1); return;
    default: break;
    }
    if (repeat) {
        return;
    }
    switch (key) {
    case Key::Space: settings.running = !settings.running; break;
    case Key::R: actions.reset = true; break;
    case Key::P:
    case Key::F12: actions.screenshot = true; break;
    case Key::CtrlR: actions.toggleRecording = true; break;
    case Key::CtrlS: actions.saveScene = true; break;
    case Key::CtrlO: actions.openScene = true; break;
    case Key::F: actions.fitView = true; break;
    case Key::H: settings.panelVisible = !settings.panelVisible; break;
    case Key::C:
        // The lecture's toggle: every step back to the host, or never.
        settings.copyEvery = settings.copyEvery == 1 ? 0 : 1;
        break;
    // The colour scale, linear or signed-log (L for log): the exploding
    // checkerboard and the diffusing field in one picture, or back; the
    // lecturer's choice, no longer auto.
    case Key::L:
        settings.picture.chooseScale(settings.picture.scale == ColourScale::Linear
                                         ? ScaleChoice::SignedLog
                                         : ScaleChoice::Linear);
        break;
    // The presenter layout (F5, as slide programs start their show): the
    // whole window's UI scaled for a projector, or back.
    // M for magnifier: the loupe on or off (auto shows it past the bound).
    case Key::M: actions.toggleLoupe = true; break;
    // B for A/B: the field split into two panes in lockstep, or back.
    case Key::B: actions.toggleSplit = true; break;
    // V for view: the field as a lit 3D surface, or flat again.
    case Key::V: settings.picture.surface = !settings.picture.surface; break;
    case Key::F5: settings.presenter = !settings.presenter; break;
    case Key::F11: settings.fullScreen = !settings.fullScreen; break;
    case Key::F1: settings.keysVisible = !settings.keysVisible; break;
    case Key::Escape: actions.quit = true; break;
    // What a presentation clicker sends; a key held down does not skip cues.
    case Key::PageDown:
    case Key::Right: actions.nextCue = true; break;
    case Key::PageUp:
    case Key::Left: actions.previousCue = true; break;
    default: break;
    }
}

}  // namespace heatlab
