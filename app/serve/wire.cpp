#include "app/serve/wire.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "app/serve/key_names.h"

namespace heatlab {

namespace {

void put(std::vector<unsigned char>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) {
        out.push_back(static_cast<unsigned char>(value >> (8 * i)));
    }
}

std::uint64_t get(const unsigned char* data, int bytes) {
    std::uint64_t value = 0;
    for (int i = bytes - 1; i >= 0; --i) {
        value = value << 8 | data[i];
    }
    return value;
}

std::uint64_t bitsOf(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

}  // namespace

void appendFrameHeader(const FrameHeader& h, std::vector<unsigned char>& out) {
    put(out, static_cast<std::uint64_t>(h.kind), 1);
    put(out, static_cast<std::uint64_t>(h.quality), 1);
    put(out, static_cast<std::uint64_t>(h.width), 2);
    put(out, static_cast<std::uint64_t>(h.height), 2);
    put(out, h.key ? 1 : 0, 1);
    put(out, 0, 1);
    put(out, h.sequence, 4);
    put(out, h.lastInput, 4);
    put(out, bitsOf(h.step), 8);
    put(out, static_cast<std::uint32_t>(h.cue), 4);
    put(out, static_cast<std::uint32_t>(h.cues), 4);
}

std::optional<FrameHeader> readFrameHeader(const unsigned char* data, std::size_t size) {
    if (size < kFrameHeaderBytes || (data[0] != static_cast<unsigned char>(FrameKind::Jpeg) &&
                                     data[0] != static_cast<unsigned char>(FrameKind::H264))) {
        return std::nullopt;
    }
    FrameHeader h;
    h.kind = static_cast<FrameKind>(data[0]);
    h.quality = data[1];
    h.key = (data[6] & 1) != 0;
    h.width = static_cast<int>(get(data + 2, 2));
    h.height = static_cast<int>(get(data + 4, 2));
    h.sequence = static_cast<std::uint32_t>(get(data + 8, 4));
    h.lastInput = static_cast<std::uint32_t>(get(data + 12, 4));
    const std::uint64_t bits = get(data + 16, 8);
    std::memcpy(&h.step, &bits, sizeof h.step);
    h.cue = static_cast<int>(static_cast<std::int32_t>(get(data + 24, 4)));
    h.cues = static_cast<int>(static_cast<std::int32_t>(get(data + 28, 4)));
    return h;
}

std::vector<unsigned char> downloadMessage(const std::string& name,
                                           const std::vector<unsigned char>& bytes) {
    std::vector<unsigned char> out;
    out.reserve(4 + name.size() + bytes.size());
    put(out, 2, 1);
    put(out, 0, 1);
    put(out, name.size(), 2);
    out.insert(out.end(), name.begin(), name.end());
    out.insert(out.end(), bytes.begin(), bytes.end());
    return out;
}

namespace {

using Json = nlohmann::json;

// A field of the message, of the kind asked for, or why not.
struct Fields {
    const Json& json;
    std::string* why;

