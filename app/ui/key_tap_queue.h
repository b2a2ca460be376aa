#pragma once
// Holds a key tap for a frame, so that no key is lost. Dear ImGui 1.86's
// GLFW backend keeps a key's state (io.KeysDown), which NewFrame reads once
// a frame: a tap shorter than a frame (a press and its release between two
// frames, as `xdotool key` and presentation clickers send) is down and up
// again before any frame sees it, and Enter never leaves a text field.
// Here a key changes state (press or release) at most once a frame: a
// change after the first waits, with whatever that key does after it in
// order, until a frame has begun and seen the first. Text typed while a
// text modifier's release is held (Ctrl, Super: ImGui takes no text with
// them down) waits behind it, and all input after that text behind the
// text, so a chord tapped just before typing does not eat the typing.
// ImGui 1.87 and later queue input and lose no tap: for them a tapped key
// is only down a frame longer. Pure logic, no GLFW: the window forwards what
// arrive() and due() let through to ImGui's callbacks. Header-only.

#include <algorithm>
#include <cstddef>
#include <deque>
#include <utility>
#include <vector>

namespace heatlab {

// A key event as GLFW's key callback gives it; `action` uses GLFW's values.
struct KeyEvent {
    int key = 0;
    int scancode = 0;
    int action = 0;
    int mods = 0;

    static constexpr int kRelease = 0;  // GLFW_RELEASE
    static constexpr int kPress = 1;    // GLFW_PRESS
    static constexpr int kRepeat = 2;   // GLFW_REPEAT

    bool operator==(const KeyEvent& o) const {
        return key == o.key && scancode == o.scancode && action == o.action && mods == o.mods;
    }
};

// A key event or a typed character (GLFW's char callback), as held.
struct TapInput {
    bool isChar = false;
    KeyEvent key;                // when !isChar
    unsigned int codepoint = 0;  // when isChar

    static TapInput of(const KeyEvent& key) { return {false, key, 0}; }
    static TapInput character(unsigned int codepoint) { return {true, {}, codepoint}; }
    bool operator==(const TapInput& o) const {
        return isChar == o.isChar && (isChar ? codepoint == o.codepoint : key == o.key);
    }
};

class KeyTapQueue {
public:
    // `textModifiers`: the keys with which down ImGui takes no text (GLFW's
    // left and right Control and Super).
    explicit KeyTapQueue(std::vector<int> textModifiers = {})
        : textModifiers_(std::move(textModifiers)) {}

    // A key event as it arrives: true when it goes on now, false when it is
    // held (a second press or release of the key this frame, or anything for
    // a key with an event held already, or anything behind held text).
    // Unknown keys (< 0) go on unless text is held.
    bool arrive(const KeyEvent& event) {
        if (heldText() || (event.key >= 0 && (isHeld(event.key) || mustWait(event)))) {
            held_.push_back(TapInput::of(event));
            return false;
        }
        passed(event);
        return true;
    }

    // A typed character as it arrives: true when it goes on now, false when
    // it is held behind a text modifier's release or other held text.
    bool arriveChar(unsigned int codepoint) {
        if (heldText() || std::any_of(held_.begin(), held_.end(), [this](const TapInput& in) {
                return isModifierRelease(in);
            })) {
            held_.push_back(TapInput::character(codepoint));
            return false;
        }
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
    std::vector<TapInput> due() {
        std::vector<TapInput> out;
        std::vector<int> blocked;
        std::deque<TapInput> kept;
        bool textKept = false;
        bool modifierKept = false;
        for (const TapInput& in : held_) {
            bool keep = textKept;
            if (in.isChar) {
                keep = keep || modifierKept;
                textKept = textKept || keep;
            } else if (!keep && in.key.key >= 0) {
                keep = std::find(blocked.begin(), blocked.end(), in.key.key) != blocked.end() ||
                       mustWait(in.key);
                if (keep) {
                    blocked.push_back(in.key.key);
                }
            }
            if (keep) {
                modifierKept = modifierKept || isModifierRelease(in);
                kept.push_back(in);
            } else {
                if (!in.isChar) {
                    passed(in.key);
                }
                out.push_back(in);
            }
        }
        held_.swap(kept);
        return out;
    }

    // Everything held, in order, and nothing held after (the backend is
    // about to go).
    std::vector<TapInput> takeAll() {
        std::vector<TapInput> out(held_.begin(), held_.end());
        held_.clear();
        changedThisFrame_.clear();
        return out;
    }

    std::size_t held() const { return held_.size(); }

private:
    bool isHeld(int key) const {
        return std::any_of(held_.begin(), held_.end(),
                           [key](const TapInput& in) { return !in.isChar && in.key.key == key; });
    }
    bool heldText() const {
        return std::any_of(held_.begin(), held_.end(),
                           [](const TapInput& in) { return in.isChar; });
    }
    bool isModifierRelease(const TapInput& in) const {
        return !in.isChar && in.key.action == KeyEvent::kRelease &&
               std::find(textModifiers_.begin(), textModifiers_.end(), in.key.key) !=
                   textModifiers_.end();
    }
    bool changedThisFrame(int key) const {
        return std::find(changedThisFrame_.begin(), changedThisFrame_.end(), key) !=
               changedThisFrame_.end();
    }
    // A repeat changes nothing: it goes on unless the key has events held.
    bool mustWait(const KeyEvent& event) const {
        return event.action != KeyEvent::kRepeat && changedThisFrame(event.key);
    }
    void passed(const KeyEvent& event) {
        if (event.key >= 0 && event.action != KeyEvent::kRepeat && !changedThisFrame(event.key)) {
            changedThisFrame_.push_back(event.key);
        }
    }

    std::vector<int> textModifiers_;
    std::deque<TapInput> held_;
    std::vector<int> changedThisFrame_;  // a handful at most: a vector will do
};

}  // namespace heatlab
