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
};

}  // namespace heatlab
