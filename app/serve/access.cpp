#include "app/serve/access.h"

#include <arpa/inet.h>
#include <sys/random.h>
#include <sys/types.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "app/io/input_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

std::string newToken() {
    unsigned char bytes[16];
    std::size_t got = 0;
    while (got < sizeof bytes) {
        const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw RuntimeError(trf("no random bytes for a token: %s", errorText(errno).c_str()));
        }
        got += static_cast<std::size_t>(n);
    }
    static const char kHex[] = "0123456789abcdef";
    std::string token;
    for (const unsigned char b : bytes) {
        token += kHex[b >> 4];
        token += kHex[b & 15];
    }
    return token;
}

bool tokensEqual(const std::string& a, const std::string& b) {
    // Every byte compared whatever differs first; only the lengths leak.
    unsigned char difference = a.size() == b.size() ? 0 : 1;
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    }
    return difference == 0;
}

const char* name(Role role) {
    switch (role) {
    case Role::Controller: return "controller";
    case Role::Viewer: return "viewer";
    case Role::None: break;
    }
    return "none";
}

Role Tokens::roleOf(const std::string& token) const {
    // Both compared, so the time says nothing of which one matched.
    const bool isController = tokensEqual(token, controller);
    const bool isViewer = tokensEqual(token, viewer);
    if (token.empty()) {
        return Role::None;
    }
    return isController ? Role::Controller : isViewer ? Role::Viewer : Role::None;
}

namespace {

constexpr std::size_t kShortestToken = 22;
constexpr std::size_t kLongestToken = 256;

bool urlSafe(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '.' || c == '_' ||
           c == '~';
}

std::string checkedToken(const std::string& path, const std::string& line, const char* which) {
    if (line.size() < kShortestToken || line.size() > kLongestToken ||
        !std::all_of(line.begin(), line.end(), urlSafe)) {
        throw UsageError(
            trf("--token-file %s: the %s token must be 22 to 256 letters, digits or - "
                ". _ ~ (22 hold 128 bits), got %zu characters",
                path.c_str(), which, line.size()));
    }
    return line;
}

}  // namespace

Tokens readTokens(const std::string& path) {
    std::string text;
    mode_t mode = 0;
    try {
        // A regular file only, opened without waiting: a FIFO would hold
        // the server's start until someone wrote to it.
        text = readRegularFile(path, 2 * (kLongestToken + 2), &mode);
    } catch (const RuntimeError& e) {
        throw UsageError(std::string("--token-file ") + e.what());
    }
    // The controller's token is the lecture's key: a file others may read
    // hands it to them, so it is refused as ssh refuses an open key.
    if ((mode & 077) != 0) {
        throw UsageError(
            trf("--token-file %s: group or others may read or change it (mode %03o); "
                "make it yours alone: chmod 600 %s",
                path.c_str(), static_cast<unsigned>(mode & 0777), path.c_str()));
    }
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (!line.empty()) {
            lines.push_back(line);
        }
        start = end + 1;
    }
    if (lines.empty() || lines.size() > 2) {
        throw UsageError(
            trf("--token-file %s: one line (the controller's token) or two (then the "
                "viewers'), got %zu",
                path.c_str(), lines.size()));
    }
    Tokens tokens;
    tokens.controller = checkedToken(path, lines[0], tr("controller's"));
    tokens.viewer = lines.size() > 1 ? checkedToken(path, lines[1], tr("viewers'")) : newToken();
    if (tokensEqual(tokens.controller, tokens.viewer)) {
        throw UsageError(
            trf("--token-file %s: the viewers' token is the controller's; a viewer "
                "would control",
                path.c_str()));
    }
    return tokens;
}

Tokens newTokens() { return Tokens{newToken(), newToken()}; }

AccessRules::AccessRules(std::vector<std::string> publicNames)
    : publicNames_(std::move(publicNames)) {
    for (std::string& name : publicNames_) {
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    }
}

std::string hostNameOf(const std::string& hostAndPort) {
    std::string host = hostAndPort;
    if (!host.empty() && host.front() == '[') {
        const std::size_t close = host.find(']');
        if (close == std::string::npos) {
            return "";
        }
        const std::string rest = host.substr(close + 1);
        if (!rest.empty() && rest.front() != ':') {
            return "";
        }
        host = host.substr(0, close + 1);
    } else {
        const std::size_t colon = host.find(':');
        if (colon != std::string::npos) {
            if (host.find(':', colon + 1) != std::string::npos) {
                return "";  // a bare IPv6 address: a Host header brackets it
            }
            host = host.substr(0, colon);
        }
    }
    std::transform(host.begin(), host.end(), host.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return host;
}

namespace {

// An IPv4 address in 127.0.0.0/8, written as one ("127.0.0.1", never a
// name such as "127.0.0.1.nip.io", which any DNS may point anywhere).
bool isLoopbackIpv4(const std::string& text) {
    in_addr address{};
    return inet_pton(AF_INET, text.c_str(), &address) == 1 && (ntohl(address.s_addr) >> 24) == 127;
}

}  // namespace

bool isLoopbackAddress(const std::string& address) {
    return address == "localhost" || address == "::1" || address == "[::1]" ||
           isLoopbackIpv4(address);
}

bool AccessRules::nameAllowed(const std::string& name) const {
    if (name.empty()) {
        return false;
    }
    if (name == "localhost" || name == "[::1]" || isLoopbackIpv4(name)) {
        return true;
    }
    return std::find(publicNames_.begin(), publicNames_.end(), name) != publicNames_.end();
}

bool AccessRules::hostAllowed(const std::string& host) const {
    return nameAllowed(hostNameOf(host));
}

bool AccessRules::originAllowed(const std::string& origin) const {
    if (origin.empty()) {
        return true;
    }
    std::string rest;
    if (origin.rfind("http://", 0) == 0) {
        rest = origin.substr(7);
    } else if (origin.rfind("https://", 0) == 0) {
        rest = origin.substr(8);
    } else {
        return false;  // "null" (a file, a sandboxed frame) and anything else
    }
    if (rest.find('/') != std::string::npos) {
        return false;
    }
    return nameAllowed(hostNameOf(rest));
}

}  // namespace heatlab
