// Lesson scaling's notebook data: the config.json the lesson read — a preset's published fields with their
// source, or the learner's file, bounded — as Python, for the recipe (content/notebooks/scaling.py) to read
// layer by layer again. Input, not answers: what the page made of the config is not in it.
#include <algorithm>

#include "core/json.hpp"
#include "core/json_writer.hpp"
#include "scaling_lesson.hpp"

namespace posenc::lessons::scaling_lesson {
namespace {

constexpr std::size_t kLongMember = 1024;  // a member this long that RoPE does not read is left out

// Members kept whatever their length: those the config reader reads lists or blocks from.
bool read_by_rope(std::string_view key) {
  for (const char* k : {"rope_scaling", "rope_parameters", "layer_types", "no_rope_layers", "compress_ratios",
                        "architectures"})
    if (key == k) return true;
  return false;
}

std::string literal(std::string_view s) {
  core::Json j;
  j.str(s);
  return j.text();
}

// A JSON value as text again (numbers as the shortest that read back the same; NaN and ±∞ as null).
void write(core::Json& j, const core::JsonValue& v) {
  using K = core::JsonValue::Kind;
  if (v.kind == K::Bool) j.boolean(v.boolean);
  if (v.kind == K::Number) j.num(v.number);
  if (v.kind == K::String) j.str(v.string);
  if (v.kind == K::Null) j.null();
  if (v.kind == K::Array) {
    j.begin_array();
    for (const core::JsonValue& e : v.items) write(j, e);
    j.end_array();
  }
  if (v.kind == K::Object) {
    j.begin_object();
    for (const core::JsonMember& m : v.members) write(j.key(m.key), m.value);
    j.end_object();
  }
}

// An object's members one a line, less the long ones RoPE does not read (named in `left`); text_config's
// members likewise.
std::string members(const core::JsonValue& obj, std::string& left, const std::string& prefix) {
  std::string out = "{";
  for (const core::JsonMember& m : obj.members) {
    std::string value;
    if (m.key == "text_config" && m.value.is_object()) {
      value = members(m.value, left, "text_config.");
    } else {
      core::Json j;
      write(j, m.value);
      value = j.text();
    }
    if (value.size() > kLongMember && !read_by_rope(m.key) && m.key != "text_config") {
      left += (left.empty() ? "" : ", ") + prefix + m.key;
      continue;
    }
    out += (out.size() > 1 ? ",\n" : "\n") + literal(m.key) + ": " + value;
  }
  return out + "\n}";
}

// A Python expression for `text`: a raw triple-quoted string when nothing in it needs an escape, else one
// JSON string literal a line (Python reads them the same: \", \\ and \u00XX; adjacent ones join).
std::string python_text(std::string_view text) {
  bool raw = text.find('\\') == std::string_view::npos && text.find("'''") == std::string_view::npos &&
             (text.empty() || text.back() != '\'');
  for (unsigned char c : text) raw = raw && (c >= 0x20 || c == '\n' || c == '\t');
  if (raw) return "r'''" + std::string(text) + "'''";
  std::string out;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    std::string line = literal(text.substr(at, end - at));
    if (end < text.size()) line.insert(line.size() - 1, "\\n");
    out += "\n    " + line;
    at = end + 1;
  }
  return out.empty() ? std::string("\"\"") : out;
}

}  // namespace

std::string bounded_config(std::string_view text, std::string& left) {
  left.clear();
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // Python's json.loads refuses the BOM
  std::string out;
  for (size_t i = 0; i < text.size(); ++i)  // CR is whitespace only in JSON: line ends as \n
    if (text[i] != '\r')
      out += text[i];
    else if (i + 1 == text.size() || text[i + 1] != '\n')
      out += '\n';
  if (out.size() <= kNotebookConfigBytes) return out;
  const core::JsonParse p = core::parse_json(out, {/*python_numbers=*/true});
  out = p.ok() && p.value.is_object() ? members(p.value, left, "") : std::string();
  return out.size() <= kNotebookConfigBytes ? out : std::string();
}

std::string ScalingLesson::notebook_data() const {
  const auto& presets = core::model_presets();
  const bool preset = !failed() && p_.model < static_cast<int>(presets.size());
  const std::string load =
      tr(lang_, "To read the whole file instead: config = json.load(open(\"config.json\"))");
  std::string out, name, text, error, left;
  if (failed()) {
    out = std::string("# ") + tr(lang_,
                                 "The file the page was given was not read (config_error says why): the "
                                 "notebook draws the settings alone, as the page does.");
    name = failed_name_ == "pasted text" ? tr(lang_, "pasted text") : failed_name_;
    error = ui::tr_message(lang_, load_error_);
  } else if (preset) {
    out =
        "# " +
        trf(lang_, "The config.json the page read: posenc's preset %s, the fields RoPE reads as published at",
            presets[p_.model].id) +
        "\n# " + presets[p_.model].source;
    name = tr(lang_, presets[p_.model].label);
    text = presets[p_.model].json;
  } else if (model_.have) {
    out = std::string("# ") + tr(lang_, "The config.json the page read: the learner's file (config_name).");
    name = yours_name_;  // "pasted text" for a paste (the recipe then names it as the page does)
    text = yours_text_;
    left = text.empty() ? std::string() : yours_left_;
    if (!left.empty())
      out += std::string("\n# ") +
             tr(lang_, "Left out for its length (config_left_out): members that hold nothing RoPE reads.") +
             "\n# " + load;
    if (text.empty())
      out += "\n# " +
             trf(lang_, "The file is too long for a notebook (over %d KB without its long members).",
                 static_cast<int>(kNotebookConfigBytes / 1024)) +
             "\n# " + load;
  } else {
    out = std::string("# ") +
          tr(lang_, "No config.json was read (a link's model=yours): the settings are the whole config.");
  }
  out += "\nimport json\n\nconfig_name = " + literal(name) +
         "\nconfig = " + (text.empty() ? std::string("None") : "json.loads(" + python_text(text) + ")") +
         "\n";
  if (!left.empty()) out += "config_left_out = " + literal(left) + "\n";
  out += "config_error = " + (failed() ? literal(error) : std::string("None")) +
         "\nconfig_source = " + (preset ? literal(presets[p_.model].source) : std::string("None")) + "\n";
  return out;
}

}  // namespace posenc::lessons::scaling_lesson
