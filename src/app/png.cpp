#include "png.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

namespace posenc::app {
namespace {

// Writes bit fields least significant bit first, as deflate packs its data elements (RFC 1951 §3.1.1).
class BitWriter {
 public:
  explicit BitWriter(std::string& out) : out_(out) {}
  void bits(unsigned value, int count) {
    acc_ |= static_cast<std::uint64_t>(value) << used_;
    used_ += count;
    while (used_ >= 8) {
      out_ += static_cast<char>(acc_ & 0xFF);
      acc_ >>= 8;
      used_ -= 8;
    }
  }
  // A Huffman code, whose bits go most significant first (§3.1.1).
  void code(unsigned code, int length) {
    unsigned reversed = 0;
    for (int i = 0; i < length; ++i) reversed |= ((code >> i) & 1u) << (length - 1 - i);
    bits(reversed, length);
  }
  void flush() {
    if (used_ > 0) out_ += static_cast<char>(acc_ & 0xFF);
    acc_ = 0;
    used_ = 0;
  }

 private:
  std::string& out_;
  std::uint64_t acc_ = 0;
  int used_ = 0;
};

// The fixed literal/length code of RFC 1951 §3.2.6: 0–143 in 8 bits from 00110000, 144–255 in 9 bits from
// 110010000, 256–279 in 7 bits from 0000000, 280–287 in 8 bits from 11000000.
void literal_code(BitWriter& w, unsigned symbol) {
  if (symbol <= 143)
    w.code(0x30 + symbol, 8);
  else if (symbol <= 255)
    w.code(0x190 + symbol - 144, 9);
  else if (symbol <= 279)
    w.code(symbol - 256, 7);
  else
    w.code(0xC0 + symbol - 280, 8);
}

// Length codes 257–285 and distance codes 0–29: their smallest value and extra bits (RFC 1951 §3.2.5).
constexpr std::array<unsigned short, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                        15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                        67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<unsigned char, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                        2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<unsigned short, 30> kDistanceBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<unsigned char, 30> kDistanceExtra = {
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void match_code(BitWriter& w, unsigned length, unsigned distance) {
  int l = static_cast<int>(kLengthBase.size()) - 1;
  while (kLengthBase[l] > length) --l;
  literal_code(w, 257 + l);
  w.bits(length - kLengthBase[l], kLengthExtra[l]);
  int d = static_cast<int>(kDistanceBase.size()) - 1;
  while (kDistanceBase[d] > distance) --d;
  w.code(static_cast<unsigned>(d), 5);  // fixed 5-bit distance codes (§3.2.6)
  w.bits(distance - kDistanceBase[d], kDistanceExtra[d]);
}

// A 32 KB window searched through hash chains of three-byte prefixes (the scheme RFC 1951 §4 describes),
// each chain followed at most kChain links: figures are flat colours and repeated rows, where the first
// candidates already match far.
constexpr unsigned kWindow = 32768, kMinMatch = 3, kMaxMatch = 258, kHashBits = 15, kChain = 24;

unsigned hash3(const unsigned char* p) {
  return ((p[0] << 10) ^ (p[1] << 5) ^ p[2]) & ((1u << kHashBits) - 1);
}

void deflate_fixed(const unsigned char* data, std::size_t size, BitWriter& w) {
  w.bits(1, 1);  // BFINAL: one block
  w.bits(1, 2);  // BTYPE 01: fixed Huffman codes
  std::vector<int> head(std::size_t{1} << kHashBits, -1);
  std::vector<int> prev(kWindow, -1);
  const auto insert = [&](std::size_t at) {
    const unsigned h = hash3(data + at);
    prev[at % kWindow] = head[h];
    head[h] = static_cast<int>(at);
  };
  std::size_t i = 0;
  while (i < size) {
    unsigned best_len = 0, best_dist = 0;
    if (i + kMinMatch <= size) {
      const std::size_t limit = std::min<std::size_t>(kMaxMatch, size - i);
      int candidate = head[hash3(data + i)];
      for (unsigned links = 0; candidate >= 0 && links < kChain; ++links) {
        const std::size_t from = static_cast<std::size_t>(candidate);
        if (i - from > kWindow - 1) break;
        std::size_t n = 0;
        while (n < limit && data[from + n] == data[i + n]) ++n;
        if (n > best_len) {
          best_len = static_cast<unsigned>(n);
          best_dist = static_cast<unsigned>(i - from);
          if (n == limit) break;
        }
        const int next = prev[from % kWindow];
        if (next >= candidate) break;  // the slot was reused by a newer position: the chain ends here
        candidate = next;
      }
    }
    if (best_len >= kMinMatch) {
      match_code(w, best_len, best_dist);
      const std::size_t end = i + best_len;
      for (; i < end; ++i)
        if (i + kMinMatch <= size) insert(i);
    } else {
      literal_code(w, data[i]);
      if (i + kMinMatch <= size) insert(i);
      ++i;
    }
  }
  literal_code(w, 256);  // end of block
}

std::uint32_t adler32(const unsigned char* data, std::size_t size) {
  std::uint32_t a = 1, b = 0;
  for (std::size_t i = 0; i < size;) {
    const std::size_t end = std::min(size, i + 5552);  // sums stay below 2³² between reductions
    for (; i < end; ++i) {
      a += data[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b << 16) | a;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

// CRC-32 of PNG chunks (W3C PNG specification, annex D: polynomial 0xEDB88320, reflected).
std::uint32_t crc32(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// A chunk: length, type, data, CRC of type and data (PNG specification §5.3).
void chunk(std::string& out, const char* type, std::string_view data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::string typed = std::string(type, 4) + std::string(data);
  out += typed;
  put_u32(out, crc32(typed));
}

// The Paeth predictor (PNG specification §9.4).
int paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

}  // namespace

std::string zlib_compress(const unsigned char* data, std::size_t size) {
  std::string out;
  out.reserve(size / 4 + 64);
  // CMF 0x78: deflate with a 32 KB window; FLG 0x01 makes CMF·256 + FLG a multiple of 31 (RFC 1950 §2.2).
  out += '\x78';
  out += '\x01';
  BitWriter w(out);
  deflate_fixed(data, size, w);
  w.flush();
  put_u32(out, adler32(data, size));
  return out;
}

std::string encode_png(int w, int h, const std::uint32_t* rgba, bool alpha) {
  w = std::max(w, 0);
  h = std::max(h, 0);
  const std::size_t channels = alpha ? 4 : 3, stride = static_cast<std::size_t>(w) * channels;
  // Each row with the filter (None, Sub, Up, Paeth) whose output has the least sum of absolute values
  // (the heuristic of the PNG specification §12.8); Average seldom wins on flat figures.
  std::vector<unsigned char> raw(static_cast<std::size_t>(h) * (stride + 1));
  std::vector<unsigned char> row(stride), above(stride, 0);
  std::array<std::vector<unsigned char>, 4> tried;
  for (auto& t : tried) t.resize(stride);
  constexpr unsigned char kFilters[4] = {0, 1, 2, 4};
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const std::uint32_t c = rgba[static_cast<std::size_t>(y) * w + x];
      for (std::size_t k = 0; k < channels; ++k) row[x * channels + k] = (c >> (8 * k)) & 0xFF;
    }
    long best_cost = -1;
    int best = 0;
    for (int f = 0; f < 4; ++f) {
      long cost = 0;
      for (std::size_t i = 0; i < stride; ++i) {
        const int a = i >= channels ? row[i - channels] : 0, b = above[i],
                  c = i >= channels ? above[i - channels] : 0;
        const int predicted = kFilters[f] == 0   ? 0
                              : kFilters[f] == 1 ? a
                              : kFilters[f] == 2 ? b
                                                 : paeth(a, b, c);
        const unsigned char v = static_cast<unsigned char>(row[i] - predicted);
        tried[f][i] = v;
        cost += v < 128 ? v : 256 - v;
      }
      if (best_cost < 0 || cost < best_cost) {
        best_cost = cost;
        best = f;
      }
    }
    unsigned char* out = raw.data() + static_cast<std::size_t>(y) * (stride + 1);
    out[0] = kFilters[best];
    std::copy(tried[best].begin(), tried[best].end(), out + 1);
    above.swap(row);
  }
  std::string png("\x89PNG\r\n\x1A\n", 8);  // the signature (PNG specification §5.2)
  std::string ihdr;
  put_u32(ihdr, static_cast<std::uint32_t>(w));
  put_u32(ihdr, static_cast<std::uint32_t>(h));
  ihdr += '\x08';                   // bit depth
  ihdr += alpha ? '\x06' : '\x02';  // colour type: truecolour with alpha, or truecolour
  ihdr += std::string(3, '\0');     // compression 0 (deflate), filter method 0, no interlace
  chunk(png, "IHDR", ihdr);
  chunk(png, "IDAT", zlib_compress(raw.data(), raw.size()));
  chunk(png, "IEND", {});
  return png;
}

std::string base64(std::string_view bytes) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k)
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kDigits[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

std::string data_url(std::string_view mime, std::string_view bytes) {
  return "data:" + std::string(mime) + ";base64," + base64(bytes);
}

}  // namespace posenc::app
