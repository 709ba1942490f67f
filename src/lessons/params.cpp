#include "params.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace posenc::lessons {

std::string format_number(double x) {
  char buf[400];
  // Whole numbers as written (100, 10000, 1000000: never 1e+02 in a link), up to 2^53 where every
  // integer is exact.
  if (x == std::floor(x) && std::fabs(x) < 9007199254740992.0) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  // Plain decimals where they are as short: 0.001 rather than 1e-03.
  const char* e = std::strchr(buf, 'e');
  if (e && std::fabs(x) >= 1e-6 && std::fabs(x) < 1e15) {
    char plain[400];
    for (int digits = 1; digits <= 24; ++digits) {
      std::snprintf(plain, sizeof plain, "%.*f", digits, x);
      if (std::strtod(plain, nullptr) == x) return plain;
    }
  }
  return buf;
}

bool parse_number(std::string_view s, double& out) {
  if (s.empty() || s.size() > 64) return false;
  const std::string copy(s);
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool Setter::matches(const Param& p) {
  if (name_ != p.name) return false;
  out_.found = true;
  return true;
}

void Setter::note(std::string format, std::vector<std::string> args) {
  out_.notices.push_back({std::move(format), std::move(args)});
}

void Setter::integer(const Param& p, int& value) {
  if (!matches(p)) return;
  double v = 0;
  if (!parse_number(value_, v)) {
    note("{0}: '{1}' is not a number; kept {2}", {p.name, value_.substr(0, 32), std::to_string(value)});
    return;
  }
  const int lo = static_cast<int>(p.lo), hi = static_cast<int>(p.hi);
  double r = std::round(v);
  if (r < lo || r > hi) {
    r = r < lo ? lo : hi;
    note("{0}: clamped to {1} (allowed {2}–{3})",
         {p.name, std::to_string(static_cast<int>(r)), std::to_string(lo), std::to_string(hi)});
  } else if (r != v) {
    note("{0}: rounded to a whole number", {p.name});
  }
  const int next = static_cast<int>(r);
  out_.changed = next != value;
  value = next;
}

void Setter::real(const Param& p, double& value) {
  if (!matches(p)) return;
  double v = 0;
  if (!parse_number(value_, v)) {
    note("{0}: '{1}' is not a number; kept {2}", {p.name, value_.substr(0, 32), format_number(value)});
    return;
  }
  if (v < p.lo || v > p.hi) {
    v = v < p.lo ? p.lo : p.hi;
    note("{0}: clamped to {1} (allowed {2}–{3})",
         {p.name, format_number(v), format_number(p.lo), format_number(p.hi)});
  }
  out_.changed = v != value;
  value = v;
}

void Setter::flag(const Param& p, bool& value) {
  if (!matches(p)) return;
  bool next;
  if (value_ == "1" || value_ == "true" || value_ == "on" || value_ == "yes")
    next = true;
  else if (value_ == "0" || value_ == "false" || value_ == "off" || value_ == "no")
    next = false;
  else {
    note("{0}: '{1}' is not 0/1 or true/false; kept {2}", {p.name, value_.substr(0, 32), value ? "1" : "0"});
    return;
  }
  out_.changed = next != value;
  value = next;
}

void Setter::text(const Param& p, std::string& value, int max_bytes) {
  if (!matches(p)) return;
  std::string next = value_;
  if (static_cast<int>(next.size()) > max_bytes) {
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(next[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    next.resize(cut);
    note("{0}: shortened to {1} bytes", {p.name, std::to_string(max_bytes)});
  }
  out_.changed = next != value;
  value = std::move(next);
}

void Setter::order(const Param& p, std::vector<int>& value, int n) {
  if (!matches(p)) return;
  std::vector<int> next;
  std::vector<bool> seen(n, false);
  bool ok = true;
  size_t start = 0;
  while (ok && start <= value_.size() && static_cast<int>(next.size()) <= n) {
    const size_t comma = value_.find(',', start);
    const std::string_view item = std::string_view(value_).substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    double v = 0;
    ok = parse_number(item, v) && v == std::floor(v) && v >= 0 && v < n && !seen[static_cast<int>(v)];
    if (ok) {
      seen[static_cast<int>(v)] = true;
      next.push_back(static_cast<int>(v));
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (!ok || static_cast<int>(next.size()) != n) {
    note("{0}: not an order of 0…{1}; kept the current order", {p.name, std::to_string(n - 1)});
    return;
  }
  out_.changed = next != value;
  value = std::move(next);
}

void Setter::choice(const Param& p, int& value, const std::vector<const char*>& options) {
  if (!matches(p)) return;
  std::string list;
  for (int i = 0; i < static_cast<int>(options.size()); ++i) {
    if (value_ == options[i]) {
      out_.changed = i != value;
      value = i;
      return;
    }
    list += std::string(i ? ", " : "") + options[i];
  }
  note("{0}: '{1}' is not one of {2}; kept {3}", {p.name, value_.substr(0, 32), list, options[value]});
}

namespace {
ParamValue declared(const Param& p, ParamKind kind) {
  ParamValue v;
  v.name = p.name;
  v.kind = kind;
  v.lo = p.lo;
  v.hi = p.hi;
  v.scale = p.scale;
  v.label = p.label ? p.label : "";
  return v;
}
}  // namespace

void Reader::integer(const Param& p, int& value) {
  values.push_back(declared(p, ParamKind::Integer));
  values.back().number = value;
}
void Reader::real(const Param& p, double& value) {
  values.push_back(declared(p, ParamKind::Real));
  values.back().number = value;
}
void Reader::flag(const Param& p, bool& value) {
  values.push_back(declared(p, ParamKind::Flag));
  values.back().number = value ? 1.0 : 0.0;
  values.back().hi = 1;
}
void Reader::text(const Param& p, std::string& value, int) {
  values.push_back(declared(p, ParamKind::Text));
  values.back().text = value;
}
void Reader::order(const Param& p, std::vector<int>& value, int) {
  values.push_back(declared(p, ParamKind::Order));
  values.back().list = value;
}
void Reader::choice(const Param& p, int& value, const std::vector<const char*>& options) {
  values.push_back(declared(p, ParamKind::Choice));
  values.back().number = value;
  values.back().text = options[value];
  values.back().hi = static_cast<double>(options.size() - 1);
}

std::string to_hash_string(const ParamValue& v) {
  switch (v.kind) {
    case ParamKind::Integer:
    case ParamKind::Real:
      return format_number(v.number);
    case ParamKind::Flag:
      return v.number != 0 ? "1" : "0";
    case ParamKind::Text:
    case ParamKind::Choice:
      return v.text;
    case ParamKind::Order: {
      std::string s;
      for (size_t i = 0; i < v.list.size(); ++i) s += (i ? "," : "") + std::to_string(v.list[i]);
      return s;
    }
  }
  return {};
}

}  // namespace posenc::lessons
