#pragma once
// Reading a JSON file of the lecture's (a scene, a cue list) field by
// field, so that every problem is one line naming where it is: the helpers
// scene.cpp and cue_list.cpp share. Only the lecture's sources include it
// (nlohmann json is a private dependency of heatlab_lecture).

#include <cmath>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "kernels/base/errors.h"

namespace heatlab {

using nlohmann::json;

// What is wrong inside the file; the reader puts the file's name in front.
struct Problem : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "a whole number", "a string", ...: what a value is, for a message.
const char* typeName(const json& value);

// One JSON object of the file, `path` its place in it ("window.range"):
// every field is looked up through it, so a problem names where it is.
class Fields {
public:
    Fields(const json& object, std::string path) : object_(object), path_(std::move(path)) {}

    // Refuses a field the format does not have: a misspelt name would
    // otherwise be ignored and its value silently left at the default.
    void allowOnly(std::initializer_list<const char*> names) const {
        for (const auto& item : object_.items()) {
            bool known = false;
            for (const char* name : names) {
                known = known || item.key() == name;
            }
            if (!known) {
                throw Problem("unknown field " + where(item.key()));
            }
        }
    }

    bool has(const char* key) const { return object_.contains(key); }

    const json& at(const char* key) const {
        const auto it = object_.find(key);
        if (it == object_.end()) {
            throw Problem("missing field " + where(key));
        }
        return *it;
    }

    Fields object(const char* key) const {
        const json& value = typed(key, at(key).is_object(), "an object");
        return Fields(value, where(key));
    }
    std::string string(const char* key) const {
        return typed(key, at(key).is_string(), "a string").get<std::string>();
    }
    bool boolean(const char* key) const {
        return typed(key, at(key).is_boolean(), "true or false").get<bool>();
    }
    long long whole(const char* key) const {
        return typed(key, at(key).is_number_integer(), "a whole number").get<long long>();
    }
    // A finite number a float holds.
    float number(const char* key) const {
        const double value = typed(key, at(key).is_number(), "a number").get<double>();
        if (!std::isfinite(value) || std::fabs(value) > 3.0e38) {
            throw Problem(where(key) + " must be a finite float, got " + at(key).dump());
        }
        return static_cast<float>(value);
    }

    // A number checked by a command-line rule; its message gets the field's name.
    template <typename Check>
    auto checked(const char* key, Check check) const {
        const float value = number(key);
        try {
            return check(value);
        } catch (const UsageError& e) {
            throw Problem(where(key) + ": " + e.what());
        }
    }

    // The text parsed by a command-line parser; its message gets the field's name.
    template <typename Parse>
    auto parsed(const char* key, Parse parse) const {
        const std::string text = string(key);
        try {
            return parse(text);
        } catch (const UsageError& e) {
            throw Problem(where(key) + ": " + e.what());
        }
    }

    std::string where(const std::string& key) const {
        return path_.empty() ? key : path_ + "." + key;
    }

private:
    const json& typed(const char* key, bool ok, const char* expected) const {
        const json& value = at(key);
        if (!ok) {
            throw Problem(where(key) + " must be " + expected + ", got " + typeName(value));
        }
        return value;
    }

    const json& object_;
    std::string path_;
};

// The shortest decimal that reads back as the same float: the file says
// 0.1, not 0.100000001490116. For r it is rText()'s text whenever six digits
// are enough (0.24), and exact when they are not (the smallest r allowed).
std::string shortestText(float value);
double shortest(float value);

// `text` as JSON, or a UsageError of one line starting with `prefix`
// ("scene FILE: ") saying where it is not JSON.
json parseJson(const std::string& text, const std::string& prefix);

// Line breaks as spaces: a message stays one line.
std::string oneLine(std::string text);

}  // namespace heatlab
