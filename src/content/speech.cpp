#include "speech.hpp"

#include "utf8.hpp"

namespace posenc::content {
namespace {

constexpr unsigned kSum = 0x3A3, kNarySum = 0x2211, kRoot = 0x221A, kNorm = 0x2016, kTranspose = 0x1D40;

struct Name {
  unsigned cp;
  const char* en;
};

// Greek letters by name (English only: a Chinese reader says the letter itself).
constexpr Name kGreek[] = {
    {0x3B1, "alpha"},   {0x3B2, "beta"},  {0x3B3, "gamma"}, {0x3B4, "delta"},  {0x3B5, "epsilon"},
    {0x3B6, "zeta"},    {0x3B7, "eta"},   {0x3B8, "theta"}, {0x3B9, "iota"},   {0x3BA, "kappa"},
    {0x3BB, "lambda"},  {0x3BC, "mu"},    {0x3BD, "nu"},    {0x3BE, "xi"},     {0x3BF, "omicron"},
    {0x3C0, "pi"},      {0x3C1, "rho"},   {0x3C2, "sigma"}, {0x3C3, "sigma"},  {0x3C4, "tau"},
    {0x3C5, "upsilon"}, {0x3C6, "phi"},   {0x3C7, "chi"},   {0x3C8, "psi"},    {0x3C9, "omega"},
    {0x393, "gamma"},   {0x394, "delta"}, {0x398, "theta"}, {0x39B, "lambda"}, {0x39E, "xi"},
    {0x3A0, "product"}, {0x3A6, "phi"},   {0x3A8, "psi"},   {0x3A9, "omega"},  {0x3A5, "upsilon"},
};

struct Operator {
  unsigned cp;
  const char* en;
  const char* zh;
};

// Infix operators and relations, said with a space either side.
constexpr Operator kOperators[] = {
    {0xB7, "times", "乘"},
    {0x22C5, "times", "乘"},
    {0xD7, "times", "乘"},
    {'*', "times", "乘"},
    {'/', "over", "除以"},
    {'=', "equals", "等于"},
    {0x2248, "approximately", "约等于"},
    {0x2260, "is not equal to", "不等于"},
    {'<', "less than", "小于"},
    {'>', "greater than", "大于"},
    {0x2264, "at most", "小于等于"},
    {0x2265, "at least", "大于等于"},
    {0x2192, "to", "到"},
    {0xB1, "plus or minus", "正负"},
    {0x2208, "in", "属于"},
    {0x221D, "proportional to", "正比于"},
    {0x221E, "infinity", "无穷大"},
};

// What a part said so far holds: `items` top-level tokens (more than one: parenthesised inside a
// construct, as is a fraction); `open` whether the last one leaves an operand to come (a following −
// is a sign).
struct Said {
  std::string text;
  int items = 0;
  bool open = true;
  bool fraction = false;
};

std::string wrap(const Said& s) { return s.items > 1 || s.fraction ? "(" + s.text + ")" : s.text; }

class Speaker {
 public:
  Speaker(std::string_view s, int lang) : s_(s), zh_(lang == 1) {}

  // Says everything until the end, or until `close` at nesting depth 0 (left for the caller).
  Said sequence(std::string_view close) {
    Said out;
    while (i_ < s_.size()) {
      if (!close.empty() && s_.substr(i_, close.size()) == close) break;
      const char c = s_[i_];
      unsigned cp = 0;
      const int len = utf8_at(s_, i_, cp);
      if (c == '^' || c == '_') {
        if (!scripts(out)) {  // nothing to raise or lower: the character itself
          token(out, std::string(1, c), false);
          ++i_;
        }
        continue;
      }
      if (cp == kRoot) {
        i_ += len;
        root(out);
        continue;
      }
      if (cp == kSum || cp == kNarySum) {
        i_ += len;
        sum(out);
        continue;
      }
      if (c == '{') {
        group(out);
        continue;
      }
      if (c == '}') {  // a stray closing brace: markup, not read out
        ++i_;
        continue;
      }
      if ((c == '|' || cp == kNorm) && s_.find(s_.substr(i_, len), i_ + len) != std::string_view::npos) {
        bars(out, s_.substr(i_, len));
        continue;
      }
      if (cp == kTranspose) {
        i_ += len;
        out.text += zh_ ? " 的转置 " : " transpose ";
        out.open = false;
        continue;
      }
      if (is_formula_word(cp)) {
        word(out);
        continue;
      }
      if (c == '(') {
        parenthesised(out);
        continue;
      }
      i_ += len;
      if (c == ' ') {
        out.text += ' ';
      } else if (cp == 0x2212 || c == '-' || c == '+') {
        const bool minus = c != '+';
        if (out.open)  // a sign: "−k", "(−1, 1)"
          token(out, minus ? (zh_ ? "负 " : "minus ") : (zh_ ? "正 " : "plus "), true);
        else
          token(out, minus ? (zh_ ? " 减 " : " minus ") : (zh_ ? " 加 " : " plus "), true);
      } else if (const Operator* op = find_operator(cp)) {
        token(out, std::string(" ") + (zh_ ? op->zh : op->en) + " ", cp != 0x221E);
      } else {
        token(out, std::string(s_.substr(i_ - len, len)), c == '[' || c == ',' || c == ';');
      }
    }
    return out;
  }

