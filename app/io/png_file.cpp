#include "app/io/png_file.h"

#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <memory>

#include "app/i18n/translation.h"
#include "app/io/output_file.h"
#include "kernels/base/errors.h"

namespace heatlab {

namespace {

// libpng reports errors by longjmp; its message is kept here so the throw
// happens in ordinary C++ code after the jump, never across libpng frames.
struct PngError {
    std::string message;
};

void onError(png_structp png, png_const_charp message) {
    auto* error = static_cast<PngError*>(png_get_error_ptr(png));
    error->message = message;
    std::longjmp(png_jmpbuf(png), 1);
}

void onWarning(png_structp /*png*/, png_const_charp /*message*/) {}

void appendBytes(png_structp png, png_bytep data, png_size_t length) {
    auto* out = static_cast<std::string*>(png_get_io_ptr(png));
    out->append(reinterpret_cast<const char*>(data), length);
}

void flushNothing(png_structp /*png*/) {}

// Runs `work` with libpng's error jump set; false when libpng failed (the
// message is then in the PngError). GCC never inlines a function that calls
// setjmp, so the jump lands in this frame, whose locals are all trivial,
// and the caller's vectors and strings are never live across it. `work`
// makes libpng calls only.
template <typename Work>
bool guarded(png_structp png, Work&& work) {
    if (setjmp(png_jmpbuf(png)) != 0) {
        return false;
    }
    work();
    return true;
}

}  // namespace

std::string encodePng(const RgbImage& image, const PngText& text) {
    if (image.width <= 0 || image.height <= 0 ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
        throw RuntimeError(trf("encodePng: an image of %d x %d pixels with %zu bytes", image.width,
                               image.height, image.pixels.size()));
    }
    PngError error;
    std::string out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, onError, onWarning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    if (png == nullptr || info == nullptr) {
        png_destroy_write_struct(&png, &info);
        throw RuntimeError(tr("libpng: out of memory"));
    }
    // Everything libpng needs outlives the setjmp frame: keys, values and
    // row pointers are made before it.
    std::vector<png_text> chunks(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        // tEXt is Latin-1: a value with any byte past ASCII (a caption in
        // Japanese, a path) goes as iTXt, which is UTF-8.
        const bool ascii = std::all_of(text[i].second.begin(), text[i].second.end(),
                                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        chunks[i].compression = ascii ? PNG_TEXT_COMPRESSION_NONE : PNG_ITXT_COMPRESSION_NONE;
        chunks[i].key = const_cast<char*>(text[i].first.c_str());
        chunks[i].text = const_cast<char*>(text[i].second.c_str());
        chunks[i].text_length = text[i].second.size();
    }
    std::vector<png_const_bytep> rows(static_cast<std::size_t>(image.height));
    for (int y = 0; y < image.height; ++y) {
        rows[static_cast<std::size_t>(y)] = image.at(0, y);
    }
    const bool written = guarded(png, [&] {
        png_set_write_fn(png, &out, appendBytes, flushNothing);
        png_set_IHDR(png, info, static_cast<png_uint_32>(image.width),
                     static_cast<png_uint_32>(image.height), 8, PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        if (!chunks.empty()) {
            png_set_text(png, info, chunks.data(), static_cast<int>(chunks.size()));
        }
        png_write_info(png, info);
        png_write_image(png, const_cast<png_bytepp>(rows.data()));
        png_write_end(png, info);
    });
    if (!written) {
        png_destroy_write_struct(&png, &info);
        throw RuntimeError("libpng: " + error.message);
    }
    png_destroy_write_struct(&png, &info);
    return out;
}

void writePng(const std::string& path, const RgbImage& image, const PngText& text,
              const OutputDisk& disk) {
    writeOutputFile(path, encodePng(image, text), disk);
}

DecodedPng readPng(const std::string& path) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) {
        throw RuntimeError(trf("cannot open %s", path.c_str()));
    }
    PngError error;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, onError, onWarning);
    png_infop info = png != nullptr ? png_create_info_struct(png) : nullptr;
    if (png == nullptr || info == nullptr) {
        png_destroy_read_struct(&png, &info, nullptr);
        throw RuntimeError(tr("libpng: out of memory"));
    }
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    int type = 0;
    int depth = 0;
    const bool header = guarded(png, [&] {
        png_init_io(png, file.get());
        png_read_info(png, info);
        width = png_get_image_width(png, info);
        height = png_get_image_height(png, info);
        type = png_get_color_type(png, info);
        depth = png_get_bit_depth(png, info);
    });
    if (!header || depth != 8 || (type != PNG_COLOR_TYPE_RGB && type != PNG_COLOR_TYPE_RGB_ALPHA)) {
        png_destroy_read_struct(&png, &info, nullptr);
        throw RuntimeError(path + ": " +
                           (header ? tr("not an 8-bit RGB or RGBA PNG") : error.message));
    }
    const std::size_t channels = type == PNG_COLOR_TYPE_RGB_ALPHA ? 4 : 3;
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * channels);
    std::vector<png_bytep> rows(height);
    for (png_uint_32 y = 0; y < height; ++y) {
        rows[y] = rgba.data() + static_cast<std::size_t>(y) * width * channels;
    }
    png_textp chunks = nullptr;
    int count = 0;
    const bool body = guarded(png, [&] {
        png_read_image(png, rows.data());
        png_read_end(png, info);
        png_get_text(png, info, &chunks, &count);
    });
    if (!body) {
        png_destroy_read_struct(&png, &info, nullptr);
        throw RuntimeError(path + ": " + error.message);
    }
    DecodedPng decoded;
    for (int i = 0; i < count; ++i) {
        // An iTXt chunk's length is in itxt_length (its text_length is 0).
        const bool international = chunks[i].compression >= PNG_ITXT_COMPRESSION_NONE;
        decoded.text.emplace_back(
            chunks[i].key, std::string(chunks[i].text, international ? chunks[i].itxt_length
                                                                     : chunks[i].text_length));
    }
    png_destroy_read_struct(&png, &info, nullptr);

    decoded.image.width = static_cast<int>(width);
    decoded.image.height = static_cast<int>(height);
    decoded.image.pixels.resize(static_cast<std::size_t>(width) * height * 3);
    for (std::size_t p = 0; p < static_cast<std::size_t>(width) * height; ++p) {
        for (std::size_t c = 0; c < 3; ++c) {
            decoded.image.pixels[p * 3 + c] = rgba[p * channels + c];
        }
    }
    return decoded;
}

}  // namespace heatlab
