#pragma once
// The keys the lecture acts on, as the window (app/ui/window.h) hands them
// over from GLFW; every other key arrives as Key::Other.

namespace heatlab {

enum class Key { Space, N, R, P, F, H, C, L, F5, F12, Escape, Up, Down, Other };

}  // namespace heatlab
