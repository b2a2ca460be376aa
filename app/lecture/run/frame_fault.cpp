#include "app/lecture/run/frame_fault.h"

#include <cstdlib>
#include <utility>

#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

FrameFault parseFrameFault(const std::string& text) {
    FrameFault fault;
    fault.text = text;
    const std::size_t at = text.find('@');
    const std::string kind = text.substr(0, at);
    bool read = true;
    if (kind == "step") {
        fault.kind = FrameFault::Kind::Step;
    } else if (kind == "always") {
        fault.kind = FrameFault::Kind::Always;
    } else if (kind == "lost") {
        fault.kind = FrameFault::Kind::Lost;
    } else {
        read = false;
    }
    if (read && at != std::string::npos) {
        const std::string number = text.substr(at + 1);
        read = !number.empty() && number.size() <= 18 &&
               number.find_first_not_of("0123456789") == std::string::npos;
        fault.at = read ? std::stoll(number) : 0;
        read = read && fault.at >= 1;
    }
    if (!read) {
        throw UsageError(trf("%s=%s: give step, always or lost, each optionally with @N (N >= 1)",
                             kFrameFaultVariable, text.c_str()));
    }
    return fault;
}

FaultingBackend::FaultingBackend(std::unique_ptr<Backend> inner, FrameFault fault)
    : ForwardingBackend(std::move(inner)), fault_(std::move(fault)) {}

void FaultingBackend::beforeSteps() {
    failIfLost();
    const long long call = ++steppingCalls_;
    if (call < fault_.at || (fault_.kind == FrameFault::Kind::Step && call > fault_.at)) {
        return;
    }
    if (fault_.kind == FrameFault::Kind::Lost) {
        lost_ = true;
        failIfLost();
    }
    throw RuntimeError(
        trf("the steps failed: a test's fault (%s=%s)", kFrameFaultVariable, fault_.text.c_str()));
}

void FaultingBackend::failIfLost() const {
    if (lost_) {
        throw DeviceLostError(trf("the device is lost: a test's fault (%s=%s)", kFrameFaultVariable,
                                  fault_.text.c_str()));
    }
}

void FaultingBackend::step(Kernel kernel, int steps, float r) {
    beforeSteps();
    ForwardingBackend::step(kernel, steps, r);
}

void FaultingBackend::stepMany(Kernel kernel, int steps, float r) {
    beforeSteps();
    ForwardingBackend::stepMany(kernel, steps, r);
}

PresentWrite FaultingBackend::stepAndPresent(Kernel kernel, int steps, float r,
                                             DeviceDisplayBuffer& display,
                                             const DisplayContents& contents) {
    beforeSteps();
    return ForwardingBackend::stepAndPresent(kernel, steps, r, display, contents);
}

void FaultingBackend::upload(const GridSize& grid, const float* field, Boundary boundary) {
    failIfLost();
    ForwardingBackend::upload(grid, field, boundary);
}

void FaultingBackend::copyToHost(float* dst, HostMemory memory) {
    failIfLost();
    ForwardingBackend::copyToHost(dst, memory);
}

void FaultingBackend::paint(float col, float row, float radius, float value) {
    failIfLost();
    ForwardingBackend::paint(col, row, radius, value);
}

float FaultingBackend::maxAbs() {
    failIfLost();
    return ForwardingBackend::maxAbs();
}

FieldRange FaultingBackend::range() {
    failIfLost();
    return ForwardingBackend::range();
}

double FaultingBackend::checkerboardAmplitude() {
    failIfLost();
    return ForwardingBackend::checkerboardAmplitude();
}

CellSpot FaultingBackend::checkerboardSpot() {
    failIfLost();
    return ForwardingBackend::checkerboardSpot();
}

bool FaultingBackend::requestMeasures(long long tag, bool withSpot) {
    failIfLost();
    return ForwardingBackend::requestMeasures(tag, withSpot);
}

std::optional<FieldMeasures> FaultingBackend::finishedMeasures() {
    failIfLost();
    return ForwardingBackend::finishedMeasures();
}

void FaultingBackend::viewImage(const ViewSampling& view, float* image) {
    failIfLost();
    ForwardingBackend::viewImage(view, image);
}

void FaultingBackend::copyWindow(const CellWindow& window, float* dst) {
    failIfLost();
    ForwardingBackend::copyWindow(window, dst);
}

HostBuffer FaultingBackend::allocateHost(std::size_t count, HostMemory memory) {
    failIfLost();
    return ForwardingBackend::allocateHost(count, memory);
}

void FaultingBackend::synchronize() {
    failIfLost();
    ForwardingBackend::synchronize();
}

std::unique_ptr<Backend> withFrameFaultAsked(std::unique_ptr<Backend> backend) {
    const char* asked = std::getenv(kFrameFaultVariable);
    if (asked == nullptr || *asked == '\0') {
        return backend;
    }
    return std::make_unique<FaultingBackend>(std::move(backend), parseFrameFault(asked));
}

}  // namespace heatlab
