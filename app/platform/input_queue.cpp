#include "app/platform/input_queue.h"

namespace heatlab {

void InputQueue::push(InputEvent event) {
    if (event.isKey()) {
        const int bit = modifierOf(event.key);
        if (event.kind == InputEvent::Kind::KeyDown) {
            modifiers_ |= bit;
        } else if (event.kind == InputEvent::Kind::KeyUp) {
            modifiers_ &= ~bit;
        }
        event.modifiers = modifiers_;
    } else if (event.kind == InputEvent::Kind::Focus && !event.focused) {
        modifiers_ = 0;
    }
    if (taps_.arrive(event)) {
        ready_.push_back(event);
    }
}

std::vector<InputEvent> InputQueue::take() {
    std::vector<InputEvent> out;
    out.swap(ready_);
    return out;
}

void InputQueue::frameBegan() {
    taps_.frameBegan();
    // Before anything not yet taken, which came after them: the input
    // stays in the order it came.
    const std::vector<InputEvent> due = taps_.due();
    ready_.insert(ready_.begin(), due.begin(), due.end());
}

}  // namespace heatlab
