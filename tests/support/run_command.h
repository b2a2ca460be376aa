#pragma once
// Runs the heatlab binary as a user would and captures what it said.

#include <string>

struct CommandResult {
    int status = -1;  // exit status, or -1 when it did not exit normally
    std::string out;
    std::string err;
};

// `args` is appended to the binary's path as it is (shell words).
CommandResult runHeatlab(const std::string& args);
