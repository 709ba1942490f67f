// Reading a learner's table from a .npy file (NumPy's format, float32/float64, C or Fortran order) or
// from comma/space separated text. Strict and bounded: a malformed, truncated, huge or non-finite
// input gives a readable error, never a crash or an unbounded allocation.
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

TableFile parse_npy(const std::uint8_t* bytes, std::size_t size);
TableFile parse_csv(std::string_view text);
// .npy by its magic bytes, text otherwise.
TableFile parse_table(const std::uint8_t* bytes, std::size_t size);

// Writers: a .npy file (float64, C order, format 1.0) and comma-separated text with full precision.
std::string write_npy(const Eigen::MatrixXd& m);
std::string write_csv(const Eigen::MatrixXd& m);

}  // namespace posenc::core
