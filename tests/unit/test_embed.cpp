// The card (#…&embed=1): its URL keys and their bad values, the steps its Prev/Next, arrows and links keep
// to, the host page's messages, the <iframe> snippet, its screen at 640 × 400 and on a phone, and Tab
// leaving the frame at its edges. Step ids and titles are read from the lesson's content file here.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "app/api.hpp"
#include "app/app.hpp"
#include "app/embed.hpp"
#include "headless.hpp"
#include "keyboard.hpp"
#include "paths.hpp"
#include "ui/locate.hpp"

using namespace posenc;
using namespace posenc::app;
using test::Headless;

namespace {

// The lesson file's title and its steps' (title, id), as written in content/en/<id>.md.
struct ContentFile {
  std::string title;
  std::vector<std::pair<std::string, std::string>> steps;
};

ContentFile read_content(const std::string& lesson) {
  std::ifstream f(std::string(test::kSourceDir) + "/content/en/" + lesson + ".md");
  ContentFile c;
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("# ", 0) == 0 && c.title.empty()) c.title = line.substr(2);
    if (line.rfind("## Step: ", 0) != 0) continue;
    const size_t open = line.find(" {#"), close = line.find('}', open);
    c.steps.emplace_back(line.substr(9, open - 9), line.substr(open + 3, close - open - 3));
  }
  return c;
}

std::string load(Headless& h, const std::string& hash) { return core::english(apply_hash(h.s, hash)); }

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Where posenc.locate says the last frame drew `label`, or nothing.
bool drawn(const char* label) { return ui::locate(label).has_value(); }

}  // namespace

TEST_CASE("embed: origins are http(s)://host[:port] as browsers write them, nothing else") {
  for (const char* good : {"https://example.org", "http://localhost:8080", "http://127.0.0.1:5",
                           "https://[::1]:8443", "https://sub.example-site.org:65535"})
    CHECK_MESSAGE(is_origin(good), good);
  for (const char* bad : {"", "example.org", "https://example.org/", "https://Example.org", "*", "null",
                          "https://a..b", "http://x:99999", "ftp://x", "https://", "https://x:",
                          "https://x:8a", "https://.x", "https://x/path", "https://[::1", "https://x y"})
    CHECK_MESSAGE(!is_origin(bad), bad);
}

TEST_CASE("embed: embed=1 shows the linked step alone; steps= by number or id bounds the card") {
  const ContentFile sin = read_content("sinusoidal");
  REQUIRE(sin.steps.size() == 6);
  const int last = 5;
  Headless h;
  CHECK(load(h, "#lesson=sinusoidal&step=2&embed=1").empty());
  CHECK(h.s.embed.on);
  CHECK(h.s.step == 2);
  CHECK(h.s.embed.first == 2);
  CHECK(h.s.embed.last == 2);
  CHECK(h.s.embed.host.empty());
  CHECK(has(state_json(h.s), "\"embed\":{\"steps\":[2,2],\"host\":\"\"}"));

  // ids (content/en/sinusoidal.md's {#…}) and numbers (from 0, as step= counts) name the same steps
  load(h, "#lesson=order");  // from another lesson, a card without step= opens on its range's first
  CHECK(load(h, "#lesson=sinusoidal&embed=1&steps=" + sin.steps[1].second + ".." + sin.steps[3].second)
            .empty());
  CHECK(h.s.embed.first == 1);
  CHECK(h.s.embed.last == 3);
  CHECK(h.s.step == 1);  // no step= : the range's first
  CHECK(load(h, "#lesson=sinusoidal&step=3&embed=1&steps=1..3").empty());
  CHECK(h.s.step == 3);
  CHECK(load(h, "#lesson=sinusoidal&embed=1&steps=3..").empty());  // to the lesson's end
  CHECK(h.s.embed.first == 3);
  CHECK(h.s.embed.last == last);
  CHECK(load(h, "#lesson=sinusoidal&embed=1&steps=..2").empty());  // from its start
  CHECK(h.s.embed.first == 0);
  CHECK(h.s.embed.last == 2);
  CHECK(load(h, "#lesson=sinusoidal&embed=1&steps=" + sin.steps[4].second).empty());  // one step
  CHECK(h.s.embed.first == 4);
  CHECK(h.s.embed.last == 4);
  CHECK(h.s.step == 4);

  // the card's own hash brings it back exactly; the full view's has none of its keys
  load(h, "#lesson=sinusoidal&step=2&embed=1&steps=1..4&host=https://example.org");
  const std::string hash = current_hash(h.s);
  CHECK(has(hash, "&embed=1&steps=1..4&host=https%3A%2F%2Fexample.org"));
  load(h, "#lesson=order&step=0");
  CHECK(!h.s.embed.on);  // a link without embed= is the full view again
  CHECK(!has(current_hash(h.s), "embed"));
  CHECK(load(h, hash).empty());
  CHECK(current_hash(h.s) == hash);
  CHECK(h.s.embed.host == "https://example.org");
  const std::string full = current_hash(h.s, false);
  CHECK(!has(full, "embed"));
  CHECK(!has(full, "steps="));
  CHECK(!has(full, "host="));
  CHECK(has(full, "lesson=sinusoidal&step=2&"));
}

