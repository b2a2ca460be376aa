#pragma once
// Who may use a served lecture: the two tokens (the lecturer's, which
// controls, and the class's, which only watches), and the names a request
// may give for the server (its Host) and come from (a WebSocket's Origin),
// so neither another site's page nor a name rebound to this machine (DNS
// rebinding) reaches the lecture from a browser. Plain rules, no sockets:
// the server (frame_server.h) asks them of every request.

#include <string>
#include <vector>

namespace heatlab {

// 128 random bits from the operating system (getrandom), as 32 hex digits.
std::string newToken();

// Whether two tokens are equal, in time that depends only on their lengths.
bool tokensEqual(const std::string& a, const std::string& b);

enum class Role { None, Controller, Viewer };
const char* name(Role role);

struct Tokens {
    std::string controller;
    std::string viewer;
    // The role a token given by a client has: None for any other.
    Role roleOf(const std::string& token) const;
};

// --token-file: the controller's token on its first line, the viewers' on a
// second line if there is one (else a new one). Each must be 22 to 256 of
// the characters a URL carries as they are (letters, digits, - . _ ~):
// 22 of them hold at least 128 bits. Throws UsageError naming the file:
// also where it is no regular file (a FIFO is refused, not waited on) and
// where group or others may read or change it (mode & 077), saying the fix.
Tokens readTokens(const std::string& path);
// Both new.
Tokens newTokens();

class AccessRules {
public:
    // Any loopback name (localhost, 127.0.0.1, [::1]) at any port is the
    // server's own, so an ssh tunnel on another port works (a rebound name
    // is never one of them); bound to another address, also the names of
    // --public-name (host names or addresses, without a port).
    explicit AccessRules(std::vector<std::string> publicNames);

    // A request's Host header ("localhost:8080", "[::1]:9000").
    bool hostAllowed(const std::string& host) const;
    // A WebSocket's Origin ("http://localhost:8080"); empty is a client
    // that is not a browser (a browser always sends one), and allowed.
    bool originAllowed(const std::string& origin) const;

private:
    bool nameAllowed(const std::string& name) const;

    std::vector<std::string> publicNames_;
};

// The host part of "name:port", "[v6]:port" or "name", lower case; empty
// when it is not one of those.
std::string hostNameOf(const std::string& hostAndPort);

// Whether `address` (as given to --bind) is a loopback address.
bool isLoopbackAddress(const std::string& address);

}  // namespace heatlab
