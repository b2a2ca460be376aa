// The CPU's row loops are compiled for AVX2 and for baseline x86-64, and
// the loader runs one (kernels/cpu/cpu_rows.h). The conformance suite holds
// the one this CPU runs; here each variant says whether it ran: the one
// chosen steps rows bit for bit as heatUpdate() one cell at a time, and the
// other skips, visibly, naming the variant this CPU runs instead.

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/cpu/cpu_rows.h"
#include "kernels/numerics/stencil.h"

namespace heatlab::cpu {
namespace {

class CpuRowVariants : public ::testing::TestWithParam<const char*> {};

TEST_P(CpuRowVariants, StepRowsBitForBitAsOneCellAtATime) {
    const std::string variant = GetParam();
    const std::string chosen = rowInstructionSet();
    if (variant != chosen) {
        GTEST_SKIP() << "the " << variant << " rows are not run on this CPU, which runs the "
                     << chosen << " ones";
    }
    // Rows of a length no vector width divides, with their west and east
    // neighbours, values of every sign and size, an unstable r.
    const int count = 1000 + 13;
    std::mt19937 random(20261207);
    std::uniform_real_distribution<float> value(-1000.0f, 1000.0f);
    std::vector<float> rows[4];
    for (std::vector<float>& row : rows) {
        row.resize(count + 2);
        for (float& cell : row) {
            cell = value(random) * std::pow(10.0f, static_cast<float>(random() % 7) - 3.0f);
        }
    }
    const float r = 0.26f;
    std::vector<float> one(count), pairFirst(count), pairSecond(count);
    updateCells(rows[0].data() + 1, rows[1].data() + 1, rows[2].data() + 1, one.data(), count, r);
    updateCellsPair(rows[0].data() + 1, rows[1].data() + 1, rows[2].data() + 1, rows[3].data() + 1,
                    pairFirst.data(), pairSecond.data(), count, r);
    for (int col = 0; col < count; ++col) {
        const float* n = rows[0].data() + 1;
        const float* c = rows[1].data() + 1;
        const float* s = rows[2].data() + 1;
        const float* s2 = rows[3].data() + 1;
        const float cell = heatUpdate(c[col], c[col - 1], c[col + 1], n[col], s[col], r);
        const float below = heatUpdate(s[col], s[col - 1], s[col + 1], c[col], s2[col], r);
        ASSERT_EQ(std::memcmp(&one[col], &cell, sizeof cell), 0) << variant << ", column " << col;
        ASSERT_EQ(std::memcmp(&pairFirst[col], &cell, sizeof cell), 0)
            << variant << ", pair, column " << col;
        ASSERT_EQ(std::memcmp(&pairSecond[col], &below, sizeof below), 0)
            << variant << ", pair's second row, column " << col;
    }
}

INSTANTIATE_TEST_SUITE_P(EachCompiled, CpuRowVariants, ::testing::Values("avx2", "default"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                             return std::string(param.param);
                         });

}  // namespace
}  // namespace heatlab::cpu
