#pragma once
// The behaviour every backend keeps, as one value-parameterised suite. Each
// backend's test binary instantiates it with a factory:
//   INSTANTIATE_TEST_SUITE_P(Cpu, BackendConformance, testing::Values(cpuFactory()));
// A factory whose backend is unavailable here makes every test skip, visibly.

#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "kernels/backend.h"

struct BackendFactory {
    std::string label;
    std::function<std::unique_ptr<heatlab::Backend>()> make;
    // Empty when the backend can run here, else why not.
    std::function<std::string()> unavailable;
};

class BackendConformance : public ::testing::TestWithParam<BackendFactory> {
protected:
    void SetUp() override;
    std::unique_ptr<heatlab::Backend> backend_;
};

// Shows a factory as its label in test names and failure messages.
void PrintTo(const BackendFactory& factory, std::ostream* os);

// Names the instantiated tests after the backend.
std::string backendLabel(const ::testing::TestParamInfo<BackendFactory>& info);
