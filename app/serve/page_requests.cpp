#include "app/serve/page_requests.h"

#include <libwebsockets.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "app/i18n/translation.h"
#include "app/serve/key_names.h"
#include "app/serve/page_words.h"
#include "serve/heatlab_js.h"
#include "serve/index_html.h"

namespace heatlab {

namespace {

// The page's bodies go out in pieces of this size.
constexpr std::size_t kHttpChunk = 16 * 1024;

std::string header(lws* wsi, lws_token_indexes token) {
    const int length = lws_hdr_total_length(wsi, token);
    if (length <= 0 || length > 1024) {
        return "";
    }
    std::string value(static_cast<std::size_t>(length) + 1, '\0');
    if (lws_hdr_copy(wsi, value.data(), length + 1, token) < 0) {
        return "";
    }
    value.resize(static_cast<std::size_t>(length));
    return value;
}

// The name the request gives for the server: HTTP/1.1's Host, or HTTP/2's
// :authority (a browser speaks HTTP/2 over TLS).
std::string requestHost(lws* wsi) {
    const std::string host = header(wsi, WSI_TOKEN_HOST);
    return host.empty() ? header(wsi, WSI_TOKEN_HTTP_COLON_AUTHORITY) : host;
}

// The value of the request's "token=" argument, empty without one.
std::string tokenArgument(lws* wsi) {
    char fragment[512];
    for (int n = 0; n < 32; ++n) {
        const int length =
            lws_hdr_copy_fragment(wsi, fragment, sizeof fragment, WSI_TOKEN_HTTP_URI_ARGS, n);
        if (length <= 0) {
            break;
        }
        const std::string arg(fragment, static_cast<std::size_t>(length));
        if (arg.rfind("token=", 0) == 0) {
            return arg.substr(6);
        }
    }
    return "";
}

int startBody(lws* wsi, PageBody& page, const char* mime, const char* body, std::size_t size,
              unsigned int status = HTTP_STATUS_OK) {
    unsigned char buffer[LWS_PRE + 1024];
    unsigned char* start = buffer + LWS_PRE;
    unsigned char* p = start;
    unsigned char* end = buffer + sizeof buffer - 1;
    if (lws_add_http_common_headers(wsi, status, mime, size, &p, end) != 0) {
        return 1;
    }
    // The token is in the page's URL: never sent on as a referrer, never
    // cached, and the page runs no script but its own.
    const auto add = [&](const char* name, const char* value) {
        return lws_add_http_header_by_name(wsi, reinterpret_cast<const unsigned char*>(name),
                                           reinterpret_cast<const unsigned char*>(value),
                                           static_cast<int>(std::strlen(value)), &p, end);
    };
    if (add("referrer-policy:", "no-referrer") != 0 || add("cache-control:", "no-store") != 0 ||
        add("x-content-type-options:", "nosniff") != 0 ||
        add("content-security-policy:",
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; "
            "img-src blob:; connect-src 'self' ws: wss:; frame-ancestors 'none'") != 0) {
        return 1;
    }
    if (lws_finalize_write_http_header(wsi, start, &p, end) != 0) {
        return 1;
    }
    page.body = body;
    page.size = size;
    page.sent = 0;
    lws_callback_on_writable(wsi);
    return 0;
}

// `text` with the characters HTML gives a meaning to written as entities.
std::string htmlText(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// A status page of the server's own, with the page's headers (its
// Referrer-Policy above all: a refusal too is a response the server sends);
// the connection is ready for its next request once it is sent.
int refuse(lws* wsi, PageBody& page, unsigned int status, const std::string& text) {
    page.owned =
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>heatlab</title>"
        "</head><body><p>" +
        htmlText(text) + "</p></body></html>\n";
    return startBody(wsi, page, "text/html; charset=utf-8", page.owned.data(), page.owned.size(),
                     status);
}

// `page` with the names of the keys the lecture takes in its
// <script id="keys"> block: the page sends those and no other.
std::string withKeyNames(std::string page) {
    const std::string_view empty = "<script type=\"application/json\" id=\"keys\">[]";
    const std::size_t at = page.find(empty);
    if (at != std::string::npos) {
        page.replace(at + empty.size() - 2, 2, keyNamesJson());
    }
    return page;
}

// The page in the language the server runs in now, made once for each
// language (only the service thread asks): the body a request sends must
// outlive it.
const std::string& pageNow() {
    static std::string pages[2];
    std::string& page = pages[language() == Language::Japanese ? 1 : 0];
    if (page.empty()) {
        page = withKeyNames(pageInLanguage({serve::kIndexHtml, sizeof(serve::kIndexHtml) - 1}));
    }
    return page;
}

}  // namespace

std::string requestPath(lws* wsi) { return header(wsi, WSI_TOKEN_GET_URI); }

RequestCheck checkRequest(lws* wsi, const AccessRules& rules, const Tokens& tokens,
                          bool websocket) {
    RequestCheck check;
    check.hostAllowed = rules.hostAllowed(requestHost(wsi));
    check.originAllowed = !websocket || rules.originAllowed(header(wsi, WSI_TOKEN_ORIGIN));
    check.role = tokens.roleOf(tokenArgument(wsi));
    return check;
}

PageAnswer answerPage(lws* wsi, const char* path, const AccessRules& rules, const Tokens& tokens,
                      PageBody& page) {
    const RequestCheck check = checkRequest(wsi, rules, tokens, false);
    if (!check.hostAllowed) {
        return {refuse(wsi, page, HTTP_STATUS_FORBIDDEN,
                       tr("heatlab serve: this server does not answer to that name")),
                true};
    }
    const std::string uri = path != nullptr ? path : "";
    if (uri == "/heatlab.js") {
        // The page's script holds no secret: no token asked.
        return {startBody(wsi, page, "text/javascript", serve::kHeatlabJs,
                          sizeof(serve::kHeatlabJs) - 1),
                false};
    }
    if (uri != "/" && uri != "/index.html") {
        return {refuse(wsi, page, HTTP_STATUS_NOT_FOUND, tr("heatlab serve: no such page")), false};
    }
    if (!check.allowed()) {
        return {refuse(wsi, page, HTTP_STATUS_FORBIDDEN,
                       tr("heatlab serve: this link has no token or a wrong one. Open the URL "
                          "that heatlab serve printed where it started, token included.")),
                true};
    }
    const std::string& body = pageNow();
    return {startBody(wsi, page, "text/html; charset=utf-8", body.data(), body.size()), false};
}

int addReferrerPolicy(::lws_process_html_args* args, lws* wsi) {
    static const char kName[] = "referrer-policy:";
    static const char kValue[] = "no-referrer";
    auto* p = reinterpret_cast<unsigned char*>(args->p);
    unsigned char* end = p + args->max_len;
    if (lws_add_http_header_by_name(wsi, reinterpret_cast<const unsigned char*>(kName),
                                    reinterpret_cast<const unsigned char*>(kValue),
                                    static_cast<int>(sizeof kValue - 1), &p, end) != 0) {
        return -1;
    }
    args->max_len -= static_cast<int>(p - reinterpret_cast<unsigned char*>(args->p));
    args->p = reinterpret_cast<char*>(p);
    return 0;
}

int writePage(lws* wsi, PageBody& page) {
    if (page.body == nullptr) {
        return 0;
    }
    const std::size_t n = std::min(kHttpChunk, page.size - page.sent);
    std::vector<unsigned char> buffer(LWS_PRE + n);
    std::memcpy(buffer.data() + LWS_PRE, page.body + page.sent, n);
    page.sent += n;
    const bool last = page.sent == page.size;
    if (lws_write(wsi, buffer.data() + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) !=
        static_cast<int>(n)) {
        return 1;
    }
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    page.body = nullptr;
    return lws_http_transaction_completed(wsi) != 0 ? -1 : 0;
}

}  // namespace heatlab
