// 中文 all the way through: every string ImGui actually draws in Chinese mode — every step of every lesson
// at its defaults and with each control at either end, the notices, the checker's messages, the hover
// tooltips — is read back from the draw lists glyph by glyph and must hold no English word except the
// symbols, code names and units shown on purpose (english.hpp), and no literal "\n".
#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "core/check.hpp"
#include "drawn_text.hpp"
#include "english.hpp"
#include "headless.hpp"
#include "lessons/params.hpp"
#include "paths.hpp"

using namespace posenc;
using namespace posenc::app;
using test::drawn_words;
using test::DrawnWord;

namespace {

// The English words among `words`: runs of ASCII letters, digits and '_' holding two letters or more
// that are neither code of the lesson text, nor a name in `file_names` (the export bar names the file
// it writes, cut with "…" when narrow), nor shown on purpose; and any word holding a literal
// backslash-n.
std::vector<std::string> english_words(const std::vector<DrawnWord>& words,
                                       const std::vector<std::string>& file_names = {},
                                       const std::set<std::string>& echoed = {}) {
  std::vector<std::string> found;
  for (const DrawnWord& dw : words) {
    const std::string& w = dw.text;
    if (w.find("\\n") != std::string::npos) found.push_back(w);
    if (dw.code) continue;
    const auto is_file = [&](const std::string& name) {
      const size_t cut = w.rfind("\xE2\x80\xA6");  // …
      return w == name ||
             (cut != std::string::npos && cut + 3 == w.size() && name.rfind(w.substr(0, cut), 0) == 0);
    };
    if (std::any_of(file_names.begin(), file_names.end(), is_file)) continue;
    if (w.find("://") != std::string::npos) continue;  // a link: where a model preset's numbers were read
    const size_t dot = w.rfind('.');  // the code panel names its sources: content/code/order.py
    if (w.find('/') != std::string::npos && dot != std::string::npos &&
        (w.substr(dot) == ".py" || w.substr(dot) == ".cpp" || w.substr(dot) == ".hpp"))
      continue;
    for (const std::string& run : test::english_runs(w))
      if (!echoed.count(run)) found.push_back(run + "  (in \"" + w + "\")");
  }
  return found;
}

// A headless app drawing with the real fonts, the Chinese subset merged in (as the desktop does).
struct ChineseScreen : test::Headless {
  std::vector<unsigned char> cjk;
  std::set<std::string> seen;    // every English word found, once
  std::set<std::string> echoed;  // what the test typed (a link's keys and values), said back on purpose
  std::string where;