TEST_CASE("embed: any card's own hash restores exactly that card (as fuzz_url checks for every state)") {
  Headless h;
  for (const char* hash :
       {"#lesson=rope&step=decay&embed=1&steps=complex..9&host=https%3A%2F%2Fa.org%3A8443&lang=zh",
        "#lesson=sinusoidal&step=-4&embed=yes&steps=..zz&host=HTTP://x/&embed=1&steps=3..1",
        "#embed=1&steps=", "#embed&steps=..", "#lesson=check&embed=1&steps=0&step=7",
        "#embed=2&steps=1e9..-1e9", "#lesson=order&embed=1&steps=1..2&text=a%20b%20c&order=2,1,0&step=2",
        "#lesson=nope&embed=1&host=x"}) {
    CAPTURE(hash);
    load(h, hash);
    const std::string first = current_hash(h.s);
    CHECK(has(first, "&embed=1"));
    CHECK(load(h, first).empty());  // nothing to clamp the second time
    CHECK(current_hash(h.s) == first);
  }
}

TEST_CASE("embed: bad embed, steps, host and step values are read as the nearest good ones, with a notice") {
  Headless h;
  std::string n = load(h, "#lesson=sinusoidal&step=1&embed=yes");
  CHECK(h.s.embed.on);
  CHECK(has(n, "embed: 'yes' read as 1"));
  n = load(h, "#lesson=sinusoidal&step=1&embed=0.0");
  CHECK(!h.s.embed.on);
  CHECK(has(n, "embed: '0.0' read as 0"));
  CHECK(load(h, "#lesson=sinusoidal&step=1&embed=0&steps=1..2&host=https://a.org").empty());  // ignored
  CHECK(!h.s.embed.on);
  CHECK(load(h, "#lesson=sinusoidal&step=1&steps=1..2").empty());  // steps= without a card: ignored
  CHECK(!h.s.embed.on);

  n = load(h, "#lesson=sinusoidal&embed=1&steps=2..99");
  CHECK(h.s.embed.first == 2);
  CHECK(h.s.embed.last == 5);
  CHECK(has(n, "steps: 99 read as 5 (this lesson has steps 0–5)"));
  n = load(h, "#lesson=sinusoidal&embed=1&steps=zz..1");
  CHECK(h.s.embed.first == 0);
  CHECK(h.s.embed.last == 1);
  CHECK(has(n, "steps: 'zz' is neither a number nor a step of this lesson; read as 0"));
  n = load(h, "#lesson=sinusoidal&embed=1&steps=4..1");
  CHECK(h.s.embed.first == 1);
  CHECK(h.s.embed.last == 4);
  CHECK(has(n, "steps: 4..1 runs backwards; read as 1..4"));
  n = load(h, "#lesson=sinusoidal&embed=1&steps=-3..1.5");
  CHECK(h.s.embed.first == 0);
  CHECK(h.s.embed.last == 1);
  CHECK(has(n, "steps: -3 read as 0"));
  CHECK(has(n, "steps: 1.5 read as 1"));
  n = load(h, "#lesson=sinusoidal&step=5&embed=1&steps=1..3");
  CHECK(h.s.step == 3);
  CHECK(has(n, "step 5 is outside this card's steps 1–3; showing 3"));
  n = load(h, "#lesson=sinusoidal&step=40&embed=1");
  CHECK(h.s.step == 5);
  CHECK(h.s.embed.first == 5);
  CHECK(has(n, "step clamped to 5 (this lesson has steps 0–5)"));
  for (const char* host : {"example.org", "https://example.org/", "*", "HTTPS://EXAMPLE.ORG"}) {
    n = load(h, std::string("#lesson=sinusoidal&embed=1&host=") + host);
    CHECK(h.s.embed.on);
    CHECK(h.s.embed.host.empty());
    CHECK(has(n, "is not an origin such as https://example.org"));
  }
}

