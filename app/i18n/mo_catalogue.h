#pragma once
// A compiled message catalogue (GNU gettext's .mo format, as msgfmt writes
// it from a .po file at build time) read into a table from English to the
// translation. Only what msgfmt writes is read: its two string tables; a
// message with a context (msgctxt) keeps it before the English, joined by
// '\x04', as gettext does.

#include <cstddef>
#include <string>
#include <unordered_map>

namespace heatlab {

using Catalogue = std::unordered_map<std::string, std::string>;

// Throws RuntimeError for bytes that are not a whole .mo file (a wrong
// magic number, a table or a string past the end). The header entry (the
// empty English) is left out.
Catalogue readMoCatalogue(const unsigned char* bytes, std::size_t size);

}  // namespace heatlab
