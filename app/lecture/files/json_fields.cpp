#include "app/lecture/files/json_fields.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <vector>

#include "app/i18n/translation.h"
#include "app/i18n/utf8.h"

namespace heatlab {

const char* typeName(const json& value) {
    if (value.is_number_integer()) {
        return tr("a whole number");
    }
    if (value.is_number()) {
        return tr("a number");
    }
    if (value.is_string()) {
        return tr("a string");
    }
    if (value.is_boolean()) {
        return tr("true or false");
    }
    if (value.is_object()) {
        return tr("an object");
    }
    if (value.is_array()) {
        return tr("an array");
    }
    return "null";
}

std::string excerpt(const json& value) {
    // Bounded recursion: parseJson() refused anything nested deeper than
    // kMaxJsonDepth. Invalid UTF-8 cannot be in a parsed value, but a
    // replacement character is still better than an exception here.
    return excerpt(value.dump(-1, ' ', false, json::error_handler_t::replace));
}

int checkVersion(const json& root, const char* key, int newest, const std::string& what) {
    const std::string expected = newest == 1 ? std::string("1") : trf("1 to %d", newest);
    if (!root.contains(key)) {
        throw Problem(trf("not a heatlab %s: no \"%s\" version field", what.c_str(), key));
    }
    const json& value = root.at(key);
    if (!value.is_number()) {
        throw Problem(
            newest == 1
                ? trf("the %s version \"%s\" must be the number %s (the version this heatlab "
                      "reads), got %s %s",
                      what.c_str(), key, expected.c_str(), typeName(value), excerpt(value).c_str())
                : trf("the %s version \"%s\" must be the number %s (the versions this heatlab "
                      "reads), got %s %s",
                      what.c_str(), key, expected.c_str(), typeName(value),
                      excerpt(value).c_str()));
    }
    if (!value.is_number_integer() || value < json(1) || value > json(newest)) {
        throw Problem(trf("unsupported %s version %s (this heatlab reads %s)", what.c_str(),
                          excerpt(value).c_str(), expected.c_str()));
    }
    return value.get<int>();
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
                throw Problem(trf("nested deeper than %d levels%s (a heatlab file nests at most 4)",
                                  kMaxJsonDepth, place().c_str()));
            }
            frames_.push_back({event == Event::object_start, {}, {}, 0});
            break;
        case Event::key: {
            Frame& frame = frames_.back();
            frame.key.clear();  // the place is the object holding the key
            if (hasNul(parsed)) {
                throw Problem(
                    trf("a key of %s holds a NUL character (\\u0000): the text would end there",
                        placeOrFile().c_str()));
            }
            frame.key = parsed.get<std::string>();
            if (!frame.keys.insert(frame.key).second) {
                frames_.pop_back();  // the place is the object holding the key
                throw Problem(
                    trf("the key \"%s\" appears twice%s (each key once: which one "
                        "counts would be a guess)",
                        excerpt(parsed.get<std::string>()).c_str(), place().c_str()));
            }
            break;
        }
        case Event::value:
            countItem();
            if (hasNul(parsed)) {
                throw Problem(trf("%s holds a NUL character (\\u0000): the text would end there",
                                  placeOrFile().c_str()));
            }
            break;
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

    // An escaped NUL (\u0000) in any text of the file: a caption, a title
    // or a file's name would be cut there wherever it is shown or opened,
    // so the file would not say what it seems to.
    static bool hasNul(const json& parsed) {
        return parsed.is_string() &&
               parsed.get_ref<const std::string&>().find('\0') != std::string::npos;
    }

    void countItem() {
        if (!frames_.empty() && !frames_.back().object) {
            ++frames_.back().items;
        }
    }

    // " in cue 2.comparison", or "" at the top.
    std::string place() const {
        const std::string path = pathHere();
        return path.empty() ? "" : trf(" in %s", path.c_str());
    }
    // "cue 2.comparison", or "the file" at the top.
    std::string placeOrFile() const {
        const std::string path = pathHere();
        return path.empty() ? std::string(tr("the file")) : path;
    }

    std::string pathHere() const {
        std::string path;
        for (const Frame& frame : frames_) {
            if (frame.object) {
                if (!frame.key.empty()) {
                    path += (path.empty() ? "" : ".") + excerpt(frame.key);
                }
            } else if (path == "cues") {
                path = trf("cue %d", frame.items);
            } else {
                path += "[" + std::to_string(frame.items) + "]";
            }
        }
        return path;
    }

    std::vector<Frame> frames_;
};

std::atomic<std::size_t> textsParsed{0};

}  // namespace

std::size_t jsonTextsParsed() { return textsParsed.load(); }

json parseJson(const std::string& text, const std::string& prefix) {
    ++textsParsed;
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
        throw UsageError(oneLine(prefix + trf("not valid JSON (%s)", why.c_str())));
    }
}

}  // namespace heatlab
