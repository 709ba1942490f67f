#include <doctest/doctest.h>

#include "lessons/lesson.hpp"
#include "lessons/order/tokenize.hpp"
#include "lessons/params.hpp"

using namespace posenc::lessons;

namespace {
struct Probe {
  int n = 5;
  double x = 0.5;
  bool f = false;
  std::string t = "abc";
  std::vector<int> o = {0, 1, 2};
  int c = 0;
  void visit(ParamVisitor& v) {
    v.choice({"c"}, c, {"interleaved", "half"});
    v.integer({"n", nullptr, 1, 10}, n);
    v.real({"x", nullptr, 0.0, 1.0}, x);
    v.flag({"f"}, f);
    v.text({"t"}, t, 8);
    v.order({"o"}, o, 3);
  }
};
struct Said {
  bool found = false, changed = false;
  std::string notice;  // every notice, in English
};
Said set(Probe& p, const char* name, const char* value) {
  Setter s(name, value);
  p.visit(s);
  return {s.outcome().found, s.outcome().changed, posenc::core::english(s.outcome().notices)};
}
}  // namespace

TEST_CASE("integers are parsed, rounded and clamped with a notice") {
  Probe p;
  CHECK(set(p, "n", "7").changed);
  CHECK(p.n == 7);
  auto out = set(p, "n", "99");
  CHECK(p.n == 10);
  CHECK(out.notice.find("clamped to 10") != std::string::npos);
  set(p, "n", "-5");
  CHECK(p.n == 1);
  out = set(p, "n", "3.6");
  CHECK(p.n == 4);
  CHECK_FALSE(out.notice.empty());
  out = set(p, "n", "abc");
  CHECK(p.n == 4);
  CHECK(out.notice.find("not a number") != std::string::npos);
  for (const char* bad : {"nan", "inf", "-inf", "1e999", "", "0x", "5 ", " "}) {
    set(p, "n", bad);
    CHECK(p.n == 4);
  }
  CHECK_FALSE(set(p, "missing", "1").found);
}

TEST_CASE("reals, flags, text and orders") {
  Probe p;
  set(p, "x", "2");
  CHECK(p.x == 1.0);
  set(p, "f", "true");
  CHECK(p.f);
  set(p, "f", "0");
  CHECK_FALSE(p.f);
  CHECK_FALSE(set(p, "f", "maybe").notice.empty());
  set(p, "t", "\xE4\xBD\xA0\xE5\xA5\xBD\xE4\xB8\x96\xE7\x95\x8C");  // 12 bytes of UTF-8, cap 8
  CHECK(p.t == "\xE4\xBD\xA0\xE5\xA5\xBD");                         // cut at a character boundary
  set(p, "o", "2,0,1");
  CHECK(p.o == std::vector<int>{2, 0, 1});
  for (const char* bad : {"0,0,1", "0,1", "0,1,2,3", "0,1,3", "a,b,c", "", ",,", "0.5,1,2", "-1,0,1"}) {
    CHECK_FALSE(set(p, "o", bad).notice.empty());
    CHECK(p.o == std::vector<int>{2, 0, 1});
  }
}

TEST_CASE("choices are set by name and reject anything else") {
  Probe p;
  CHECK(set(p, "c", "half").changed);
  CHECK(p.c == 1);
  CHECK(set(p, "c", "1").notice.find("not one of interleaved, half") != std::string::npos);
  CHECK(p.c == 1);
  CHECK(set(p, "c", "interleaved").changed);
  CHECK(p.c == 0);
}

TEST_CASE("numbers format to the shortest text that reads back exactly") {
  for (double v : {0.0, 1.0, 0.1, 1.0 / 3.0, 10000.0, 1e-17, -2.5, 123456789.125}) {
    double back = 0;
    REQUIRE(parse_number(format_number(v), back));
    CHECK(back == v);
  }
  CHECK(format_number(0.1) == "0.1");
  CHECK(format_number(8) == "8");
  // Links spell numbers plainly: no exponent for whole numbers or ordinary decimals.
  CHECK(format_number(100) == "100");
  CHECK(format_number(10000) == "10000");
  CHECK(format_number(1e6) == "1000000");
  CHECK(format_number(-2048) == "-2048");
  CHECK(format_number(0.001) == "0.001");
  CHECK(format_number(2.5e-4) == "0.00025");
  CHECK(format_number(1e-17) == "1e-17");  // tiny values keep the exponent
  for (double v : {100.0, 1e6, 0.001, 2.5e-4, 123456.789, 1e300, 4e15, -0.3}) {
    double back = 0;
    REQUIRE(parse_number(format_number(v), back));
    CHECK(back == v);
  }
}

