#include "app/picture/picture_settings.h"

namespace heatlab {

const char* name(DisplayPath path) { return path == DisplayPath::Interop ? "interop" : "via-host"; }

std::vector<DisplayPath> allDisplayPaths() { return {DisplayPath::Interop, DisplayPath::ViaHost}; }

const char* name(InteropBuffer buffer) {
    return buffer == InteropBuffer::Shared ? "shared memory" : "mapped buffer";
}

const char* name(Sampling sampling) {
    return sampling == Sampling::Extremes ? "extremes" : "nearest";
}

std::vector<Sampling> allSamplings() { return {Sampling::Extremes, Sampling::Nearest}; }

}  // namespace heatlab
