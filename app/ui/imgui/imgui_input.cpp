#include "app/ui/imgui/imgui_input.h"

#include <imgui.h>

#include "app/render/script_fonts.h"

#if IMGUI_VERSION_NUM >= 18700 && IMGUI_VERSION_NUM < 18900
#error "Dear ImGui 1.87 and 1.88 are not supported: the input is fed for 1.86 and for 1.89 on"
#endif

namespace heatlab {

namespace {

bool isRight(KeyCode key) {
    return key == KeyCode::RightShift || key == KeyCode::RightControl || key == KeyCode::RightAlt ||
           key == KeyCode::RightSuper;
}

#if IMGUI_VERSION_NUM >= 18900
// ImGui's name for a key, ImGuiKey_None for one it has none for.
ImGuiKey imguiKeyOf(KeyCode key) {
    const int code = static_cast<int>(key);
    if (key >= KeyCode::A && key <= KeyCode::Z) {
        return static_cast<ImGuiKey>(ImGuiKey_A + (code - static_cast<int>(KeyCode::A)));
    }
    if (key >= KeyCode::Digit0 && key <= KeyCode::Digit9) {
        return static_cast<ImGuiKey>(ImGuiKey_0 + (code - static_cast<int>(KeyCode::Digit0)));
    }
    if (key >= KeyCode::F1 && key <= KeyCode::F12) {
        return static_cast<ImGuiKey>(ImGuiKey_F1 + (code - static_cast<int>(KeyCode::F1)));
    }
    switch (key) {
    case KeyCode::Space: return ImGuiKey_Space;
    case KeyCode::Apostrophe: return ImGuiKey_Apostrophe;
    case KeyCode::Comma: return ImGuiKey_Comma;
    case KeyCode::Minus: return ImGuiKey_Minus;
    case KeyCode::Period: return ImGuiKey_Period;
    case KeyCode::Slash: return ImGuiKey_Slash;
    case KeyCode::Semicolon: return ImGuiKey_Semicolon;
    case KeyCode::Equal: return ImGuiKey_Equal;
    case KeyCode::LeftBracket: return ImGuiKey_LeftBracket;
    case KeyCode::Backslash: return ImGuiKey_Backslash;
    case KeyCode::RightBracket: return ImGuiKey_RightBracket;
    case KeyCode::GraveAccent: return ImGuiKey_GraveAccent;
    case KeyCode::Escape: return ImGuiKey_Escape;
    case KeyCode::Enter: return ImGuiKey_Enter;
    case KeyCode::Tab: return ImGuiKey_Tab;
    case KeyCode::Backspace: return ImGuiKey_Backspace;
    case KeyCode::Insert: return ImGuiKey_Insert;
    case KeyCode::Delete: return ImGuiKey_Delete;
    case KeyCode::Right: return ImGuiKey_RightArrow;
    case KeyCode::Left: return ImGuiKey_LeftArrow;
    case KeyCode::Down: return ImGuiKey_DownArrow;
    case KeyCode::Up: return ImGuiKey_UpArrow;
    case KeyCode::PageUp: return ImGuiKey_PageUp;
    case KeyCode::PageDown: return ImGuiKey_PageDown;
    case KeyCode::Home: return ImGuiKey_Home;
    case KeyCode::End: return ImGuiKey_End;
    case KeyCode::KeypadEnter: return ImGuiKey_KeypadEnter;
    case KeyCode::LeftShift: return ImGuiKey_LeftShift;
    case KeyCode::LeftControl: return ImGuiKey_LeftCtrl;
    case KeyCode::LeftAlt: return ImGuiKey_LeftAlt;
    case KeyCode::LeftSuper: return ImGuiKey_LeftSuper;
    case KeyCode::RightShift: return ImGuiKey_RightShift;
    case KeyCode::RightControl: return ImGuiKey_RightCtrl;
    case KeyCode::RightAlt: return ImGuiKey_RightAlt;
    case KeyCode::RightSuper: return ImGuiKey_RightSuper;
    default: return ImGuiKey_None;
    }
}
#endif

}  // namespace

ImGuiInput::ImGuiInput() {
#if IMGUI_VERSION_NUM < 18700
    // 1.86 finds its keys in io.KeysDown at the indices KeyMap names: ours
    // are KeyCode's numbers, all below 512.
    ImGuiIO& io = ImGui::GetIO();
    const auto map = [&io](ImGuiKey_ imguiKey, KeyCode key) {
        io.KeyMap[imguiKey] = static_cast<int>(key);
    };
    map(ImGuiKey_Tab, KeyCode::Tab);
    map(ImGuiKey_LeftArrow, KeyCode::Left);
    map(ImGuiKey_RightArrow, KeyCode::Right);
    map(ImGuiKey_UpArrow, KeyCode::Up);
    map(ImGuiKey_DownArrow, KeyCode::Down);
    map(ImGuiKey_PageUp, KeyCode::PageUp);
    map(ImGuiKey_PageDown, KeyCode::PageDown);
    map(ImGuiKey_Home, KeyCode::Home);
    map(ImGuiKey_End, KeyCode::End);
    map(ImGuiKey_Insert, KeyCode::Insert);
    map(ImGuiKey_Delete, KeyCode::Delete);
    map(ImGuiKey_Backspace, KeyCode::Backspace);
    map(ImGuiKey_Space, KeyCode::Space);
    map(ImGuiKey_Enter, KeyCode::Enter);
    map(ImGuiKey_Escape, KeyCode::Escape);
    map(ImGuiKey_KeyPadEnter, KeyCode::KeypadEnter);
    map(ImGuiKey_A, KeyCode::A);
    map(ImGuiKey_C, KeyCode::C);
    map(ImGuiKey_V, KeyCode::V);
    map(ImGuiKey_X, KeyCode::X);
    map(ImGuiKey_Y, KeyCode::Y);
    map(ImGuiKey_Z, KeyCode::Z);
#endif
}

void ImGuiInput::keyChanged(KeyCode key, bool down) {
    const int bit = modifierOf(key);
    if (bit != 0) {
        const int keyBit = isRight(key) ? bit << 4 : bit;
        modifierKeysDown_ = down ? (modifierKeysDown_ | keyBit) : (modifierKeysDown_ & ~keyBit);
    }
    const int mods = (modifierKeysDown_ | (modifierKeysDown_ >> 4)) & 0xf;
    ImGuiIO& io = ImGui::GetIO();
#if IMGUI_VERSION_NUM >= 18900
    const ImGuiKey imguiKey = imguiKeyOf(key);
    if (imguiKey != ImGuiKey_None) {
        io.AddKeyEvent(imguiKey, down);
    }
    if (bit != 0) {
        io.AddKeyEvent(ImGuiMod_Shift, (mods & modifier::kShift) != 0);
        io.AddKeyEvent(ImGuiMod_Ctrl, (mods & modifier::kControl) != 0);
        io.AddKeyEvent(ImGuiMod_Alt, (mods & modifier::kAlt) != 0);
        io.AddKeyEvent(ImGuiMod_Super, (mods & modifier::kSuper) != 0);
    }
#else
    const int code = static_cast<int>(key);
    if (code >= 0 && code < IM_ARRAYSIZE(io.KeysDown)) {
        io.KeysDown[code] = down;
    }
    io.KeyShift = (mods & modifier::kShift) != 0;
    io.KeyCtrl = (mods & modifier::kControl) != 0;
    io.KeyAlt = (mods & modifier::kAlt) != 0;
    io.KeySuper = (mods & modifier::kSuper) != 0;
#endif
}

void ImGuiInput::feed(const InputEvent& event) {
    ImGuiIO& io = ImGui::GetIO();
    switch (event.kind) {
    case InputEvent::Kind::KeyDown: keyChanged(event.key, true); break;
    case InputEvent::Kind::KeyUp: keyChanged(event.key, false); break;
    case InputEvent::Kind::KeyRepeat: break;  // ImGui repeats a held key itself
    case InputEvent::Kind::Text:
        if (event.codepoint > 0 && event.codepoint <= 0x10ffff) {
            noteCharacter(event.codepoint);  // its glyph from the next frame on
            io.AddInputCharacter(event.codepoint);
        }
        break;
    case InputEvent::Kind::PointerMove:
#if IMGUI_VERSION_NUM >= 18900
        io.AddMousePosEvent(static_cast<float>(event.x), static_cast<float>(event.y));
#else
        io.MousePos = ImVec2(static_cast<float>(event.x), static_cast<float>(event.y));
#endif
        break;
    case InputEvent::Kind::PointerButton:
        if (event.button >= 0 && event.button < ImGuiMouseButton_COUNT) {
#if IMGUI_VERSION_NUM >= 18900
            io.AddMouseButtonEvent(event.button, event.pressed);
#else
            io.MouseDown[event.button] = event.pressed;
#endif
        }
        break;
    case InputEvent::Kind::Wheel:
#if IMGUI_VERSION_NUM >= 18900
        io.AddMouseWheelEvent(static_cast<float>(event.x), static_cast<float>(event.y));
#else
        io.MouseWheelH += static_cast<float>(event.x);
        io.MouseWheel += static_cast<float>(event.y);
#endif
        break;
    case InputEvent::Kind::Focus:
        if (!event.focused) {
            modifierKeysDown_ = 0;  // ImGui lets every key go with the focus
        }
        io.AddFocusEvent(event.focused);
        break;
    case InputEvent::Kind::Resize: break;
    }
}

}  // namespace heatlab
