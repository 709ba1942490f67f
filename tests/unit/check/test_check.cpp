// Lesson check: the checker names each classic bug, and the .npy / text readers refuse malformed input.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/check.hpp"
#include "core/table_file.hpp"
#include "numpy.hpp"
#include "ui/i18n.hpp"

using namespace posenc::core;

namespace {

// The checker's inputs come from core::buggy_table (the same tables lesson check's examples load); the
// first test case pins that function's cells to values written out by hand from the formulas.
Eigen::MatrixXd learner(int len, int dim, double base, BugKind bug) {
  return buggy_table(bug, {len, dim, base, 1000.0});
}

using posenc::test::bytes_of;
using posenc::test::npy;

}  // namespace

TEST_CASE("buggy_table: each classic bug's cells, written out from the formulas") {
  // d = 4, base 10000: ω_0 = 1, ω_1 = 10000^(−2/4) = 0.01. Row 2 is position 2 (3 when starting at 1).
  const auto row2 = [](BugKind bug, double other_base = 500000.0) {
    const Eigen::MatrixXd m = buggy_table(bug, {3, 4, 10000.0, other_base});
    REQUIRE(m.rows() == 3);
    REQUIRE(m.cols() == 4);
    return std::vector<double>{m(2, 0), m(2, 1), m(2, 2), m(2, 3)};
  };
  const auto same = [](const std::vector<double>& got, const std::vector<double>& want, double eps = 1e-14) {
    for (size_t c = 0; c < want.size(); ++c) {
      CAPTURE(c);
      CHECK(got[c] == doctest::Approx(want[c]).epsilon(eps));
    }
  };
  same(row2(BugKind::None), {std::sin(2.0), std::cos(2.0), std::sin(0.02), std::cos(0.02)});
  same(row2(BugKind::HalfLayout), {std::sin(2.0), std::sin(0.02), std::cos(2.0), std::cos(0.02)});
  same(row2(BugKind::Swapped), {std::cos(2.0), std::sin(2.0), std::cos(0.02), std::sin(0.02)});
  same(row2(BugKind::ExponentI),
       {std::sin(2.0), std::cos(2.0), std::sin(0.2), std::cos(0.2)});  // ω_1 = 10000^(−1/4)
  const double w_len = 0.002154434690031884;  // 10000^(−2/3): the length 3 in the divisor
  same(row2(BugKind::LengthDivisor),
       {std::sin(2.0), std::cos(2.0), std::sin(2 * w_len), std::cos(2 * w_len)});
  same(row2(BugKind::StartAt1), {std::sin(3.0), std::cos(3.0), std::sin(0.03), std::cos(0.03)});
  same(row2(BugKind::OtherBase, 100.0),
       {std::sin(2.0), std::cos(2.0), std::sin(0.2), std::cos(0.2)});  // 100^(−1/2)
  const std::vector<double> f = row2(BugKind::Float32);
  same(f, {std::sin(2.0), std::cos(2.0), std::sin(0.02), std::cos(0.02)}, 1e-6);
  for (double v : f) CHECK(static_cast<double>(static_cast<float>(v)) == v);  // every value a float
  CHECK(f[2] != std::sin(0.02));
  // Odd d = 3: the last sine (ω_1 = 10000^(−2/3)) has no cosine partner.
  const Eigen::MatrixXd odd = buggy_table(BugKind::None, {3, 3, 10000.0});
  CHECK(odd(2, 2) == doctest::Approx(std::sin(2 * w_len)).epsilon(1e-14));
  const Eigen::MatrixXd odd_half = buggy_table(BugKind::HalfLayout, {3, 3, 10000.0});
  CHECK(odd_half(2, 1) == doctest::Approx(std::sin(2 * w_len)).epsilon(1e-14));
  CHECK(odd_half(2, 2) == doctest::Approx(std::cos(2.0)).epsilon(1e-14));
}