TEST_CASE("tokenize splits words, punctuation and CJK characters") {
  CHECK(tokenize("Tom likes apple, but hates orange", 12) ==
        std::vector<std::string>{"Tom", "likes", "apple", ",", "but", "hates", "orange"});
  CHECK(tokenize("\xE7\x8C\xAB\xE8\xBF\xBD\xE7\x8B\x97", 12) ==  // 猫追狗
        std::vector<std::string>{"\xE7\x8C\xAB", "\xE8\xBF\xBD", "\xE7\x8B\x97"});
  CHECK(tokenize("a b c d", 2).size() == 2);
  CHECK(tokenize("   ", 5).empty());
}

TEST_CASE("join_tokens writes a sentence back: no space before punctuation or between CJK characters") {
  CHECK(join_tokens(tokenize("Tom likes apple, but hates orange", 12)) ==
        "Tom likes apple, but hates orange");
  CHECK(join_tokens({"\xE7\x8B\x97", "\xE8\xBF\xBD", "\xE7\x8C\xAB"}) ==
        "\xE7\x8B\x97\xE8\xBF\xBD\xE7\x8C\xAB");  // 狗追猫
  // 我爱 NLP，你呢？ — a space between Chinese and a Latin word, none around full-width punctuation
  CHECK(join_tokens(
            tokenize("\xE6\x88\x91\xE7\x88\xB1 NLP\xEF\xBC\x8C\xE4\xBD\xA0\xE5\x91\xA2\xEF\xBC\x9F", 12)) ==
        "\xE6\x88\x91\xE7\x88\xB1 NLP\xEF\xBC\x8C\xE4\xBD\xA0\xE5\x91\xA2\xEF\xBC\x9F");
}

// Lesson 1's order as the hash writes it.
static std::string order_of(Lesson& l) {
  for (const ParamValue& v : read_params(l))
    if (v.name == "order") return to_hash_string(v);
  return {};
}

TEST_CASE("lesson 1: a new sentence starts reordered, and Chinese starts from 我爱你 reordered as 你爱我") {
  auto l = lesson_table()[find_lesson("order")].create();
  CHECK(order_of(*l) == "0,5,2,3,4,1,6");  // Tom hates apple, but likes orange
  CHECK(set_param(*l, "text", "\xE7\x8C\xAB\xE8\xBF\xBD\xE7\x8B\x97").notices.empty());  // 猫追狗 …
  CHECK(order_of(*l) == "2,1,0");  // … shown as 狗追猫
  CHECK(l->placeholder("reordered") == "\xE7\x8B\x97\xE8\xBF\xBD\xE7\x8C\xAB");
  CHECK(l->placeholder("moved") == "1");
  set_param(*l, "text", "a b c d");  // the same number of tokens: still a new sentence
  CHECK(order_of(*l) == "3,2,1,0");
  set_param(*l, "text", "a  b c d");  // the same tokens: the learner's order stays
  CHECK(order_of(*l) == "3,2,1,0");
  set_param(*l, "text", "a b a");  // reads the same backwards: its first token moves to the end
  CHECK(order_of(*l) == "1,2,0");
  set_param(*l, "text", "Tom likes apple, but hates orange");  // the example keeps its own order
  CHECK(order_of(*l) == "0,5,2,3,4,1,6");

  l->set_language(1);  // the untouched default follows the language
  CHECK(l->placeholder("sentence") == "\xE6\x88\x91\xE7\x88\xB1\xE4\xBD\xA0");   // 我爱你
  CHECK(l->placeholder("reordered") == "\xE4\xBD\xA0\xE7\x88\xB1\xE6\x88\x91");  // 你爱我
  CHECK(set_param(*l, "text", "x").notices.size() == 1);  // too short: the default of the language
  CHECK(l->placeholder("sentence") == "\xE6\x88\x91\xE7\x88\xB1\xE4\xBD\xA0");
  l->set_language(0);
  CHECK(l->placeholder("sentence") == "Tom likes apple, but hates orange");
  set_param(*l, "text", "the cat chased the dog");  // the learner's own sentence stays in any language
  l->set_language(1);
  CHECK(l->placeholder("sentence") == "the cat chased the dog");
}

TEST_CASE("no lesson parameter takes a name the link itself uses (lesson, step, lang)") {
  for (const auto& entry : lesson_table()) {
    CAPTURE(entry.id);
    auto l = entry.create();
    for (const ParamValue& v : read_params(*l)) {
      CAPTURE(v.name);
      CHECK((v.name != "lesson" && v.name != "step" && v.name != "lang"));
    }
  }
}

TEST_CASE("every lesson's parameters survive a round trip through their hash strings") {
  for (const auto& entry : lesson_table()) {
    CAPTURE(entry.id);
    auto a = entry.create();
    auto b = entry.create();
    for (const ParamValue& v : read_params(*a)) {
      const SetOutcome out = set_param(*b, v.name, to_hash_string(v));
      CHECK(out.found);
      CHECK(out.notices.empty());
    }
    const auto va = read_params(*a), vb = read_params(*b);
    REQUIRE(va.size() == vb.size());
    for (size_t i = 0; i < va.size(); ++i) CHECK(to_hash_string(va[i]) == to_hash_string(vb[i]));
  }
}
