#pragma once
// The message of the RuntimeError a call is expected to throw; a test
// failure (and "") when it throws none.

#include <string>

#include <gtest/gtest.h>

#include "kernels/base/errors.h"

namespace heatlab {

template <typename Call>
std::string failureOf(Call call) {
    try {
        call();
    } catch (const RuntimeError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no RuntimeError";
    return {};
}

}  // namespace heatlab