 private:
  static const Operator* find_operator(unsigned cp) {
    for (const Operator& op : kOperators)
      if (op.cp == cp) return &op;
    return nullptr;
  }

  static void token(Said& out, const std::string& text, bool leaves_open) {
    out.text += text;
    ++out.items;
    out.open = leaves_open;
  }

  // One run of letters and digits, Greek letters named in English ("2π" → "2 pi").
  void word(Said& out) {
    std::string w;
    while (i_ < s_.size()) {
      unsigned cp = 0;
      const int len = utf8_at(s_, i_, cp);
      if (!is_formula_word(cp) || cp == kSum) break;
      w += letter(cp, s_.substr(i_, len));
      i_ += len;
    }
    token(out, w, false);
  }

  std::string letter(unsigned cp, std::string_view as_written) const {
    if (!zh_)
      for (const Name& n : kGreek)
        if (n.cp == cp) return std::string(" ") + n.en + " ";
    return std::string(as_written);
  }

  // {…}: only grouping, or {numerator}/{denominator}.
  void group(Said& out) {
    ++i_;
    Said inner = sequence("}");
    if (i_ < s_.size()) ++i_;
    if (i_ + 1 < s_.size() && s_[i_] == '/' && s_[i_ + 1] == '{') {
      i_ += 2;
      Said den = sequence("}");
      if (i_ < s_.size()) ++i_;
      token(out, " " + wrap(inner) + (zh_ ? " 除以 " : " over ") + wrap(den) + " ", false);
      out.fraction = true;
      return;
    }
    out.text += inner.text;
    out.items += inner.items;
    out.fraction = out.fraction || inner.fraction;
    if (inner.items > 0) out.open = inner.open;
  }

  // (…) as written; right after what it applies to ("PE(p)", "x_j(…)") one token with it.
  void parenthesised(Said& out) {
    const bool call = out.items > 0 && !out.open && s_[i_ - 1] != ' ';
    ++i_;
    const Said inner = sequence(")");
    const bool closed = i_ < s_.size();
    if (closed) ++i_;
    out.text += "(" + inner.text + (closed ? ")" : "");
    if (!call) ++out.items;
    out.open = false;
  }

  // |…| and ‖…‖ up to the next bar of the same kind.
  void bars(Said& out, std::string_view bar) {
    const bool norm = bar != "|";
    i_ += bar.size();
    Said inner = sequence(bar);
    if (i_ < s_.size()) i_ += bar.size();
    if (zh_)
      token(out, " " + wrap(inner) + (norm ? " 的范数 " : " 的绝对值 "), false);
    else
      token(out, std::string(norm ? " norm of " : " absolute value of ") + wrap(inner) + " ", false);
  }

  // A script's argument: {…}, (…) without its parentheses, or one run of letters and digits.
  bool argument(Said& arg) {
    if (i_ >= s_.size()) return false;
    const char open = s_[i_];
    if (open == '{' || open == '(') {
      ++i_;
      arg = sequence(open == '{' ? "}" : ")");
      if (i_ < s_.size()) ++i_;
      return true;
    }
    const size_t at = i_;
    while (i_ < s_.size()) {
      unsigned cp = 0;
      const int len = utf8_at(s_, i_, cp);
      if (!is_formula_word(cp)) break;
      i_ += len;
    }
    if (i_ == at) return false;
    Speaker inner(s_.substr(at, i_ - at), zh_ ? 1 : 0);
    arg = inner.sequence({});
    arg.items = 1;
    return true;
  }

