#include "app/serve/key_names.h"

namespace heatlab {

namespace {

struct KeyName {
    const char* name;
    KeyCode key;
};

// In KeyCode's order: every key KeyCode names, so every key the window
// knows can come from a browser too.
constexpr KeyName kKeyNames[] = {
    {"Space", KeyCode::Space},
    {"Quote", KeyCode::Apostrophe},
    {"Comma", KeyCode::Comma},
    {"Minus", KeyCode::Minus},
    {"Period", KeyCode::Period},
    {"Slash", KeyCode::Slash},
    {"Digit0", KeyCode::Digit0},
    {"Digit1", KeyCode::Digit1},
    {"Digit2", KeyCode::Digit2},
    {"Digit3", KeyCode::Digit3},
    {"Digit4", KeyCode::Digit4},
    {"Digit5", KeyCode::Digit5},
    {"Digit6", KeyCode::Digit6},
    {"Digit7", KeyCode::Digit7},
    {"Digit8", KeyCode::Digit8},
    {"Digit9", KeyCode::Digit9},
    {"Semicolon", KeyCode::Semicolon},
    {"Equal", KeyCode::Equal},
    {"KeyA", KeyCode::A},
    {"KeyB", KeyCode::B},
    {"KeyC", KeyCode::C},
    {"KeyD", KeyCode::D},
    {"KeyE", KeyCode::E},
    {"KeyF", KeyCode::F},
    {"KeyG", KeyCode::G},
    {"KeyH", KeyCode::H},
    {"KeyI", KeyCode::I},
    {"KeyJ", KeyCode::J},
    {"KeyK", KeyCode::K},
    {"KeyL", KeyCode::L},
    {"KeyM", KeyCode::M},
    {"KeyN", KeyCode::N},
    {"KeyO", KeyCode::O},
    {"KeyP", KeyCode::P},
    {"KeyQ", KeyCode::Q},
    {"KeyR", KeyCode::R},
    {"KeyS", KeyCode::S},
    {"KeyT", KeyCode::T},
    {"KeyU", KeyCode::U},
    {"KeyV", KeyCode::V},
    {"KeyW", KeyCode::W},
    {"KeyX", KeyCode::X},
    {"KeyY", KeyCode::Y},
    {"KeyZ", KeyCode::Z},
    {"BracketLeft", KeyCode::LeftBracket},
    {"Backslash", KeyCode::Backslash},
    {"BracketRight", KeyCode::RightBracket},
    {"Backquote", KeyCode::GraveAccent},
    {"Escape", KeyCode::Escape},
    {"Enter", KeyCode::Enter},
    {"Tab", KeyCode::Tab},
    {"Backspace", KeyCode::Backspace},
    {"Insert", KeyCode::Insert},
    {"Delete", KeyCode::Delete},
    {"ArrowRight", KeyCode::Right},
    {"ArrowLeft", KeyCode::Left},
    {"ArrowDown", KeyCode::Down},
    {"ArrowUp", KeyCode::Up},
    {"PageUp", KeyCode::PageUp},
    {"PageDown", KeyCode::PageDown},
    {"Home", KeyCode::Home},
    {"End", KeyCode::End},
    {"F1", KeyCode::F1},
    {"F2", KeyCode::F2},
    {"F3", KeyCode::F3},
    {"F4", KeyCode::F4},
    {"F5", KeyCode::F5},
    {"F6", KeyCode::F6},
    {"F7", KeyCode::F7},
    {"F8", KeyCode::F8},
    {"F9", KeyCode::F9},
    {"F10", KeyCode::F10},
    {"F11", KeyCode::F11},
    {"F12", KeyCode::F12},
    {"NumpadEnter", KeyCode::KeypadEnter},
    {"ShiftLeft", KeyCode::LeftShift},
    {"ControlLeft", KeyCode::LeftControl},
    {"AltLeft", KeyCode::LeftAlt},
    {"MetaLeft", KeyCode::LeftSuper},
    {"ShiftRight", KeyCode::RightShift},
    {"ControlRight", KeyCode::RightControl},
    {"AltRight", KeyCode::RightAlt},
    {"MetaRight", KeyCode::RightSuper},
};

}  // namespace

std::optional<KeyCode> keyOfName(std::string_view name) {
    for (const KeyName& k : kKeyNames) {
        if (name == k.name) {
            return k.key;
        }
    }
    return std::nullopt;
}

std::string keyNamesJson() {
    std::string json = "[";
    for (const KeyName& k : kKeyNames) {
        json += (json.size() > 1 ? ",\"" : "\"") + std::string(k.name) + "\"";
    }
    return json + "]";
}

}  // namespace heatlab
