#include "embed.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

#include "api.hpp"
#include "json.hpp"

namespace posenc::app {
namespace {

// The last value of `key` in `pairs`, or nullptr.
const std::string* find_key(const HashPairs& pairs, std::string_view key) {
  const std::string* found = nullptr;
  for (const auto& [k, v] : pairs)
    if (k == key) found = &v;
  return found;
}

// One end of steps=: a number (from 0) or a step id of `lesson`; an empty end is `fallback` (the lesson's
// start or end). A bad one is `fallback` too, a number out of range the nearest step; both with a notice.
int read_end(const AppState& s, int lesson, std::string_view text, int fallback, core::Messages& notes) {
  if (text.empty()) return fallback;
  const int count = step_count(s, lesson);
  double v = 0;
  if (lessons::parse_number(text, v)) {
    const int step = static_cast<int>(std::clamp(std::floor(v), -1e6, 1e6));
    if (step == v && step >= 0 && step < count) return step;
    const int clamped = std::clamp(step, 0, count - 1);
    notes.push_back({"steps: {0} read as {1} (this lesson has steps 0–{2})",
                     {std::string(text.substr(0, 32)), std::to_string(clamped), std::to_string(count - 1)}});
    return clamped;
  }
  if (const int at = find_step(s, lesson, text); at >= 0) return at;
  notes.push_back({"steps: '{0}' is neither a number nor a step of this lesson; read as {1}",
                   {std::string(text.substr(0, 32)), std::to_string(fallback)}});
  return fallback;
}

std::string ignored_json(const std::string& why) {
  Json j;
  j.begin_object().key("ignored").str(why).end_object();
  return j.text();
}

// Why a message from `origin` changes nothing, or "" when the card takes it.
std::string refusal(const AppState& s, std::string_view origin) {
  if (!s.embed.on) return "this page is not a card (its link has no embed=1)";
  if (s.embed.host.empty()) return "this card takes no messages: its link names no host=<origin>";
  if (origin != s.embed.host)
    return "a message from " + std::string(origin.substr(0, 80)) + ", not from this card's host " +
           s.embed.host;
  return {};
}

// Escapes an HTML attribute's value (double-quoted).
std::string attribute(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

bool is_origin(std::string_view o) {
  if (o.size() > 256) return false;
  std::string_view rest;
  if (o.substr(0, 7) == "http://")
    rest = o.substr(7);
  else if (o.substr(0, 8) == "https://")
    rest = o.substr(8);
  else
    return false;
  size_t host_end = 0;
  if (!rest.empty() && rest[0] == '[') {  // [IPv6]
    host_end = rest.find(']');
    if (host_end == std::string_view::npos || host_end < 3) return false;
    for (char c : rest.substr(1, host_end - 1))
      if (!(std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.') || std::isupper(c))
        return false;
    ++host_end;
  } else {
    while (host_end < rest.size() && rest[host_end] != ':') {
      const char c = rest[host_end];
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) return false;
      ++host_end;
    }
    const std::string_view host = rest.substr(0, host_end);
    if (host.empty() || host.front() == '.' || host.back() == '.' ||
        host.find("..") != std::string_view::npos)
      return false;
  }
  const std::string_view port = rest.substr(host_end);
  if (port.empty()) return true;
  if (port[0] != ':' || port.size() < 2 || port.size() > 6) return false;
  long value = 0;
  for (char c : port.substr(1)) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  return value <= 65535;
}

core::Messages read_embed(AppState& s, const HashPairs& pairs, int lesson, int& step, bool step_given) {
  core::Messages notes;
  const std::string* embed = find_key(pairs, "embed");
  double v = 0;
  bool on = embed && *embed != "0";
  if (embed && !embed->empty() && *embed != "0" && *embed != "1") {
    const bool zero = lessons::parse_number(*embed, v) && v == 0;  // "0.0", "-0"
    on = !zero;
    notes.push_back({"embed: '{0}' read as {1} (1: the step alone, as a card; 0: the full view)",
                     {embed->substr(0, 32), on ? "1" : "0"}});
  }
  Embed e;
  e.on = on;
  if (!on) {
    s.embed = e;
    return notes;
  }
  e.lesson = lesson;
  const int last = step_count(s, lesson) - 1;
  if (const std::string* steps = find_key(pairs, "steps")) {
    const size_t dots = steps->find("..");
    const std::string_view text = *steps;
    const std::string_view a = dots == std::string::npos ? text : text.substr(0, dots);
    const std::string_view b = dots == std::string::npos ? text : text.substr(dots + 2);
    if (text.empty()) {
      notes.push_back({"steps: empty; the card shows its one step", {}});
    } else {
      e.ranged = true;
      e.first = read_end(s, lesson, a, 0, notes);
      e.last = read_end(s, lesson, b, last, notes);
      if (e.first > e.last) {
        notes.push_back({"steps: {0}..{1} runs backwards; read as {1}..{0}",
                         {std::to_string(e.first), std::to_string(e.last)}});
        std::swap(e.first, e.last);
      }
      if (!step_given && (step < e.first || step > e.last)) step = e.first;
    }
  }
  if (!e.ranged) {  // the one step the link names
    if (step < 0 || step > last) {
      notes.push_back({"step clamped to {0} (this lesson has steps 0–{1})",
                       {std::to_string(std::clamp(step, 0, last)), std::to_string(last)}});
      step = std::clamp(step, 0, last);
    }
    e.first = e.last = step;
  }
  if (const std::string* host = find_key(pairs, "host")) {
    if (is_origin(*host))
      e.host = *host;
    else
      notes.push_back(
          {"host: '{0}' is not an origin such as https://example.org (lower case, no path); this "
           "card takes no messages",
           {host->substr(0, 64)}});
  }
  s.embed = e;
  return notes;
}

core::Messages keep_in_card(const AppState& s, int& lesson, int& step) {
  core::Messages notes;
  if (!s.embed.on) return notes;
  if (lesson != s.embed.lesson) {
    notes.push_back(
        {"this card shows lesson {0} only", {std::to_string(s.embed.lesson + 1)}});  // as numbered
    lesson = s.embed.lesson;
  }
  const int first = s.embed.first, last = s.embed.last;
  if (step < first || step > last) {
    const int shown = std::clamp(step, first, last);
    if (first == last)
      notes.push_back({"this card shows step {0} only", {std::to_string(first)}});
    else
      notes.push_back(
          {"step {0} is outside this card's steps {1}–{2}; showing {3}",
           {std::to_string(step), std::to_string(first), std::to_string(last), std::to_string(shown)}});
    step = shown;
  }
  return notes;
}

void write_embed(const AppState& s, HashPairs& pairs) {
  if (!s.embed.on) return;
  pairs.emplace_back("embed", "1");
  if (s.embed.ranged)
    pairs.emplace_back("steps", std::to_string(s.embed.first) + ".." + std::to_string(s.embed.last));
  if (!s.embed.host.empty()) pairs.emplace_back("host", s.embed.host);
}

std::string embed_code(AppState& s, std::string_view address) {
  const std::string src = std::string(address) + "#" + current_hash(s, false) + "&embed=1";
  const std::string title =
      "posenc: " + current_doc(s).title + " \xE2\x80\x94 " + current_step(s).title;  // —
  return "<iframe src=\"" + attribute(src) + "\" width=\"640\" height=\"400\" title=\"" + attribute(title) +
         "\" loading=\"lazy\" style=\"border:0\"></iframe>";
}

std::string message_go(AppState& s, std::string_view origin, std::string_view step) {
  if (const std::string why = refusal(s, origin); !why.empty()) return ignored_json(why);
  s.embed.post_state = true;
  s.dirty = true;
  return go_json(s, lessons::lesson_table()[s.embed.lesson].id, step, &s.embed.notice);
}

std::string message_set(AppState& s, std::string_view origin, std::string_view name, std::string_view value) {
  if (const std::string why = refusal(s, origin); !why.empty()) return ignored_json(why);
  s.embed.post_state = true;
  s.dirty = true;
  return set_json(s, name, value, &s.embed.notice);
}

}  // namespace posenc::app
