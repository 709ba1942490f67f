// Lesson text: every bundled file parses, every placeholder it uses is provided by its lesson, and the
// parser reports malformed files with file:line.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "content/bundle.hpp"
#include "content/document.hpp"
#include "lessons/lesson.hpp"
#include "ui/i18n.hpp"

using namespace posenc;
using namespace posenc::content;

namespace {

// `text` parsed as a lesson file that must be well-formed (each error reported otherwise).
Document well_formed(const std::string& text, const std::string& name) {
  ParseResult r = parse_document(text, name);
  for (const Error& e : r.errors) FAIL_CHECK(e.str());
  REQUIRE(r.ok());
  return std::move(r.doc);
}

}  // namespace

TEST_CASE("every bundled lesson file parses without errors") {
  int count = 0;
  const BundledFile* files = bundled_files(&count);
  REQUIRE(count >= 1);
  for (int i = 0; i < count; ++i) {
    const std::string name = std::string(files[i].lang) + "/" + std::string(files[i].name);
    const ParseResult r = parse_document(files[i].text, name);
    for (const Error& e : r.errors) FAIL_CHECK(e.str());
    CHECK(r.ok());
  }
}

TEST_CASE(
    "steps by id: every content step has a visual, every visual a step, and both languages the same ids") {
  for (const auto& entry : lessons::lesson_table()) {
    CAPTURE(entry.id);
    const auto lesson = entry.create();
    const std::vector<std::string_view> registered = lesson->step_ids();
    std::vector<std::vector<std::string>> ids;  // per language
    for (std::string_view lang : {"en", "zh"}) {
      const BundledFile* f = find_bundled(lang, entry.id);
      REQUIRE(f != nullptr);
      const ParseResult r = parse_document(f->text, std::string(lang) + "/" + std::string(f->name));
      CHECK(r.ok());
      ids.emplace_back();
      for (const Step& s : r.doc.steps) ids.back().push_back(s.id);
    }
    CHECK(ids[0] == ids[1]);
    for (const std::string& id : ids[0]) {
      CAPTURE(id);
      CHECK(std::find(registered.begin(), registered.end(), id) != registered.end());
    }
    for (std::string_view id : registered) {
      CAPTURE(id);
      CHECK(std::find(ids[0].begin(), ids[0].end(), std::string(id)) != ids[0].end());
    }
  }
}

TEST_CASE("conditional text: a part shows only while its condition holds, and must be closed") {
  const Document doc = well_formed(
      "# T\n## Step: A {#a}\nd is {{?even}}even{{/}}{{?!even}}odd{{/}}.\n\n{{?pe}}Only with PE.{{/}}\n",
      "c.md");
  std::map<std::string, std::string, std::less<>> v = {{"even", "1"}, {"pe", "0"}};
  const auto lookup = [&](std::string_view n) {
    const auto it = v.find(n);
    return it == v.end() ? std::string() : it->second;
  };
  CHECK(plain_text(doc.steps[0].blocks, lookup) == "d is even.");  // the second block holds nothing: skipped
  v["even"] = "0";
  v["pe"] = "1";
  CHECK(plain_text(doc.steps[0].blocks, lookup) == "d is odd.\nOnly with PE.");
  // A hidden part between two spaces leaves one space, and none at a block's start or end; nor do hidden
  // parts on lines of their own before one starting with a space (lesson train's "trained on.  Short of it").
  const struct {
    const char* body;
    const char* without_pe;
    const char* with_pe;
  } spacing[] = {
      {"One. {{?pe}}Two.{{/}} Three.\n{{?pe}}Four.{{/}} Five.", "One. Three. Five.",
       "One. Two. Three. Four. Five."},
      {"One.\n{{?pe}}Two.{{/}}\n{{?pe}}Three.{{/}}{{?!pe}} Four.{{/}}", "One. Four.", "One. Two. Three."}};
  for (const auto& c : spacing) {
    const Document spaced = well_formed(std::string("# T\n## Step: A {#a}\n") + c.body + "\n", "s.md");
    v["pe"] = "0";
    CHECK(plain_text(spaced.steps[0].blocks, lookup) == c.without_pe);
    v["pe"] = "1";
    CHECK(plain_text(spaced.steps[0].blocks, lookup) == c.with_pe);
  }
  const std::vector<PlaceholderUse> uses = placeholders(doc);
  REQUIRE(uses.size() == 3);
  CHECK(uses[0].name == "even");
  CHECK(uses[0].condition);
  const auto first_error = [](std::string_view text) {
    const ParseResult p = parse_document(text, "c.md");
    return p.errors.empty() ? std::string() : p.errors.front().message;
  };
  CHECK(first_error("# T\n## Step: A {#a}\n{{?x}}open\n") == "a condition is not closed with {{/}}");
  CHECK(first_error("# T\n## Step: A {#a}\nclose{{/}}\n") == "'{{/}}' without a condition to close");
  CHECK(first_error("# T\n## Step: A {#a}\n{{?x}}a{{?y}}b{{/}}\n").find("do not nest") != std::string::npos);
  CHECK(first_error("# T\n## Step: A {#a}\n{{?Bad}}a{{/}}\n").find("lower-case") != std::string::npos);
}

