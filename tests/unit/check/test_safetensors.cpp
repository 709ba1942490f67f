// .safetensors caches, written here byte by byte (the format: an 8-byte little-endian header length, the
// JSON header, the data): cos and sin by name in float32, bfloat16 and float16, one (2, 1, len, dim)
// tensor, and hostile headers — each refused with a message naming what is wrong, never read past.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/safetensors.hpp"
#include "core/table_file.hpp"

using namespace posenc::core;

namespace {

std::string file(const std::string& header, const std::string& data) {
  std::string out(8, '\0');
  std::uint64_t n = header.size();
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((n >> (8 * i)) & 255);
  return out + header + data;
}

std::string floats(const std::vector<float>& v) {
  std::string s(v.size() * 4, '\0');
  std::memcpy(s.data(), v.data(), s.size());
  return s;
}

std::string halves(const std::vector<std::uint16_t>& v) {
  std::string s(v.size() * 2, '\0');
  std::memcpy(s.data(), v.data(), s.size());
  return s;
}

TablePair read(const std::string& f) {
  return parse_cache_file(reinterpret_cast<const std::uint8_t*>(f.data()), f.size());
}

std::string error_of(const std::string& f) {
  const TablePair p = read(f);
  CHECK_FALSE(p.ok());
  CHECK(p.first.size() == 0);
  return p.error.english();
}

}  // namespace

TEST_CASE("safetensors: cos and sin by name, in float32, bfloat16 and float16; one stacked tensor") {
  const std::string f32 = file(
      R"({"__metadata__": {"format": "pt"},
          "sin_cached": {"dtype": "F32", "shape": [1, 2, 2], "data_offsets": [16, 32]},
          "cos_cached": {"dtype": "F32", "shape": [1, 2, 2], "data_offsets": [0, 16]}})",
      floats({1, 1, 0.5f, 0.25f}) + floats({0, 0, 0.75f, -0.5f}));
  const TablePair a = read(f32);
  REQUIRE(a.ok());
  CHECK(a.pair);
  CHECK(a.first.rows() == 2);
  CHECK(a.first.cols() == 2);
  CHECK(a.first(1, 1) == 0.25);
  CHECK(a.second(1, 0) == 0.75);
  // bfloat16 (1.0 = 0x3F80, 0.5 = 0x3F00) and float16 (1.0 = 0x3C00, −2 = 0xC000).
  const TablePair b = read(file(R"({"cos": {"dtype": "BF16", "shape": [1, 2], "data_offsets": [0, 4]},
                                   "sin": {"dtype": "F16", "shape": [1, 2], "data_offsets": [4, 8]}})",
                                halves({0x3F80, 0x3F00}) + halves({0x3C00, 0xC000})));
  REQUIRE(b.ok());
  CHECK(b.first(0, 1) == 0.5);
  CHECK(b.second(0, 1) == -2.0);
  // One tensor (2, 1, len, dim): cos, then sin.
  const TablePair c =
      read(file(R"({"rope": {"dtype": "F32", "shape": [2, 1, 1, 3], "data_offsets": [0, 24]}})",
                floats({1, 1, 1, 0, 0, 0})));
  REQUIRE(c.ok());
  CHECK(c.first.cols() == 3);
  CHECK(c.second(0, 2) == 0.0);
}

TEST_CASE("safetensors: hostile files get a message, never a read past the data") {
  const std::string two = floats({1, 0});
  // The header's length past the file; a header that is not JSON; not an object.
  std::string past = file("{}", "");
  past[0] = static_cast<char>(200);
  error_of(past);  // its length does not fit, so it is not taken for safetensors: read as a table, refused
  CHECK(parse_safetensors(reinterpret_cast<const std::uint8_t*>(past.data()), past.size())
            .error.english()
            .find("the header claims 200 bytes but the file has 2") != std::string::npos);
  CHECK(error_of(file("{\"a\": ", "")).find("not valid JSON") != std::string::npos);
  // Offsets out of range, backwards, overlapping; a size that does not fit the shape; a claimed 4 GB shape.
  CHECK(error_of(file(R"({"cos": {"dtype": "F32", "shape": [2], "data_offsets": [0, 80]},
                          "sin": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})",
                      two))
            .find("outside the 8 bytes of data") != std::string::npos);
  CHECK(error_of(file(R"({"cos": {"dtype": "F32", "shape": [0], "data_offsets": [8, 0]}})", two))
            .find("run backwards") != std::string::npos);
  CHECK(error_of(file(R"({"cos": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                          "sin": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}})",
                      two))
            .find("overlap") != std::string::npos);
  CHECK(error_of(file(R"({"cos": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}})", two))
            .find("holds 8 bytes, but a F32 tensor of its shape needs 12") != std::string::npos);
  CHECK(error_of(file(R"({"cos": {"dtype": "F32", "shape": [1073741824, 1], "data_offsets": [0, 8]}})", two))
            .find("needs 4294967296") != std::string::npos);
  // An unknown dtype, missing fields, no names to pick by, too many axes.
  CHECK(error_of(file(R"({"cos": {"dtype": "I64", "shape": [1], "data_offsets": [0, 8]},
                          "sin": {"dtype": "I64", "shape": [1], "data_offsets": [0, 0]}})",
                      two))
            .find("'cos' is I64; float64, float32, float16 and bfloat16 are read") != std::string::npos);
  CHECK(error_of(file(R"({"cos": {"shape": [1]}})", two)).find("lacks a dtype") != std::string::npos);
  CHECK(error_of(file(R"({"weight": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})", two))
            .find("found 'weight'; name the tensors cos and sin") != std::string::npos);
  CHECK(error_of(file(R"({"__metadata__": {}})", two)).find("holds no tensor") != std::string::npos);
}
