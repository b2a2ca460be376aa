#pragma once
// An HTTP request of bare sockets, for what a browser decides itself and
// the tests must choose: the Host header, a missing token, the headers of
// a refusal. One connection, blocking, on the test's own thread.

#include <string>

// Sends `request` (whole, its blank line included) to 127.0.0.1:`port` and
// returns the reply up to the first `end` ("\r\n": the status line;
// "\r\n\r\n": the head), or all of it if the server closes before;
// "no connection" when it refuses. A server may keep the connection open
// after its reply, so no read waits for its end; none waits over 10 s.
std::string rawHttpAnswer(int port, const std::string& request, const std::string& end);