TEST_CASE("a step heading needs a well-formed id, used once") {
  CHECK(parse_document("# T\n## Step: A {#a}\nx\n", "f.md").ok());
  CHECK(parse_document("# T\n## Step: A {#a}\nx\n", "f.md").doc.steps[0].id == "a");
  CHECK(parse_document("# T\n## Step: A {#a}\nx\n", "f.md").doc.steps[0].title == "A");
  const auto first_error = [](std::string_view text) {
    const ParseResult r = parse_document(text, "f.md");
    return r.errors.empty() ? std::string() : r.errors.front().str();
  };
  CHECK(first_error("# T\n## Step: A\nx\n") == "f.md:2: step heading without an id: end it with {#some-id}");
  CHECK(first_error("# T\n## Step: A {#Bad_Id}\nx\n").find("lower-case") != std::string::npos);
  CHECK(first_error("# T\n## Step: A {#a}\nx\n## Step: B {#a}\ny\n") == "f.md:4: step id 'a' is used twice");
}

TEST_CASE("every lesson has English text, and every placeholder it uses has a live value") {
  for (const auto& entry : lessons::lesson_table()) {
    CAPTURE(entry.id);
    const BundledFile* en = find_bundled("en", entry.id);
    REQUIRE(en != nullptr);
    auto lesson = entry.create();
    for (std::string_view lang : {"en", "zh"}) {
      const BundledFile* f = find_bundled(lang, entry.id);
      if (!f) continue;
      const ParseResult r = parse_document(f->text, std::string(lang) + "/" + std::string(f->name));
      for (const PlaceholderUse& u : placeholders(r.doc)) {
        const std::string v = lesson->placeholder(u.name);
        if (v.empty())
          FAIL_CHECK(std::string(lang) << "/" << f->name << ":" << u.line << ": lesson '" << entry.id
                                       << "' has no value for {{" << u.name << "}}");
        else if (u.condition && v != "0" && v != "1")
          FAIL_CHECK(std::string(lang) << "/" << f->name << ":" << u.line << ": condition {{?" << u.name
                                       << "}} of lesson '" << entry.id << "' is '" << v << "', not 0 or 1");
      }
      if (lang == "zh") {
        const ParseResult e = parse_document(en->text, "en");
        CHECK_MESSAGE(e.doc.steps.size() == r.doc.steps.size(), "zh and en step counts differ for ",
                      entry.id);
      }
    }
  }
}

TEST_CASE("a well-formed document yields title, steps and typed runs") {
  const Document doc = well_formed(
      "# Title here\n\n## Step: One {#s8}\nPlain **bold** `code` $x^2$ and {{value_1}}.\nsame paragraph\n\n"
      "- a bullet\n> a note\n> continues\n## Step: Two {#s9}\ntext\n",
      "t.md");
  CHECK(doc.title == "Title here");
  REQUIRE(doc.steps.size() == 2);
  const Step& s = doc.steps[0];
  CHECK(s.title == "One");
  CHECK(s.line == 3);
  REQUIRE(s.blocks.size() == 3);
  CHECK(s.blocks[0].kind == BlockKind::Paragraph);
  CHECK(s.blocks[1].kind == BlockKind::Bullet);
  CHECK(s.blocks[2].kind == BlockKind::Note);
  CHECK(s.blocks[2].line == 8);
  const auto& runs = s.blocks[0].runs;
  REQUIRE(runs.size() == 9);
  CHECK(runs[1].kind == RunKind::Strong);
  CHECK(runs[1].text == "bold");
  CHECK(runs[3].kind == RunKind::Code);
  CHECK(runs[5].kind == RunKind::Math);
  CHECK(runs[7].kind == RunKind::Placeholder);
  CHECK(runs[7].text == "value_1");
  CHECK(runs[8].text == ". same paragraph");
  CHECK(s.blocks[2].runs[0].text == "a note continues");
}

