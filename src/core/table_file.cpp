#include "table_file.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace posenc::core {
namespace {

TableFile fail(std::string format, std::vector<std::string> args = {}) {
  TableFile t;
  t.error = {std::move(format), std::move(args)};
  return t;
}

// `e` said of a source: ".npy: …" or "text: …" (each its own sentence in the catalogue).
TableFile fail_in(const char* source, Message e) { return fail(source + std::string(": ") + e.format, std::move(e.args)); }

Message check_shape(long rows, long cols) {
  if (rows < 1 || cols < 1) return {"the table is empty", {}};
  if (rows > kMaxTableRows) return {"too many rows ({0}; at most 8192)", {std::to_string(rows)}};
  if (cols > kMaxTableCols) return {"too many columns ({0}; at most 4096)", {std::to_string(cols)}};
  if (rows * cols > kMaxTableCells) return {"too many values ({0}; at most 4194304)", {std::to_string(rows * cols)}};
  return {};
}

Message check_finite(const Eigen::MatrixXd& m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      if (!std::isfinite(m(r, c)))
        return {std::isnan(m(r, c)) ? "value at row {0}, column {1} is NaN; a position table has only finite values"
                                    : "value at row {0}, column {1} is infinite; a position table has only finite values",
                {std::to_string(r), std::to_string(c)}};
  return {};
}

// The value of `key` in NumPy's header dict, e.g. 'descr': '<f8' → <f8 (quotes removed).
bool header_value(std::string_view header, std::string_view key, std::string& out) {
  const std::string quoted = "'" + std::string(key) + "'";
  size_t at = header.find(quoted);
  if (at == std::string_view::npos) return false;
  at = header.find(':', at + quoted.size());
  if (at == std::string_view::npos) return false;
  ++at;
  while (at < header.size() && header[at] == ' ') ++at;
  if (at >= header.size()) return false;
  size_t end;
  if (header[at] == '\'') {
    end = header.find('\'', at + 1);
    if (end == std::string_view::npos) return false;
    out = std::string(header.substr(at + 1, end - at - 1));
  } else if (header[at] == '(') {
    end = header.find(')', at);
    if (end == std::string_view::npos) return false;
    out = std::string(header.substr(at + 1, end - at - 1));
  } else {
    end = header.find_first_of(",}", at);
    if (end == std::string_view::npos) return false;
    out = std::string(header.substr(at, end - at));
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }
  return true;
}

double read_scalar(const std::uint8_t* p, int size, bool big_endian) {
  std::uint8_t b[8];
  for (int i = 0; i < size; ++i) b[i] = big_endian ? p[size - 1 - i] : p[i];
  if (size == 8) {
    double v;
    std::memcpy(&v, b, 8);
    return v;
  }
  float f;
  std::memcpy(&f, b, 4);
  return f;
}

}  // namespace

TableFile parse_npy(const std::uint8_t* bytes, std::size_t size) {
  static const std::uint8_t magic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (size < 10 || std::memcmp(bytes, magic, 6) != 0) return fail(".npy: not a NumPy file (bad magic bytes)");
  const int major = bytes[6];
  if (major < 1 || major > 3) return fail(".npy: unsupported format version {0}", {std::to_string(major)});
  const std::size_t len_bytes = major == 1 ? 2 : 4;
  if (size < 8 + len_bytes) return fail(".npy: truncated header");
  std::size_t header_len = 0;
  for (std::size_t i = 0; i < len_bytes; ++i) header_len |= static_cast<std::size_t>(bytes[8 + i]) << (8 * i);
  const std::size_t data_start = 8 + len_bytes + header_len;
  if (header_len > 65536 || data_start > size) return fail(".npy: truncated or oversized header");
  const std::string_view header(reinterpret_cast<const char*>(bytes + 8 + len_bytes), header_len);
  std::string descr, fortran, shape;
  if (!header_value(header, "descr", descr) || !header_value(header, "fortran_order", fortran) ||
      !header_value(header, "shape", shape))
    return fail(".npy: the header lacks descr, fortran_order or shape");
  int item = 0;
  bool big = false;
  if (descr == "<f8" || descr == "|f8" || descr == "=f8") item = 8;
  else if (descr == "<f4" || descr == "|f4" || descr == "=f4") item = 4;
  else if (descr == ">f8") item = 8, big = true;
  else if (descr == ">f4") item = 4, big = true;
  else return fail(".npy: dtype '{0}' is not float32 or float64; save with .astype(np.float64)", {descr.substr(0, 16)});
  if (fortran != "True" && fortran != "False") return fail(".npy: fortran_order must be True or False");
  long dims[2] = {0, 0};
  int n = 0;
  const char* s = shape.c_str();
  while (*s) {
    while (*s == ' ' || *s == ',') ++s;
    if (!*s) break;
    if (!std::isdigit(static_cast<unsigned char>(*s)) || n == 2)
      return fail(".npy: shape ({0}) must be two whole numbers: a len × d table", {shape.substr(0, 32)});
    char* end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (v > 1000000000L) return fail(".npy: shape too large");
    dims[n++] = v;
    s = end;
  }
  if (n != 2) return fail(".npy: shape ({0}) must have two dimensions: a len × d table", {shape.substr(0, 32)});
  if (Message e = check_shape(dims[0], dims[1]); !e.empty()) return fail_in(".npy", std::move(e));
  const std::size_t need = static_cast<std::size_t>(dims[0] * dims[1]) * item;
  if (size - data_start < need)
    return fail(".npy: truncated data ({0} bytes, the shape needs {1})", {std::to_string(size - data_start), std::to_string(need)});
  TableFile t;
  t.data.resize(dims[0], dims[1]);
  const std::uint8_t* p = bytes + data_start;
  const bool column_major = fortran == "True";
  for (long k = 0; k < dims[0] * dims[1]; ++k) {
    const long r = column_major ? k % dims[0] : k / dims[1];
    const long c = column_major ? k / dims[0] : k % dims[1];
    t.data(r, c) = read_scalar(p + k * item, item, big);
  }
  if (Message e = check_finite(t.data); !e.empty()) return fail_in(".npy", std::move(e));
  return t;
}

