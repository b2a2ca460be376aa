#pragma once
// The served lecture's HTTP side, for the server's service thread
// (frame_server.cpp): what a request says (the server's name it gives,
// its token, its path), whether it may go on, and the page's two bodies
// (page/, embedded at build time) sent in pieces as the socket takes them.

#include <cstddef>
#include <string>

#include "app/serve/access.h"

struct lws;
struct lws_process_html_args;

namespace heatlab {

// A request's path ("/", "/ws").
std::string requestPath(lws* wsi);

// What a request (a page's, or a WebSocket's upgrade) may do: the role its
// token gives, if its Host (and, for a WebSocket, its Origin) are the
// server's own.
struct RequestCheck {
    bool hostAllowed = false;
    bool originAllowed = true;
    Role role = Role::None;
    bool allowed() const { return hostAllowed && originAllowed && role != Role::None; }
};
RequestCheck checkRequest(lws* wsi, const AccessRules& rules, const Tokens& tokens, bool websocket);

// A body on its way out.
struct PageBody {
    std::string owned;  // a refusal's own text (the page's bodies are static)
    const char* body = nullptr;
    std::size_t size = 0;
    std::size_t sent = 0;
};

// The answer to a GET of `path`: the page with a right token, its script,
// or a short refusal (403, 404). `status` is the callback's return.
struct PageAnswer {
    int status = 0;
    bool refused = false;  // a wrong name or token (counted by the server)
};
PageAnswer answerPage(lws* wsi, const char* path, const AccessRules& rules, const Tokens& tokens,
                      PageBody& page);
// Referrer-Policy: no-referrer added to the headers lws is writing into
// `args` (a WebSocket's upgrade): lws's LWS_CALLBACK_ADD_HEADERS. 0, or -1
// when there was no room.
int addReferrerPolicy(::lws_process_html_args* args, lws* wsi);
// The next piece of the body, when the socket can take it.
int writePage(lws* wsi, PageBody& page);

}  // namespace heatlab
