#pragma once
// The panel's small widgets that more than one of its sections use (Dear
// ImGui calls only: within a frame).

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "app/i18n/translation.h"
#include "app/ui/panel/choice_words.h"

namespace heatlab {

// A combo over `choices`, each shown by its name() as the command line
// spells it, in the words' language (choice_words.h: a kernel's name as it
// is), under its label translated (the English after ### its ID, so an
// open combo stays open when the language changes).
template <typename Enum>
void combo(const char* label, Enum& value, const std::vector<Enum>& choices) {
    std::string shown = std::string(tr(label)) + "###" + label;
    // Wide enough for its longest choice; narrower than usual where its
    // label would run past the panel's edge beside it (a narrow panel, a
    // long label), and where even that leaves the choices too little room,
    // the label goes on a line of its own above it.
    float widest = 0.0f;
    for (Enum choice : choices) {
        widest = std::max(widest, ImGui::CalcTextSize(choiceInWords(name(choice))).x);
    }
    const float needed = widest + ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().FramePadding.x;
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemInnerSpacing.x -
                       ImGui::CalcTextSize(shown.c_str(), nullptr, true).x;
    if (room >= needed) {
        ImGui::SetNextItemWidth(std::max(std::min(ImGui::CalcItemWidth(), room), needed));
    } else {
        ImGui::TextUnformatted(tr(label));
        shown = std::string("###") + label;
        ImGui::SetNextItemWidth(std::min(needed, ImGui::GetContentRegionAvail().x));
    }
    if (ImGui::BeginCombo(shown.c_str(), choiceInWords(name(value)))) {
        for (Enum choice : choices) {
            const bool selected = choice == value;
            // The English after ### its ID: two choices never share one.
            const std::string item =
                std::string(choiceInWords(name(choice))) + "###" + name(choice);
            if (ImGui::Selectable(item.c_str(), selected)) {
                value = choice;
            }
            if (selected) {
                ImGui::SetItemDefaultFocus();
            }
        }
        ImGui::EndCombo();
    }
}

// ImGui::SameLine() where an item `width` units wide still fits beside the
// last one, else the next item starts a line of its own: a narrow panel
// (presenter mode while split) wraps a row rather than cutting it.
inline void sameLineIfFits(float width) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
        ImGui::SameLine();
    }
}

// The width a button labelled `label` takes.
inline float buttonWidth(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

// The width a radio button labelled `label` takes: its circle, the gap,
// the text.
inline float radioWidth(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
           ImGui::CalcTextSize(label, nullptr, true).x;
}

// Radio buttons in a row for `value`, each beside the one before where it
// fits, else on a line of its own (Japanese labels are wider than
// English ones).
inline void radioRow(int& value, std::initializer_list<std::pair<const char*, int>> choices) {
    bool first = true;
    for (const auto& [label, choice] : choices) {
        if (!first) {
            sameLineIfFits(radioWidth(label));
        }
        first = false;
        ImGui::RadioButton(label, &value, choice);
    }
}

// The r presets either side of the bound (0.24, 0.25, 0.26), each a button
// that sets `r`, on one line; `id` tells one row of them from another. The
// caller's next item goes beside them if it fits in `next` units.
inline void rPresets(float& r, const char* id, float next) {
    bool first = true;
    for (float preset : {0.24f, 0.25f, 0.26f}) {
        char label[32];
        std::snprintf(label, sizeof label, "%.2f##%s", static_cast<double>(preset), id);
        if (!first) {
            ImGui::SameLine();
        }
        if (ImGui::Button(label)) {
            r = preset;
        }
        first = false;
    }
    sameLineIfFits(next);
}

}  // namespace heatlab
