#include "app/io/stop_signal.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "app/io/cleanup_list.h"

namespace heatlab {

namespace {

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kEndingCount = sizeof kEndingSignals / sizeof kEndingSignals[0];

volatile std::sig_atomic_t stopSignal = 0;
// Nested StopSignals (a window recording while serve runs) share the
// outermost's handlers.
int depth = 0;
bool installed = false;
// Those ignored when the program started: left ignored.
bool ignoredAtStart[kEndingCount] = {};
struct sigaction removeAndEnd = {};
struct sigaction stopRun = {};

void setHandlers(const struct sigaction& action) {
    for (int i = 0; i < kEndingCount; ++i) {
        if (!ignoredAtStart[i]) {
            sigaction(kEndingSignals[i], &action, nullptr);
        }
    }
}

// Async-signal-safe: removes what is listed, then ends the program as the
// signal's default action does (the signal is blocked while its handler
// runs, so the one raised here lands as the handler returns).
void onEndingSignal(int signal) {
    removeListedLeftovers();
    struct sigaction byDefault = {};
    byDefault.sa_handler = SIG_DFL;
    sigemptyset(&byDefault.sa_mask);
    sigaction(signal, &byDefault, nullptr);
    raise(signal);
}

void onStop(int signal) {
    const int savedErrno = errno;
    stopSignal = signal;
    // The next one is the user's insistence: it ends the program, after
    // removing what the run made.
    setHandlers(removeAndEnd);
    errno = savedErrno;
}

struct sigaction actionOf(void (*handler)(int)) {
    struct sigaction action = {};
    action.sa_handler = handler;
    // One handler at a time: a second signal waits for the first's
    // handler to return.
    sigemptyset(&action.sa_mask);
    for (int signal : kEndingSignals) {
        sigaddset(&action.sa_mask, signal);
    }
    return action;
}

// HEATLAB_TEST_STOP's items, each raised once.
struct TestStop {
    std::string signal;
    std::string point;
    bool raised = false;
};

std::vector<TestStop> parseTestStops(const std::string& text) {
    std::vector<TestStop> stops;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        const std::size_t at = item.find('@');
        if (at != std::string::npos) {
            stops.push_back({item.substr(0, at), item.substr(at + 1)});
        }
        start = comma + 1;
    }
    return stops;
}

int signalNamed(const std::string& name) {
    if (name == "SIGINT") {
        return SIGINT;
    }
    if (name == "SIGTERM") {
        return SIGTERM;
    }
    return name == "SIGHUP" ? SIGHUP : 0;
}

}  // namespace

void removeLeftoversOnSignals() {
    if (installed) {
        return;
    }
    installed = true;
    removeAndEnd = actionOf(onEndingSignal);
    stopRun = actionOf(onStop);
    for (int i = 0; i < kEndingCount; ++i) {
        struct sigaction atStart = {};
        sigaction(kEndingSignals[i], nullptr, &atStart);
        ignoredAtStart[i] = atStart.sa_handler == SIG_IGN;
    }
    setHandlers(removeAndEnd);
}

StopSignal::StopSignal() {
    removeLeftoversOnSignals();
    if (depth++ > 0) {
        return;
    }
    stopSignal = 0;
    setHandlers(stopRun);
}

StopSignal::~StopSignal() {
    if (--depth > 0) {
        return;
    }
    setHandlers(removeAndEnd);
}

bool StopSignal::requested() { return stopSignal != 0; }

const char* StopSignal::name() {
    switch (stopSignal) {
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "SIGINT";
    }
}

void StopSignal::testPoint(int reached) noexcept { testPoint(std::to_string(reached).c_str()); }

void StopSignal::testPoint(const char* point) noexcept {
    const char* asked = std::getenv("HEATLAB_TEST_STOP");
    if (asked == nullptr) {
        return;
    }
    std::vector<int> due;
    try {
        // Parsed again when the variable changes (a test process that
        // runs several stopped runs in turn). The recorder's thread
        // passes points too.
        static std::mutex mutex;
        static std::string parsedFrom;
        static std::vector<TestStop> stops;
        const std::lock_guard<std::mutex> lock(mutex);
        if (parsedFrom != asked) {
            parsedFrom = asked;
            stops = parseTestStops(parsedFrom);
        }
        for (TestStop& stop : stops) {
            if (!stop.raised && stop.point == point) {
                stop.raised = true;
                due.push_back(signalNamed(stop.signal));
            }
        }
    } catch (...) {
        return;  // out of memory in a test hook: no signal raised
    }
    for (int signal : due) {
        if (signal != 0) {
            std::raise(signal);
        }
    }
}

}  // namespace heatlab
