#include "table_file.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "safetensors.hpp"

namespace posenc::core {
namespace {

TableFile fail(std::string format, std::vector<std::string> args = {}) {
  TableFile t;
  t.error = {std::move(format), std::move(args)};
  return t;
}

// Where a table came from, as its messages begin: ".npy: …" or "text: …".
enum class Source { Npy, Text };
const char* in(Source s) { return s == Source::Npy ? ".npy: {0}" : "text: {0}"; }

// `e` said of a source.
TableFile fail_in(Source source, Message e) {
  TableFile t;
  t.error = within(in(source), std::move(e));
  return t;
}

Message check_shape(long rows, long cols, const TableLimits& limits = kTableLimits) {
  if (rows < 1 || cols < 1) return {"the table is empty", {}};
  if (rows > limits.rows)
    return {"too many rows ({0}; at most {1})", {std::to_string(rows), std::to_string(limits.rows)}};
  if (cols > limits.cols)
    return {"too many columns ({0}; at most {1})", {std::to_string(cols), std::to_string(limits.cols)}};
  if (rows * cols > limits.cells)
    return {"too many values ({0}; at most {1})",
            {std::to_string(rows * cols), std::to_string(limits.cells)}};
  return {};
}

Message check_finite(const Eigen::MatrixXd& m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      if (!std::isfinite(m(r, c)))
        return {std::isnan(m(r, c))
                    ? "value at row {0}, column {1} is NaN; a position table has only finite values"
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

// One value of a .npy: float64, float32, float16, or bfloat16 saved as uint16 (its bits; `bf16`).
double read_scalar(const std::uint8_t* p, int size, bool big_endian, bool bf16 = false) {
  std::uint8_t b[8];
  for (int i = 0; i < size; ++i) b[i] = big_endian ? p[size - 1 - i] : p[i];
  if (size == 2) {
    const unsigned bits = b[0] | (unsigned(b[1]) << 8);
    if (bf16) {  // the upper half of a float32
      const std::uint32_t u = std::uint32_t(bits) << 16;
      float f;
      std::memcpy(&f, &u, 4);
      return f;
    }
    // IEEE half: 1 sign, 5 exponent, 10 fraction bits.
    const int exponent = (bits >> 10) & 31, fraction = bits & 1023;
    const double sign = bits & 0x8000 ? -1 : 1;
    if (exponent == 0) return sign * std::ldexp(fraction, -24);
    if (exponent == 31) return fraction ? std::nan("") : sign * INFINITY;
    return sign * std::ldexp(1024 + fraction, exponent - 25);
  }
  if (size == 8) {
    double v;
    std::memcpy(&v, b, 8);
    return v;
  }
  float f;
  std::memcpy(&f, b, 4);
  return f;
}

// A .npy file's header and where its data lie, for an array of `rank` dimensions (2: a table;
// 3: a stack of tables). Errors name what is wrong, in the words of `what` ("a len × d table").
struct Npy {
  Message error;
  long dims[3] = {0, 0, 0};
  int item = 0;
  bool big = false, column_major = false, bf16 = false;
  const std::uint8_t* data = nullptr;
};

Npy read_npy(const std::uint8_t* bytes, std::size_t size, int rank, const TableLimits& limits) {
  Npy out;
  const auto fail_with = [&](std::string format, std::vector<std::string> args = {}) {
    out.error = {std::move(format), std::move(args)};
    return out;
  };
  static const std::uint8_t magic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (size < 10 || std::memcmp(bytes, magic, 6) != 0)
    return fail_with(".npy: not a NumPy file (bad magic bytes)");
  const int major = bytes[6];
  if (major < 1 || major > 3)
    return fail_with(".npy: unsupported format version {0}", {std::to_string(major)});
  const std::size_t len_bytes = major == 1 ? 2 : 4;
  if (size < 8 + len_bytes) return fail_with(".npy: truncated header");
  std::size_t header_len = 0;
  for (std::size_t i = 0; i < len_bytes; ++i) header_len |= static_cast<std::size_t>(bytes[8 + i]) << (8 * i);
  const std::size_t data_start = 8 + len_bytes + header_len;
  if (header_len > 65536 || data_start > size) return fail_with(".npy: truncated or oversized header");
  const std::string_view header(reinterpret_cast<const char*>(bytes + 8 + len_bytes), header_len);
  std::string descr, fortran, shape;
  if (!header_value(header, "descr", descr) || !header_value(header, "fortran_order", fortran) ||
      !header_value(header, "shape", shape))
    return fail_with(".npy: the header lacks descr, fortran_order or shape");
  if (descr == "<f8" || descr == "|f8" || descr == "=f8")
    out.item = 8;
  else if (descr == "<f4" || descr == "|f4" || descr == "=f4")
    out.item = 4;
  else if (descr == ">f8")
    out.item = 8, out.big = true;
  else if (descr == ">f4")
    out.item = 4, out.big = true;
  else if (descr == "<f2" || descr == "|f2" || descr == "=f2" || descr == ">f2")
    out.item = 2, out.big = descr[0] == '>';
  else if (descr == "<u2" || descr == "|u2" || descr == "=u2" || descr == ">u2")  // bfloat16's bits, as
    out.item = 2, out.big = descr[0] == '>', out.bf16 = true;  // tensor.view(torch.int16).numpy() gives
  else
    return fail_with(
        ".npy: dtype '{0}' is not float16, float32 or float64 (or bfloat16 saved as uint16); save "
        "with .astype(np.float64)",
        {descr.substr(0, 16)});
  if (fortran != "True" && fortran != "False") return fail_with(".npy: fortran_order must be True or False");
  out.column_major = fortran == "True";
  const char* wrong_count =
      rank == 2 ? ".npy: shape ({0}) must be two whole numbers: a len × d table"
                : ".npy: shape ({0}) must be three whole numbers: (2, len, dim), cos then sin";
  // Axes of size 1 beyond the rank wanted are dropped ((2, 1, len, dim), as stacking cos[None] gives).
  long all[8];
  int given = 0;
  const char* s = shape.c_str();
  while (*s) {
    while (*s == ' ' || *s == ',') ++s;
    if (!*s) break;
    if (!std::isdigit(static_cast<unsigned char>(*s)) || given == 8)
      return fail_with(wrong_count, {shape.substr(0, 32)});
    char* end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (v > 1000000000L) return fail_with(".npy: shape too large");
    all[given++] = v;
    s = end;
  }
  int n = 0;
  for (int k = 0, extra = given - rank; k < given; ++k) {
    if (extra > 0 && all[k] == 1) {
      --extra;
      continue;
    }
    if (n == rank) return fail_with(wrong_count, {shape.substr(0, 32)});
    out.dims[n++] = all[k];
  }
  if (n != rank)
    return fail_with(rank == 2 ? ".npy: shape ({0}) must have two dimensions: a len × d table"
                               : ".npy: shape ({0}) must have three dimensions: (2, len, dim), cos then sin",
                     {shape.substr(0, 32)});
  long rows = out.dims[0], cols = out.dims[1];
  if (rank == 3) {
    if (out.dims[0] != 2)
      return fail_with(
          ".npy: shape ({0}) stacks {1} tables; a cos/sin cache stacks two: (2, len, dim), cos then sin",
          {shape.substr(0, 32), std::to_string(out.dims[0])});
    rows = out.dims[1], cols = out.dims[2];
  }
  if (Message e = check_shape(rows, cols, limits); !e.empty()) {
    out.error = within(in(Source::Npy), std::move(e));
    return out;
  }
  const long count = rows * cols * (rank == 3 ? 2 : 1);
  if (count > limits.cells)
    return fail_with(".npy: too many values ({0}; at most {1})",
                     {std::to_string(count), std::to_string(limits.cells)});
  const std::size_t need = static_cast<std::size_t>(count) * out.item;
  if (size - data_start < need)
    return fail_with(".npy: truncated data ({0} bytes, the shape needs {1})",
                     {std::to_string(size - data_start), std::to_string(need)});
  out.data = bytes + data_start;
  return out;
}

// The table `which` of a read .npy (0 for a 2-D file; 0 or 1 of a (2, len, dim) stack).
Eigen::MatrixXd npy_table(const Npy& f, int rank, int which) {
  const long rows = rank == 3 ? f.dims[1] : f.dims[0], cols = rank == 3 ? f.dims[2] : f.dims[1];
  const long stack = rank == 3 ? 2 : 1;
  Eigen::MatrixXd m(rows, cols);
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) {
      // C order: the last index runs fastest; Fortran order: the first.
      const long k = f.column_major ? which + stack * (r + rows * c) : (which * rows + r) * cols + c;
      m(r, c) = read_scalar(f.data + k * f.item, f.item, f.big, f.bf16);
    }
  return m;
}

}  // namespace

TableFile parse_npy(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits) {
  const Npy f = read_npy(bytes, size, 2, limits);
  if (!f.error.empty()) {
    TableFile t;
    t.error = f.error;
    return t;
  }
  TableFile t;
  t.data = npy_table(f, 2, 0);
  if (Message e = check_finite(t.data); !e.empty()) return fail_in(Source::Npy, std::move(e));
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
    if (Message e = check_shape(rows + 1, cols); !e.empty()) return fail_in(Source::Text, std::move(e));
    values.insert(values.end(), row.begin(), row.end());
    ++rows;
  }
  if (rows == 0) return fail("text: no numbers found");
  TableFile t;
  t.data = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      values.data(), rows, cols);
  if (Message e = check_finite(t.data); !e.empty()) return fail_in(Source::Text, std::move(e));
  return t;
}

