#pragma once
// A whole file's bytes as a string, for tests that compare what was written
// (empty when it cannot be read: the comparison then fails and says so).

#include <fstream>
#include <sstream>
#include <string>

namespace heatlab {

inline std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace heatlab
