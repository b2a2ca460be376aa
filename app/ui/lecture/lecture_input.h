#pragma once
// A surface's input into the lecture: each event that the surface's queue
// lets go on reaches Dear ImGui (the panel) and then the lecture's own input
// (LectureUi::onKey and the rest: the keys ImGui leaves, the field's mouse),
// the same way for the window, the headless surface and any other.

#include "app/lecture/input/key.h"
#include "app/platform/input_event.h"
#include "app/platform/surface.h"
#include "app/ui/imgui/imgui_layer.h"
#include "app/ui/lecture/lecture_ui.h"

namespace heatlab {

// The lecture's name for a key with `modifiers` down (app/lecture/input/key.h):
// with Ctrl a key is not the key alone, so Ctrl+R, Ctrl+S and Ctrl+O are
// CtrlR, CtrlS and CtrlO and Ctrl with any other key Other; '/' is F1 too
// ('?' is shift and '/' on most layouts).
Key lectureKeyOf(KeyCode key, int modifiers);

// One event into ImGui, then into the lecture.
void deliver(const InputEvent& event, ImGuiLayer& imgui, LectureUi& lecture);

// One frame of the lecture on `surface`: the input that may go on now
// delivered, then the frame drawn at the surface's size into the bound
// framebuffer. Returns whether the panel or a key asked to quit. `imgui`
// is the lecture's, made on this surface.
bool lectureFrame(Surface& surface, ImGuiLayer& imgui, LectureUi& lecture);

}  // namespace heatlab
