#include "app/ui/lecture/lecture_input.h"

namespace heatlab {

Key lectureKeyOf(KeyCode key, int modifiers) {
    if ((modifiers & modifier::kControl) != 0) {
        switch (key) {
        case KeyCode::R: return Key::CtrlR;
        case KeyCode::S: return Key::CtrlS;
        case KeyCode::O: return Key::CtrlO;
        default: return Key::Other;
        }
    }
    switch (key) {
    case KeyCode::Space: return Key::Space;
    case KeyCode::B: return Key::B;
    case KeyCode::N: return Key::N;
    case KeyCode::R: return Key::R;
    case KeyCode::P: return Key::P;
    case KeyCode::F: return Key::F;
    case KeyCode::H: return Key::H;
    case KeyCode::C: return Key::C;
    case KeyCode::F1:
    case KeyCode::Slash: return Key::F1;
    case KeyCode::L: return Key::L;
    case KeyCode::M: return Key::M;
    case KeyCode::V: return Key::V;
    case KeyCode::Z: return Key::Z;
    case KeyCode::F5: return Key::F5;
    case KeyCode::F11: return Key::F11;
    case KeyCode::F12: return Key::F12;
    case KeyCode::Escape: return Key::Escape;
    case KeyCode::Up: return Key::Up;
    case KeyCode::Down: return Key::Down;
    case KeyCode::PageDown: return Key::PageDown;
    case KeyCode::PageUp: return Key::PageUp;
    case KeyCode::Right: return Key::Right;
    case KeyCode::Left: return Key::Left;
    default: return Key::Other;
    }
}

void deliver(const InputEvent& event, ImGuiLayer& imgui, LectureUi& lecture) {
    imgui.feed(event);
    switch (event.kind) {
    case InputEvent::Kind::KeyDown:
    case InputEvent::Kind::KeyRepeat:
        lecture.onKey(lectureKeyOf(event.key, event.modifiers),
                      event.kind == InputEvent::Kind::KeyRepeat);
        break;
    case InputEvent::Kind::KeyUp:
        lecture.onKeyReleased(lectureKeyOf(event.key, event.modifiers));
        break;
    case InputEvent::Kind::PointerMove: lecture.onCursor(event.x, event.y); break;
    case InputEvent::Kind::PointerButton: lecture.onMouseButton(event.button, event.pressed); break;
    case InputEvent::Kind::Wheel: lecture.onScroll(event.y); break;
    // Text is the panel's; the frame reads the size; ImGui has the focus.
    case InputEvent::Kind::Text:
    case InputEvent::Kind::Resize:
    case InputEvent::Kind::Focus: break;
    }
}

bool lectureFrame(Surface& surface, ImGuiLayer& imgui, LectureUi& lecture) {
    for (const InputEvent& event : surface.input().take()) {
        deliver(event, imgui, lecture);
    }
    return lecture.frame(surface.size());
}

}  // namespace heatlab
