#pragma once
// A disk that fills up part-way through a write, on demand, for the tests
// of what a full disk does to an output (the previous file must survive,
// the message must name the file and the cause). A real full disk cannot
// be had everywhere the tests run (a small tmpfs needs a mount), and where
// it can, when it fills is not up to the test; this is exact.
//
// While one lives, every write of an output file (writeOutputFile(), so
// every picture, result and scene) takes `bytesThatFit` bytes of its
// contents and then fails with ENOSPC, as write() does on a full disk.
// Process-wide: make one on the thread that writes, with no write running.

#include <cstddef>

namespace heatlab {

class SimulatedFullDisk {
public:
    explicit SimulatedFullDisk(std::size_t bytesThatFit);
    ~SimulatedFullDisk();
    SimulatedFullDisk(const SimulatedFullDisk&) = delete;
    SimulatedFullDisk& operator=(const SimulatedFullDisk&) = delete;

    std::size_t bytesThatFit() const { return bytesThatFit_; }

    // The one alive, or nullptr: what the output helper asks before writing.
    static const SimulatedFullDisk* active();

private:
    std::size_t bytesThatFit_;
    const SimulatedFullDisk* previous_;
};

}  // namespace heatlab
