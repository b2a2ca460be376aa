#pragma once
// Ctrl+C (SIGINT) or SIGTERM while a recording is open must not end the
// program with the video half-written: while a StopSignal lives, those
// signals only set a flag that the recording's loop reads, and the loop
// finishes the file or removes it. A second signal, when the loop takes
// too long to notice, ends the program as usual (the previous handlers
// come back after the first).

namespace heatlab {

class StopSignal {
public:
    StopSignal();
    ~StopSignal();  // the previous handlers again
    StopSignal(const StopSignal&) = delete;
    StopSignal& operator=(const StopSignal&) = delete;

    // Whether SIGINT or SIGTERM came since the first StopSignal was made
    // (and which, for saying so).
    static bool requested();
    static const char* name();

    // For the tests of a stopped run, exact where a timed kill() is not:
    // with HEATLAB_TEST_STOP=SIGINT@N (or SIGTERM@N) in the environment, a
    // run raises that signal when it passes its test point with `reached`
    // equal to N (a record, after its Nth picture). Nothing else reads the
    // variable; without it this does nothing.
    static void testPoint(int reached);
};

}  // namespace heatlab
