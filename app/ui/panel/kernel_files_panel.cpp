#include "app/ui/panel/kernel_files_panel.h"

#include <imgui.h>

#include <algorithm>
#include <sstream>

#include "app/i18n/translation.h"
#include "app/render/script_fonts.h"
#include "app/ui/panel/choice_words.h"
#include "app/ui/panel/panel.h"
#include "app/ui/panel/panel_widgets.h"
#include "app/ui/pictures/field_overlay.h"
#include "kernels/base/words.h"

namespace heatlab {

namespace {

const ImVec4 kGoodColour{0.45f, 0.85f, 0.45f, 1.0f};
const ImVec4 kBusyColour{1.0f, 0.8f, 0.3f, 1.0f};
const ImVec4 kBadColour{1.0f, 0.4f, 0.35f, 1.0f};
const ImVec4 kDimColour{0.65f, 0.65f, 0.65f, 1.0f};
const ImU32 kPictureRight = IM_COL32(40, 44, 52, 255);
const ImU32 kPictureWrong = IM_COL32(255, 80, 60, 255);
// A pixel of the picture at most this many units a side: a small grid's
// picture stays small.
constexpr float kMostUnitsAPixel = 3.0f;

const char* stateWords(KernelFileState state) {
    switch (state) {
    case KernelFileState::Compiling: return tr("compiling and checking");
    case KernelFileState::Checked: return tr("checked");
    case KernelFileState::Running: return tr("running");
    case KernelFileState::Failed: return tr("failed");
    case KernelFileState::Stopped: return tr("stopped");
    case KernelFileState::Unavailable: return tr("cannot run here");
    }
    return "?";
}

ImVec4 stateColour(KernelFileState state) {
    switch (state) {
    case KernelFileState::Checked:
    case KernelFileState::Running: return kGoodColour;
    case KernelFileState::Compiling: return kBusyColour;
    case KernelFileState::Failed:
    case KernelFileState::Stopped: return kBadColour;
    case KernelFileState::Unavailable: return kDimColour;
    }
    return kDimColour;
}

void coloured(const ImVec4& colour, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    textWrappedToWidth(text);
    ImGui::PopStyleColor();
}

// A line a compiler writes under a source line it quotes: a caret line
// (spaces and the marks: NVRTC's), or one in GCC's gutter (spaces, then
// '|': its carets, and its fix-it hints).
bool annotationLine(const std::string& line) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos) {
        return false;
    }
    return line[first] == '|' || (line.find_first_not_of(" ^~") == std::string::npos);
}

// An annotation line drawn under `excerpt`: each character at the column
// it marks, measured along the excerpt in the panel's font; the carets in
// red, a fix-it's words in green (as a compiler colours them), the gutter
// dim.
void annotation(const std::string& excerpt, const std::string& line) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    float right = 0.0f;
    const std::vector<CaretMark> marks = caretMarks(
        excerpt, line, [](const std::string& c) { return ImGui::CalcTextSize(c.c_str()).x; });
    for (const CaretMark& mark : marks) {
        const ImVec4& colour = mark.text == "|"                       ? kDimColour
                               : mark.text == "^" || mark.text == "~" ? kBadColour
                                                                      : kGoodColour;
        draw->AddText(ImVec2(at.x + mark.x, at.y), ImGui::GetColorU32(colour), mark.text.c_str());
        right = std::max(right, mark.x + ImGui::CalcTextSize(mark.text.c_str()).x);
    }
    ImGui::Dummy(ImVec2(right, ImGui::GetTextLineHeight()));
}

// The compiler's lines: each source line it quotes as it is (never
// wrapped, so the marks under it stay under their characters), the lines
// under it aligned to it, every other line wrapped.
void compilerLines(const std::string& lines) {
    std::vector<std::string> all;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);) {
        all.push_back(line);
    }
    std::string excerpt;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!excerpt.empty() && annotationLine(all[i])) {
            annotation(excerpt, all[i]);
        } else if (i + 1 < all.size() && annotationLine(all[i + 1])) {
            excerpt = all[i];
            ImGui::TextUnformatted(excerpt.c_str());
        } else {
            excerpt.clear();
            coloured(kDimColour, all[i]);
        }
    }
}

// How the version in use was built, a figure a phrase.
void builtLines(const ClassKernelStatus& status) {
    if (!status.build) {
        if (!status.built.empty()) {
            coloured(kDimColour, status.built);
        }
        return;
    }
    const KernelBuild& b = *status.build;
    coloured(kDimColour, trf("compiled in %.2f s, checked on %d grids in %.2f s", b.compileSeconds,
                             b.checkedGrids, b.checkSeconds));
    if (b.registers >= 0) {
        coloured(kDimColour,
                 trf("%d registers a thread, %d bytes of local memory a thread (spills), %d "
                     "bytes of shared memory a block",
                     b.registers, b.localBytes, b.sharedBytes));
    }
    if (!b.compiler.empty()) {
        coloured(kDimColour, b.compiler + " " + b.options);
    }
}