namespace {

// A non-finite value said of the table `name` ("cos" or "sin") of a pair read from `source`: `e` is
// check_finite's message within the source's (or a reader's, passed on as it is).
Message name_table(Message e, Source source, const char* name) {
  if (e.inner.size() != 1 || e.inner[0].format.find("value at row {0}, column {1}") == std::string::npos)
    return e;
  const Message& v = e.inner[0];
  const bool nan = v.format.find("NaN") != std::string::npos;
  return within(in(source),
                {nan ? "the {0} table's value at row {1}, column {2} is NaN; a cos/sin cache has "
                       "only finite values"
                     : "the {0} table's value at row {1}, column {2} is infinite; a cos/sin cache "
                       "has only finite values",
                 {name, v.args.at(0), v.args.at(1)}});
}

TablePair fail_pair(Message e) {
  TablePair p;
  p.error = std::move(e);
  return p;
}

// Whether a text line holds nothing but white space.
bool blank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

// How many blocks of non-blank lines `text` holds; `second`: where the second begins (npos: none).
int count_blocks(std::string_view text, std::size_t& second) {
  int blocks = 0;
  bool in_block = false;
  second = std::string_view::npos;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const bool empty = blank(text.substr(pos, nl - pos));
    if (!empty && !in_block && ++blocks == 2) second = pos;
    in_block = !empty;
    pos = nl + 1;
  }
  return blocks;
}

}  // namespace

