#pragma once
// Generated structure for the readers of the lecture's files (cue lists and
// scenes): valid cues of every field, and the edits byte mutation rarely
// makes (nesting past the limit, a key twice, a number past what a long long
// or a float holds, a field of another type, a hostile scene file), so the
// fuzzers and the property test reach what a stranger's file can hold.

#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace heatlab {

class JsonGenerator {
public:
    using json = nlohmann::json;

    explicit JsonGenerator(unsigned seed) : random_(seed) {}

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
    bool chance(int percent) { return pick(100) < percent; }

    // A cue the reader accepts, with a random choice of its fields; its
    // scene, if any, one of `scenes`. Short: its "until" is a step count
    // within a few frames, or none.
    json validCue(const std::vector<std::string>& scenes) {
        json cue = json::object();
        if (chance(60)) {
            cue["caption"] = "cue " + std::to_string(pick(1000));
        }
        if (!scenes.empty() && chance(30)) {
            cue["scene"] = scenes[static_cast<std::size_t>(pick(static_cast<int>(scenes.size())))];
        }
        // Kernels every backend runs: a cue's "tiled" on the CPU backend is
        // refused only when it plays (exit 2 mid-lecture), found by the
        // property test in tests/gl/test_cue_list.cpp and still open.
        const char* kernels[] = {"optimised", "global", "optimised"};
        const char* paces[] = {"fixed", "fit-30fps", "steps-per-second"};
        const char* paths[] = {"interop", "via-host"};
        const char* maps[] = {"heat", "diverging", "grey"};
        const char* scales[] = {"linear", "signed-log"};
        const char* loupes[] = {"auto", "on", "off"};
        const char* backends[] = {"auto", "cpu"};
        if (chance(30))
            cue["reset"] = chance(50);
        if (chance(40))
            cue["r"] = 0.05 + 0.01 * pick(22);
        if (chance(20))
            cue["kernel"] = kernels[pick(3)];
        if (chance(10))
            cue["backend"] = backends[pick(2)];
        if (chance(20))
            cue["running"] = chance(70);
        if (chance(30))
            cue["steps_per_frame"] = 1 + pick(20);
        if (chance(15))
            cue["pace"] = paces[pick(3)];
        if (chance(15))
            cue["steps_per_second"] = 1 + pick(1000);
        if (chance(15))
            cue["explosion_pace"] = 0.5 * pick(5);
        if (chance(15))
            cue["copy_every"] = pick(4);
        if (chance(15))
            cue["pinned"] = chance(50);
        if (chance(15))
            cue["display_path"] = paths[pick(2)];
        if (chance(20))
            cue["colormap"] = maps[pick(3)];
        if (chance(20))
            cue["scale"] = scales[pick(2)];
        if (chance(15))
            cue["loupe"] = loupes[pick(3)];
        if (chance(10))
            cue["surface"] = chance(50);
        if (chance(10)) {
            cue["comparison"] = {{"split", true}, {"b", {{"r", chance(50) ? "0.26" : "0.2"}}}};
        }
        if (chance(15))
            cue["ramp_r"] = {{"to", 0.1 + 0.01 * pick(16)}, {"seconds", 1 + pick(5)}};
        if (chance(50))
            cue["until"] = {{"step", 1 + pick(150)}};
        if (chance(30))
            cue["then"] = chance(50) ? "next" : "wait";
        if (chance(10))
            cue["bandwidth"] = false;
        if (chance(10))
            cue["screenshot"] = chance(50);
        return cue;
    }

    json validList(const std::vector<std::string>& scenes, int most) {
        json cues = json::array();
        const int count = 1 + pick(most);
        for (int i = 0; i < count; ++i) {
            cues.push_back(validCue(scenes));
        }
        return {{"heatlab_cues", 1}, {"title", "generated"}, {"cues", cues}};
    }

