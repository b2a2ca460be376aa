#pragma once
// The panel's small widgets that more than one of its sections use (Dear
// ImGui calls only: within a frame).

#include <imgui.h>

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

}  // namespace heatlab
