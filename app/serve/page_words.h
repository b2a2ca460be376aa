#pragma once
// The served page in the lecture's language: its own words (what
// page/index.html and page/heatlab.js show) come from the program's
// catalogue (app/i18n/ja.po), not from a dictionary of the page's, and go
// into the page as it is served, with <html lang> to match. The page is
// made in the language the server runs in when it is asked for: a change
// of language in the panel reaches a page when it is reloaded.

#include <string>
#include <string_view>

namespace heatlab {

// `html` (page/index.html) in the present language(): its lang attribute,
// the state line's first words, and the script's words as a JSON object
// (English -> translation) in its <script id="words"> block. In English
// the page is `html` as it is.
std::string pageInLanguage(std::string_view html);

}  // namespace heatlab