TEST_CASE("the checker accepts a correct table and names each classic bug") {
  const BugKind bugs[] = {BugKind::None,          BugKind::HalfLayout, BugKind::Swapped,  BugKind::ExponentI,
                          BugKind::LengthDivisor, BugKind::StartAt1,   BugKind::OtherBase};
  const char* expected[] = {"correct",        "half_layout", "swapped", "exponent_i",
                            "length_divisor", "start_at_1",  "base"};
  for (int v = 0; v < 7; ++v) {
    CAPTURE(v);
    CHECK(std::string(bug_id(bugs[v])) == expected[v]);
    const CheckResult r = check_table(learner(40, 16, 10000, bugs[v]), 10000);
    CHECK(r.verdict == expected[v]);
    CHECK(!r.message.empty());
    if (v == 0)
      CHECK(r.max_error < 1e-12);
    else
      CHECK(r.max_error > 1e-3);
  }
  CHECK(check_table(learner(40, 16, 10000, BugKind::OtherBase), 10000).message.find("1000") !=
        std::string::npos);
  // exponent i/d with base 10000 is exactly 2i/d with base 100: both are named
  const CheckResult twin = check_table(learner(40, 16, 10000, BugKind::ExponentI), 10000);
  CHECK(twin.message.find("Equivalently") != std::string::npos);
  CHECK(twin.message.find("base 100 ") != std::string::npos);
}

TEST_CASE("the verdict sentence is built from its frames and the candidates' messages, in any language") {
  const CheckResult twin = check_table(learner(40, 16, 10000, BugKind::ExponentI), 10000);
  const auto id = [](const Candidate& c) { return c.label; };
  CHECK(verdict_sentence(twin, {"[%s]", "+(%s)", "?"}, id) == "[exponent i/d]+(base 100)");
  CHECK(verdict_sentence(twin, {}, [](const Candidate& c) { return c.message; }) == twin.message);
  Eigen::MatrixXd noise = learner(20, 8, 10000, BugKind::None);
  noise(3, 4) += 0.25;
  const CheckResult unknown = check_table(noise, 10000);
  REQUIRE(unknown.closest >= 0);
  CHECK(unknown.best == -1);
  // The closest is the reference itself: its own frame, not "it matches the reference".
  const std::string s = verdict_sentence(unknown, {"", "", "%s|%s|%s", "near %s"}, id);
  CAPTURE(s);
  CHECK(s.rfind("near 0.25", 0) == 0);
  // Every message the lesson shows has its Chinese counterpart (the other-base one is rebuilt with numbers).
  for (const Candidate& c : twin.candidates) {
    CAPTURE(c.message);
    if (c.id != "base") CHECK(std::string(posenc::ui::tr(1, c.message.c_str())) != c.message);
  }
  for (const char* frame : {VerdictWords{}.found, VerdictWords{}.equivalent, VerdictWords{}.unknown,
                            VerdictWords{}.unknown_near_reference}) {
    CAPTURE(frame);
    CHECK(std::string(posenc::ui::tr(1, frame)) != frame);
  }
}

TEST_CASE(
    "the checker names what lies outside the classic list: an empty last column, a transposed table, a right "
    "table saved as float32") {
  // Odd d with the last column left at zero (the loop of seed 003): named, not "matches the reference".
  Eigen::MatrixXd odd = learner(30, 7, 10000, BugKind::None);
  odd.col(6).setZero();
  CHECK(check_table(odd, 10000).verdict == "last_column_empty");
  // pe.T saved: 16 rows of dimensions, 40 columns of positions. Row 0 is then sin(p · 1) over p.
  const Eigen::MatrixXd pe = learner(40, 16, 10000, BugKind::None);
  const Eigen::MatrixXd transposed = pe.transpose();
  REQUIRE(transposed.rows() == 16);
  CHECK(transposed(0, 3) == doctest::Approx(std::sin(3.0)));
  const CheckResult t = check_table(transposed, 10000);
  CHECK(t.verdict == "transposed");
  CHECK(t.message.find("transposed") != std::string::npos);
  // The exact table rounded to float32 when saved: "right, stored in float32", not float32 arithmetic.
  Eigen::MatrixXd saved = pe;
  for (Eigen::Index k = 0; k < saved.size(); ++k)
    saved(k) = static_cast<double>(static_cast<float>(saved(k)));
  CHECK(check_table(saved, 10000).verdict == "saved_float32");
  // No candidate shows an id to the learner: labels are names.
  for (const Candidate& c : t.candidates) {
    CAPTURE(c.label);
    CHECK(c.label.find('_') == std::string::npos);
    CHECK(std::string(posenc::ui::tr(1, c.label.rfind("base ", 0) == 0 ? "another base" : c.label.c_str())) !=
          c.label);
  }
}

