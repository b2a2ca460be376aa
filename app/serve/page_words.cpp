#include "app/serve/page_words.h"

#include "app/i18n/translation.h"

namespace heatlab {

namespace {

// Every string page/heatlab.js passes to its tr(), and index.html's own:
// marked here so that xgettext collects them into the catalogue (and the
// catalogue test asks for their Japanese). "%s" is where the script puts a
// value. The browser test holds that the script's tr() strings are all
// served.
constexpr const char* kPageWords[] = {
    trNoop("connecting..."),
    trNoop("you control"),
    trNoop("watching (the lecturer is here)"),
    trNoop("watching (no lecturer yet)"),
    trNoop("none"),
    trNoop("%s frames/s (%s)"),
    trNoop("input to frame %s ms"),
    trNoop("1 viewer"),
    trNoop("%s viewers"),
    trNoop("JPEG frames: %s"),
    trNoop("the H.264 decoder failed (%s)"),
    trNoop("a keyframe without its parameter sets"),
    trNoop("heatlab: the lecture’s server closed the connection (it stopped, or this "
           "link’s token is not right). Open the link heatlab serve printed to try again."),
    trNoop("%s is over 1 MiB: no scene or cue list is that large"),
    trNoop("%s is not a scene or cue list: it is not text"),
    trNoop("press Ctrl+O again to choose a file"),
    trNoop("kernel editor"),
    trNoop("compile (Ctrl+Enter)"),
    trNoop("the kernel’s source (kernels/class/heatlab_kernel.h’s contract)"),
    trNoop("refused"),
    trNoop("replaced"),
    trNoop("waiting"),
    trNoop("compiling"),
    trNoop("checked"),
    trNoop("running"),
    trNoop("failed"),
    trNoop("stopped"),
    trNoop("unavailable"),
    trNoop("the kernel is over 256 KiB"),
    trNoop("sent"),
};

// `text` as a JSON string that is safe inside a <script> block: no "</"
// can end the block early.
std::string jsonString(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '<': out += "\\u003c"; break;
        default: out += c;
        }
    }
    return out + "\"";
}

// `html` with its first `from` replaced by `to` (the page is ours: each
// is there once).
void replaceFirst(std::string& html, std::string_view from, const std::string& to) {
    const std::size_t at = html.find(from);
    if (at != std::string::npos) {
        html.replace(at, from.size(), to);
    }
}

}  // namespace

std::string pageInLanguage(std::string_view html) {
    std::string page(html);
    if (language() == Language::English) {
        return page;
    }
    std::string words = "{";
    for (const char* english : kPageWords) {
        words +=
            (words.size() > 1 ? "," : "") + jsonString(english) + ":" + jsonString(tr(english));
    }
    words += "}";
    replaceFirst(page, "<html lang=\"en\">", "<html lang=\"ja\">");
    replaceFirst(page, ">connecting...<", std::string(">") + tr("connecting...") + "<");
    replaceFirst(page, "<script type=\"application/json\" id=\"words\">{}",
                 "<script type=\"application/json\" id=\"words\">" + words);
    return page;
}

}  // namespace heatlab
