#pragma once
// Where two fields differ in their bits: the check of every path that must
// give the same bits as another (the temporal kernel's passes, graphs, the
// grid held on chip, against single steps), in the bench and the tests alike.
// Bits, not values: -0 differs from +0, and a NaN equals only the same NaN.

#include <cstddef>
#include <cstring>
#include <vector>

namespace heatlab {

struct BitDifference {
    std::size_t cells = 0;  // how many cells differ
    std::size_t first = 0;  // the first that does (flat index), when any
};

inline BitDifference bitDifference(const std::vector<float>& a, const std::vector<float>& b) {
    BitDifference d;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) {
            d.first = d.cells == 0 ? i : d.first;
            ++d.cells;
        }
    }
    return d;
}

}  // namespace heatlab