TEST_CASE("float32 tables are recognised, and random noise is not blamed on a known bug") {
  Eigen::MatrixXd f = learner(200, 32, 10000, BugKind::None);
  for (Eigen::Index k = 0; k < f.size(); ++k)
    f(k) = static_cast<double>(static_cast<float>(f(k) + 3e-7 * std::sin(k)));
  CHECK(check_table(f, 10000).verdict == "float32");
  Eigen::MatrixXd noise = learner(20, 8, 10000, BugKind::None);
  noise(3, 4) += 0.25;
  CHECK(check_table(noise, 10000).verdict == "unknown");
}

TEST_CASE(".npy: float64 and float32, C and Fortran order, both byte orders, versions 1 and 2") {
  const std::vector<double> c_order = {1, 2, 3, 4, 5, 6};  // 2 × 3
  TableFile t = parse_table(npy("<f8", false, "2, 3", bytes_of(c_order)).data(),
                            npy("<f8", false, "2, 3", bytes_of(c_order)).size());
  REQUIRE(t.ok());
  CHECK(t.data(1, 0) == 4);
  const auto fo = npy("<f8", true, "2, 3", bytes_of(c_order));
  t = parse_npy(fo.data(), fo.size());
  REQUIRE(t.ok());
  CHECK(t.data(1, 0) == 2);  // Fortran: columns first
  CHECK(t.data(0, 1) == 3);
  const auto f4 = npy("<f4", false, "2, 3", bytes_of(std::vector<float>{1.5f, 2, 3, 4, 5, 6}), 2);
  t = parse_npy(f4.data(), f4.size());
  REQUIRE(t.ok());
  CHECK(t.data(0, 0) == 1.5);
  const auto be = npy(">f8", false, "2, 3", bytes_of(c_order, true));
  t = parse_npy(be.data(), be.size());
  REQUIRE(t.ok());
  CHECK(t.data(1, 2) == 6);
}

TEST_CASE(".npy: malformed files get a message, never data") {
  const std::vector<double> six = {1, 2, 3, 4, 5, 6};
  auto err = [](const std::vector<std::uint8_t>& b) {
    const TableFile t = parse_npy(b.data(), b.size());
    CHECK_FALSE(t.ok());
    CHECK(t.data.size() == 0);
    CHECK(std::string(posenc::ui::tr(1, t.error.format.c_str())) != t.error.format);  // said in Chinese too
    return t.error.english();
  };
  std::vector<std::uint8_t> bad = npy("<f8", false, "2, 3", bytes_of(six));
  bad[1] = 'X';
  CHECK(err(bad).find("magic") != std::string::npos);
  auto truncated = npy("<f8", false, "2, 3", bytes_of(six));
  truncated.resize(truncated.size() - 8);
  CHECK(err(truncated).find("truncated") != std::string::npos);
  CHECK(err(npy("<i8", false, "2, 3", bytes_of(six))).find("float") != std::string::npos);
  CHECK(err(npy("<f8", false, "6,", bytes_of(six))).find("two dimensions") != std::string::npos);
  CHECK(err(npy("<f8", false, "2, 3, 2", bytes_of(six))).find("two") !=
        std::string::npos);  // (2, 3, 1) reads
  CHECK(err(npy("<f8", false, "100000, 100000", bytes_of(six))).find("too many") != std::string::npos);
  CHECK(err(npy("<f8", false, "999999999999, 3", bytes_of(six))).size() > 0);
  CHECK(err(npy("<f8", false, "2, 3", bytes_of(std::vector<double>{1, 2, NAN, 4, 5, 6}))).find("NaN") !=
        std::string::npos);
  CHECK(err(npy("<f8", false, "2, 3", bytes_of(std::vector<double>{1, 2, 3, INFINITY, 5, 6})))
            .find("infinite") != std::string::npos);
  std::vector<std::uint8_t> header_only = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0xff, 0xff};
  CHECK(err(header_only).size() > 0);
  for (std::size_t cut = 0; cut < 20; ++cut) {  // every prefix of a valid file is refused
    auto prefix = npy("<f8", false, "2, 3", bytes_of(six));
    prefix.resize(std::min(prefix.size(), cut * 7));
    CHECK_FALSE(parse_table(prefix.data(), prefix.size()).ok());
  }
}

