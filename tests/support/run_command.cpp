#include "tests/support/run_command.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/support/file_text.h"

std::string heatlabBinary() {
    // A test binary copied to another machine finds heatlab where it is told.
    const char* moved = std::getenv("HEATLAB_BINARY");
    return moved != nullptr && *moved != '\0' ? moved : HEATLAB_BINARY;
}

CommandResult runHeatlab(const std::string& args) {
    const std::string base = "/tmp/heatlab-test-" + std::to_string(::getpid());
    const std::string command =
        heatlabBinary() + " " + args + " >" + base + ".out 2>" + base + ".err";
    const int raw = std::system(command.c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = heatlab::fileText(base + ".out");
    result.err = heatlab::fileText(base + ".err");
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    return result;
}
