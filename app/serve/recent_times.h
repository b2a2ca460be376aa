#pragma once
// The last few thousand times of something done every frame (an encode, a
// part of one), in milliseconds: enough for a median at exit, bounded for a
// lecture that runs all day.

#include <cstddef>
#include <vector>

#include "kernels/base/median.h"

namespace heatlab {

class RecentTimes {
public:
    void add(double milliseconds) {
        if (times_.size() == kKept) {
            times_.erase(times_.begin(), times_.begin() + kKept / 2);
        }
        times_.push_back(milliseconds);
    }
    bool empty() const { return times_.empty(); }
    double median() const { return heatlab::median(times_); }

private:
    static constexpr std::size_t kKept = 4096;
    std::vector<double> times_;
};

}  // namespace heatlab
