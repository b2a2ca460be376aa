// The served lecture's keys go by name (app/serve/key_names.h): the names
// are KeyboardEvent.code's, each one the key the window would give for the
// same place on a US keyboard, and a name the server does not know, or a
// number (GLFW's, which the protocol spoke before), is a malformed message.

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/platform/input_event.h"
#include "app/serve/key_names.h"
#include "app/serve/wire.h"

namespace heatlab {
namespace {

// Every key the page may send, written out here apart from the server's
// table, so that a name changed there is a change of the protocol a test
// sees.
std::vector<std::pair<std::string, KeyCode>> keysByName() {
    std::vector<std::pair<std::string, KeyCode>> keys{
        {"Space", KeyCode::Space},
        {"Quote", KeyCode::Apostrophe},
        {"Comma", KeyCode::Comma},
        {"Minus", KeyCode::Minus},
        {"Period", KeyCode::Period},
        {"Slash", KeyCode::Slash},
        {"Semicolon", KeyCode::Semicolon},
        {"Equal", KeyCode::Equal},
        {"BracketLeft", KeyCode::LeftBracket},
        {"Backslash", KeyCode::Backslash},
        {"BracketRight", KeyCode::RightBracket},
        {"Backquote", KeyCode::GraveAccent},
        {"Escape", KeyCode::Escape},
        {"Enter", KeyCode::Enter},
        {"Tab", KeyCode::Tab},
        {"Backspace", KeyCode::Backspace},
        {"Insert", KeyCode::Insert},
        {"Delete", KeyCode::Delete},
        {"ArrowRight", KeyCode::Right},
        {"ArrowLeft", KeyCode::Left},
        {"ArrowDown", KeyCode::Down},
        {"ArrowUp", KeyCode::Up},
        {"PageUp", KeyCode::PageUp},
        {"PageDown", KeyCode::PageDown},
        {"Home", KeyCode::Home},
        {"End", KeyCode::End},
        {"NumpadEnter", KeyCode::KeypadEnter},
        {"ShiftLeft", KeyCode::LeftShift},
        {"ControlLeft", KeyCode::LeftControl},
        {"AltLeft", KeyCode::LeftAlt},
        {"MetaLeft", KeyCode::LeftSuper},
        {"ShiftRight", KeyCode::RightShift},
        {"ControlRight", KeyCode::RightControl},
        {"AltRight", KeyCode::RightAlt},
        {"MetaRight", KeyCode::RightSuper},
    };
    for (int i = 0; i < 10; ++i) {
        keys.emplace_back("Digit" + std::to_string(i),
                          static_cast<KeyCode>(static_cast<int>(KeyCode::Digit0) + i));
    }
    for (int i = 0; i < 26; ++i) {
        keys.emplace_back(std::string("Key") + static_cast<char>('A' + i),
                          static_cast<KeyCode>(static_cast<int>(KeyCode::A) + i));
    }
    for (int i = 0; i < 12; ++i) {
        keys.emplace_back("F" + std::to_string(i + 1),
                          static_cast<KeyCode>(static_cast<int>(KeyCode::F1) + i));
    }
    return keys;
}

std::string keyMessage(const std::string& action, const std::string& name) {
    return R"({"t":"key","a":")" + action + R"(","k":")" + name + R"(","i":5})";
}

TEST(ServeKeyNames, EveryNameBecomesItsKeyDownRepeatAndUp) {
    const auto keys = keysByName();
    ASSERT_EQ(keys.size(), 83u);  // every key KeyCode names
    for (const auto& [name, key] : keys) {
        std::string why;
        auto m = parseClientMessage(keyMessage("down", name), &why);
        ASSERT_TRUE(m) << name << ": " << why;
        EXPECT_EQ(m->kind, ClientMessage::Kind::Input);
        EXPECT_EQ(m->inputSequence, 5u);
        EXPECT_EQ(m->event, InputEvent::keyDown(key)) << name;
        m = parseClientMessage(keyMessage("repeat", name), &why);
        ASSERT_TRUE(m) << name << ": " << why;
        EXPECT_EQ(m->event, InputEvent::keyRepeat(key)) << name;
        m = parseClientMessage(keyMessage("up", name), &why);
        ASSERT_TRUE(m) << name << ": " << why;
        EXPECT_EQ(m->event, InputEvent::keyUp(key)) << name;
    }
}

TEST(ServeKeyNames, AnUnknownOrNumericKeyIsAMalformedMessage) {
    for (const std::string& bad :
         {// keys a browser has that the lecture takes none of
          std::string(R"("CapsLock")"), std::string(R"("Numpad5")"), std::string(R"("F13")"),
          std::string(R"("IntlBackslash")"),
          // a name, but not as KeyboardEvent.code spells it
          std::string(R"("pagedown")"), std::string(R"("KeyR ")"), std::string(R"("R")"),
          std::string(R"("Unknown")"), std::string(R"("")"),
          // GLFW's numbers, as the protocol had them, and other kinds
          std::string("267"), std::string("82"), std::string(R"("267")"), std::string("null"),
          std::string(R"(["KeyR"])"), std::string("true")}) {
        const std::string message = R"({"t":"key","a":"down","k":)" + bad + R"(,"i":1})";
        std::string why;
        EXPECT_FALSE(parseClientMessage(message, &why)) << message;
        EXPECT_FALSE(why.empty()) << message;
    }
}

// The names the page is given (its keys to send) are the table's, each
// once: a key the page sends is one the server reads.
TEST(ServeKeyNames, ThePageIsGivenEveryNameTheServerReadsOnce) {
    const nlohmann::json names = nlohmann::json::parse(keyNamesJson());
    ASSERT_TRUE(names.is_array());
    std::set<std::string> given;
    for (const nlohmann::json& name : names) {
        ASSERT_TRUE(name.is_string());
        EXPECT_TRUE(given.insert(name.get<std::string>()).second) << name;
    }
    std::set<std::string> expected;
    for (const auto& [name, key] : keysByName()) {
        expected.insert(name);
        EXPECT_EQ(keyOfName(name), key) << name;
    }
    EXPECT_EQ(given, expected);
}

}  // namespace
}  // namespace heatlab