TEST_CASE("embed: Prev/Next, posenc.go and dropped files keep to the card's steps") {
  Headless h;
  load(h, "#lesson=sinusoidal&step=2&embed=1&steps=2..3");
  step_by(h.s, -1);
  CHECK(h.s.step == 2);  // no crossing back, not even into the lesson before
  step_by(h.s, +1);
  step_by(h.s, +1);
  CHECK(h.s.step == 3);
  const int lesson = h.s.lesson;
  std::string j = go_json(h.s, "rope", "0");
  CHECK(h.s.lesson == lesson);
  CHECK(has(j, "this card shows lesson 3 only"));  // lesson 3 as the contents number it
  j = go_json(h.s, "sinusoidal", "0");
  CHECK(h.s.step == 2);
  CHECK(has(j, "step 0 is outside this card's steps 2–3; showing 2"));
  const unsigned char table[] = "0,1\n0.8414709848078965,0.5403023058681398\n";
  CHECK(core::english(receive_file(h.s, "pe.csv", table, sizeof table - 1)) == "this card takes no files");
  CHECK(h.s.lesson == lesson);
}

TEST_CASE("embed: the arrows keep to the card's steps") {
  test::Keyboard k;
  load(k.h, "#lesson=sinusoidal&step=3&embed=1&steps=2..3");
  const int lesson = k.h.s.lesson;
  k.frames(2, 640, 400);
  k.press(test::kRight, false, 640, 400);
  CHECK(k.h.s.step == 3);
  k.press(test::kLeft, false, 640, 400);
  k.press(test::kLeft, false, 640, 400);
  CHECK(k.h.s.step == 2);
  CHECK(k.h.s.lesson == lesson);
}

TEST_CASE("embed: the host's messages act only from the host= origin, and the state goes back to it") {
  Headless h;
  std::vector<std::pair<std::string, std::string>> posted;
  h.s.hooks.post_state = [&](const std::string& state, const std::string& to) {
    posted.emplace_back(state, to);
  };
  const std::string host = "http://localhost:8123";

  load(h, "#lesson=sinusoidal&step=1&embed=1&steps=1..4");  // no host=
  h.frame(640, 400);
  CHECK(posted.empty());  // nothing is posted without a host
  CHECK(has(message_go(h.s, host, "3"), "\"ignored\":\"this card takes no messages"));
  CHECK(has(message_set(h.s, host, "len", "20"), "\"ignored\""));
  CHECK(h.s.step == 1);

  load(h, "#lesson=sinusoidal&step=1&embed=1&steps=1..4&host=" + host);
  h.frame(640, 400);
  REQUIRE(posted.size() == 1);  // the card says where it is once it is drawn
  CHECK(posted[0].second == host);
  CHECK(has(posted[0].first, "\"step\":1"));
  posted.clear();
  CHECK(has(message_go(h.s, "http://localhost:8124", "3"), "not from this card's host"));
  CHECK(has(message_go(h.s, "http://evil.example", "3"), "\"ignored\""));
  CHECK(h.s.step == 1);
  h.frame(640, 400);
  CHECK(posted.empty());

  const ContentFile sin = read_content("sinusoidal");
  CHECK(has(message_go(h.s, host, sin.steps[3].second), "\"step\":3"));
  CHECK(h.s.step == 3);
  h.frame(640, 400);
  REQUIRE(posted.size() == 1);
  CHECK(has(posted[0].first, "\"step\":3"));
  posted.clear();
  const std::string clamped = message_go(h.s, host, "9");
  CHECK(h.s.step == 4);
  CHECK(has(clamped, "step 9 is outside this card's steps 1–4; showing 4"));
  h.frame(640, 400);
  REQUIRE(posted.size() == 1);
  CHECK(has(posted[0].first, "\"notice\":\"step 9 is outside this card's steps 1–4; showing 4\""));
  CHECK(has(message_go(h.s, host, "nope"), "\"error\""));
  CHECK(has(message_set(h.s, host, "no_such_param", "1"), "\"error\":\"unknown parameter"));
  h.frame(640, 400);
  posted.clear();
  const std::string set = message_set(h.s, host, "len", "20");
  CHECK(has(set, "\"len\":20"));
  h.frame(640, 400);
  REQUIRE(!posted.empty());
  CHECK(has(posted.back().first, "\"len\":20"));
  // a message that changes nothing is still answered with the state
  posted.clear();
  message_go(h.s, host, "4");
  h.frame(640, 400);
  CHECK(posted.size() == 1);

  load(h, "#lesson=sinusoidal&step=1");  // the full view takes no messages
  CHECK(has(message_go(h.s, host, "2"), "this page is not a card"));
}

