#pragma once
// Holds a key tap for a frame, so that no key is lost. Dear ImGui 1.86 keeps
// a key's state (io.KeysDown) and a pointer button's (io.MouseDown), which
// NewFrame reads once a frame: a tap shorter than a frame (a press and its
// release between two frames, as `xdotool key` and presentation clickers
// send, or a click) is down and up again before any frame sees it, and
// Enter never leaves a text field.
// Here a key or a pointer button changes state (press or release) at most
// once a frame: a change after the first waits, with whatever that key does
// after it in order, until a frame has begun and seen the first. Pointer
// moves and the wheel wait behind a held button, so a click is seen where
// it was made. Text typed while a text modifier's release is held (Ctrl,
// Super: ImGui takes no text with them down) waits behind it, and all input
// after that text behind the text, so a chord tapped just before typing
// does not eat the typing.
// ImGui 1.87 and later queue input and lose no tap: for them a tapped key
// is only down a frame longer. Pure logic on InputEvents. Header-only.

#include <algorithm>
#include <cstddef>
#include <deque>
#include <vector>

#include "app/platform/input_event.h"

namespace heatlab {

class KeyTapQueue {
public:
    // An event as it arrives: true when it goes on now, false when it is
    // held (a second press or release of the key this frame, or anything for
    // a key with an event held already, or anything behind held text).
    // Events of no key (Unknown, resize, focus) go on unless text is held.
    bool arrive(const InputEvent& event) {
        if (mustHold(event)) {
            held_.push_back(event);
            return false;
        }
        passed(event);
        return true;
    }

    // A frame has begun: it has seen every key as it is now, so each key
    // may change once again.
    void frameBegan() { changedThisFrame_.clear(); }

    // The held input that may go on now, in the order it arrived: for each
    // key, up to and with its next press or release. A key tapped twice
    // before a frame is released for the next frame, pressed again for the
    // one after, and so on; text goes once what held it back has gone.
    // Empty until frameBegan().
    std::vector<InputEvent> due() {
        std::vector<InputEvent> out;
        std::vector<int> blocked;
        std::deque<InputEvent> kept;
        bool textKept = false;
        bool modifierKept = false;
        bool buttonKept = false;
        for (const InputEvent& in : held_) {
            bool keep = textKept;
            const int id = idOf(in);
            if (in.kind == InputEvent::Kind::Text) {
                keep = keep || modifierKept;
                textKept = textKept || keep;
            } else if (isPointerMotion(in)) {
                keep = keep || buttonKept;
            } else if (!keep && id >= 0) {
                keep =
                    std::find(blocked.begin(), blocked.end(), id) != blocked.end() || mustWait(in);
                if (keep) {
                    blocked.push_back(id);
                }
            }
            if (keep) {
                modifierKept = modifierKept || isTextModifierRelease(in);
                buttonKept = buttonKept || in.kind == InputEvent::Kind::PointerButton;
                kept.push_back(in);
            } else {
                passed(in);
                out.push_back(in);
            }
        }
        held_.swap(kept);
        return out;
    }

    std::size_t held() const { return held_.size(); }

private:
    // A key's own number, a pointer button's above every key's; -1 for an
    // event of no key.
    static int idOf(const InputEvent& in) {
        if (in.isKey()) {
            return static_cast<int>(in.key) >= 0 ? static_cast<int>(in.key) : -1;
        }
        return in.kind == InputEvent::Kind::PointerButton ? kKeyCodeLimit + in.button : -1;
    }
    static bool isPointerMotion(const InputEvent& in) {
        return in.kind == InputEvent::Kind::PointerMove || in.kind == InputEvent::Kind::Wheel;
    }
    // Ctrl and Super: with either down ImGui takes no text.
    static bool isTextModifierRelease(const InputEvent& in) {
        const int bit = modifierOf(in.key);
        return in.kind == InputEvent::Kind::KeyUp &&
               (bit == modifier::kControl || bit == modifier::kSuper);
    }

    bool mustHold(const InputEvent& in) const {
        if (heldAny([](const InputEvent& h) { return h.kind == InputEvent::Kind::Text; })) {
            return true;
        }
        if (in.kind == InputEvent::Kind::Text) {
            return heldAny(isTextModifierRelease);
        }
        if (isPointerMotion(in)) {
            return heldAny(
                [](const InputEvent& h) { return h.kind == InputEvent::Kind::PointerButton; });
        }
        const int id = idOf(in);
        return id >= 0 &&
               (heldAny([id](const InputEvent& h) { return idOf(h) == id; }) || mustWait(in));
    }
    template <typename Predicate>
    bool heldAny(Predicate predicate) const {
        return std::any_of(held_.begin(), held_.end(), predicate);
    }
    bool changedThisFrame(int id) const {
        return std::find(changedThisFrame_.begin(), changedThisFrame_.end(), id) !=
               changedThisFrame_.end();
    }
    // A repeat changes nothing: it goes on unless the key has events held.
    bool mustWait(const InputEvent& in) const {
        return in.kind != InputEvent::Kind::KeyRepeat && changedThisFrame(idOf(in));
    }
    void passed(const InputEvent& in) {
        const int id = idOf(in);
        if (id >= 0 && in.kind != InputEvent::Kind::KeyRepeat && !changedThisFrame(id)) {
            changedThisFrame_.push_back(id);
        }
    }

    std::deque<InputEvent> held_;
    std::vector<int> changedThisFrame_;  // a handful at most: a vector will do
};

}  // namespace heatlab