    bool number(const char* key, double lo, double hi, double* out) const {
        const auto it = json.find(key);
        if (it == json.end() || !it->is_number()) {
            *why = std::string("'") + key + "' is not a number";
            return false;
        }
        const double v = it->get<double>();
        if (!std::isfinite(v) || v < lo || v > hi) {
            *why = std::string("'") + key + "' is out of range";
            return false;
        }
        *out = v;
        return true;
    }
    bool whole(const char* key, double lo, double hi, double* out) const {
        if (!number(key, lo, hi, out)) {
            return false;
        }
        if (std::floor(*out) != *out) {
            *why = std::string("'") + key + "' is not a whole number";
            return false;
        }
        return true;
    }
    bool flag(const char* key, bool* out) const {
        const auto it = json.find(key);
        if (it == json.end() || !it->is_boolean()) {
            *why = std::string("'") + key + "' is not true or false";
            return false;
        }
        *out = it->get<bool>();
        return true;
    }
};

constexpr double kMostSequence = 4294967295.0;
constexpr double kMostCoordinate = 100000.0;
constexpr double kMostWheel = 100.0;

bool readInput(const std::string& type, const Fields& f, ClientMessage& m) {
    double v = 0.0;
    if (!f.whole("i", 0, kMostSequence, &v)) {
        return false;
    }
    m.kind = ClientMessage::Kind::Input;
    m.inputSequence = static_cast<std::uint32_t>(v);
    double x = 0.0;
    double y = 0.0;
    bool on = false;
    if (type == "key") {
        const auto action = f.json.find("a");
        const auto name = f.json.find("k");
        if (action == f.json.end() || !action->is_string() || name == f.json.end() ||
            !name->is_string()) {
            *f.why = "a key needs 'a' and 'k', its name";
            return false;
        }
        const std::optional<KeyCode> key = keyOfName(name->get_ref<const std::string&>());
        if (!key) {
            *f.why = "no such key name";
            return false;
        }
        const std::string a = action->get<std::string>();
        if (a == "down") {
            m.event = InputEvent::keyDown(*key);
        } else if (a == "up") {
            m.event = InputEvent::keyUp(*key);
        } else if (a == "repeat") {
            m.event = InputEvent::keyRepeat(*key);
        } else {
            *f.why = "'a' is not down, up or repeat";
            return false;
        }
        return true;
    }
    if (type == "text") {
        if (!f.whole("c", 32, 0x10FFFF, &v) || (v >= 0xD800 && v <= 0xDFFF) || v == 127) {
            if (f.why->empty()) {
                *f.why = "'c' is not a character";
            }
            return false;
        }
        m.event = InputEvent::text(static_cast<unsigned int>(v));
        return true;
    }
    if (type == "move") {
        if (!f.number("x", -kMostCoordinate, kMostCoordinate, &x) ||
            !f.number("y", -kMostCoordinate, kMostCoordinate, &y)) {
            return false;
        }
        m.event = InputEvent::pointerMove(x, y);
        return true;
    }
    if (type == "button") {
        if (!f.whole("b", 0, 2, &v) || !f.flag("d", &on)) {
            return false;
        }
        m.event = InputEvent::pointerButton(static_cast<int>(v), on);
        return true;
    }
    if (type == "wheel") {
        if (!f.number("x", -kMostWheel, kMostWheel, &x) ||
            !f.number("y", -kMostWheel, kMostWheel, &y)) {
            return false;
        }
        m.event = InputEvent::wheel(x, y);
        return true;
    }
    if (type == "focus") {
        if (!f.flag("f", &on)) {
            return false;
        }
        m.event = InputEvent::focus(on);
        return true;
    }
    if (type == "resize") {
        double w = 0.0;
        double h = 0.0;
        double s = 0.0;
        if (!f.whole("w", 1, kMostServedSide, &w) || !f.whole("h", 1, kMostServedSide, &h) ||
            !f.number("s", 0.25, 8.0, &s)) {
            return false;
        }
        const int pw = static_cast<int>(std::lround(w * s));
        const int ph = static_cast<int>(std::lround(h * s));
        if (pw < 1 || ph < 1 || pw > kMostServedSide || ph > kMostServedSide) {
            *f.why = "the surface would be over 4096 pixels a side";
            return false;
        }
        SurfaceSize size;
        size.units = PixelSize{static_cast<int>(w), static_cast<int>(h)};
        size.pixels = PixelSize{pw, ph};
        m.event = InputEvent::resize(size);
        m.scale = static_cast<float>(s);
        return true;
    }
    *f.why = "no such message type";
    return false;
}

constexpr char kFileStart[] = "{\"t\":\"file\"";
constexpr char kKernelStart[] = "{\"t\":\"kernel\"";

bool readFile(const Fields& f, ClientMessage& m, bool kernel) {
    double v = 0.0;
    if (!f.whole("i", 0, kMostSequence, &v)) {
        return false;
    }
    const auto name = f.json.find("n");
    const auto text = f.json.find("d");
    if (name == f.json.end() || !name->is_string() || text == f.json.end() || !text->is_string()) {
        *f.why = "a file needs 'n' and 'd'";
        return false;
    }
    m.kind = kernel ? ClientMessage::Kind::Kernel : ClientMessage::Kind::File;
    m.inputSequence = static_cast<std::uint32_t>(v);
    m.fileName = name->get<std::string>();
    m.fileText = text->get<std::string>();
    // A name, said back in notices; never a path on the server.
    if (m.fileName.empty() || m.fileName.size() > 255 ||
        m.fileName.find_first_of(std::string("/\\\0", 3)) != std::string::npos) {
        *f.why = "'n' is not a file's name";
        return false;
    }
    if (!kernel && m.fileText.size() > kMostUploadBytes) {
        *f.why = "the file is over 1 MiB";
        return false;
    }
    return true;
}

}  // namespace

bool mayBeLong(const char* start, std::size_t size) {
    const std::size_t n = std::min(size, sizeof kFileStart - 1);
    return std::memcmp(start, kFileStart, n) == 0;
}

bool mayBeKernel(const char* start, std::size_t size) {
    const std::size_t n = std::min(size, sizeof kKernelStart - 1);
    return std::memcmp(start, kKernelStart, n) == 0;
}

std::string kernelReportMessage(std::uint32_t sequence, const std::string& state,
                                const std::string& text) {
    // "t" first, as every message; a compiler's bytes may be no UTF-8:
    // replaced, never a throw.
    const auto string = [](const std::string& value) {
        return Json(value).dump(-1, ' ', false, Json::error_handler_t::replace);
    };
    return "{\"t\":\"kernel\",\"i\":" + std::to_string(sequence) + ",\"state\":" + string(state) +
           ",\"text\":" + string(text) + "}";
}

std::optional<ClientMessage> parseClientMessage(const std::string& text, std::string* why) {
    why->clear();
    const bool file = text.size() >= sizeof kFileStart - 1 && mayBeLong(text.data(), text.size());
    const bool kernel =
        text.size() >= sizeof kKernelStart - 1 && mayBeKernel(text.data(), text.size());
    if (text.size() > (file     ? kMostUploadMessageBytes
                       : kernel ? kMostKernelMessageBytes
                                : kMostClientMessageBytes)) {
        *why = file     ? "a file's message over 4 MiB"
               : kernel ? "a kernel's message over 256 KiB"
                        : "over 512 bytes";
        return std::nullopt;
    }
    const Json json = Json::parse(text, nullptr, false);
    if (json.is_discarded() || !json.is_object()) {
        *why = "not a JSON object";
        return std::nullopt;
    }
    const auto type = json.find("t");
    if (type == json.end() || !type->is_string()) {
        *why = "no 't'";
        return std::nullopt;
    }
    const Fields fields{json, why};
    ClientMessage m;
    const std::string t = type->get<std::string>();
    if (t == "ack") {
        double v = 0.0;
        if (!fields.whole("f", 0, kMostSequence, &v)) {
            return std::nullopt;
        }
        m.kind = ClientMessage::Kind::Ack;
        m.ackedFrame = static_cast<std::uint32_t>(v);
        return m;
    }
    if (t == "codecs") {
        bool h264 = false;
        if (!fields.flag("h264", &h264)) {
            return std::nullopt;
        }
        m.kind = ClientMessage::Kind::Codecs;
        m.h264 = h264;
        return m;
    }
    if (t == "file") {
        if (!file) {
            *why = "a file's message has 't' first";
            return std::nullopt;
        }
        return readFile(fields, m, false) ? std::optional<ClientMessage>(m) : std::nullopt;
    }
    if (t == "kernel") {
        if (!kernel) {
            *why = "a kernel's message has 't' first";
            return std::nullopt;
        }
        return readFile(fields, m, true) ? std::optional<ClientMessage>(m) : std::nullopt;
    }
    if (!readInput(t, fields, m)) {
        return std::nullopt;
    }
    return m;
}

}  // namespace heatlab
