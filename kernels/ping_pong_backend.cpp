#include "kernels/ping_pong_backend.h"

#include <string>

#include "kernels/base/errors.h"

namespace heatlab {

void PingPongBackend::requireField(const char* operation) const {
    if (grid_.nx == 0) {
        throw RuntimeError(std::string(owner_) + "::" + operation + ": no field " + where_ +
                           "yet (upload one first)");
    }
}

}  // namespace heatlab
