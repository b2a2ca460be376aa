#include "app/io/simulated_full_disk.h"

namespace heatlab {

namespace {

const SimulatedFullDisk*& current() {
    static const SimulatedFullDisk* disk = nullptr;
    return disk;
}

}  // namespace

SimulatedFullDisk::SimulatedFullDisk(std::size_t bytesThatFit)
    : bytesThatFit_(bytesThatFit), previous_(current()) {
    current() = this;
}

// Nested ones unwind in order: the outer one is in force again.
SimulatedFullDisk::~SimulatedFullDisk() { current() = previous_; }

const SimulatedFullDisk* SimulatedFullDisk::active() { return current(); }

}  // namespace heatlab