  // The scripts at the cursor: ^… and/or _…, at most one of each (`src`: what ^ took, as written).
  struct Scripts {
    Said sup, sub;
    std::string_view src;
    bool has_sup = false, has_sub = false;
  };
  Scripts script_arguments() {
    Scripts sc;
    while (i_ < s_.size() && (s_[i_] == '^' || s_[i_] == '_')) {
      const bool up = s_[i_] == '^';
      if (up ? sc.has_sup : sc.has_sub) break;
      const size_t at = i_++;
      if (!argument(up ? sc.sup : sc.sub)) {
        i_ = at;
        break;
      }
      if (up) sc.src = s_.substr(at + 1, i_ - at - 1);
      (up ? sc.has_sup : sc.has_sub) = true;
    }
    return sc;
  }

  // ^… and/or _… after whatever was said last. False if none parsed.
  bool scripts(Said& out) {
    const Scripts sc = script_arguments();
    if (!sc.has_sup && !sc.has_sub) return false;
    if (sc.has_sub) out.text += (zh_ ? " 下标 " : " sub ") + wrap(sc.sub) + " ";
    if (sc.has_sup) out.text += power(sc.sup, sc.src);
    if (out.items == 0) out.items = 1;
    out.open = false;
    return true;
  }

  std::string power(const Said& sup, std::string_view src) const {
    if (src == "T") return zh_ ? " 的转置 " : " transpose ";
    if (src == "2") return zh_ ? " 的平方 " : " squared ";
    if (src == "3") return zh_ ? " 的立方 " : " cubed ";
    if (src.size() == 1 && src[0] >= 'A' && src[0] <= 'Z')  // a label: W^Q, a^K
      return (zh_ ? " 上标 " : " superscript ") + std::string(src) + " ";
    return zh_ ? " 的 " + sup.text + " 次方 " : " to the power " + wrap(sup) + " ";
  }

  // √ and its radicand: a (…) group, or one token with its scripts.
  void root(Said& out) {
    Said radicand;
    if (i_ < s_.size() && s_[i_] == '(') {
      ++i_;
      radicand = sequence(")");
      if (i_ < s_.size()) ++i_;
    } else if (argument(radicand)) {
      scripts(radicand);
    }
    if (radicand.items == 0)
      token(out, zh_ ? " 根号 " : " square root ", false);
    else if (zh_)
      token(out, (radicand.items > 1 || radicand.fraction ? " 根号下 " : " 根号 ") + wrap(radicand) + " ",
            false);
    else
      token(out, " square root of " + wrap(radicand) + " ", false);
  }

  // Σ with its range: Σ_i x → "sum over i of x" / "对 i 求和 x".
  void sum(Said& out) {
    const Scripts sc = script_arguments();
    const std::string& below = sc.sub.text;
    const std::string& above = sc.sup.text;
    std::string said;
    if (zh_) {
      said = sc.has_sub && sc.has_sup ? " 从 " + below + " 到 " + above + " 求和 "
             : sc.has_sub             ? " 对 " + below + " 求和 "
                                      : " 求和 ";
    } else {
      said = " sum";
      if (sc.has_sub) said += " over " + below;
      if (sc.has_sup) said += " to " + above;
      said += " of ";
    }
    token(out, said, true);
  }

  std::string_view s_;
  size_t i_ = 0;
  bool zh_ = false;
};

// One space between words, none inside brackets' edges or before punctuation.
std::string tidy(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ' ') {
      if (!out.empty() && out.back() != ' ' && out.back() != '(' && out.back() != '[') out += ' ';
      continue;
    }
    if ((c == ')' || c == ']' || c == ',' || c == ';') && !out.empty() && out.back() == ' ') out.pop_back();
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

std::string spoken(std::string_view formula, int lang) {
  Speaker speaker(formula, lang);
  return tidy(speaker.sequence({}).text);
}

}  // namespace posenc::content
