#pragma once
// The panel's small widgets that more than one of its sections use (Dear
// ImGui calls only: within a frame).

#include <imgui.h>

#include <cstdio>
#include <vector>

namespace heatlab {

// A combo over `choices`, each shown by its name() as the command line
// spells it.
template <typename Enum>
void combo(const char* label, Enum& value, const std::vector<Enum>& choices) {
    if (ImGui::BeginCombo(label, name(value))) {
        for (Enum choice : choices) {
            const bool selected = choice == value;
            if (ImGui::Selectable(name(choice), selected)) {
                value = choice;
            }
            if (selected) {
                ImGui::SetItemDefaultFocus();
            }
        }
        ImGui::EndCombo();
    }
}

// The r presets either side of the bound (0.24, 0.25, 0.26), each a button
// that sets `r`, on one line; `id` tells one row of them from another.
inline void rPresets(float& r, const char* id) {
    for (float preset : {0.24f, 0.25f, 0.26f}) {
        char label[32];
        std::snprintf(label, sizeof label, "%.2f##%s", static_cast<double>(preset), id);
        if (ImGui::Button(label)) {
            r = preset;
        }
        ImGui::SameLine();
    }
}

}  // namespace heatlab
