// NumPy from the tests: running a lesson's NumPy version (content/code/<id>.py) with the system's python3,
// for the tests that compare it with the core; and .npy bytes written by hand, for the tests of the
// readers (apart from core::write_npy, so a reader is never checked against its own writer's mistakes).
#pragma once

#include <doctest/doctest.h>
#include <stdlib.h>  // mkstemp
#include <unistd.h>  // write, close

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "paths.hpp"

namespace posenc::test {

// Runs content/code/<lesson>.py, then `then` (Python that prints what the test reads), in one python3
// process with json and numpy imported. `as_module`: __name__ is 'lesson', so the file's own demonstration
// (under `if __name__ == '__main__'`) stays silent. Returns all it printed, stderr too, and checks that
// python3 exited with 0. The script is a file of its own in /tmp, removed after, so that test runs of
// several checkouts at once do not overwrite each other's.
// `content` in a file of its own in /tmp (so that test runs of several checkouts at once do not overwrite
// each other's); the caller removes it.
inline std::string temp_file(const std::string& content, const char* stem = "posenc_test") {
  std::string path = std::string("/tmp/") + stem + "_XXXXXX";
  const int fd = mkstemp(path.data());
  REQUIRE(fd >= 0);
  const bool written = write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size());
  close(fd);
  REQUIRE(written);
  return path;
}

// Everything `command` printed, stderr too; checks that it exited with 0.
inline std::string run_command(const std::string& command) {
  std::FILE* p = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  INFO(out.substr(0, 4000));
  CHECK(pclose(p) == 0);
  return out;
}

inline std::string run_numpy(const std::string& lesson, const std::string& then, bool as_module = false) {
  const std::string file = std::string(posenc::test::kSourceDir) + "/content/code/" + lesson + ".py";
  const std::string code = std::string("import json, numpy as np\n") +
                           (as_module ? "__name__ = 'lesson'\n" : "") + "exec(open('" + file +
                           "').read())\n" + then;
  const std::string path = temp_file(code, "posenc_test_numpy");
  const std::string out = run_command("/usr/bin/python3 " + path);
  std::remove(path.c_str());
  return out;
}

// The last line of what a script printed (the newlines at the end dropped).
inline std::string last_line(std::string out) {
  while (!out.empty() && out.back() == '\n') out.pop_back();
  const std::size_t start = out.rfind('\n');
  return out.substr(start == std::string::npos ? 0 : start + 1);
}

// A .npy file: the magic, `version` (1 or 2), the header for `descr` ("<f8", "<f4", ">f8", …), `fortran`
// order and `shape` (as written between the parentheses: "2, 3"), padded so the data starts 64-byte
// aligned, then `data` as given.
inline std::vector<std::uint8_t> npy(const std::string& descr, bool fortran, const std::string& shape,
                                     const std::vector<std::uint8_t>& data, int version = 1) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': (" + shape + "), }";
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

// The bytes of `v` as the machine stores them (little-endian here), or each value's reversed.
template <class T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v, bool big_endian = false) {
  std::vector<std::uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  if (big_endian)
    for (std::size_t k = 0; k < v.size(); ++k)
      std::reverse(b.begin() + k * sizeof(T), b.begin() + (k + 1) * sizeof(T));
  return b;
}

}  // namespace posenc::test
