#include "app/lecture/json_fields.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <vector>

#include "app/i18n/utf8.h"

namespace heatlab {

const char* typeName(const json& value) {
    if (value.is_number_integer()) {
        return "a whole number";
    }
    if (value.is_number()) {
        return "a number";
    }
    if (value.is_string()) {
        return "a string";
    }
    if (value.is_boolean()) {
        return "true or false";
    }
    if (value.is_object()) {
        return "an object";
    }
    if (value.is_array()) {
        return "an array";
    }
    return "null";
}

std::string excerpt(const std::string& text) {
    if (text.size() <= kMaxExcerpt) {
        return text;
    }
    // Cut where a character starts: never half of a UTF-8 sequence.
    const std::size_t cut = characterStart(text, kMaxExcerpt);
    return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
}

std::string excerpt(const json& value) {
    // Bounded recursion: parseJson() refused anything nested deeper than
    // kMaxJsonDepth. Invalid UTF-8 cannot be in a parsed value, but a
    // replacement character is still better than an exception here.
    return excerpt(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

int checkVersion(const json& root, const char* key, int newest, const std::string& what) {
    const std::string expected = newest == 1 ? std::string("1") : "1 to " + std::to_string(newest);
    if (!root.contains(key)) {
        throw Problem("not a heatlab " + what + ": no \"" + key + "\" version field");
    }
    const json& value = root.at(key);
    if (!value.is_number()) {
        throw Problem("the " + what + " version \"" + key + "\" must be the number " + expected +
                      (newest == 1 ? " (the version" : " (the versions") +
                      " this heatlab reads), got " + typeName(value) + " " + excerpt(value));
    }
    if (!value.is_number_integer() || value < json(1) || value > json(newest)) {
        throw Problem("unsupported " + what + " version " + excerpt(value) +
                      " (this heatlab reads " + expected + ")");
    }
    return value.get<int>();
}

std::string shortestText(float value) {
    char text[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
        if (std::strtof(text, nullptr) == value) {
            break;
        }
    }
    return text;
}

double shortest(float value) { return std::strtod(shortestText(value).c_str(), nullptr); }

std::string oneLine(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return text;
}

namespace {

// What parseJson() checks as nlohmann parses: the depth, and each object's
// keys seen once. nlohmann calls it at every object, array, key and value,
// so it knows where in the file it is: the place a refusal names, in the
// readers' words ("cue 2.comparison").
class StructureCheck {
public:
    bool operator()(int depth, json::parse_event_t event, const json& parsed) {
        using Event = json::parse_event_t;
        switch (event) {
        case Event::object_start:
        case Event::array_start:
            countItem();
            if (depth >= kMaxJsonDepth) {
                throw Problem("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels" +
                              place() + " (a heatlab file nests at most 4)");
            }
            frames_.push_back({event == Event::object_start, {}, {}, 0});
            break;
        case Event::key: {
            Frame& frame = frames_.back();
            frame.key = parsed.get<std::string>();
            if (!frame.keys.insert(frame.key).second) {
                frames_.pop_back();  // the place is the object holding the key
                throw Problem("the key \"" + excerpt(parsed.get<std::string>()) +
                              "\" appears twice" + place() +
                              " (each key once: which one counts would be a guess)");
            }
            break;
        }
        case Event::value: countItem(); break;
        case Event::object_end:
        case Event::array_end: frames_.pop_back(); break;
        }
        return true;
    }

private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string key;  // the key whose value is being read
        int items;        // an array's items so far
    };

    void countItem() {
        if (!frames_.empty() && !frames_.back().object) {
            ++frames_.back().items;
        }
    }

    // " in cue 2.comparison", or "" at the top.
    std::string place() const {
        std::string path;
        for (const Frame& frame : frames_) {
            if (frame.object) {
                if (!frame.key.empty()) {
                    path += (path.empty() ? "" : ".") + excerpt(frame.key);
                }
            } else if (path == "cues") {
                path = "cue " + std::to_string(frame.items);
            } else {
                path += "[" + std::to_string(frame.items) + "]";
            }
        }
        return path.empty() ? "" : " in " + path;
    }

    std::vector<Frame> frames_;
};

}  // namespace

json parseJson(const std::string& text, const std::string& prefix) {
    StructureCheck check;
    try {
        return json::parse(text, std::ref(check));
    } catch (const Problem& e) {
        throw UsageError(oneLine(prefix + e.what()));
    } catch (const json::exception& e) {
        // A syntax error, or a number no double holds (1e309: out_of_range,
        // not a parse_error). nlohmann's message starts with its own tag;
        // the rest says where.
        std::string why = e.what();
        const auto tag = why.find("] ");
        if (tag != std::string::npos) {
            why = why.substr(tag + 2);
        }
        throw UsageError(oneLine(prefix + "not valid JSON (" + why + ")"));
    }
}

}  // namespace heatlab