TableFile parse_csv(std::string_view text) {
  std::vector<double> values;
  long cols = -1, rows = 0;
  std::size_t pos = 0;
  int line_no = 0;
  bool header_skipped = false;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(pos, nl - pos));
    pos = nl + 1;
    ++line_no;
    for (char& ch : line)
      if (ch == ',' || ch == ';' || ch == '\t' || ch == '\r' || ch == '[' || ch == ']') ch = ' ';
    const char* s = line.c_str();
    std::vector<double> row;
    bool bad = false;
    while (*s) {
      while (*s == ' ') ++s;
      if (!*s) break;
      char* end = nullptr;
      const double v = std::strtod(s, &end);
      if (end == s) {
        bad = true;
        break;
      }
      row.push_back(v);
      s = end;
      if (*s && *s != ' ') {
        bad = true;
        break;
      }
    }
    if (bad) {
      if (rows == 0 && !header_skipped) {  // a header line of column names
        header_skipped = true;
        continue;
      }
      return fail("text, line {0}: not a number list", {std::to_string(line_no)});
    }
    if (row.empty()) continue;
    if (cols < 0) cols = static_cast<long>(row.size());
    if (static_cast<long>(row.size()) != cols)
      return fail("text, line {0}: {1} values, but the first row has {2}",
                  {std::to_string(line_no), std::to_string(row.size()), std::to_string(cols)});
    if (Message e = check_shape(rows + 1, cols); !e.empty()) return fail_in("text", std::move(e));
    values.insert(values.end(), row.begin(), row.end());
    ++rows;
  }
  if (rows == 0) return fail("text: no numbers found");
  TableFile t;
  t.data = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(values.data(), rows, cols);
  if (Message e = check_finite(t.data); !e.empty()) return fail_in("text", std::move(e));
  return t;
}

TableFile parse_table(const std::uint8_t* bytes, std::size_t size) {
  if (size >= 6 && bytes[0] == 0x93 && std::memcmp(bytes + 1, "NUMPY", 5) == 0) return parse_npy(bytes, size);
  if (size > 64L * 1024 * 1024) return fail("text: file too large (at most 64 MB)");
  return parse_csv(std::string_view(reinterpret_cast<const char*>(bytes), size));
}

std::string write_npy(const Eigen::MatrixXd& m) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(m.rows()) + ", " +
                       std::to_string(m.cols()) + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';  // data starts 64-byte aligned
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>((header.size() >> 8) & 0xFF);
  out += header;
  const std::size_t start = out.size();
  out.resize(start + 8 * static_cast<std::size_t>(m.size()));
  std::size_t k = 0;
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c, ++k) {
      const double v = m(r, c);  // little-endian hosts (x86, WebAssembly)
      std::memcpy(&out[start + 8 * k], &v, 8);
    }
  return out;
}

std::string write_csv(const Eigen::MatrixXd& m) {
  std::string out;
  char buf[40];
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      std::snprintf(buf, sizeof buf, "%.17g", m(r, c));
      if (c) out += ',';
      out += buf;
    }
    out += '\n';
  }
  return out;
}

}  // namespace posenc::core
