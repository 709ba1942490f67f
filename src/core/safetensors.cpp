#include "safetensors.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "json.hpp"
#include "rope_cache.hpp"

namespace posenc::core {
namespace {

struct Tensor {
  std::string name, dtype;
  int item = 0;  // bytes per value; 0: a dtype posenc does not read
  std::vector<long long> shape;
  std::uint64_t begin = 0, end = 0;
};

TablePair failed(std::string format, std::vector<std::string> args = {}) {
  TablePair p;
  p.error = Message{std::move(format), std::move(args)};
  return p;
}

std::uint64_t header_length(const std::uint8_t* bytes) {
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | bytes[i];
  return n;
}

int item_size(const std::string& dtype) {
  if (dtype == "F64") return 8;
  if (dtype == "F32") return 4;
  if (dtype == "F16" || dtype == "BF16") return 2;
  return 0;
}

double value(const std::uint8_t* p, const std::string& dtype) {
  if (dtype == "F64") {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (dtype == "F32") {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  const unsigned bits = p[0] | (unsigned(p[1]) << 8);
  if (dtype == "BF16") {
    const std::uint32_t u = std::uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  const int exponent = (bits >> 10) & 31, fraction = bits & 1023;  // IEEE half
  const double sign = bits & 0x8000 ? -1 : 1;
  if (exponent == 0) return sign * std::ldexp(fraction, -24);
  if (exponent == 31) return fraction ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(1024 + fraction, exponent - 25);
}

}  // namespace

bool looks_like_safetensors(const std::uint8_t* bytes, std::size_t size) {
  if (size < 10) return false;
  const std::uint64_t n = header_length(bytes);
  return n >= 2 && n <= size - 8 && bytes[8] == '{';
}

TablePair parse_safetensors(const std::uint8_t* bytes, std::size_t size, const TableLimits& limits) {
  if (size < 8)
    return failed("safetensors: the file is {0} bytes, shorter than the 8 that give its header's length",
                  {std::to_string(size)});
  const std::uint64_t n = header_length(bytes);
  if (n > size - 8)
    return failed("safetensors: the header claims {0} bytes but the file has {1} after its length",
                  {std::to_string(n), std::to_string(size - 8)});
  if (n > kMaxSafetensorsHeader)
    return failed("safetensors: the header is {0} bytes; at most {1} are read",
                  {std::to_string(n), std::to_string(kMaxSafetensorsHeader)});
  const JsonParse header = parse_json(std::string_view(reinterpret_cast<const char*>(bytes + 8), n));
  if (!header.ok()) {
    TablePair p;
    p.error = within("safetensors: the header is not valid JSON: {0}", header.error);
    return p;
  }
  if (!header.value.is_object()) return failed("safetensors: the header must be a JSON object");
  const std::uint64_t data_size = size - 8 - n;
  const std::uint8_t* data = bytes + 8 + n;

  // Every tensor, checked against the file.
  std::vector<Tensor> tensors;
  for (const JsonMember& m : header.value.members) {
    if (m.key == "__metadata__") continue;
    const std::string name = m.key.substr(0, 64);
    if (tensors.size() == 4096) return failed("safetensors: more than 4096 tensors");
    const JsonValue* dtype = m.value.find("dtype");
    const JsonValue* shape = m.value.find("shape");
    const JsonValue* offsets = m.value.find("data_offsets");
    if (!dtype || !dtype->is_string() || !shape || !shape->is_array() || !offsets || !offsets->is_array() ||
        offsets->items.size() != 2)
      return failed("safetensors: tensor '{0}' lacks a dtype, a shape or two data_offsets", {name});
    Tensor t;
    t.name = name;
    t.dtype = dtype->string.substr(0, 16);
    t.item = item_size(t.dtype);
    long double count = 1;
    for (const JsonValue& d : shape->items) {
      if (!d.is_number() || d.number < 0 || d.number != std::floor(d.number) || d.number > 1e12)
        return failed("safetensors: tensor '{0}' has a shape entry that is not a whole number", {name});
      t.shape.push_back(static_cast<long long>(d.number));
      count *= d.number;
    }
    if (t.shape.size() > 8)
      return failed("safetensors: tensor '{0}' has {1} axes", {name, std::to_string(t.shape.size())});
    for (int k = 0; k < 2; ++k) {
      const JsonValue& o = offsets->items[k];
      if (!o.is_number() || o.number < 0 || o.number != std::floor(o.number) || o.number > double(data_size))
        return failed("safetensors: tensor '{0}' has data_offsets outside the {1} bytes of data",
                      {name, std::to_string(data_size)});
      (k ? t.end : t.begin) = static_cast<std::uint64_t>(o.number);
    }
    if (t.end < t.begin)
      return failed("safetensors: tensor '{0}' has data_offsets that run backwards", {name});
    const int item = t.item ? t.item : 1;
    if (t.item && count * item != static_cast<long double>(t.end - t.begin))
      return failed(
          "safetensors: tensor '{0}' holds {1} bytes, but a {2} tensor of its shape needs {3}",
          {name, std::to_string(t.end - t.begin), t.dtype,
           std::to_string(static_cast<unsigned long long>(std::min<long double>(count * item, 1e18L)))});
    tensors.push_back(std::move(t));
  }
  // The data of two tensors may not overlap.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
  for (const Tensor& t : tensors)
    if (t.end > t.begin) spans.emplace_back(t.begin, t.end);
  std::sort(spans.begin(), spans.end());
  for (std::size_t i = 1; i < spans.size(); ++i)
    if (spans[i].first < spans[i - 1].second) return failed("safetensors: two tensors' data_offsets overlap");

  // The tensors to read: cos and sin by name, else one (2, len, dim) tensor.
  const auto squeezed = [](const Tensor& t) {
    std::vector<long long> s;
    for (long long d : t.shape)
      if (d != 1) s.push_back(d);
    return s;
  };
  const Tensor *cos = nullptr, *sin = nullptr, *stack = nullptr;
  std::string names;
  for (const Tensor& t : tensors) {
    names += (names.empty() ? "'" : ", '") + t.name + "'";
    const int role = cache_role_from_name(t.name);
    if (role == 1 && !cos) cos = &t;
    if (role == 2 && !sin) sin = &t;
    // A stack: two tables along its first axis beyond size 1, written with three axes or more.
    const std::vector<long long> s = squeezed(t);
    if (t.shape.size() >= 3 && !s.empty() && s[0] == 2 && s.size() <= 3 && !stack) stack = &t;
  }
  if (tensors.empty()) return failed("safetensors: the file holds no tensor");
  if (!(cos && sin) && !(stack && tensors.size() == 1))
    return failed("safetensors: found {0}; name the tensors cos and sin, or save one (2, len, dim) tensor",
                  {names.substr(0, 200)});
  const auto read = [&](const Tensor& t, long long skip, long long rows, long long cols, Eigen::MatrixXd& out,
                        Message& error) {
    if (!t.item) {
      error = Message{"safetensors: tensor '{0}' is {1}; float64, float32, float16 and bfloat16 are read",
                      {t.name, t.dtype}};
      return;
    }
    if (rows < 1 || cols < 1 || rows > limits.rows || cols > limits.cols || rows * cols > limits.cells) {
      error = Message{"safetensors: tensor '{0}' is {1} × {2}; at most {3} × {4} are read",
                      {t.name, std::to_string(rows), std::to_string(cols), std::to_string(limits.rows),
                       std::to_string(limits.cols)}};
      return;
    }
    out.resize(rows, cols);
    const std::uint8_t* p = data + t.begin + static_cast<std::uint64_t>(skip) * t.item;
    for (long long r = 0; r < rows; ++r)
      for (long long c = 0; c < cols; ++c, p += t.item) {
        const double v = value(p, t.dtype);
        if (!std::isfinite(v)) {
          error = Message{"safetensors: tensor '{0}' holds a value that is not finite at row {1}, column {2}",
                          {t.name, std::to_string(r), std::to_string(c)}};
          return;
        }
        out(r, c) = v;
      }
  };
  TablePair p;
  if (cos && sin) {
    const std::vector<long long> a = squeezed(*cos), b = squeezed(*sin);
    if (a.size() > 2 || a != b)
      return failed("safetensors: tensors '{0}' and '{1}' must be two tables of one shape (len, dim)",
                    {cos->name, sin->name});
    const long long rows = a.size() == 2 ? a[0] : 1, cols = a.empty() ? 1 : a.back();
    read(*cos, 0, rows, cols, p.first, p.error);
    if (p.error.empty()) read(*sin, 0, rows, cols, p.second, p.error);
  } else {
    const std::vector<long long> s = squeezed(*stack);
    const long long rows = s.size() == 3 ? s[1] : 1, cols = s.size() >= 2 ? s.back() : 1;
    read(*stack, 0, rows, cols, p.first, p.error);
    if (p.error.empty()) read(*stack, rows * cols, rows, cols, p.second, p.error);
  }
  if (!p.error.empty()) {
    p.first.resize(0, 0), p.second.resize(0, 0);
    return p;
  }
  p.pair = true;
  return p;
}

}  // namespace posenc::core