  ChineseScreen() {
    std::ifstream f(posenc::test::kCjkFont, std::ios::binary);
    cjk.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    REQUIRE(cjk.size() > 10000);
    ImGui::SetCurrentContext(ctx);
    const bool ok = ui::load_fonts(s.theme,
                                   {{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
                                    {"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
                                    {}},
                                   16.0f, &cjk, cjk_text());
    REQUIRE(ok);
    unsigned char* px;
    int w, h;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ui::apply_style(s.theme, 1.0f);
    REQUIRE(set_language(s, "zh").empty());
  }

  // Draws a frame (the mouse at `mouse`) and checks the words it drew.
  void look(ImVec2 mouse = ImVec2(-1, -1), float w = 1280, float h = 800) {
    CAPTURE(w);
    ImGui::SetCurrentContext(ctx);
    ImGui::GetIO().MousePos = mouse;
    frame(w, h);  // tables and wrapped text settle their widths in the frame after they first show
    frame(w, h);
    std::vector<std::string> files;
    for (const lessons::Export& e : current_lesson(s).exports(step_id(s, s.lesson, s.step)))
      files.push_back(e.name);
    for (const std::string& e : english_words(drawn_words(s.theme), files, echoed))
      if (seen.insert(e).second) {
        CAPTURE(where);
        FAIL_CHECK("English on the Chinese screen: " << e);
      }
  }

  // Hovers a grid over the visual's side of the window, two frames at each point (a tooltip shows in
  // the frame after the hover is seen).
  void hover_everywhere() {
    for (float y = 60; y < 780; y += 80)
      for (float x = 500; x < 1280; x += 80) look(ImVec2(x, y));
  }

  // Shows what a change said, as the app does.
  void say(const core::Messages& m) { notify(s, m); }
};

void every_step(ChineseScreen& z, int lesson, bool hover) {
  for (int st = 0; st < step_count(z.s, lesson); ++st) {
    z.say(go(z.s, lesson, st));
    z.where = std::string(lessons::lesson_table()[lesson].id) + " step " + std::to_string(st);
    z.look();  // the question first, if the step asks one
    record_prediction(z.s, 0);
    z.look();
    z.look(ImVec2(-1, -1), 780, 1688);  // the phone layout
    if (hover) z.hover_everywhere();
  }
  z.s.show_code = true;  // the code panel: its buttons are words, its code is code
  z.look();
  z.s.show_code = false;
}

}  // namespace

TEST_CASE("the reader of drawn words sees the interface's words in either language") {
  ChineseScreen z;
  z.look();
  const auto has = [&](const char* text) {
    const std::vector<DrawnWord> words = drawn_words(z.s.theme);
    return std::any_of(words.begin(), words.end(), [&](const DrawnWord& w) { return w.text == text; });
  };
  CHECK(has("下一步"));
  REQUIRE(set_language(z.s, "en").empty());
  z.frame(1280, 800);
  CHECK(has("Next"));
  CHECK(has("Why"));  // "Why order matters", word by word
  // Tooltips are read too: hovering the sinusoidal heatmap shows a cell's value.
  REQUIRE(set_language(z.s, "zh").empty());
  go(z.s, lessons::find_lesson("sinusoidal"), 0);
  bool value_seen = false;
  for (float y = 60; y < 780 && !value_seen; y += 40)
    for (float x = 500; x < 1280 && !value_seen; x += 40) {
      z.look(ImVec2(x, y));
      value_seen = has("\xE5\x80\xBC");  // 值
    }
  CHECK(value_seen);
  const std::vector<std::string> said = english_words(
      {{"Next"}, {"float32"}, {"a"}, {"x"}, {"中文mode"}, {"pair\\n"}, {"np.save", true}, {"pe_len4_d8…"}},
      {"pe_len4_d8_base2"});
  CHECK(said == std::vector<std::string>{"Next  (in \"Next\")", "mode  (in \"中文mode\")", "pair\\n",
                                         "pair  (in \"pair\\n\")"});
}

// The two sweeps below run under the sanitizers too (~80 s there): make test runs the sanitizer build
// beside the native tests, so every unit test is also a memory and undefined-behaviour test.
TEST_CASE(
    "Chinese mode draws no English word and no literal \\n: every step, every control at either end, "
    "tooltips") {
  ChineseScreen z;
  for (int l = 0; l < static_cast<int>(z.s.slots.size()); ++l) {
    z.say(go(z.s, l, 0));
    every_step(z, l, true);
    for (const lessons::ParamValue& p : lessons::read_params(current_lesson(z.s))) {
      if (p.kind != lessons::ParamKind::Integer && p.kind != lessons::ParamKind::Real &&
          p.kind != lessons::ParamKind::Flag)
        continue;
      for (double end : {p.lo, p.hi}) {
        z.s.slots[l].lesson = lessons::lesson_table()[l].create();  // each extreme from the defaults
        z.say(lessons::set_param(current_lesson(z.s), p.name, lessons::format_number(end)).notices);
        every_step(z, l, false);
      }
    }
  }
}

TEST_CASE("Chinese mode: a card (#…&embed=1) — its bar, its link, its notices — draws no English word") {
  ChineseScreen z;
  z.echoed = {"embed", "steps", "host", "step", "yes", "zz", "example", "com"};  // the link's keys and values
  for (const char* hash : {"#lesson=sinusoidal&step=9&embed=yes&steps=zz..99&host=example.com",
                           "#lesson=rope&step=1&embed=1&steps=1..3", "#lesson=order&step=2&embed=1"}) {
    z.where = hash;
    z.say(apply_hash(z.s, hash));
    record_prediction(z.s, 0);
    z.look(ImVec2(-1, -1), 640, 400);
    z.look(ImVec2(-1, -1), 360, 640);
  }
  z.say(go(z.s, lessons::find_lesson("rope"), 0));  // what posenc.go and the host's messages are told
  z.look(ImVec2(-1, -1), 640, 400);
  apply_hash(z.s, "#lesson=rope&step=1");  // the full view's Copy embed code, and what it says
  z.s.hooks.page_address = [] { return std::string("https://example.org/"); };
  z.say({{"copied the embed code of this step: an <iframe> of 640 × 400 to paste into a web page", {}}});
  z.look();
}

TEST_CASE("Chinese mode: notices of clamped links, the checker's messages and verdicts are Chinese") {
  ChineseScreen z;
  const char* hashes[] = {
      "#lesson=order&dim=1e308&seed=x&order=0,0,0&text=a",
      "#lesson=order&text=一二三四五六七八九十甲乙丙丁",
      "#lesson=nope&step=99",
      "#lesson=naive&step=zzz",
      "#lang=klingon",
      "#lesson=clock&dim=7&pe=maybe",
      "#lesson=sinusoidal&layout=diagonal&len=0&base=1",
      "#lesson=rope&dim=5",
      "#lesson=extrapolation&max_distance=1",
      "#lesson=frequencies&pair=999",
      "#lesson=offsets&dim=3",
  };
  // A notice about a link names the key the link used, and the value it gave, as written.
  z.echoed = {"dim",    "seed",     "order", "text", "lesson",       "step", "lang", "pe",
              "layout", "len",      "base",  "pair", "max_distance", "nope", "zzz",  "klingon",
              "maybe",  "diagonal", "en",    "zh",   "interleaved",  "half"};
  for (const char* hash : hashes) {
    z.where = hash;
    z.say(apply_hash(z.s, hash));
    z.look();
  }
  // What lessons adjust after an allowed change (a control moved, the same through a link) names the
  // control as the learner sees it.
  z.echoed.clear();
  z.s.notices.clear();
  const std::pair<const char*, const char*> adjusting[][2] = {
      {{"#lesson=frequencies&pair=5", ""}, {"dim", "2"}},
      {{"#lesson=clock", ""}, {"dim", "7"}},
      {{"#lesson=offsets", ""}, {"dim", "5"}},
      {{"#lesson=rope", ""}, {"dim", "9"}},
      {{"#lesson=naive&probe=60", ""}, {"len", "8"}},
      {{"#lesson=extrapolation&buckets=128", ""}, {"max_distance", "8"}},
      {{"#lesson=order", ""}, {"text", "\xE7\x8C\xAB"}},
      {{"#lesson=order", ""},
       {"text",
        "\xE4\xB8\x80\xE4\xBA\x8C\xE4\xB8\x89\xE5\x9B\x9B\xE4\xBA\x94\xE5\x85\xAD\xE4\xB8\x83\xE5\x85\xAB\xE4"
        "\xB9\x9D\xE5\x8D\x81\xE7\x94\xB2\xE4\xB9\x99\xE4\xB8\x99"}},
  };
  for (const auto& [link, change] : adjusting) {
    z.where = std::string(link.first) + " then " + change.first + "=" + change.second;
    apply_hash(z.s, link.first);
    const lessons::SetOutcome out = lessons::set_param(current_lesson(z.s), change.first, change.second);
    CHECK(out.changed);
    CHECK(out.notices.size() == 1);  // said by the lesson, not by the setter
    z.say(out.notices);
    z.look();
  }
  // Lesson 11's config reader: what it says of configs it reads and of those it refuses.
  const std::string configs[] = {
      "{\"head_dim\": 64,",
      "[1, 2]",
      "{\"head_dim\": 64, \"rope_theta\": \"big\"}",
      "{\"hidden_size\": 512, \"num_attention_heads\": 8, \"rotary_pct\": 0.5, \"rotary_emb_base\": 20000}",
      "{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"yarn\", \"factor\": 4, "
      "\"original_max_position_embeddings\": 4096}}",
      "{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": \"llama3\", \"factor\": 8, \"low_freq_factor\": "
      "4, \"high_freq_factor\": 1}}",
      "{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": \"linear\", \"factor\": 0.5}}",
      "{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": \"linear\"}}",
      "{\"head_dim\": 64, \"rope_scaling\": [1]}",
      "{\"head_dim\": 8, \"rope_scaling\": {\"rope_type\": \"longrope\", \"factor\": 4, \"short_factor\": "
      "[1, 1], \"long_factor\": [1]}}",
      "{\"head_dim\": 64, \"rope_scaling\": {\"rope_type\": \"magic\", \"factor\": 2}}",
      "{\"model_type\": \"bert\", \"hidden_size\": 768, \"num_attention_heads\": 12}",
      "{\"model_type\": \"gemma3_text\", \"head_dim\": 256, \"num_hidden_layers\": 12, \"sliding_window\": "
      "512, "
      "\"rope_scaling\": {\"rope_type\": \"linear\", \"factor\": 8, \"odd_key\": 1}}",
      "{\"model_type\": \"llama4_text\", \"head_dim\": 128, \"num_hidden_layers\": 4, \"no_rope_layers\": "
      "[1, 0]}",
      "{\"model_type\": \"qwen3_vl_text\", \"head_dim\": 128, \"rope_scaling\": {\"mrope_section\": [8, 8, "
      "8], "
      "\"mrope_interleaved\": false}}",
      "{\"model_type\": \"qwen3_next\", \"head_dim\": 256, \"num_hidden_layers\": 8, "
      "\"rope_parameters\": {\"rope_theta\": 1e7, \"partial_rotary_factor\": 0.5}}",
      "\xFF{}",
  };
  apply_hash(z.s, "#lesson=scaling&step=0");
  z.echoed = {"big",        "magic",       "bert",          "gemma3_text",
              "qwen3_next", "llama4_text", "qwen3_vl_text", "odd_key"};  // the configs' own values
  for (const std::string& c : configs) {
    z.where = "config " + c;
    z.say(receive_file(z.s, "config.json", reinterpret_cast<const unsigned char*>(c.data()), c.size()));
    z.look();
  }
  // Every reader error and every verdict of lesson check.
  const std::string files[] = {
      "",
      "\x93NUMPY\x09",
      "\x93NUMPY\x01\x00\x10\x00{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }",
      "1 2\n3",
      "a b\nc d",
      "nan 1\n2 3",
      "inf 1\n2 3",
  };
  z.echoed.clear();
  z.s.notices.clear();  // the configs' notices, which said their values back, are not this part's
  for (const std::string& f : files) {
    z.where = "file " + f;
    z.say(receive_file(z.s, "pasted text", reinterpret_cast<const unsigned char*>(f.data()), f.size()));
    for (int st = 0; st < step_count(z.s, z.s.lesson); ++st) {
      go(z.s, z.s.lesson, st);
      z.look();
    }
  }
  using B = core::BugKind;
  for (B bug : {B::None, B::HalfLayout, B::Swapped, B::ExponentI, B::LengthDivisor, B::StartAt1, B::OtherBase,
                B::Float32, B::SavedFloat32, B::LastColumnEmpty, B::Transposed}) {
    const Eigen::MatrixXd m = core::buggy_table(bug, {20, 8, 10000, 500000.0});
    std::string csv;
    for (int r = 0; r < m.rows(); ++r) {
      for (int c = 0; c < m.cols(); ++c) csv += (c ? "," : "") + lessons::format_number(m(r, c));
      csv += "\n";
    }
    z.where = "verdict " + std::to_string(static_cast<int>(bug));
    go(z.s, z.s.lesson, 0);  // a table given on the sinusoidal steps is a sinusoidal table
    z.say(receive_file(z.s, "位置编码.csv", reinterpret_cast<const unsigned char*>(csv.data()), csv.size()));
    for (int st = 0; st < step_count(z.s, z.s.lesson); ++st) {
      go(z.s, z.s.lesson, st);
      z.look();
      z.hover_everywhere();
    }
  }
}

TEST_CASE(
    "Chinese mode: lesson check's RoPE steps — every example against every kind of reference, pairs, "
    "refusals") {
  ChineseScreen z;
  const int check = lessons::find_lesson("check");
  go(z.s, check, find_step(z.s, check, "rope-load"));
  const auto give = [&](const std::string& name, const std::string& data) {
    z.where = "rope file " + name;
    z.say(receive_file(z.s, name, reinterpret_cast<const unsigned char*>(data.data()), data.size()));
    for (const char* step : {"rope-load", "rope-verdict", "rope-diff"}) {
      go(z.s, check, find_step(z.s, check, step));
      z.look();
      record_prediction(z.s, 0);
      z.look();
    }
  };
  // A small cache by the formula (rotate_half, base 10000), as text rows.
  const auto rows = [](int len, int dim, int offset, bool sin, double scale) {
    std::string t;
    for (int r = 0; r < len; ++r) {
      for (int c = 0; c < dim; ++c) {
        const double a = (r + offset) * std::pow(10000.0, -2.0 * (c % (dim / 2)) / dim);
        t += (c ? "," : "") + lessons::format_number(scale * (sin ? std::sin(a) : std::cos(a)));
      }
      t += "\n";
    }
    return t;
  };
  z.echoed = {"cos_part", "sin_part", "bad"};      // the learner's own file names, said back
  give("cos_part.csv", rows(20, 8, 0, false, 1));  // half a pair: waiting
  give("sin_part.csv", rows(10, 8, 0, true, 1));   // shapes differ
  give("pasted text", rows(20, 8, 3, false, 1) + "\n" + rows(20, 8, 3, true, -1));   // backwards, from 3
  give("pasted text", rows(20, 8, 0, true, 1) + "\n" + rows(20, 8, 0, false, 1));    // swapped
  give("pasted text", rows(20, 8, 0, false, 1) + "\n" + rows(20, 8, 0, true, 1.3));  // not a rotation
  give("pasted text", rows(2, 8, 0, false, 1) + "\n" + rows(2, 8, 0, true, 1));      // too short
  give("pasted text", "2 0\n2 0\n2 0\n\n0 0\n0 0\n0 0\n");                           // no cosine
  give("pasted text", "1 0\n\n0 1\n\n1 1\n");                                        // three blocks
  give("config.json", R"({"head_dim": 8, "rope_theta": 20000, "partial_rotary_factor": 0.5})");
  give("pasted text", rows(20, 8, 0, false, 1) + "\n" + rows(20, 8, 0, true, 1));  // against it
  give("bad.json", "{\"head_dim\": 8,");
  // Every example against transformers' defaults, the examples' model, a preset and the learner's config.
  for (const char* config : {"default", "llama3-8b", "qwen2.5-7b-yarn4", "yours"})
    for (const lessons::ParamValue& p : lessons::read_params(current_lesson(z.s)))
      if (p.name == "rope_example") {
        for (const char* example : {"correct", "interleaved", "from-1", "bfloat16", "base-10000",
                                    "partial-25", "linear-4", "yarn-4"}) {
          z.where = std::string("rope example ") + example + " against " + config;
          z.say(lessons::set_param(current_lesson(z.s), "config", config).notices);
          z.say(lessons::set_param(current_lesson(z.s), "rope_example", example).notices);
          for (const char* step : {"rope-load", "rope-verdict", "rope-diff"}) {
            go(z.s, check, find_step(z.s, check, step));
            z.look();
            z.look(ImVec2(-1, -1), 780, 1688);
          }
        }
      }
  z.hover_everywhere();  // the difference maps' tooltips
}

TEST_CASE("no number drawn in C's e-notation outside tables and file names: every step at its defaults, en") {
  test::Headless h;
  ImGui::SetCurrentContext(h.ctx);
  const std::regex e_notation(R"([0-9][eE][+\-][0-9])");
  int found = 0, words = 0;
  for (int l = 0; l < static_cast<int>(h.s.slots.size()); ++l)
    for (int st = 0; st < step_count(h.s, l); ++st) {
      go(h.s, l, st);
      record_prediction(h.s, -1);
      h.frame(1280, 800);
      h.frame(1280, 800);
      for (const DrawnWord& w : drawn_words(h.s.theme)) {
        ++words;
        if (w.code || !std::regex_search(w.text, e_notation) || w.text.find('_') != std::string::npos)
          continue;
        if (++found <= 12) FAIL_CHECK(lessons::lesson_table()[l].id << " step " << st << ": " << w.text);
      }
    }
  MESSAGE(found << " numbers in e-notation among " << words << " drawn words");
}
