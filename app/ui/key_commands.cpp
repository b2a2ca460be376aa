#include "app/ui/key_commands.h"

namespace heatlab {

void applyKey(Key key, bool repeat, PanelState& state, PanelActions& actions) {
    switch (key) {
    case Key::N:
        state.settings.running = false;
        actions.singleStep = true;
        return;
    case Key::Up: state.params.r = steppedR(state.params.r, 1); return;
    case Key::Down: state.params.r = steppedR(state.params.r, -1); return;
    default: break;
    }
    if (repeat) {
        return;
    }
    switch (key) {
    case Key::Space: state.settings.running = !state.settings.running; break;
    case Key::R: actions.reset = true; break;
    case Key::P:
    case Key::F12: actions.screenshot = true; break;
    case Key::F: actions.fitView = true; break;
    case Key::H: state.settings.panelVisible = !state.settings.panelVisible; break;
    case Key::C:
        // The lecture's toggle: every step back to the host, or never.
        state.settings.copyEvery = state.settings.copyEvery == 1 ? 0 : 1;
        break;
    case Key::Escape: actions.quit = true; break;
    default: break;
    }
}

bool togglesPresenter(Key key, bool repeat) { return key == Key::F5 && !repeat; }

}  // namespace heatlab
