#include "math_layout.hpp"

#include <algorithm>

#include "content/utf8.hpp"

namespace posenc::ui {
namespace {

constexpr float kScriptScale = 0.7f;  // a script's size relative to its base
constexpr float kMinScale = 0.5f;     // … but never below half the formula's size
constexpr float kSupRise = 0.42f;     // superscript baseline, up, in units of the base size
constexpr float kSubDrop = 0.24f;     // subscript baseline, down
constexpr float kBarGap = 0.1f;       // between the radicand and the root's bar
constexpr float kBarWidth = 0.06f;    // the bar's thickness (roots and fractions)
constexpr float kFracScale = 1.0f;    // numerator and denominator at full size: readable at 16 px
constexpr float kAxis = 0.3f;         // the fraction bar's height above the baseline
constexpr float kFracGap = 0.12f;     // between the bar and the numerator / denominator

using content::is_formula_word;
using content::utf8_at;

constexpr std::string_view kRoot = "\xE2\x88\x9A";  // √

class Parser {
 public:
  Parser(std::string_view s, const MathMetrics& m, float root) : s_(s), m_(m), min_size_(root * kMinScale) {}

  // Lays out until the end, or until `close` at nesting depth 0 (left for the caller to consume).
  void sequence(MathBox& box, float size, char close) {
    std::string pending;
    int depth = 0;  // parentheses opened inside this group, when it is a (…) group
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (close && c == close && depth == 0) break;
      if (c == '^' || c == '_') {
        const size_t at = i_;
        text(box, pending, size);
        if (!scripts(box, size)) {  // nothing to raise or lower: the character itself
          i_ = at + 1;
          pending += c;
        }
        continue;
      }
      if (s_.substr(i_, kRoot.size()) == kRoot) {
        text(box, pending, size);
        i_ += kRoot.size();
        root(box, size);
        continue;
      }
      if (c == '{') {  // grouping, or {numerator}/{denominator}: a stacked fraction
        text(box, pending, size);
        ++i_;
        MathBox group;
        const float inner = fraction_ahead() ? std::max(size * kFracScale, min_size_) : size;
        sequence(group, inner, '}');
        if (i_ < s_.size()) ++i_;
        if (i_ + 1 < s_.size() && s_[i_] == '/' && s_[i_ + 1] == '{') {
          i_ += 2;
          MathBox den;
          sequence(den, inner, '}');
          if (i_ < s_.size()) ++i_;
          fraction(box, group, den, size);
        } else {
          append(box, group, 0);
        }
        continue;
      }
      if (close == ')') depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      unsigned cp = 0;
      const int len = utf8_at(s_, i_, cp);
      pending.append(s_.substr(i_, len));
      i_ += len;
    }
    text(box, pending, size);
  }

 private:
  // At a '{' just consumed: whether its group is followed by "/{" (a fraction).
  bool fraction_ahead() const {
    int depth = 1;
    for (size_t j = i_; j < s_.size(); ++j) {
      if (s_[j] == '{') ++depth;
      if (s_[j] == '}' && --depth == 0) return j + 2 < s_.size() && s_[j + 1] == '/' && s_[j + 2] == '{';
    }
    return false;
  }

  // Numerator over denominator, centred, with a bar on the math axis.
  void fraction(MathBox& box, const MathBox& num, const MathBox& den, float size) {
    const float pad = 0.12f * size, w = std::max(num.width, den.width) + 2 * pad;
    const float x = box.width, axis = -kAxis * size, gap = kFracGap * size, bar = kBarWidth * size;
    append(box, num, axis - bar / 2 - gap - num.descent, x + (w - num.width) / 2);
    append(box, den, axis + bar / 2 + gap + den.ascent, x + (w - den.width) / 2);
    box.rules.push_back({x + 0.05f * size, x + w - 0.05f * size, axis, bar});
    box.width = x + w;
  }

  float script_size(float size) const { return std::max(size * kScriptScale, min_size_); }

