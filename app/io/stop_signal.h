#pragma once
// The signals that end a run: Ctrl+C (SIGINT), SIGTERM, and SIGHUP (the
// terminal closed, the ssh connection dropped: the usual end of a remote
// run). None of them may leave behind what the run made.
//
// While a StopSignal lives (a recording, a record, the served lecture),
// the first of them only sets a flag that the run's loop reads: the loop
// finishes its file or removes what it made, and says so. Any later one
// (the impatient second Ctrl+C), or one that comes while no StopSignal
// lives, removes everything on the clean-up list (cleanup_list.h) in the
// handler and then ends the program as that signal does by default.
//
// A signal that was ignored when the program started stays ignored: nohup
// ignores SIGHUP so that the run goes on, and a shell ignores SIGINT for
// its background jobs.

namespace heatlab {

// Installs the clean-up handlers: once, as the program starts, before it
// makes anything (main), so that nothing made during start-up is left by
// a Ctrl+C either. A StopSignal installs them too when none are (a test
// that runs a recording in-process).
void removeLeftoversOnSignals();

class StopSignal {
public:
    StopSignal();
    ~StopSignal();  // the clean-up handlers again
    StopSignal(const StopSignal&) = delete;
    StopSignal& operator=(const StopSignal&) = delete;

    // Whether SIGINT, SIGTERM or SIGHUP came since the first StopSignal was
    // made (and which, for saying so).
    static bool requested();
    static const char* name();

    // For the tests of a stopped run, exact where a timed kill() is not:
    // with HEATLAB_TEST_STOP=SIGNAL@POINT[,SIGNAL@POINT...] in the
    // environment (SIGINT, SIGTERM or SIGHUP), a run raises SIGNAL when it
    // passes POINT, once for each item. The points:
    //   N           a record, after its Nth picture;
    //   frame-N     `shot --video`, after its Nth frame was queued;
    //   start-up    serve, listening, its lecture made, before a signal
    //               stops its loop rather than the program;
    //   clean-up    inside a run's clean-up, after its first removal (or
    //               before its only one; serve: after its loop): a second
    //               signal there must still leave nothing.
    // Nothing else reads the variable; without it this does nothing.
    static void testPoint(int reached) noexcept;
    static void testPoint(const char* point) noexcept;
};

}  // namespace heatlab
