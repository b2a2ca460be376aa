#include "app/io/stop_signal.h"

#include <csignal>
#include <cstdlib>
#include <string>

namespace heatlab {

namespace {

volatile std::sig_atomic_t stopSignal = 0;
// Nested StopSignals (a window recording twice) keep the outermost's saved
// handlers.
int depth = 0;
struct sigaction previousInt = {};
struct sigaction previousTerm = {};

void onStop(int signal) {
    stopSignal = signal;
    // The next one is the user's insistence: the default action again.
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

}  // namespace

StopSignal::StopSignal() {
    if (depth++ > 0) {
        return;
    }
    stopSignal = 0;
    struct sigaction action = {};
    action.sa_handler = onStop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
}

StopSignal::~StopSignal() {
    if (--depth > 0) {
        return;
    }
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGTERM, &previousTerm, nullptr);
}

bool StopSignal::requested() { return stopSignal != 0; }

void StopSignal::testPoint(int reached) {
    const char* asked = std::getenv("HEATLAB_TEST_STOP");
    if (asked == nullptr) {
        return;
    }
    const std::string text = asked;
    const std::size_t at = text.find('@');
    if (at == std::string::npos || text.substr(at + 1) != std::to_string(reached)) {
        return;
    }
    const std::string signal = text.substr(0, at);
    if (signal == "SIGINT") {
        std::raise(SIGINT);
    } else if (signal == "SIGTERM") {
        std::raise(SIGTERM);
    }
}

const char* StopSignal::name() { return stopSignal == SIGTERM ? "SIGTERM" : "SIGINT"; }

}  // namespace heatlab
