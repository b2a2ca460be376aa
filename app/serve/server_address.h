#pragma once
// The server's addresses as the command line gives them, checked as the
// options are parsed (before anything starts) and written the one way the
// URLs and the Host checks (access.h) use: --bind, the address it listens
// on; --public-name, a name browsers reach it by.

#include <string>

namespace heatlab {

// An IPv4 address ("127.0.0.1", "0.0.0.0") or an IPv6 one ("::1", "::",
// bracketed or not), as the system writes it (IPv6 without brackets).
// Throws UsageError quoting the value: names ("localhost") are not taken,
// since what one resolves to is the resolver's choice, not the user's.
std::string parseBindAddress(const std::string& text);

// A host name (RFC 1123: dot-separated labels of 1 to 63 letters, digits
// and hyphens, none at a label's start or end, 253 characters in all, the
// last label not a number, which a browser reads as an IPv4 address) in
// lower case; an IPv4 address; or an IPv6 address, bracketed or not, given
// back bracketed and as the system writes it ("[2001:db8::1]"), as a URL
// and a browser's Host header write it. Nothing else: no scheme, no port,
// no path, no wildcard. Throws UsageError quoting the value (cut short).
std::string parsePublicName(const std::string& text);

}  // namespace heatlab
