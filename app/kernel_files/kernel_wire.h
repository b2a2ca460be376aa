#pragma once
// What the lecture and a class kernel's checking process say to each other
// over the socket pair between them: fixed-size records, then the bytes
// they announce. One request, one reply, in turn; the field itself never
// crosses the socket (the memory they share holds it: guarded_fields.h).

#include <cstddef>
#include <cstdint>
#include <string>

namespace heatlab {

enum class KernelOp : std::uint32_t {
    // Compile the source that follows and check the kernel (on the grid
    // nx x ny too, where nx > 0); the reply's text says why not.
    Load = 1,
    // One step of the shared region's `in` into its `out` on grid nx x ny
    // (the region regionBytes long; for a CUDA kernel, the two device grids
    // the handles name), checking the grid first where it is new and small
    // enough.
    Step = 2,
};

struct KernelRequest {
    std::uint32_t op = 0;
    std::int32_t nx = 0;
    std::int32_t ny = 0;
    std::int32_t boundary = 0;
    float r = 0.0f;
    std::uint32_t sourceBytes = 0;
    std::uint64_t regionBytes = 0;
    // A CUDA kernel's: the lecture's device (Load), and its two shared
    // grids as CUDA IPC memory handles (Step).
    std::int32_t device = 0;
    // A Load made while a lecture runs (a save of the file): compiled and
    // checked at a lower priority than the lecture's frames.
    std::int32_t background = 0;
    unsigned char inHandle[64] = {};
    unsigned char outHandle[64] = {};
};

enum class KernelAnswer : std::int32_t {
    Done = 0,     // the text: what was done (compile and check times)
    Refused = 1,  // the text: one line why, then the compiler's lines
    Fault = 2,    // the process is ending: the text says what happened
    // The kernel is fine as far as could be seen, but cannot run here (no
    // NVRTC, no CUDA device): the text says why, in one line.
    Unavailable = 3,
};

struct KernelReply {
    std::int32_t answer = 0;
    std::uint32_t textBytes = 0;
    // After the text: what the panel shows besides it, as lines of text
    // (kernel_facts.h): how the version was built, or where it was wrong.
    std::uint32_t factsBytes = 0;
};

// The most text a reply carries: the compiler's 200 lines fit.
constexpr std::uint32_t kKernelReplyMaxText = 64 * 1024;
// The most facts: a wrong kernel's picture (160 x 160 characters) fits.
constexpr std::uint32_t kKernelReplyMaxFacts = 64 * 1024;

// Writes all of `bytes` to `fd` (a socket: no SIGPIPE where the other
// side is gone); false when it could not.
bool sendAll(int fd, const void* bytes, std::size_t size);

// Reads exactly `size` bytes from `fd`, waiting at most until
// `deadline` (a CLOCK_MONOTONIC time in seconds; 0: no limit). Returns
// false at the end of the stream or the deadline (`*timedOut` says which).
bool receiveAll(int fd, void* bytes, std::size_t size, double deadline, bool* timedOut);

// A reply with its text and facts, as one write.
bool sendReply(int fd, KernelAnswer answer, const std::string& text, const std::string& facts = "");

// CLOCK_MONOTONIC now, in seconds.
double monotonicSeconds();

}  // namespace heatlab