    // `doc` with one to three structural edits, as text: a value swapped
    // for one of another type or past a number's range, nested deep, or a
    // key given twice.
    std::string edited(json doc, const std::vector<std::string>& hostileStrings) {
        const int edits = 1 + pick(3);
        std::vector<std::pair<std::string, std::string>> placeholders;
        for (int i = 0; i < edits; ++i) {
            std::vector<json::json_pointer> values;
            std::vector<json::json_pointer> objects;
            collect(doc, json::json_pointer(), values, objects);
            const std::string mark = "@@" + std::to_string(i) + "@@";
            if (values.size() < 2 || objects.empty()) {
                break;
            }
            // Not the whole document (the top is refused for its type alone).
            const json::json_pointer& value =
                values[1 + static_cast<std::size_t>(pick(static_cast<int>(values.size()) - 1))];
            switch (pick(4)) {
            case 0:  // a value of another type, or past its range
                doc[value] = json::parse(anyValueText(hostileStrings));
                break;
            case 1:  // a value nested deep
                doc[value] = mark;
                placeholders.push_back({"\"" + mark + "\"", nested()});
                break;
            case 2: {  // a key twice
                const auto& at =
                    objects[static_cast<std::size_t>(pick(static_cast<int>(objects.size())))];
                json& object = doc[at];
                if (object.empty()) {
                    break;
                }
                auto item = object.begin();
                std::advance(item, pick(static_cast<int>(object.size())));
                const std::string key = item.key();
                object[mark] =
                    chance(50) ? item.value() : json::parse(anyValueText(hostileStrings));
                placeholders.push_back({"\"" + mark + "\"", json(key).dump()});
                break;
            }
            default:  // a hostile string where a value is
                doc[value] = hostileStrings[static_cast<std::size_t>(
                    pick(static_cast<int>(hostileStrings.size())))];
                break;
            }
        }
        std::string text = doc.dump();
        for (const auto& [mark, replacement] : placeholders) {
            const auto at = text.find(mark);
            if (at != std::string::npos) {
                text.replace(at, mark.size(), replacement);
            }
        }
        return text;
    }

    // A JSON value's text of any type, numbers past every range included.
    std::string anyValueText(const std::vector<std::string>& strings) {
        static const char* const kValues[] = {"null",
                                              "true",
                                              "false",
                                              "0",
                                              "-1",
                                              "1",
                                              "2147483647",
                                              "2147483648",
                                              "-2147483649",
                                              "9223372036854775807",
                                              "9223372036854775808",
                                              "18446744073709551615",
                                              "18446744073709551616",
                                              "-9223372036854775808",
                                              "-9223372036854775809",
                                              "1e-300",
                                              "-1e-300",
                                              "1e-45",
                                              "1e39",
                                              "-1e39",
                                              "1.7e308",
                                              "0.25",
                                              "20",
                                              "2e1",
                                              "-0.0",
                                              "[]",
                                              "{}",
                                              "[1, 2]",
                                              "{\"a\": 1}",
                                              "\"\"",
                                              "\"1\"",
                                              "\"0.24\"",
                                              "\"cuda\"",
                                              "\"auto\""};
        if (chance(20)) {
            return json(strings[static_cast<std::size_t>(pick(static_cast<int>(strings.size())))])
                .dump();
        }
        if (chance(3)) {
            return json(std::string(static_cast<std::size_t>(2000 + pick(100000)), 'x')).dump();
        }
        return kValues[pick(static_cast<int>(sizeof kValues / sizeof kValues[0]))];
    }

    // Arrays or objects nested a few levels, past the limit, or far past it.
    std::string nested() {
        const int depths[] = {1, 3, 12, 15, 16, 17, 40, 1000, 100000};
        const int depth = depths[pick(9)];
        const bool arrays = chance(50);
        std::string open = arrays ? "[" : "{\"a\":";
        std::string text;
        text.reserve(static_cast<std::size_t>(depth) * 6 + 4);
        for (int i = 0; i < depth; ++i) {
            text += open;
        }
        text += "1";
        text.append(static_cast<std::size_t>(depth), arrays ? ']' : '}');
        return text;
    }

private:
    static void collect(const json& value, const json::json_pointer& at,
                        std::vector<json::json_pointer>& values,
                        std::vector<json::json_pointer>& objects) {
        values.push_back(at);
        if (value.is_object()) {
            objects.push_back(at);
            for (const auto& item : value.items()) {
                collect(item.value(), at / item.key(), values, objects);
            }
        } else if (value.is_array()) {
            for (std::size_t i = 0; i < value.size(); ++i) {
                collect(value[i], at / i, values, objects);
            }
        }
    }

    std::mt19937 random_;
};

}  // namespace heatlab
