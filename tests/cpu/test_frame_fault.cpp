// The lecture's test hook (app/lecture/run/frame_fault.h): what
// HEATLAB_TEST_FRAME_FAULT may say, and which calls of the backend it wraps
// fail: one stepping call, every one from the N-th, or, once the device is
// "lost", every call that reaches the field, as after a CUDA sticky error.

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/lecture/run/frame_fault.h"
#include "kernels/base/errors.h"
#include "kernels/cpu/cpu_backend.h"
#include "kernels/simulation.h"

namespace heatlab {
namespace {

Params small() {
    Params params;
    params.grid = {21, 13};
    params.kernel = Kernel::Global;
    return params;
}

// Which of `frames` one-step frames failed: "." ran, "x" a RuntimeError,
// "L" a DeviceLostError.
std::string framesOf(const std::string& fault, int frames) {
    Simulation simulation(
        std::make_unique<FaultingBackend>(std::make_unique<CpuBackend>(), parseFrameFault(fault)),
        small());
    std::string seen;
    for (int i = 0; i < frames; ++i) {
        try {
            simulation.advance(1);
            seen += '.';
        } catch (const DeviceLostError&) {
            seen += 'L';
        } catch (const RuntimeError&) {
            seen += 'x';
        }
    }
    return seen;
}

TEST(FrameFault, OneFrameAlwaysOrTheDeviceLostFromTheNth) {
    EXPECT_EQ(framesOf("step", 4), "x...");
    EXPECT_EQ(framesOf("step@3", 5), "..x..");
    EXPECT_EQ(framesOf("always@3", 5), "..xxx");
    EXPECT_EQ(framesOf("lost@2", 4), ".LLL");
}

TEST(FrameFault, ALostDeviceFailsEveryCallThatReachesTheField) {
    FaultingBackend backend(std::make_unique<CpuBackend>(), parseFrameFault("lost@1"));
    std::vector<float> field(small().grid.cells());
    backend.upload(small().grid, field.data(), Boundary::Dirichlet);
    EXPECT_THROW(backend.stepMany(Kernel::Global, 1, 0.2f), DeviceLostError);
    EXPECT_THROW(backend.copyToHost(field.data(), HostMemory::Pageable), DeviceLostError);
    EXPECT_THROW(backend.synchronize(), DeviceLostError);
    EXPECT_THROW(backend.upload(small().grid, field.data(), Boundary::Dirichlet), DeviceLostError);
    EXPECT_THROW(backend.maxAbs(), DeviceLostError);
    EXPECT_THROW(backend.requestMeasures(1, false), DeviceLostError);
    EXPECT_EQ(backend.facts().name, "cpu") << "otherwise the backend it wraps";
}

TEST(FrameFault, AValueItCannotReadIsAUsageErrorNamingTheVariable) {
    EXPECT_EQ(parseFrameFault("always@12").at, 12);
    EXPECT_EQ(parseFrameFault("lost").kind, FrameFault::Kind::Lost);
    for (const char* bad : {"", "stepp", "step@", "step@0", "step@-2", "step@3x", "lost@ 2"}) {
        try {
            (void)parseFrameFault(bad);
            ADD_FAILURE() << "'" << bad << "' was read";
        } catch (const UsageError& e) {
            EXPECT_EQ(std::string(e.what()),
                      std::string("HEATLAB_TEST_FRAME_FAULT=") + bad +
                          ": give step, always or lost, each optionally with @N (N >= 1)");
        }
    }
}

}  // namespace
}  // namespace heatlab