TablePair parse_npy_pair(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits) {
  const Npy f = read_npy(bytes, size, 3, limits);
  if (!f.error.empty()) return fail_pair(f.error);
  TablePair p;
  p.pair = true;
  p.first = npy_table(f, 3, 0);
  p.second = npy_table(f, 3, 1);
  if (Message e = check_finite(p.first); !e.empty())
    return fail_pair(name_table(within(in(Source::Npy), std::move(e)), Source::Npy, "cos"));
  if (Message e = check_finite(p.second); !e.empty())
    return fail_pair(name_table(within(in(Source::Npy), std::move(e)), Source::Npy, "sin"));
  return p;
}

TablePair parse_csv_pair(std::string_view text) {
  std::size_t split = 0;
  const int blocks = count_blocks(text, split);
  if (blocks != 2)
    return fail_pair(
        {"text: {0} block(s) of numbers; a cos/sin cache pasted as text has two: the cos rows, a blank line, "
         "the sin rows",
         {std::to_string(blocks)}});
  // The sin block keeps its line numbers: the lines before it are passed on as empty lines.
  const std::string_view cos_text = text.substr(0, split);
  std::string sin_text(static_cast<std::size_t>(std::count(cos_text.begin(), cos_text.end(), '\n')), '\n');
  sin_text += text.substr(split);
  TableFile c = parse_csv(cos_text);
  if (!c.ok()) return fail_pair(name_table(std::move(c.error), Source::Text, "cos"));
  TableFile s = parse_csv(sin_text);
  if (!s.ok()) return fail_pair(name_table(std::move(s.error), Source::Text, "sin"));
  if (c.data.rows() != s.data.rows() || c.data.cols() != s.data.cols())
    return fail_pair(
        {"text: the cos block is {0} × {1} but the sin block is {2} × {3}; they must have the same shape",
         {std::to_string(c.data.rows()), std::to_string(c.data.cols()), std::to_string(s.data.rows()),
          std::to_string(s.data.cols())}});
  if (c.data.size() + s.data.size() > kMaxTableCells)
    return fail_pair({"text: too many values ({0}; at most {1})",
                      {std::to_string(c.data.size() + s.data.size()), std::to_string(kMaxTableCells)}});
  TablePair p;
  p.pair = true;
  p.first = std::move(c.data);
  p.second = std::move(s.data);
  return p;
}