TEST_CASE("text tables: separators, a header line, ragged rows and non-finite values") {
  TableFile t = parse_csv("a,b,c\n1,2,3\n4, 5 ,6\n\n");
  REQUIRE(t.ok());
  CHECK(t.data.rows() == 2);
  CHECK(t.data(1, 1) == 5);
  t = parse_csv("[[1.0 2.0]\n [3.0 4.0]]");
  REQUIRE(t.ok());
  CHECK(t.data(1, 0) == 3);
  CHECK(parse_csv("1,2\n3\n").error.english().find("line 2") != std::string::npos);
  CHECK(parse_csv("1,2\n3,x\n").error.english().find("line 2") != std::string::npos);
  CHECK(parse_csv("1,nan\n").error.english().find("NaN") != std::string::npos);
  CHECK(parse_csv("").error.english().find("no numbers") != std::string::npos);
  CHECK_FALSE(parse_csv("1e999,2\n").ok());
}

TEST_CASE("exported .npy and .csv read back to the same numbers") {
  const Eigen::MatrixXd m = learner(7, 5, 10000, BugKind::None) * 3.0;
  const std::string npy_bytes = write_npy(m);
  CHECK(npy_bytes.size() % 8 == 0);
  const TableFile a = parse_npy(reinterpret_cast<const std::uint8_t*>(npy_bytes.data()), npy_bytes.size());
  REQUIRE(a.ok());
  CHECK((a.data - m).cwiseAbs().maxCoeff() == 0.0);
  const TableFile b = parse_csv(write_csv(m));
  REQUIRE(b.ok());
  CHECK((b.data - m).cwiseAbs().maxCoeff() == 0.0);
}

TEST_CASE(".npy of float16 and of bfloat16 saved as uint16 are widened, not refused") {
  // float16: 1.0 = 0x3C00, −2.5 = 0xC100, 2^−24 (the least subnormal) = 0x0001, 65504 = 0x7BFF.
  const std::vector<std::uint16_t> half = {0x3C00, 0xC100, 0x0001, 0x7BFF};
  const std::vector<std::uint8_t> f2 = posenc::test::npy("<f2", false, "2, 2", posenc::test::bytes_of(half));
  const TableFile a = parse_npy(f2.data(), f2.size());
  REQUIRE(a.ok());
  CHECK(a.data(0, 0) == 1.0);
  CHECK(a.data(0, 1) == -2.5);
  CHECK(a.data(1, 0) == std::ldexp(1.0, -24));
  CHECK(a.data(1, 1) == 65504.0);
  // bfloat16's bits (tensor.view(torch.int16) saved as uint16): the upper half of a float32 —
  // 1.0 = 0x3F80, −0.5 = 0xBF00, π ≈ 0x4049 (3.140625).
  const std::vector<std::uint16_t> bits = {0x3F80, 0xBF00, 0x4049, 0x0000};
  const std::vector<std::uint8_t> u2 = posenc::test::npy("<u2", false, "2, 2", posenc::test::bytes_of(bits));
  const TableFile b = parse_npy(u2.data(), u2.size());
  REQUIRE(b.ok());
  CHECK(b.data(0, 0) == 1.0);
  CHECK(b.data(0, 1) == -0.5);
  CHECK(b.data(1, 0) == 3.140625);
  CHECK(b.data(1, 1) == 0.0);
  // Other integer types are still refused, by name.
  const std::vector<std::uint8_t> i4 = posenc::test::npy("<i4", false, "1, 1", {1, 0, 0, 0});
  CHECK(parse_npy(i4.data(), i4.size()).error.english().find("'<i4' is not float16") != std::string::npos);
}

