// posenc-check: the RoPE cache checker on the command line, for a port's test suite.
//   posenc-check CACHE… [--config config.json | --model ID] [--json] [--lang zh]
// CACHE is one file holding both tables ((2, len, dim) .npy, or text in two blocks) or two files, cos and
// sin (by their names, else in that order), up to 131 072 rows (core::kLongCacheLimits). The answer is
// posenc.compute('check_rope')'s, from the same core (check_rope_json): --json prints it; otherwise the
// verdict, what was found and the fix. Exit status: 0 the
// cache matches (the model's, or transformers' defaults without one), 1 a bug or a difference was found,
// 2 the input could not be read (a file, the config, the arguments), 3 the evidence cannot decide (the
// verdict "undecided": give the model's config).
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "app/compute.hpp"
#include "core/model_config.hpp"
#include "core/rope_cache.hpp"
#include "core/rope_match.hpp"
#include "core/table_file.hpp"
#include "ui/i18n.hpp"

using namespace posenc;

namespace {

// The largest cache read (core::kLongCacheLimits: 2^25 values) as float64 .npy, and room for its header.
constexpr std::size_t kMaxFileBytes = (std::size_t(1) << 25) * 8 + (std::size_t(1) << 20);

const char* const kUsage =
    "usage: posenc-check CACHE… [--config config.json | --model ID] [--json] [--lang zh]\n"
    "  CACHE: one (2, len, dim) .npy (np.save('rope.npy', np.stack([cos, sin]))) or text in two blocks,\n"
    "         or two files, cos and sin (by their names, else in that order)\n"
    "  exit status: 0 matches, 1 a bug or a difference, 2 unreadable input, 3 undecided (give --config)\n";

int lang = 0;  // 0 English, 1 Chinese

int unreadable(const std::string& what) {
  std::fprintf(stderr, "posenc-check: %s\n", what.c_str());
  return 2;
}

bool read_file(const std::string& path, std::string& out, std::string& error) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return error = path + ": " + ui::tr(lang, "cannot be opened"), false;
  const std::streamoff size = f.tellg();
  if (size < 0 || static_cast<std::size_t>(size) > kMaxFileBytes)
    return error = path + ": " + ui::trf(lang, "larger than %d MB", static_cast<int>(kMaxFileBytes >> 20)),
           false;
  out.resize(static_cast<std::size_t>(size));
  f.seekg(0);
  f.read(out.data(), size);
  if (!f) return error = path + ": " + ui::tr(lang, "cannot be read"), false;
  return true;
}

// A torch.save file (a zip archive, or a pickle): not a format posenc reads, and the way to save one that is.
bool torch_file(const std::string& bytes) {
  return bytes.rfind("PK\x03\x04", 0) == 0 || (bytes.size() > 1 && bytes[0] == '\x80' && bytes[1] >= 2);
}

// 0 matches, 3 the evidence cannot decide, 1 anything else found.
int exit_status(const std::string& verdict) {
  return verdict == "matches" ? 0 : verdict == "undecided" ? 3 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  std::string config_path, model_id;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string l;
    if (a == "--json") {
      json = true;
    } else if (a == "--config") {
      if (!value(config_path)) return unreadable("--config needs a file\n" + std::string(kUsage));
    } else if (a == "--model") {
      if (!value(model_id)) return unreadable("--model needs a preset id\n" + std::string(kUsage));
    } else if (a == "--lang") {
      if (!value(l) || (l != "en" && l != "zh"))
        return unreadable("--lang takes en or zh\n" + std::string(kUsage));
      lang = l == "zh";
    } else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (a.rfind("--", 0) == 0) {
      return unreadable("unknown option " + std::string(a) + "\n" + kUsage);
    } else {
      files.emplace_back(a);
    }
  }
  if (files.empty() || files.size() > 2)
    return unreadable(std::string("give one or two cache files\n") + kUsage);
  if (!config_path.empty() && !model_id.empty()) return unreadable("give --config or --model, not both");

  // The tables: one file with both, or cos and sin.
  Eigen::MatrixXd cos, sin;
  std::vector<std::string> bytes(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::string error;
    if (!read_file(files[i], bytes[i], error)) return unreadable(error);
    if (torch_file(bytes[i]))
      return unreadable(files[i] + ": " +
                        ui::tr(lang,
                               "a torch.save file, which posenc does not read: save the cache with "
                               "np.save('rope.npy', np.stack([cos, sin]).float().numpy()) instead"));
  }
  const auto data = [&](std::size_t i) { return reinterpret_cast<const std::uint8_t*>(bytes[i].data()); };
  if (files.size() == 1) {
    core::TablePair p = core::parse_cache_file(data(0), bytes[0].size(), core::kLongCacheLimits);
    if (!p.ok()) return unreadable(files[0] + ": " + ui::tr_message(lang, p.error));
    cos = std::move(p.first), sin = std::move(p.second);
  } else {
    core::TableFile t[2];
    for (std::size_t i = 0; i < 2; ++i) {
      t[i] = core::parse_table(data(i), bytes[i].size(), core::kLongCacheLimits);
      if (!t[i].ok()) return unreadable(files[i] + ": " + ui::tr_message(lang, t[i].error));
    }
    // By name (sin_cached.npy, cos.npy), else in the order given.
    const bool swapped =
        core::cache_role_from_name(files[0]) == 2 || core::cache_role_from_name(files[1]) == 1;
    cos = std::move(t[swapped ? 1 : 0].data), sin = std::move(t[swapped ? 0 : 1].data);
  }
  bytes = {};  // the files' bytes are no longer needed: only the tables are kept

  // The check: --json prints posenc.compute's answer; otherwise the verdict, its sentences and the fix.
  const core::ModelPreset* preset = model_id.empty() ? nullptr : core::find_model_preset(model_id);
  if (!model_id.empty() && !preset) return unreadable("--model: " + core::unknown_model_preset(model_id));
  std::string config_text;
  if (!config_path.empty()) {
    std::string error;
    if (!read_file(config_path, config_text, error)) return unreadable(error);
  }
  core::ModelConfigResult model;
  if (preset || !config_path.empty()) {
    model = core::parse_model_config(preset ? std::string_view(preset->json) : std::string_view(config_text));
    if (!model.ok()) return unreadable(config_path + ": " + ui::tr_message(lang, model.error));
  }
  const core::RopeVerdict v =
      core::rope_verdict(cos, sin, model.ok() && (preset || !config_path.empty()) ? &model : nullptr);
  if (!v.check.ok()) return unreadable(v.check.error);
  if (json) {
    std::printf("%s\n", app::check_rope_json(v).c_str());
    return exit_status(v.verdict);
  }
  std::printf("%s: %s\n", ui::tr(lang, "verdict"), v.verdict.c_str());
  std::string text;
  for (const core::Message& m : v.sentences)
    text += (text.empty() ? "" : lang ? "" : " ") + ui::tr_message(lang, m);
  std::printf("%s\n", text.c_str());
  if (!v.fix.empty()) std::printf("%s\n", ui::tr_message(lang, v.fix).c_str());
  return exit_status(v.verdict);
}
