#pragma once
// Reading a JSON file of the lecture's (a scene, a cue list) field by
// field, so that every problem is one line naming where it is: the helpers
// scene.cpp and cue_list.cpp share. Only the lecture's sources include it
// (nlohmann json is a private dependency of heatlab_lecture).

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/i18n/message_text.h"
#include "app/io/value_parsers.h"
#include "kernels/base/errors.h"

namespace heatlab {

using nlohmann::json;

// What is wrong inside the file; the reader puts the file's name in front.
struct Problem : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "a whole number", "a string", ...: what a value is, for a message.
const char* typeName(const json& value);

// A refused value as the message shows it: its JSON text (a number as the
// file wrote it, in nlohmann's shortest form), cut to a short excerpt
// (app/i18n/message_text.h, as the command line's values are), so a refusal
// is one readable line whatever the file holds. Every message that quotes a
// value or a key quotes it through these.
std::string excerpt(const json& value);

// The deepest nesting a lecture's file is read with: a cue list nests four
// levels (cues, a cue, comparison, b), a scene three. Deeper is refused while
// parsing, before a value so deep exists to be printed or destroyed (either
// recurses once a level).
constexpr int kMaxJsonDepth = 16;

// One JSON object of the file, `path` its place in it ("window.range"):
// every field is looked up through it, so a problem names where it is.
class Fields {
public:
    Fields(const json& object, std::string path) : object_(object), path_(std::move(path)) {}

    // Refuses a field the format does not have: a misspelt name would
    // otherwise be ignored and its value silently left at the default.
    void allowOnly(std::initializer_list<const char*> names) const {
        allowOnly(std::vector<std::string>(names.begin(), names.end()));
    }
    void allowOnly(const std::vector<std::string>& names) const {
        for (const auto& item : object_.items()) {
            bool known = false;
            for (const std::string& name : names) {
                known = known || item.key() == name;
            }
            if (!known) {
                throw Problem(trf("unknown field %s", where(excerpt(item.key())).c_str()));
            }
        }
    }

    bool has(const char* key) const { return object_.contains(key); }

    const json& at(const char* key) const {
        const auto it = object_.find(key);
        if (it == object_.end()) {
            throw Problem(trf("missing field %s", where(key).c_str()));
        }
        return *it;
    }

    Fields object(const char* key) const {
        const json& value = typed(key, at(key).is_object(), tr("an object"));
        return Fields(value, where(key));
    }
    std::string string(const char* key) const {
        return typed(key, at(key).is_string(), tr("a string")).get<std::string>();
    }
    bool boolean(const char* key) const {
        return typed(key, at(key).is_boolean(), tr("true or false")).get<bool>();
    }
    // A whole number from `min` to `max`; `rule` says so in the message
    // ("from 1 to 10000"). A number past what a long long holds (nlohmann
    // keeps it unsigned) is refused as too large, not wrapped.
    long long whole(const char* key, long long min, long long max, const std::string& rule) const {
        const json& value = typed(key, at(key).is_number_integer(), tr("a whole number"));
        const bool fits =
            !value.is_number_unsigned() ||
            value.get<unsigned long long>() <=
                static_cast<unsigned long long>(std::numeric_limits<long long>::max());
        const long long whole = fits ? value.get<long long>() : 0;
        if (!fits || whole < min || whole > max) {
            throw Problem(whole > max || !fits
                              ? trf("%s must be %s, got %s (too large)", where(key).c_str(),
                                    rule.c_str(), excerpt(value).c_str())
                              : trf("%s must be %s, got %s", where(key).c_str(), rule.c_str(),
                                    excerpt(value).c_str()));
        }
        return whole;
    }
    // A finite number, as a double (a time, a rate): what the file wrote.
    double real(const char* key) const {
        const json& value = typed(key, at(key).is_number(), tr("a number"));
        const double number = value.get<double>();
        if (!std::isfinite(number)) {
            throw Problem(trf("%s must be a finite number, got %s", where(key).c_str(),
                              excerpt(value).c_str()));
        }
        return number;
    }
    // A number a float holds: finite, within a float's range, and not so
    // small that it would read as 0 (1e-300 is refused, not made 0).
    float number(const char* key) const {
        const double value = real(key);
        if (std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max()) ||
            (value != 0.0 && static_cast<float>(value) == 0.0f)) {
            throw Problem(
                trf("%s must be a number a float holds (0, or from 1e-45 to 3.4e38 "
                    "either side of it), got %s",
                    where(key).c_str(), excerpt(at(key)).c_str()));
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
    // A text longer than any value is shown to the parser as its excerpt,
    // which no parser accepts: the message says what is allowed, and quotes
    // a few characters, not a megabyte.
    template <typename Parse>
    auto parsed(const char* key, Parse parse) const {
        const std::string text = string(key);
        try {
            return parse(text.size() > kMaxExcerpt ? excerpt(text) : text);
        } catch (const UsageError& e) {
            throw Problem(where(key) + ": " + e.what());
        }
    }

    // One of `choices` by its name() as the command line spells it.
    template <typename Enum>
    Enum choice(const char* key, const std::vector<Enum>& choices) const {
        return parsed(key, [&choices](const std::string& t) { return parseChoice(t, choices); });
    }

    // The value at `key` as a message quotes it (excerpt()).
    std::string shown(const char* key) const { return excerpt(at(key)); }

    // Where this object is in the file ("" at the top).
    const std::string& path() const { return path_; }
    std::string where(const std::string& key) const {
        return path_.empty() ? key : path_ + "." + key;
    }

private:
    const json& typed(const char* key, bool ok, const char* expected) const {
        const json& value = at(key);
        if (!ok) {
            throw Problem(
                trf("%s must be %s, got %s", where(key).c_str(), expected, typeName(value)));
        }
        return value;
    }

    const json& object_;
    std::string path_;
};

// The shortest decimal that reads back as the same float, as a number the
// file writes (shortestText(), kernels/numerics/params.h): the file says 0.1,
// not 0.100000001490116.
double shortest(float value);

// `text` as JSON, or a UsageError of one line starting with `prefix`
// ("scene FILE: ") saying where it is not JSON, where it nests deeper than
// kMaxJsonDepth, or which key an object has twice (nlohmann would keep the
// last without a word, so a file would not mean what it seems to say).
json parseJson(const std::string& text, const std::string& prefix);
// How many texts parseJson() has been given in this process: the tests
// count that a cue list's scenes are parsed as the list is read, never as
// its cues play.
std::size_t jsonTextsParsed();

// The file's version field `key` ("heatlab_scene"), which must be a whole
// number from 1 to `newest` (a newer heatlab still reads every older
// version), returned; `what` names the kind of file ("scene", "cue list").
int checkVersion(const json& root, const char* key, int newest, const std::string& what);

// Line breaks as spaces: a message stays one line.
std::string oneLine(std::string text);

}  // namespace heatlab
