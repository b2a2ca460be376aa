#include "app/lecture/panel/panel_readouts.h"

namespace heatlab {

const char* name(PanelFocus focus) {
    switch (focus) {
    case PanelFocus::Lesson: return "lesson";
    case PanelFocus::CopyBack: return "copy_back";
    case PanelFocus::Display: return "display";
    case PanelFocus::Comparison: return "comparison";
    case PanelFocus::Accuracy: return "accuracy";
    case PanelFocus::Bandwidth: return "bandwidth";
    case PanelFocus::Kernel: return "kernel";
    }
    return "?";
}

std::vector<PanelFocus> allPanelFocuses() {
    return {PanelFocus::Lesson,     PanelFocus::CopyBack, PanelFocus::Display,
            PanelFocus::Comparison, PanelFocus::Accuracy, PanelFocus::Bandwidth,
            PanelFocus::Kernel};
}

}  // namespace heatlab