TEST_CASE("malformed documents are reported with file and line") {
  auto first_error = [](const char* text) {
    const ParseResult r = parse_document(text, "bad.md");
    REQUIRE_FALSE(r.ok());
    return r.errors.front();
  };
  CHECK(first_error("no title\n## Step: a {#s10}\nx\n").line == 1);
  CHECK(first_error("# T\nstray text\n## Step: a {#s11}\nx\n").line == 2);
  CHECK(first_error("# T\n## Step: a {#s12}\nx\n## Step: {#s13}\ny\n").line == 4);
  CHECK(first_error("# T\n## Step: a {#s14}\nx {{open\n").message.find("unclosed placeholder") !=
        std::string::npos);
  CHECK(first_error("# T\n## Step: a {#s15}\nx\n\nsome **bold\n").line == 5);
  CHECK(first_error("# T\n## Step: a {#s16}\n{{Bad-Name}}\n").message.find("lower-case") !=
        std::string::npos);
  CHECK(first_error("# T\n## Step: a {#s17}\nsee **{{value}}** here\n").message.find("inside bold") !=
        std::string::npos);
  CHECK(first_error("# T\n## Other heading\n").line == 2);
  CHECK(first_error("# T\n").message.find("no steps") != std::string::npos);
  CHECK(first_error("# T\n## Step: empty {#s18}\n\n## Step: b {#s19}\nx\n").line == 2);
  CHECK(first_error("").str().rfind("bad.md:1:", 0) == 0);
}

TEST_CASE("lines of Chinese text join without a space; Latin lines with one") {
  const Document doc = well_formed(
      "# T\n## Step: a {#s20}\n\xE4\xBD\xA0\xE5\xA5\xBD\n\xE4\xB8\x96\xE7\x95\x8C\n\nab\ncd\n", "z.md");
  CHECK(doc.steps[0].blocks[0].runs[0].text == "\xE4\xBD\xA0\xE5\xA5\xBD\xE4\xB8\x96\xE7\x95\x8C");
  CHECK(doc.steps[0].blocks[1].runs[0].text == "ab cd");
  // Past conditional markers at the join, and after Chinese punctuation even before a Latin word
  // (长度。 没有 showed a gap in lesson train); Latin before Chinese keeps its space.
  const Document joined = well_formed(
      "# T\n## Step: a {#s}\n\xE9\x95\xBF\xE5\xBA\xA6\xE3\x80\x82\n{{?x}}\xE6\xB2\xA1{{/}}\n"
      "{{?y}}\xE6\x9C\x89{{/}}\n\xEF\xBC\x9A\nRoPE\xEF\xBC\x8C\nALiBi\nRoPE\n\xE5\x92\x8C\n",
      "c.md");
  const auto lookup = [](std::string_view) { return std::string("1"); };
  CHECK(plain_text(joined.steps[0].blocks, lookup) ==
        "\xE9\x95\xBF\xE5\xBA\xA6\xE3\x80\x82\xE6\xB2\xA1\xE6\x9C\x89\xEF\xBC\x9ARoPE\xEF\xBC\x8C"
        "ALiBi RoPE \xE5\x92\x8C");
}