int npy_rank(const std::uint8_t* bytes, std::size_t size) {
  if (size < 10 || bytes[0] != 0x93 || std::memcmp(bytes + 1, "NUMPY", 5) != 0) return 0;
  const std::size_t len_bytes = bytes[6] == 1 ? 2 : 4;
  if (size < 8 + len_bytes) return 0;
  std::size_t header_len = 0;
  for (std::size_t i = 0; i < len_bytes; ++i) header_len |= static_cast<std::size_t>(bytes[8 + i]) << (8 * i);
  if (header_len > 65536 || 8 + len_bytes + header_len > size) return 0;
  std::string shape;
  if (!header_value(std::string_view(reinterpret_cast<const char*>(bytes + 8 + len_bytes), header_len),
                    "shape", shape))
    return 0;
  // The rank once axes of size 1 are dropped; a stack of two (its first axis beyond 1 is 2, with three or
  // more axes written) counts 3 whatever its tables' size-1 axes: (2, 1, len, dim) is a cos/sin pair.
  std::vector<long> dims;
  for (const char* p = shape.c_str(); *p;) {
    if (!std::isdigit(static_cast<unsigned char>(*p))) {
      ++p;
      continue;
    }
    char* end = nullptr;
    dims.push_back(std::strtol(p, &end, 10));
    p = end;
  }
  int n = 0;
  long first = 0;
  for (long d : dims)
    if (d != 1) first = first ? first : d, ++n;
  return dims.size() >= 3 && first == 2 ? std::max(n, 3) : std::min<int>(n, static_cast<int>(dims.size()));
}

TablePair parse_cache_file(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits) {
  if (looks_like_safetensors(bytes, size)) return parse_safetensors(bytes, size, limits);
  if (npy_rank(bytes, size) == 3) return parse_npy_pair(bytes, size, limits);
  const bool npy = size >= 6 && bytes[0] == 0x93 && std::memcmp(bytes + 1, "NUMPY", 5) == 0;
  if (!npy && size <= 64L * 1024 * 1024) {
    const std::string_view text(reinterpret_cast<const char*>(bytes), size);
    // Two blocks of numbers (or more, refused there): a pasted pair; one block: one table.
    std::size_t second = 0;
    const int blocks = count_blocks(text, second);
    if (blocks >= 2) return parse_csv_pair(text);
  }
  TableFile t = parse_table(bytes, size, limits);
  if (!t.ok()) return fail_pair(std::move(t.error));
  TablePair p;
  p.first = std::move(t.data);
  return p;
}

TableFile parse_table(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits) {
  if (size >= 6 && bytes[0] == 0x93 && std::memcmp(bytes + 1, "NUMPY", 5) == 0)
    return parse_npy(bytes, size, limits);
  if (size > 64L * 1024 * 1024) return fail("text: file too large (at most 64 MB)");
  return parse_csv(std::string_view(reinterpret_cast<const char*>(bytes), size));
}

std::string write_npy(const Eigen::MatrixXd& m) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(m.rows()) +
                       ", " + std::to_string(m.cols()) + "), }";
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
