#pragma once
// The one rule for an output's name: a file whose format other programs
// know by its name (a picture, a video) is named with that format's
// extension, so a PNG is never written under .jpg. The extension is
// compared without regard to case (.png, .PNG: cameras and other systems
// write both, and every viewer takes both). A name that is not a file the
// program makes (a device, a FIFO, a link: written through, output_file.h)
// is taken as it is, and so is any name for an output whose format has no
// extension of its own (JSON sent to a pipe, a raw field).

#include <string>

namespace heatlab {

struct OutputFormat {
    const char* name;       // "PNG"; empty: any name
    const char* extension;  // ".png"
};

inline constexpr OutputFormat kAnyFormat{"", ""};
inline constexpr OutputFormat kPngFormat{"PNG", ".png"};
inline constexpr OutputFormat kMp4Format{"MP4", ".mp4"};

// Empty when `path` may hold `format`, else one line saying why not.
std::string outputFormatProblem(const std::string& path, const OutputFormat& format);

}  // namespace heatlab
