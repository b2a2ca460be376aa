#pragma once
// Runs the heatlab binary as a user would and captures what it said.

#include <string>

struct CommandResult {
    int status = -1;  // exit status, or -1 when it did not exit normally
    int signal = 0;   // the signal that ended it, when one did
    std::string out;
    std::string err;
};

// The heatlab binary: the build's own, or $HEATLAB_BINARY when set (a test
// binary run on another machine, beside a copy of heatlab).
std::string heatlabBinary();

// `args` is appended to the binary's path as it is (shell words).
CommandResult runHeatlab(const std::string& args);

// As runHeatlab(), but SIGKILLed (signal 9 in the result) when it runs
// past `seconds`: for a run that might wait forever (a FIFO opened for
// reading, a signal ignored), so the test fails instead of hanging.
CommandResult runHeatlabWithin(const std::string& args, int seconds);
