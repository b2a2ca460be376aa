#pragma once
// Input as every surface hands it over: plain data, so a window's callbacks,
// a test or a message from a browser make it the same way. A key is named
// by its place on a US keyboard (KeyCode), not by the text it types: text
// arrives apart, as Text events of Unicode code points.

#include "app/platform/surface_size.h"

namespace heatlab {

// The numbering is GLFW's (printable keys are their US-layout ASCII upper
// case, the others from 256), so the window passes a key code through
// unchanged; a value without a name here is a key the program has no use
// for. Unknown: a key with no code at all.
enum class KeyCode : int {
    Unknown = -1,
    Space = 32,
    Apostrophe = 39,
    Comma = 44,
    Minus = 45,
    Period = 46,
    Slash = 47,
    Digit0 = 48,
    Digit1,
    Digit2,
    Digit3,
    Digit4,
    Digit5,
    Digit6,
    Digit7,
    Digit8,
    Digit9,
    Semicolon = 59,
    Equal = 61,
    A = 65,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
    LeftBracket = 91,
    Backslash = 92,
    RightBracket = 93,
    GraveAccent = 96,
    Escape = 256,
    Enter,
    Tab,
    Backspace,
    Insert,
    Delete,
    Right,
    Left,
    Down,
    Up,
    PageUp,
    PageDown,
    Home,
    End,
    F1 = 290,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
    F10,
    F11,
    F12,
    KeypadEnter = 335,
    LeftShift = 340,
    LeftControl,
    LeftAlt,
    LeftSuper,
    RightShift,
    RightControl,
    RightAlt,
    RightSuper,
};

// Above every key code: the key tap queue counts pointer buttons among the
// keys, each changing at most once a frame too.
constexpr int kKeyCodeLimit = 512;

// The modifiers down as a key arrived, as bits (GLFW's values).
namespace modifier {
constexpr int kShift = 1;
constexpr int kControl = 2;
constexpr int kAlt = 4;
constexpr int kSuper = 8;
}  // namespace modifier

// The modifier bit a key is, 0 for any other key.
constexpr int modifierOf(KeyCode key) {
    switch (key) {
    case KeyCode::LeftShift:
    case KeyCode::RightShift: return modifier::kShift;
    case KeyCode::LeftControl:
    case KeyCode::RightControl: return modifier::kControl;
    case KeyCode::LeftAlt:
    case KeyCode::RightAlt: return modifier::kAlt;
    case KeyCode::LeftSuper:
    case KeyCode::RightSuper: return modifier::kSuper;
    default: return 0;
    }
}

struct InputEvent {
    enum class Kind {
        KeyDown,
        KeyRepeat,  // held, and the system repeats it
        KeyUp,
        Text,           // one typed character
        PointerMove,    // to x, y in window units (x right, y down)
        PointerButton,  // `button` (0 left, 1 right, 2 middle) `pressed` or released
        Wheel,          // x, y: the wheel's steps (y > 0: away from the user)
        Resize,         // the surface is now `size` large
        Focus,          // the surface got (`focused`) or lost the keyboard
    };
    Kind kind = Kind::KeyDown;
    KeyCode key = KeyCode::Unknown;
    // Of a key event: the modifiers down as it arrived, counted by the
    // seam's queue (InputQueue) from the modifier keys' own events, so a
    // source need not send them.
    int modifiers = 0;
    unsigned int codepoint = 0;
    double x = 0.0;
    double y = 0.0;
    int button = 0;
    bool pressed = false;
    bool focused = false;
    SurfaceSize size;

    static InputEvent keyDown(KeyCode key) { return keyEvent(Kind::KeyDown, key); }
    static InputEvent keyRepeat(KeyCode key) { return keyEvent(Kind::KeyRepeat, key); }
    static InputEvent keyUp(KeyCode key) { return keyEvent(Kind::KeyUp, key); }
    static InputEvent text(unsigned int codepoint) {
        InputEvent e = of(Kind::Text);
        e.codepoint = codepoint;
        return e;
    }
    static InputEvent pointerMove(double x, double y) { return at(Kind::PointerMove, x, y); }
    static InputEvent pointerButton(int button, bool pressed) {
        InputEvent e = of(Kind::PointerButton);
        e.button = button;
        e.pressed = pressed;
        return e;
    }
    static InputEvent wheel(double x, double y) { return at(Kind::Wheel, x, y); }
    static InputEvent resize(const SurfaceSize& size) {
        InputEvent e = of(Kind::Resize);
        e.size = size;
        return e;
    }
    static InputEvent focus(bool focused) {
        InputEvent e = of(Kind::Focus);
        e.focused = focused;
        return e;
    }

    bool isKey() const {
        return kind == Kind::KeyDown || kind == Kind::KeyRepeat || kind == Kind::KeyUp;
    }
    bool operator==(const InputEvent& o) const {
        return kind == o.kind && key == o.key && modifiers == o.modifiers &&
               codepoint == o.codepoint && x == o.x && y == o.y && button == o.button &&
               pressed == o.pressed && focused == o.focused && size == o.size;
    }

private:
    static InputEvent of(Kind kind) {
        InputEvent e;
        e.kind = kind;
        return e;
    }
    static InputEvent keyEvent(Kind kind, KeyCode key) {
        InputEvent e = of(kind);
        e.key = key;
        return e;
    }
    static InputEvent at(Kind kind, double x, double y) {
        InputEvent e = of(kind);
        e.x = x;
        e.y = y;
        return e;
    }
};

}  // namespace heatlab
