// PNG files and data URLs for "Save figure" (figure.hpp): a small encoder of our own — RGBA rows, each
// filtered as PNG allows, compressed with deflate (LZ77 and the fixed Huffman codes) — and base64. Both
// builds use it; neither links zlib.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace posenc::app {

// A zlib stream (RFC 1950) holding `size` bytes compressed with deflate (RFC 1951, fixed Huffman codes).
std::string zlib_compress(const unsigned char* data, std::size_t size);

// A PNG file of `w` × `h` pixels, rows top first, each pixel IM_COL32's byte order in memory (R, G, B, A
// at increasing addresses). Without `alpha` the file is RGB (colour type 2) and alpha is dropped.
std::string encode_png(int w, int h, const std::uint32_t* rgba, bool alpha);

// RFC 4648 base64 with padding; "data:<mime>;base64,…" around it.
std::string base64(std::string_view bytes);
std::string data_url(std::string_view mime, std::string_view bytes);

}  // namespace posenc::app