  void text(MathBox& box, std::string& t, float size) {
    if (t.empty()) return;
    box.pieces.push_back({t, box.width, 0, size});
    box.width += m_.width(t, size);
    box.ascent = std::max(box.ascent, size * m_.ascent);
    box.descent = std::max(box.descent, size * m_.descent);
    t.clear();
  }

  // Places `child` at the end of `box`, its baseline `dy` below box's (negative: above).
  static void append(MathBox& box, const MathBox& child, float dy, float x = -1) {
    const float x0 = x < 0 ? box.width : x;
    for (MathPiece p : child.pieces) {
      p.x += x0;
      p.baseline += dy;
      box.pieces.push_back(std::move(p));
    }
    for (MathRule r : child.rules) {
      r.x0 += x0;
      r.x1 += x0;
      r.y += dy;
      box.rules.push_back(r);
    }
    box.ascent = std::max(box.ascent, child.ascent - dy);
    box.descent = std::max(box.descent, child.descent + dy);
    box.width = std::max(box.width, x0 + child.width);
  }

  // A script's argument: {…}, (…) without its parentheses, or one run of letters and digits.
  bool argument(MathBox& arg, float size) {
    if (i_ >= s_.size()) return false;
    const char open = s_[i_];
    if (open == '{' || open == '(') {
      ++i_;
      sequence(arg, size, open == '{' ? '}' : ')');
      if (i_ < s_.size()) ++i_;
      return true;
    }
    std::string run;
    while (i_ < s_.size()) {
      unsigned cp = 0;
      const int len = utf8_at(s_, i_, cp);
      if (!is_formula_word(cp)) break;
      run.append(s_.substr(i_, len));
      i_ += len;
    }
    if (run.empty()) return false;
    text(arg, run, size);
    return true;
  }

  // ^… and/or _… after whatever box ends with; both stack at the same x. False if none parsed.
  bool scripts(MathBox& box, float size) {
    MathBox sup, sub;
    bool has_sup = false, has_sub = false;
    while (i_ < s_.size() && (s_[i_] == '^' || s_[i_] == '_')) {
      const bool up = s_[i_] == '^';
      if (up ? has_sup : has_sub) break;
      const size_t at = i_++;
      MathBox& arg = up ? sup : sub;
      if (!argument(arg, script_size(size))) {
        i_ = at;
        break;
      }
      (up ? has_sup : has_sub) = true;
    }
    if (!has_sup && !has_sub) return false;
    const float x = box.width;
    if (has_sup) append(box, sup, -kSupRise * size, x);
    if (has_sub) append(box, sub, kSubDrop * size, x);
    return true;
  }

  // √ and its radicand — a (…) group or one token with its scripts — under a bar.
  void root(MathBox& box, float size) {
    MathBox radicand;
    if (i_ < s_.size() && s_[i_] == '(') {
      ++i_;
      sequence(radicand, size, ')');
      if (i_ < s_.size()) ++i_;
    } else {
      argument(radicand, size);
      scripts(radicand, size);
    }
    std::string sign(kRoot);
    text(box, sign, size);
    const float x0 = box.width;
    append(box, radicand, 0);
    const float top = std::max(radicand.ascent, size * m_.ascent) + kBarGap * size;
    box.rules.push_back({x0 - 0.05f * size, x0 + radicand.width + 0.05f * size, -top, kBarWidth * size});
    box.ascent = std::max(box.ascent, top + kBarWidth * size);
    box.width = std::max(box.width, x0 + radicand.width + 0.1f * size);
  }

  std::string_view s_;
  size_t i_ = 0;
  const MathMetrics& m_;
  float min_size_;
};

}  // namespace

MathBox layout_math(std::string_view text, float size, const MathMetrics& metrics) {
  MathBox box;
  box.ascent = size * metrics.ascent;
  box.descent = size * metrics.descent;
  Parser(text, metrics, size).sequence(box, size, 0);
  return box;
}

}  // namespace posenc::ui