TEST_CASE("a value set off by spaces in Chinese text loses them where it begins or ends in Chinese") {
  // 与 {{v}} 比较: spaces for "Llama 3 8B 的配置", none for "你粘贴的配置", none after a full-width bracket.
  const Document doc =
      well_formed("# T\n## Step: a {#s}\n\xE4\xB8\x8E {{v}} \xE6\xAF\x94\xE8\xBE\x83\n", "v.md");
  std::string value;
  const auto lookup = [&](std::string_view) { return value; };
  const auto text = [&](const std::string& v) {
    value = v;
    return plain_text(doc.steps[0].blocks, lookup);
  };
  CHECK(text("Llama") == "\xE4\xB8\x8E Llama \xE6\xAF\x94\xE8\xBE\x83");  // 与 Llama 比较
  CHECK(text("\xE4\xBD\xA0\xE7\x9A\x84") ==
        "\xE4\xB8\x8E\xE4\xBD\xA0\xE7\x9A\x84\xE6\xAF\x94\xE8\xBE\x83");  // 与你的比较
  CHECK(text("\xE4\xBD\xA0\xE7\x9A\x84 config.json") ==
        "\xE4\xB8\x8E\xE4\xBD\xA0\xE7\x9A\x84 config.json \xE6\xAF\x94\xE8\xBE\x83");  // 与你的 config.json
                                                                                       // 比较
  CHECK(text("8B\xEF\xBC\x89") == "\xE4\xB8\x8E 8B\xEF\xBC\x89\xE6\xAF\x94\xE8\xBE\x83");  // 与 8B）比较
  // Latin text around a Chinese value keeps its spaces.
  const ParseResult e = parse_document("# T\n## Step: a {#s}\nsee {{v}} here\n", "e.md");
  REQUIRE(e.ok());
  value = "\xE4\xBD\xA0";
  CHECK(plain_text(e.doc.steps[0].blocks, lookup) == "see \xE4\xBD\xA0 here");
}

TEST_CASE("backslash escapes markup characters") {
  const Document doc = well_formed("# T\n## Step: a {#s21}\ncosts \\$5 and \\*\\* stars\n", "e.md");
  REQUIRE(doc.steps[0].blocks[0].runs.size() == 1);
  CHECK(doc.steps[0].blocks[0].runs[0].text == "costs $5 and ** stars");
}

TEST_CASE("a step's question: prompt, choices with one right, explanation, and where its reveal starts") {
  const Document doc = well_formed(
      "# T\n## Step: S {#s22}\nSetup text.\n\n?? Which is it, {{x}}?\n?- no\n?+ **yes**\n?- maybe\n"
      "?= Because $a·b$\n?= and {{y}}.\nRevealed text.\n",
      "q.md");
  const Step& st = doc.steps.at(0);
  REQUIRE(st.questions.size() == 1);
  const Question& q = st.questions[0];
  CHECK(q.choices.size() == 3);
  CHECK(q.answer == 1);
  CHECK(q.choices[1].at(0).kind == RunKind::Strong);
  CHECK(q.reveal_from == 1);  // "Setup text." comes before, "Revealed text." after
  CHECK(st.blocks.size() == 2);
  CHECK(plain_runs(q.explanation, [](std::string_view n) { return "<" + std::string(n) + ">"; }) ==
        "Because a·b and <y>.");
  std::vector<std::string> names;
  for (const auto& u : placeholders(doc)) names.push_back(u.name);
  CHECK(names == std::vector<std::string>{"x", "y"});
}

TEST_CASE("malformed questions are reported with their line") {
  const auto errors = [](const char* text) {
    std::string all;
    for (const auto& e : parse_document(text, "q.md").errors) all += e.str() + "\n";
    return all;
  };
  CHECK(errors("# T\n## Step: S {#s23}\nx\n?- a\n").find("q.md:4: '?-' before the question") !=
        std::string::npos);
  CHECK(errors("# T\n## Step: S {#s24}\nx\n?? q\n?- a\n?- b\n?= e\n")
            .find("q.md:4: a question needs its right choice") != std::string::npos);
  CHECK(errors("# T\n## Step: S {#s25}\nx\n?? q\n?+ a\n?+ b\n?= e\n")
            .find("q.md:6: a question has exactly one right choice") != std::string::npos);
  CHECK(errors("# T\n## Step: S {#s26}\nx\n?? q\n?+ a\n?- b\n")
            .find("q.md:4: a question needs its explanation") != std::string::npos);
  CHECK(errors("# T\n## Step: S {#s27}\nx\n?? q\n?+ a\n").find("at least two choices") != std::string::npos);
  CHECK(errors("# T\n## Step: S {#s28}\nx\n?? q\n?+ a\n?- b\n?= e\n?? again\n?+ a\n?- b\n?= e\n")
            .find("q.md:8: one question per step") != std::string::npos);
}

