#pragma once
// The median, the one summary of repeated timings this project quotes:
// shared machines are noisy, and one slow run must not move the figure.

#include <algorithm>
#include <vector>

namespace heatlab {

// Of an empty list: 0.
inline double median(std::vector<double> values) {
    if (values.empty()) {
        return 0.0;
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace heatlab