TEST_CASE("embed: Copy embed code gives a 640 × 400 <iframe> of the current step, HTML-escaped") {
  const ContentFile sin = read_content("sinusoidal");
  Headless h;
  load(h, "#lesson=sinusoidal&step=2&len=20");
  const std::string src_hash = current_hash(h.s, false) + "&embed=1";
  std::string escaped;
  for (char c : src_hash) escaped += c == '&' ? std::string("&amp;") : std::string(1, c);
  const std::string want = "<iframe src=\"https://example.org/pe/#" + escaped +
                           "\" width=\"640\" height=\"400\" title=\"posenc: " + sin.title + " \xE2\x80\x94 " +
                           sin.steps[2].first + "\" loading=\"lazy\" style=\"border:0\"></iframe>";
  CHECK(embed_code(h.s, "https://example.org/pe/") == want);
  CHECK(has(embed_code(h.s, "https://example.org/pe/"), "len=20"));
  CHECK(has(embed_code(h.s, "https://x.org/a\"b<c>&d/"), "src=\"https://x.org/a&quot;b&lt;c&gt;&amp;d/#"));
}

TEST_CASE(
    "embed: the card draws no contents or top bar, fits 640 × 400 and a phone, Prev/Next only for a range") {
  struct Size {
    float w, h;
    bool side;
  };
  for (const Size size : {Size{640, 400, true}, Size{360, 640, false}, Size{1280, 800, true}}) {
    CAPTURE(size.w);
    Headless h;
    h.s.hooks.page_address = [] { return std::string("https://example.org/"); };
    load(h, "#lesson=sinusoidal&step=1&embed=1");
    for (int i = 0; i < 3; ++i) h.frame(size.w, size.h);
    CHECK(!drawn(":contents"));
    CHECK(!drawn("\xE2\x98\xB0"));     // ☰
    CHECK(!drawn("Copy embed code"));  // the full view's, not the card's
    CHECK(!drawn("Prev"));             // a card of one step
    CHECK(!drawn("Next"));
    const auto text = ui::locate(":text"), visual = ui::locate(":visual");
    REQUIRE(text.has_value());
    REQUIRE(visual.has_value());
    if (size.side)
      CHECK(text->x + text->w <= visual->x + 1);  // side by side
    else
      CHECK(text->y + text->h <= visual->y + 1);  // stacked
    const auto link = ui::locate("open in posenc \xE2\x86\x97");
    REQUIRE(link.has_value());
    CHECK(link->x >= 0);
    CHECK(link->x + link->w <= size.w);
    CHECK(link->y + link->h <= size.h);

    load(h, "#lesson=sinusoidal&step=2&embed=1&steps=1..2");
    for (int i = 0; i < 3; ++i) h.frame(size.w, size.h);
    const auto next = ui::locate("Next");
    REQUIRE(next.has_value());
    CHECK(next->x + next->w <= size.w);
    CHECK(next->y + next->h <= size.h);
    h.click(*next, size.w, size.h);  // at the range's end: disabled
    CHECK(h.s.step == 2);
    h.click(*ui::locate("Prev"), size.w, size.h);
    CHECK(h.s.step == 1);
    h.click(*ui::locate("Prev"), size.w, size.h);
    CHECK(h.s.step == 1);
  }
  Headless full;  // the full view, for contrast: its contents and the copy button
  full.s.hooks.page_address = [] { return std::string("https://example.org/"); };
  load(full, "#lesson=sinusoidal&step=1");
  for (int i = 0; i < 3; ++i) full.frame(1280, 800);
  CHECK(drawn(":contents"));
  CHECK(drawn("Copy embed code"));
}

TEST_CASE("embed: Tab leaves the card after its last part, Shift-Tab before its first") {
  test::Keyboard k;
  load(k.h, "#lesson=sinusoidal&step=1&embed=1&steps=1..2");
  const float w = 640, h = 400;
  k.frames(3, w, h);
  CHECK(!k.h.s.embed.tab_out_next);  // not in focus mode: Tab goes into the card
  CHECK(!k.h.s.embed.tab_out_prev);
  k.press(test::kTab, false, w, h);  // the visual
  CHECK(k.focus().has_value());
  CHECK(k.h.s.embed.tab_out_prev);
  CHECK(!k.h.s.embed.tab_out_next);
  k.press(test::kTab, false, w, h);  // the text
  CHECK(!k.h.s.embed.tab_out_prev);
  CHECK(!k.h.s.embed.tab_out_next);
  k.press(test::kTab, false, w, h);  // the bar: the next Tab leaves
  CHECK(k.h.s.embed.tab_out_next);
  const auto bar = ui::locate("Prev");
  const auto focus = k.focus();
  REQUIRE(focus.has_value());
  REQUIRE(bar.has_value());
  CHECK(focus->y >= bar->y - 20);  // the focus frame is in the bar
}

TEST_CASE("embed: Shift-Tab into the card from after it lands on its last part") {
  test::Keyboard k;
  load(k.h, "#lesson=sinusoidal&step=1&embed=1&steps=1..2");
  k.frames(3, 640, 400);
  k.press(test::kTab, true, 640, 400);
  CHECK(k.h.s.embed.tab_out_next);
}
