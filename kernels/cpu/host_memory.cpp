#include "kernels/cpu/host_memory.h"

#include <fstream>
#include <string>

namespace heatlab {

std::size_t hostAvailableBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::size_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            return kib * 1024;
        }
    }
    return 0;
}

}  // namespace heatlab
