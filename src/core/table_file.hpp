// Reading a learner's table from a .npy file (NumPy's format, float32/float64, C or Fortran order) or
// from comma/space separated text, and a RoPE cos/sin cache saved as one (2, len, dim) array or pasted
// as two blocks of text. Strict and bounded: a malformed, truncated, huge or non-finite input gives a
// readable error, never a crash or an unbounded allocation.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "message.hpp"

namespace posenc::core {

struct TableFile {
  Eigen::MatrixXd data;
  Message error;  // non-empty: nothing was read (in English; the interface translates it)
  bool ok() const { return error.empty(); }
};

constexpr long kMaxTableRows = 8192, kMaxTableCols = 4096, kMaxTableCells = 1L << 22;

// How large a binary table may be: rows and columns of each table, values of the whole array. The page
// and the JS API read the defaults (kMaxTableCells values: 32 MB as float64); posenc-check reads a cache
// as long as the longest context of the presets (kLongCacheLimits: 131 072 rows, 2^25 values in all —
// 256 MB as float64). Text is always read within the defaults.
struct TableLimits {
  long rows = kMaxTableRows, cols = kMaxTableCols, cells = kMaxTableCells;
};
constexpr TableLimits kTableLimits{};
constexpr TableLimits kLongCacheLimits{131072, kMaxTableCols, 1L << 25};

TableFile parse_npy(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits = kTableLimits);
TableFile parse_csv(std::string_view text);
// .npy by its magic bytes, text otherwise.
TableFile parse_table(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits = kTableLimits);

// Two tables of one shape from one input, as a RoPE cache is saved: cos (`first`), then sin (`second`).
// From parse_cache_file, `pair` false means the input held one table (in `first`), for the caller to
// pair with another file.
struct TablePair {
  Eigen::MatrixXd first, second;
  bool pair = false;
  Message error;  // non-empty: nothing was read (in English; the interface translates it)
  bool ok() const { return error.empty(); }
};

// A .npy array of shape (2, len, dim): [0] is cos, [1] sin (np.save("rope.npy", np.stack([cos, sin]))).
// The caps above hold for each table, and kMaxTableCells for the whole array.
TablePair parse_npy_pair(const std::uint8_t* bytes, std::size_t size,
                         const TableLimits& limits = kTableLimits);
// Text in exactly two blocks separated by blank lines — the cos rows, then the sin rows — each read as
// parse_csv reads a table (a header line each allowed), of one shape.
TablePair parse_csv_pair(std::string_view text);
// The number of dimensions a .npy file's header gives its array; 0 when it is not a readable .npy header.
int npy_rank(const std::uint8_t* bytes, std::size_t size);
// A learner's cache file, whatever it holds: a .safetensors → parse_safetensors (safetensors.hpp); a 3-D
// .npy → parse_npy_pair; text with two or more blocks
// → parse_csv_pair; anything else → parse_table (one table, `pair` false).
TablePair parse_cache_file(const std::uint8_t* bytes, std::size_t size,
                           const TableLimits& limits = kTableLimits);

// Writers: a .npy file (float64, C order, format 1.0) and comma-separated text with full precision.
std::string write_npy(const Eigen::MatrixXd& m);
std::string write_csv(const Eigen::MatrixXd& m);

}  // namespace posenc::core
