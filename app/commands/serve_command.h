#pragma once
// `heatlab serve`: its options (the server's, and the window's, which it
// takes as the window does: heatlab serve --cues lecture --presenter).

#include <CLI/CLI.hpp>

#include "app/serve/serve_start.h"

namespace heatlab {

CLI::App* addServeCommand(CLI::App& app, ServeStart& start);

// After parsing: --tls-cert and --tls-key come together; --public-name
// only beside a --bind that is not loopback (on loopback it would name
// nothing). Throws UsageError.
void refuseServeOptionClashes(const ServeStart& start);

}  // namespace heatlab
