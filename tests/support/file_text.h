#pragma once
// A whole file's bytes as a string, both ways, for tests that write inputs
// and compare what was written (empty when it cannot be read: the
// comparison then fails and says so).

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

// Replaces the file's contents with `text`, as an editor saving over it.
inline void writeFileText(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

}  // namespace heatlab
