#include "app/io/stop_signal.h"

#include <csignal>

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

const char* StopSignal::name() { return stopSignal == SIGTERM ? "SIGTERM" : "SIGINT"; }

}  // namespace heatlab