TEST_CASE("the catalogue: unique English keys, no blank translations, English passes through") {
  int count = 0;
  const ui::CataloguePair* table = ui::catalogue(&count);
  REQUIRE(count > 0);
  std::set<std::string_view> keys;
  for (int i = 0; i < count; ++i) {
    CAPTURE(table[i].en);
    CHECK(keys.insert(table[i].en).second);
    CHECK(!table[i].en.empty());
    CHECK(std::string_view(table[i].zh).size() > 0);
    CHECK(std::string_view(ui::tr(1, std::string(table[i].en).c_str())) == table[i].zh);
  }
  CHECK(std::string_view(ui::tr(0, "Controls")) == "Controls");
  CHECK(std::string_view(ui::tr(1, "no such label")) == "no such label");
}

TEST_CASE("a formula may hold a {{placeholder}}: it stays in the formula's text for the typesetter to fill") {
  const Document doc = well_formed("# T\n## Step: S {#s29}\nSo $ω_i = {{omega}}$ here.\n", "m.md");
  const auto& runs = doc.steps.at(0).blocks.at(0).runs;
  REQUIRE(runs.size() == 3);
  CHECK(runs[1].kind == RunKind::Math);
  CHECK(runs[1].text == "ω_i = {{omega}}");
}

TEST_CASE(
    "the framework's conditions: plural_<name> is 1 unless the number is 1, narrow follows the layout") {
  const int at = lessons::find_lesson("sinusoidal");
  REQUIRE(at >= 0);
  auto lesson = lessons::lesson_table()[at].create();
  lessons::set_param(*lesson, "len", "1");
  CHECK(lesson->placeholder("len") == "1");
  CHECK(lesson->placeholder("plural_len") == "0");
  lessons::set_param(*lesson, "len", "2");
  CHECK(lesson->placeholder("plural_len") == "1");
  CHECK(lesson->placeholder("plural_no_such_number").empty());
  CHECK(lesson->placeholder("narrow") == "0");  // not drawn yet: the desktop layout
}

TEST_CASE("a language's text can arrive later, as one pack of files, once") {
  using namespace posenc::content;
  CHECK_FALSE(has_language("xx"));
  const std::string pack =
      "@@posenc-file order.md\n# Title\n\nText.\n@@posenc-file naive.md\n# Two\n"
      "@@posenc-file ../evil.md\nskipped\n@@posenc-file no-newline";
  CHECK(add_files("xx", pack) == 2);  // a name with '/' and a marker without its line end are left out
  CHECK(has_language("xx"));
  const BundledFile* f = find_bundled("xx", "order");
  REQUIRE(f != nullptr);
  CHECK(f->text == "# Title\n\nText.\n");
  REQUIRE(find_bundled("xx", "naive") != nullptr);
  CHECK(find_bundled("xx", "naive")->text == "# Two\n");
  CHECK(add_files("xx", pack) == 0);  // once per language
  CHECK(add_files("", pack) == 0);
  CHECK(add_files("en", pack) == 0);  // embedded languages are never replaced
}

TEST_CASE("numbers in running text: e-notation is written with ×10 and a superscript exponent") {
  using posenc::content::readable_exponents;
  CHECK(readable_exponents("6.29e+05") ==
        "6.29\xC3\x97"
        "10\xE2\x81\xB5");  // 6.29×10⁵
  CHECK(readable_exponents("is 1.11e-16: rounding") ==
        "is 1.11\xC3\x97"
        "10\xE2\x81\xBB\xC2\xB9\xE2\x81\xB6: rounding");  // ×10⁻¹⁶
  CHECK(readable_exponents("3e+00 and 2.5E-3") ==
        "3 and 2.5\xC3\x97"
        "10\xE2\x81\xBB\xC2\xB3");
  CHECK(readable_exponents("7e+120") ==
        "7\xC3\x97"
        "10\xC2\xB9\xC2\xB2\xE2\x81\xB0");
  // kept: plain numbers, words, names with numbers inside, an 'e' that starts a word
  for (const char* same :
       {"0.0599", "4095 radians", "base1e+06", "pe_len4096_d128", "x2e5", "3 each", "2e", "1.5e+"})
    CHECK(readable_exponents(same) == same);
}
