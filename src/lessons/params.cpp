#include "params.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace posenc::lessons {

std::string format_number(double x) {
  char buf[40];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, x);
    if (std::strtod(buf, nullptr) == x) break;
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

bool Setter::matches(const char* name) {
  if (name_ != name) return false;
  out_.found = true;
  return true;
}

void Setter::integer(const char* name, int& value, int lo, int hi) {
  if (!matches(name)) return;
  double v = 0;
  if (!parse_number(value_, v)) {
    out_.notice = std::string(name) + ": '" + value_ + "' is not a number; kept " + std::to_string(value);
    return;
  }
  double r = std::round(v);
  if (r != v) out_.notice = std::string(name) + ": rounded to a whole number";
  if (r < lo || r > hi) {
    r = r < lo ? lo : hi;
    out_.notice = std::string(name) + ": clamped to " + std::to_string(static_cast<int>(r)) +
                  " (allowed " + std::to_string(lo) + "–" + std::to_string(hi) + ")";
  }
  const int next = static_cast<int>(r);
  out_.changed = next != value;
  value = next;
}

void Setter::real(const char* name, double& value, double lo, double hi) {
  if (!matches(name)) return;
  double v = 0;
  if (!parse_number(value_, v)) {
    out_.notice = std::string(name) + ": '" + value_ + "' is not a number; kept " + format_number(value);
    return;
  }
  if (v < lo || v > hi) {
    v = v < lo ? lo : hi;
    out_.notice = std::string(name) + ": clamped to " + format_number(v) + " (allowed " +
                  format_number(lo) + "–" + format_number(hi) + ")";
  }
  out_.changed = v != value;
  value = v;
}

void Setter::flag(const char* name, bool& value) {
  if (!matches(name)) return;
  bool next;
  if (value_ == "1" || value_ == "true" || value_ == "on" || value_ == "yes") next = true;
  else if (value_ == "0" || value_ == "false" || value_ == "off" || value_ == "no") next = false;
  else {
    out_.notice = std::string(name) + ": '" + value_ + "' is not 0/1 or true/false; kept " + (value ? "1" : "0");
    return;
  }
  out_.changed = next != value;
  value = next;
}

void Setter::text(const char* name, std::string& value, int max_bytes) {
  if (!matches(name)) return;
  std::string next = value_;
  if (static_cast<int>(next.size()) > max_bytes) {
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(next[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    next.resize(cut);
    out_.notice = std::string(name) + ": shortened to " + std::to_string(max_bytes) + " bytes";
  }
  out_.changed = next != value;
  value = std::move(next);
}

void Setter::order(const char* name, std::vector<int>& value, int n) {
  if (!matches(name)) return;
  std::vector<int> next;
  std::vector<bool> seen(n, false);
  bool ok = true;
  size_t start = 0;
  while (ok && start <= value_.size() && static_cast<int>(next.size()) <= n) {
    const size_t comma = value_.find(',', start);
    const std::string_view item =
        std::string_view(value_).substr(start, comma == std::string::npos ? std::string::npos : comma - start);
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
    out_.notice = std::string(name) + ": not an order of 0…" + std::to_string(n - 1) + "; kept the current order";
    return;
  }
  out_.changed = next != value;
  value = std::move(next);
}

void Setter::choice(const char* name, int& value, const std::vector<const char*>& options) {
  if (!matches(name)) return;
  std::string list;
  for (int i = 0; i < static_cast<int>(options.size()); ++i) {
    if (value_ == options[i]) {
      out_.changed = i != value;
      value = i;
      return;
    }
    list += std::string(i ? ", " : "") + options[i];
  }
  out_.notice = std::string(name) + ": '" + value_.substr(0, 32) + "' is not one of " + list + "; kept " + options[value];
}

void Reader::integer(const char* name, int& value, int lo, int hi) {
  values.push_back({name, ParamKind::Integer, static_cast<double>(value), {}, {}, double(lo), double(hi)});
}
void Reader::real(const char* name, double& value, double lo, double hi) {
  values.push_back({name, ParamKind::Real, value, {}, {}, lo, hi});
}
void Reader::flag(const char* name, bool& value) {
  values.push_back({name, ParamKind::Flag, value ? 1.0 : 0.0, {}, {}, 0, 1});
}
void Reader::text(const char* name, std::string& value, int) {
  values.push_back({name, ParamKind::Text, 0, value, {}, 0, 0});
}
void Reader::order(const char* name, std::vector<int>& value, int) {
  values.push_back({name, ParamKind::Order, 0, {}, value, 0, 0});
}
void Reader::choice(const char* name, int& value, const std::vector<const char*>& options) {
  values.push_back({name, ParamKind::Choice, static_cast<double>(value), options[value], {}, 0,
                    static_cast<double>(options.size() - 1)});
}

std::string to_hash_string(const ParamValue& v) {
  switch (v.kind) {
    case ParamKind::Integer:
    case ParamKind::Real: return format_number(v.number);
    case ParamKind::Flag: return v.number != 0 ? "1" : "0";
    case ParamKind::Text:
    case ParamKind::Choice: return v.text;
    case ParamKind::Order: {
      std::string s;
      for (size_t i = 0; i < v.list.size(); ++i) s += (i ? "," : "") + std::to_string(v.list[i]);
      return s;
    }
  }
  return {};
}

}  // namespace posenc::lessons
