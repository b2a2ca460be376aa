#include "app/serve/server_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <optional>

#include "app/i18n/message_text.h"
#include "app/i18n/translation.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

constexpr std::size_t kLongestLabel = 63;
constexpr std::size_t kLongestName = 253;

std::optional<std::string> ipv4(const std::string& text) {
    in_addr address{};
    char written[INET_ADDRSTRLEN];
    if (inet_pton(AF_INET, text.c_str(), &address) != 1 ||
        inet_ntop(AF_INET, &address, written, sizeof written) == nullptr) {
        return std::nullopt;
    }
    return std::string(written);
}

// Bracketed or not; given back without brackets.
std::optional<std::string> ipv6(std::string text) {
    if (!text.empty() && text.front() == '[') {
        if (text.size() < 2 || text.back() != ']') {
            return std::nullopt;
        }
        text = text.substr(1, text.size() - 2);
    }
    in6_addr address{};
    char written[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET6, text.c_str(), &address) != 1 ||
        inet_ntop(AF_INET6, &address, written, sizeof written) == nullptr) {
        return std::nullopt;
    }
    return std::string(written);
}

// ASCII alone, whatever the locale says of other bytes.
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool isLabel(const std::string& label) {
    const auto allowed = [](char c) { return isLetter(c) || isDigit(c) || c == '-'; };
    return !label.empty() && label.size() <= kLongestLabel && label.front() != '-' &&
           label.back() != '-' && std::all_of(label.begin(), label.end(), allowed);
}

// A browser takes a name whose last label is a number (decimal, or 0x
// and hex) for an IPv4 address: "1.2.3" is 1.2.0.3, "999.1.1.1" is refused.
bool isNumber(const std::string& label) {
    const auto hexDigit = [](char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    };
    if (label.size() >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X')) {
        return std::all_of(label.begin() + 2, label.end(), hexDigit);
    }
    return std::all_of(label.begin(), label.end(), isDigit);
}

bool isHostName(const std::string& name) {
    if (name.empty() || name.size() > kLongestName) {
        return false;
    }
    std::size_t start = 0;
    std::string label;
    for (;;) {
        const std::size_t dot = name.find('.', start);
        label = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!isLabel(label)) {
            return false;
        }
        if (dot == std::string::npos) {
            return !isNumber(label);
        }
        start = dot + 1;
    }
}

}  // namespace

std::string parseBindAddress(const std::string& text) {
    if (const std::optional<std::string> v4 = ipv4(text)) {
        return *v4;
    }
    if (const std::optional<std::string> v6 = ipv6(text)) {
        return *v6;
    }
    throw UsageError(trf("'%s' is not an IP address (such as 127.0.0.1, 0.0.0.0 or ::1)",
                         excerpt(text).c_str()));
}

std::string parsePublicName(const std::string& text) {
    if (const std::optional<std::string> v4 = ipv4(text)) {
        return *v4;
    }
    if (text.find(':') != std::string::npos || (!text.empty() && text.front() == '[')) {
        if (const std::optional<std::string> v6 = ipv6(text)) {
            return "[" + *v6 + "]";
        }
    } else if (isHostName(text)) {
        std::string name = text;
        std::transform(name.begin(), name.end(), name.begin(),
                       [](char c) { return isLetter(c) ? static_cast<char>(c | 0x20) : c; });
        return name;
    }
    throw UsageError(
        trf("'%s' is neither a host name (dot-separated labels of 1 to 63 letters, "
            "digits and hyphens, 253 characters in all) nor an IP address; no "
            "scheme, port or path",
            excerpt(text).c_str()));
}

}  // namespace heatlab