// The cells that differ, a pixel a block of cells, as large as the panel
// allows up to kMostUnitsAPixel a pixel.
void wrongPicture(const WrongReport& wrong, PanelRect& rect) {
    if (wrong.width <= 0 || wrong.height <= 0) {
        return;
    }
    const float room = ImGui::GetContentRegionAvail().x;
    const float unit = std::min(kMostUnitsAPixel, room / static_cast<float>(wrong.width));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 size(unit * static_cast<float>(wrong.width),
                      unit * static_cast<float>(wrong.height));
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), kPictureRight);
    // A rectangle a run of wrong pixels in a row.
    for (int y = 0; y < wrong.height; ++y) {
        for (int x = 0; x < wrong.width;) {
            if (wrong.pixels[static_cast<std::size_t>(y) * wrong.width + x] == 0) {
                ++x;
                continue;
            }
            int end = x;
            while (end < wrong.width &&
                   wrong.pixels[static_cast<std::size_t>(y) * wrong.width + end] != 0) {
                ++end;
            }
            const auto units = [unit](int pixels) { return unit * static_cast<float>(pixels); };
            draw->AddRectFilled(ImVec2(at.x + units(x), at.y + units(y)),
                                ImVec2(at.x + units(end), at.y + units(y + 1)), kPictureWrong);
            x = end;
        }
    }
    ImGui::Dummy(size);
    rect = PanelRect{at.x, at.y, at.x + size.x, at.y + size.y, true};
}

// `said`: the reason's line is there already, which names the case and
// the cell.
void wrongReport(const WrongReport& wrong, bool said, PanelRect& picture) {
    if (!said) {
        coloured(kBadColour,
                 trf("first wrong at cell (row %d, col %d) of %dx%d, %s, r = %s, step %d; "
                     "largest error %s",
                     wrong.row, wrong.col, wrong.grid.nx, wrong.grid.ny,
                     choiceInWords(name(wrong.boundary)), rText(wrong.r).c_str(), wrong.step,
                     numberText(wrong.maxError, 3).c_str()));
    }
    coloured(
        kDimColour,
        wrong.cellsAPixel == 1
            ? trf("where it differs (red), on %dx%d:", wrong.pictureGrid.nx, wrong.pictureGrid.ny)
            : trf("where it differs (red), on %dx%d, %d x %d cells a pixel:", wrong.pictureGrid.nx,
                  wrong.pictureGrid.ny, wrong.cellsAPixel, wrong.cellsAPixel));
    wrongPicture(wrong, picture);
}

void kernelFile(const ClassKernelStatus& status, PanelActions& actions, PanelRect& picture) {
    // Characters beyond the font's first ranges (a compiler's quotes, a
    // path in Japanese) are in the next frame's fonts.
    for (const std::string* text : {&status.path, &status.reason, &status.compilerLines}) {
        noteText(*text);
    }
    ImGui::PushID(status.name.c_str());
    ImGui::TextUnformatted(status.name.c_str());
    const char* const state = stateWords(status.state);
    sameLineIfFits(ImGui::CalcTextSize(state).x);
    ImGui::TextColored(stateColour(status.state), "%s", state);
    const char* const reload = tr("Reload");
    sameLineIfFits(buttonWidth(reload));
    if (ImGui::Button(reload)) {
        actions.reloadKernel = status.kernel;
    }
    coloured(kDimColour, status.path);
    if (status.olderRunning) {
        coloured(kBusyColour, tr("the version before runs in the field meanwhile"));
    }
    if (!status.reason.empty()) {
        coloured(status.state == KernelFileState::Unavailable ? kDimColour : kBadColour,
                 status.reason);
    }
    if (!status.compilerLines.empty()) {
        compilerLines(status.compilerLines);
    }
    if (status.wrong) {
        wrongReport(*status.wrong, !status.reason.empty(), picture);
    }
    if (status.state == KernelFileState::Checked || status.state == KernelFileState::Running) {
        builtLines(status);
    } else if (status.olderRunning) {
        coloured(kDimColour, tr("the version in the field:"));
        builtLines(status);
    }
    ImGui::PopID();
}

}  // namespace

void drawKernelFiles(const std::vector<ClassKernelStatus>& kernels, PanelActions& actions,
                     PanelRect& picture) {
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        if (i > 0) {
            ImGui::Separator();
        }
        kernelFile(kernels[i], actions, picture);
    }
}

}  // namespace heatlab
