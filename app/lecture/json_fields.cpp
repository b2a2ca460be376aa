#include "app/lecture/json_fields.h"

#include <cstdio>
#include <cstdlib>

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

json parseJson(const std::string& text, const std::string& prefix) {
    try {
        return json::parse(text);
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
