#pragma once
// The keys a browser sends the served lecture, by name: the names are the
// browser's own KeyboardEvent.code values (W3C UI Events), which name a
// key by its place on a US keyboard as KeyCode does, so the page sends
// event.code as it comes and keeps no table of its own. This is the one
// table of them: the server reads a key's name with it (wire.cpp), and
// the page is told its names as it is served (page_requests.cpp), sending
// those keys and leaving every other to the browser.

#include <optional>
#include <string>
#include <string_view>

#include "app/platform/input_event.h"

namespace heatlab {

// The key `name` names; nullopt for a name not in the table (spelled
// otherwise, or a key the lecture has no use for).
std::optional<KeyCode> keyOfName(std::string_view name);

// The table's names as a JSON array of strings, for the page.
std::string keyNamesJson();

}  // namespace heatlab
