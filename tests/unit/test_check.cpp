// Lesson 11: the checker names each classic bug, and the .npy / text readers refuse malformed input.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/check.hpp"
#include "core/table_file.hpp"
#include "ui/i18n.hpp"

using namespace posenc::core;

namespace {

// Tables written here from the formulas, independently of the core, the way learners' code does it.
Eigen::MatrixXd learner(int len, int dim, double base, int variant) {
  Eigen::MatrixXd m(len, dim);
  for (int r = 0; r < len; ++r)
    for (int c = 0; c < dim; ++c) {
      const int i = c / 2;
      double pos = r, exponent = 2.0 * i / dim;
      bool use_sin = c % 2 == 0;
      int col = c;
      switch (variant) {
        case 1: col = c % 2 == 0 ? i : dim / 2 + i; break;           // halves
        case 2: use_sin = !use_sin; break;                            // swapped
        case 3: exponent = static_cast<double>(i) / dim; break;       // i instead of 2i
        case 4: exponent = 2.0 * i / len; break;                      // seq_len in the divisor
        case 5: pos = r + 1; break;                                   // positions from 1
        case 6: base = 1000; break;                                   // another base
        default: break;
      }
      const double angle = pos / std::pow(base, exponent);
      m(r, col) = use_sin ? std::sin(angle) : std::cos(angle);
    }
  return m;
}

std::vector<std::uint8_t> npy(const std::string& descr, bool fortran, const std::string& shape, const std::vector<std::uint8_t>& data,
                              int version = 1) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': (" + shape + "), }";
  const std::size_t pre = version == 1 ? 10 : 12;
  while ((pre + header.size() + 1) % 64) header += ' ';
  header += '\n';
  std::vector<std::uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<std::uint8_t>(version), 0};
  const std::size_t n = header.size();
  out.push_back(n & 255);
  out.push_back((n >> 8) & 255);
  if (version > 1) {
    out.push_back(0);
    out.push_back(0);
  }
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

template <class T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v, bool big_endian = false) {
  std::vector<std::uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  if (big_endian)
    for (std::size_t k = 0; k < v.size(); ++k) std::reverse(b.begin() + k * sizeof(T), b.begin() + (k + 1) * sizeof(T));
  return b;
}

}  // namespace

TEST_CASE("the checker accepts a correct table and names each classic bug") {
  const char* expected[] = {"correct", "half_layout", "swapped", "exponent_i", "length_divisor", "start_at_1", "base"};
  for (int v = 0; v < 7; ++v) {
    CAPTURE(v);
    const CheckResult r = check_table(learner(40, 16, 10000, v), 10000);
    CHECK(r.verdict == expected[v]);
    CHECK(!r.message.empty());
    if (v == 0) CHECK(r.max_error < 1e-12);
    else CHECK(r.max_error > 1e-3);
  }
  CHECK(check_table(learner(40, 16, 10000, 6), 10000).message.find("1000") != std::string::npos);
  // exponent i/d with base 10000 is exactly 2i/d with base 100: both are named
  const CheckResult twin = check_table(learner(40, 16, 10000, 3), 10000);
  CHECK(twin.message.find("Equivalently") != std::string::npos);
  CHECK(twin.message.find("base 100 ") != std::string::npos);
}

TEST_CASE("the verdict sentence is built from its frames and the candidates' messages, in any language") {
  const CheckResult twin = check_table(learner(40, 16, 10000, 3), 10000);
  const auto id = [](const Candidate& c) { return c.label; };
  CHECK(verdict_sentence(twin, {"[%s]", "+(%s)", "?"}, id) == "[exponent_i]+(base 100)");
  CHECK(verdict_sentence(twin, {}, [](const Candidate& c) { return c.message; }) == twin.message);
  Eigen::MatrixXd noise = learner(20, 8, 10000, 0);
  noise(3, 4) += 0.25;
  const CheckResult unknown = check_table(noise, 10000);
  REQUIRE(unknown.closest >= 0);
  CHECK(unknown.best == -1);
  const std::string s = verdict_sentence(unknown, {"", "", "%s|%s|%s"}, id);
  CHECK(s.rfind("0.25|correct|0.25", 0) == 0);
  // Every message the lesson shows has its Chinese counterpart (the other-base one is rebuilt with numbers).
  for (const Candidate& c : twin.candidates) {
    CAPTURE(c.message);
    if (c.id != "base") CHECK(std::string(posenc::ui::tr(1, c.message.c_str())) != c.message);
  }
  for (const char* frame : {VerdictWords{}.found, VerdictWords{}.equivalent, VerdictWords{}.unknown}) {
    CAPTURE(frame);
    CHECK(std::string(posenc::ui::tr(1, frame)) != frame);
  }
}

TEST_CASE("float32 tables are recognised, and random noise is not blamed on a known bug") {
  Eigen::MatrixXd f = learner(200, 32, 10000, 0);
  for (Eigen::Index k = 0; k < f.size(); ++k) f(k) = static_cast<double>(static_cast<float>(f(k) + 3e-7 * std::sin(k)));
  CHECK(check_table(f, 10000).verdict == "float32");
  Eigen::MatrixXd noise = learner(20, 8, 10000, 0);
  noise(3, 4) += 0.25;
  CHECK(check_table(noise, 10000).verdict == "unknown");
}

TEST_CASE(".npy: float64 and float32, C and Fortran order, both byte orders, versions 1 and 2") {
  const std::vector<double> c_order = {1, 2, 3, 4, 5, 6};  // 2 × 3
  TableFile t = parse_table(npy("<f8", false, "2, 3", bytes_of(c_order)).data(), npy("<f8", false, "2, 3", bytes_of(c_order)).size());
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
  CHECK(err(npy("<f8", false, "2, 3, 1", bytes_of(six))).find("two") != std::string::npos);
  CHECK(err(npy("<f8", false, "100000, 100000", bytes_of(six))).find("too many") != std::string::npos);
  CHECK(err(npy("<f8", false, "999999999999, 3", bytes_of(six))).size() > 0);
  CHECK(err(npy("<f8", false, "2, 3", bytes_of(std::vector<double>{1, 2, NAN, 4, 5, 6}))).find("NaN") != std::string::npos);
  CHECK(err(npy("<f8", false, "2, 3", bytes_of(std::vector<double>{1, 2, 3, INFINITY, 5, 6}))).find("infinite") != std::string::npos);
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
  const Eigen::MatrixXd m = learner(7, 5, 10000, 0) * 3.0;
  const std::string npy_bytes = write_npy(m);
  CHECK(npy_bytes.size() % 8 == 0);
  const TableFile a = parse_npy(reinterpret_cast<const std::uint8_t*>(npy_bytes.data()), npy_bytes.size());
  REQUIRE(a.ok());
  CHECK((a.data - m).cwiseAbs().maxCoeff() == 0.0);
  const TableFile b = parse_csv(write_csv(m));
  REQUIRE(b.ok());
  CHECK((b.data - m).cwiseAbs().maxCoeff() == 0.0);
}