TEST_CASE(
    "check_table: a square table transposed is caught; the empty last column is explained by d's parity") {
  // A 16 × 16 sinusoidal table, written here: PE[p, 2i] = sin(p·ω_i), PE[p, 2i+1] = cos(p·ω_i).
  const auto table = [](int len, int dim) {
    Eigen::MatrixXd pe(len, dim);
    for (int p = 0; p < len; ++p)
      for (int k = 0; k < dim; ++k) {
        const double w = std::pow(10000.0, -2.0 * (k / 2) / dim);
        pe(p, k) = k % 2 ? std::cos(p * w) : std::sin(p * w);
      }
    return pe;
  };
  const Eigen::MatrixXd square = table(16, 16);
  CHECK(check_table(square).verdict == "correct");
  const CheckResult t = check_table(square.transpose());
  CHECK(t.verdict == "transposed");
  CHECK(t.message.find("is transposed") != std::string::npos);
  for (int dim : {16, 15}) {
    CAPTURE(dim);
    Eigen::MatrixXd pe = table(24, dim);
    pe.col(dim - 1).setZero();
    const CheckResult r = check_table(pe);
    CHECK(r.verdict == "last_column_empty");
    CHECK(r.message.find(dim % 2 ? "a lone sine" : "the last pair's cosine") != std::string::npos);
  }
  // Noise no mistake explains: the closest hypothesis is the reference, and the sentence does not claim
  // the table matches it.
  Eigen::MatrixXd noisy = table(24, 16);
  noisy(3, 5) += 0.01;
  const CheckResult n = check_table(noisy);
  CHECK(n.verdict == "unknown");
  CHECK(n.message.find("nearest the correct table") != std::string::npos);
  CHECK(n.message.find("matches the reference") == std::string::npos);
}

TEST_CASE(".npy with axes of size 1 beyond the rank are squeezed: (2, 1, len, dim) and (1, len, dim)") {
  const std::vector<double> v = {1, 0, 0, 1, 0.5, 0.25};  // 2 × 3, or (2, 1, 1, 3)…
  const std::vector<std::uint8_t> table =
      posenc::test::npy("<f8", false, "1, 2, 3", posenc::test::bytes_of(v));
  const TableFile t = parse_npy(table.data(), table.size());
  REQUIRE(t.ok());
  CHECK(t.data.rows() == 2);
  CHECK(t.data.cols() == 3);
  CHECK(t.data(1, 2) == 0.25);
  const std::vector<std::uint8_t> pair =
      posenc::test::npy("<f8", false, "2, 1, 1, 3", posenc::test::bytes_of(v));
  const TablePair p = parse_cache_file(pair.data(), pair.size());
  REQUIRE(p.ok());
  CHECK(p.first.rows() == 1);
  CHECK(p.first.cols() == 3);
  CHECK(p.second(0, 1) == 0.5);
  // An 8 × 1 table stays 8 × 1 (no axis beyond the rank), and a (2, 3, 1) stays refused for a table.
  const std::vector<double> eight(8, 0.5);
  const std::vector<std::uint8_t> column =
      posenc::test::npy("<f8", false, "8, 1", posenc::test::bytes_of(eight));
  const TableFile c = parse_npy(column.data(), column.size());
  REQUIRE(c.ok());
  CHECK(c.data.rows() == 8);
  const std::vector<std::uint8_t> three =
      posenc::test::npy("<f8", false, "2, 3, 2", posenc::test::bytes_of(std::vector<double>(12, 0.5)));
  CHECK_FALSE(parse_npy(three.data(), three.size()).ok());
}
