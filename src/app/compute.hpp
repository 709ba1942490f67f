// posenc.compute(kind, args): the core's numbers for the console and the tests. Arguments arrive
// typed from JavaScript; every kind validates them, caps sizes and answers data or an error message.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::core {
struct RopeVerdict;
}

namespace posenc::app {

struct ArgValue {
  enum class Type { Number, String, Bool, Array, Json, Other } type = Type::Other;
  double number = 0;
  std::string text;           // String; Json: a plain object's JSON text; Other: the JavaScript type name
  std::vector<double> array;  // Array (numbers only; JS marks other arrays as Other)
};

using Args = std::map<std::string, ArgValue, std::less<>>;

struct ComputeResult {
  std::string error;  // non-empty: the call failed, shape/data are empty
  std::vector<int> shape;
  std::vector<double> data;  // row-major
  std::string json;          // kinds that answer an object (check, rope_init): the whole answer as JSON
                             // (rope_init also fills shape/data, which its JSON repeats)
};

// Size caps, named in error messages.
constexpr int kMaxRows = 8192;
constexpr int kMaxCols = 4096;
constexpr long kMaxCells = 1L << 22;  // 4,194,304 values (32 MiB as float64)

ComputeResult compute(std::string_view kind, const Args& args);

// check_rope's answer as JSON, from the checker's verdict (posenc-check --json prints it too).
std::string check_rope_json(const core::RopeVerdict& v);

// The kinds compute() knows, for error messages and docs.
std::vector<std::string> compute_kinds();

}  // namespace posenc::app
