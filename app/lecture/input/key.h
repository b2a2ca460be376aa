#pragma once
// The keys the lecture acts on, as a surface's key codes become them
// (app/ui/lecture/lecture_input.h; F1 also for ? and /, where a keyboard has no F keys);
// every other key arrives as Key::Other. Page Down and Right, Page Up and
// Left are what presentation clickers send: the cue list's next and back.
// V toggles the surface view. Z is the one key whose release counts too
// (onKeyReleased): held, the loupe follows the cursor. With Ctrl held a key
// is not the key alone (Ctrl+R must not reset): Ctrl+R, Ctrl+S and Ctrl+O
// arrive as CtrlR, CtrlS and CtrlO, Ctrl with any other key as Other.

namespace heatlab {

enum class Key {
    Space,
    B,
    N,
    R,
    P,
    F,
    H,
    C,
    L,
    M,
    V,
    Z,
    F1,
    F5,
    F11,
    F12,
    Escape,
    Up,
    Down,
    PageDown,
    PageUp,
    Left,
    Right,
    CtrlR,  // start or stop recording a video
    CtrlS,  // save the scene
    CtrlO,  // open a scene (served: a scene or a cue list from the browser's computer)
    Other
};

}  // namespace heatlab
