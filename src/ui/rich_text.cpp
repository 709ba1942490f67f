#include "rich_text.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "math_layout.hpp"

namespace posenc::ui {
namespace {

struct Atom {
  std::string_view text;
  ImFont* font;
  ImU32 color;
  ImU32 background;  // 0: none
  int math = -1;     // a typeset formula: index into the block's boxes
  bool cut = false;  // a piece of a word wider than the line: the line may break before it
};

// A word wider than the line (a long config key in a narrow column) would run past the edge and be
// clipped: it is cut after its dots and slashes, and if a piece is still too wide, after its '_'.
template <class Width>
void cut_wide_word(std::string_view word, float width, const Width& width_of,
                   std::vector<std::string_view>& out) {
  if (width_of(word) <= width) {
    out.push_back(word);
    return;
  }
  for (std::string_view seps : {"./", "_"}) {
    std::vector<std::string_view> pieces;
    for (size_t start = 0, i = 0; i < word.size(); ++i)
      if (seps.find(word[i]) != std::string_view::npos || i + 1 == word.size()) {
        if (i + 1 < word.size() || start < word.size()) pieces.push_back(word.substr(start, i + 1 - start));
        start = i + 1;
      }
    if (pieces.size() < 2) continue;
    if (seps == "_" ||
        std::all_of(pieces.begin(), pieces.end(), [&](std::string_view p) { return width_of(p) <= width; })) {
      out.insert(out.end(), pieces.begin(), pieces.end());
      return;
    }
    if (seps != "_") {  // the dots were not enough: cut the pieces that are still too wide further
      for (std::string_view p : pieces) cut_wide_word(p, width, width_of, out);
      return;
    }
  }
  out.push_back(word);  // nowhere to cut it
}

// Glyph widths and vertical metrics of an ImGui font, for the typesetter.
MathMetrics metrics_of(ImFont* font) {
  MathMetrics m;
  m.width = [font](std::string_view t, float size) {
    return font->CalcTextSizeA(size, FLT_MAX, 0, t.data(), t.data() + t.size()).x;
  };
  m.ascent = font->Ascent / font->FontSize;
  m.descent = -font->Descent / font->FontSize;
  return m;
}

// A paragraph's id for keyboard focus, stable across frames (the blocks may be fresh copies each
// frame): its source line and its first words.
ImGuiID paragraph_id(const content::Block& b) {
  const std::string& first = b.runs.front().text;
  char key[64];
  std::snprintf(key, sizeof key, "\xC2\xB6%d:%.40s", b.line, first.c_str());
  return ImGui::GetID(key);
}

struct Line {
  std::vector<std::pair<Atom, float>> atoms;  // atom and its x offset
  float width = 0;
  int groups = 0;
  float last_group = 0;
};

std::vector<TypesetLine>* g_line_log = nullptr;  // tests only

}  // namespace

namespace {
// Lays out the blocks and, when `draw`, draws them and advances the cursor. Returns the height of the
// last block (what measure_wrapped needs).
float typeset(const std::vector<content::Block>& blocks, float wrap_width, const Theme& theme,
              const PlaceholderLookup& lookup, const RichStyle* style_override, bool draw) {
  ImDrawList* dl = draw ? ImGui::GetWindowDrawList() : nullptr;  // measuring touches no window
  float last_height = 0;
  const float font_px = ImGui::GetFontSize();
  const float line_h =
      font_px * (style_override && style_override->line_height > 0 ? style_override->line_height : 1.45f);
  const float block_gap = font_px * 0.7f;
  std::vector<std::string> values;  // keeps looked-up placeholder text alive while drawing

  for (const content::Block& shown : blocks) {
    // Only what holds under the current settings; a block whose every part is conditional and off is
    // not drawn at all.
    content::Block block{shown.kind, content::visible_runs(shown.runs, lookup), shown.line};
    if (block.runs.empty()) continue;
    const float indent = block.kind == content::BlockKind::Bullet ? font_px * 1.1f
                         : block.kind == content::BlockKind::Note ? font_px * 0.9f
                                                                  : 0.0f;
    const float width = std::max(
        font_px * 4, wrap_width - indent - (block.kind == content::BlockKind::Note ? font_px * 0.6f : 0));

    values.clear();
    values.reserve(block.runs.size());
    std::vector<MathBox> boxes;
    std::vector<Atom> atoms;
    for (const content::Run& run : block.runs) {
      Atom style{{}, theme.regular, theme.text, 0};
      std::string_view text = run.text;
      switch (run.kind) {
        case content::RunKind::Text:
          break;
        case content::RunKind::Strong:
          style.font = theme.bold;
          style.color = theme.strong;
          break;
        case content::RunKind::Code:
          style.color = theme.code;
          break;
        case content::RunKind::Math:
          style.color = theme.math;
          break;
        case content::RunKind::Placeholder:
          values.push_back(lookup ? lookup(run.text) : std::string());
          if (values.back().empty()) values.back() = "{{" + run.text + "}}";
          text = values.back();
          style.font = theme.bold;
          style.color = theme.value;
          style.background = theme.value_bg;
          break;
        case content::RunKind::When:
        case content::RunKind::End:
          continue;  // resolved by visible_runs above
      }
      if (style_override && run.kind != content::RunKind::Placeholder) {
        if (style_override->font) style.font = style_override->font;
        if (style_override->color) style.color = style_override->color;
      }
      if (style_override && run.kind == content::RunKind::Placeholder) {
        if (style_override->value_color) style.color = style_override->value_color;
        if (style_override->value_background) style.background = style_override->value_background;
      }
      if (run.kind == content::RunKind::Math) {  // typeset; does not break inside
        boxes.push_back(
            layout_math(content::fill_placeholders(run.text, lookup), font_px, metrics_of(style.font)));
        style.math = static_cast<int>(boxes.size()) - 1;
        style.text = run.text;  // for line-break decisions only
        atoms.push_back(style);
        continue;
      }
      if (run.kind == content::RunKind::Placeholder) {
        style.text = text;  // values do not break inside …
        const float chip_w =
            style.font->CalcTextSizeA(font_px, 1e9f, 0, text.data(), text.data() + text.size()).x +
            font_px * 0.5f;
        if (chip_w <= width) {
          atoms.push_back(style);
          continue;
        }
        style.background =
            0;  // … unless one is wider than the line (a sentence): it breaks as text, bold, without its chip
      }
      const auto plain_width = [&](std::string_view t) {
        return style.font->CalcTextSizeA(font_px, 1e9f, 0, t.data(), t.data() + t.size()).x;
      };
      std::vector<std::string_view> pieces;
      for (std::string_view unit : break_units(text)) {
        pieces.clear();
        cut_wide_word(unit, width, plain_width, pieces);
        for (size_t i = 0; i < pieces.size(); ++i) {
          style.text = pieces[i];
          style.cut = i > 0;
          atoms.push_back(style);
        }
      }
      style.cut = false;
    }

    // Greedy line breaking over groups of atoms that must stay together (e.g. a quote mark and the
    // value after it); a line may break only after a space or around a CJK character.
    const float chip_pad = font_px * 0.25f;  // room on each side of a highlighted value
    auto width_of = [&](const Atom& a, bool trim) {
      if (a.math >= 0) return boxes[a.math].width;
      std::string_view v = a.text;
      if (trim)
        while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
      return a.font->CalcTextSizeA(font_px, 1e9f, 0, v.data(), v.data() + v.size()).x +
             (a.background ? 2 * chip_pad : 0);
    };
    // Between atoms k − 1 and k. A lone space (after a formula or a value) stands for the word before it,
    // so "r = 512" with r typeset keeps r with its " = ".
    std::string joined;
    auto breakable = [&](size_t k) {
      if (atoms[k].cut) return true;
      std::string_view before = atoms[k - 1].text;
      if (k >= 2 && !before.empty() && before.find_first_not_of(' ') == std::string_view::npos) {
        joined.assign(atoms[k - 2].text).append(before);
        before = joined;
      }
      return can_break_between(before, atoms[k].text);
    };
    struct Group {
      size_t begin, end;
      float width;
    };
    std::vector<Group> groups;
    const auto form_groups = [&] {
      groups.clear();
      for (size_t g = 0; g < atoms.size();) {
        size_t end = g + 1;
        while (end < atoms.size() && !breakable(end)) ++end;
        float group_w = 0;
        for (size_t k = g; k < end; ++k) group_w += width_of(atoms[k], k + 1 == end);
        groups.push_back({g, end, group_w});
        g = end;
      }
    };
    form_groups();
    // An equation wider than the line (a chain "a = b = c" of long formulas) has no other place to break:
    // it breaks before its relations, as a displayed derivation does, where it must.
    bool split = false;
    for (const Group& g : groups)
      if (g.width > width)
        for (size_t k = g.begin + 1; k < g.end; ++k) {
          std::string_view t = atoms[k].text;
          while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
          if (atoms[k].math < 0 && is_relation(t) && !atoms[k - 1].text.empty() &&
              atoms[k - 1].text.back() == ' ')
            atoms[k].cut = split = true;
        }
    if (split) form_groups();
    const auto full_width = [&](const Group& g) {  // with trailing spaces
      float w = 0;
      for (size_t k = g.begin; k < g.end; ++k) w += width_of(atoms[k], false);
      return w;
    };
    std::vector<size_t> line_start{0};  // index of each line's first group
    float line_w = 0;
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      if (gi > line_start.back() && line_w + groups[gi].width > width) {
        line_start.push_back(gi);
        line_w = 0;
      }
      line_w += full_width(groups[gi]);  // with trailing spaces, as the next group starts after them
    }
    // No orphan: a last line of one short lone piece (a word with its punctuation, a value, a formula: the
    // last item of a list after "… and"; at most a third of the line), or of one or two CJK characters,
    // takes the piece before it along when the line before keeps two or more and the two fit.
    if (line_start.size() >= 2) {
      const size_t last = line_start.back(), before = line_start[line_start.size() - 2];
      std::string tail;
      float tail_w = 0;
      for (size_t gi = last; gi < groups.size(); ++gi) {
        for (size_t k = groups[gi].begin; k < groups[gi].end; ++k) tail += atoms[k].text;
        tail_w += full_width(groups[gi]);
      }
      size_t points = 0;
      for (unsigned char c : tail) points += (c & 0xC0) != 0x80 && c != ' ';
      const bool lone = (groups.size() - last == 1 && tail_w <= width / 3) ||
                        (points <= 2 && !tail.empty() && static_cast<unsigned char>(tail[0]) >= 0x80);
      if (lone && last - before >= 3 && full_width(groups[last - 1]) + tail_w <= width)
        line_start.back() = last - 1;
    }
    std::vector<Line> lines(line_start.size());
    for (size_t li = 0; li < line_start.size(); ++li) {
      const size_t to = li + 1 < line_start.size() ? line_start[li + 1] : groups.size();
      for (size_t gi = line_start[li]; gi < to; ++gi) {
        const float before = lines[li].width;
        for (size_t k = groups[gi].begin; k < groups[gi].end; ++k) {
          lines[li].atoms.push_back({atoms[k], lines[li].width});
          lines[li].width += width_of(atoms[k], false);
        }
        ++lines[li].groups;
        lines[li].last_group = lines[li].width - before;
      }
    }
    if (g_line_log && draw)
      for (size_t li = 0; li < lines.size(); ++li) {
        TypesetLine rec;
        for (const auto& entry : lines[li].atoms) rec.text += entry.first.text;
        rec.width = lines[li].width;
        rec.room = width;
        rec.groups = lines[li].groups;
        rec.last_group = lines[li].last_group;
        rec.broken_inside = lines[li].atoms.front().first.cut;
        rec.index = static_cast<int>(li);
        rec.count = static_cast<int>(lines.size());
        g_line_log->push_back(std::move(rec));
      }

    // A line grows where a formula reaches above or below the text (fractions, stacked scripts).
    const float text_asc = theme.regular->Ascent * font_px / theme.regular->FontSize;
    const float text_desc = -theme.regular->Descent * font_px / theme.regular->FontSize;
    std::vector<float> extra_top(lines.size(), 0), line_top(lines.size() + 1, 0);
    for (size_t li = 0; li < lines.size(); ++li) {
      float extra_bottom = 0;
      for (const auto& entry : lines[li].atoms)
        if (entry.first.math >= 0) {
          const MathBox& box = boxes[entry.first.math];
          extra_top[li] = std::max(extra_top[li], box.ascent - text_asc - (line_h - font_px) * 0.4f);
          extra_bottom = std::max(extra_bottom, box.descent - text_desc - (line_h - font_px) * 0.4f);
        }
      line_top[li + 1] = line_top[li] + line_h + extra_top[li] + extra_bottom;
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float height = line_top.back();
    last_height = height;
    if (!draw) continue;
    if (block.kind == content::BlockKind::Note) {
      dl->AddRectFilled(ImVec2(origin.x, origin.y - font_px * 0.3f),
                        ImVec2(origin.x + wrap_width, origin.y + height + font_px * 0.3f), theme.note_bg,
                        font_px * 0.3f);
      dl->AddRectFilled(ImVec2(origin.x, origin.y - font_px * 0.3f),
                        ImVec2(origin.x + font_px * 0.22f, origin.y + height + font_px * 0.3f),
                        theme.note_bar);
    }
    if (block.kind == content::BlockKind::Bullet)
      dl->AddCircleFilled(ImVec2(origin.x + font_px * 0.4f, origin.y + extra_top[0] + line_h * 0.5f),
                          font_px * 0.16f, theme.muted);

    for (size_t li = 0; li < lines.size(); ++li) {
      const float y = origin.y + line_top[li] + extra_top[li] + (line_h - font_px) * 0.5f;
      for (const auto& [atom, x_off] : lines[li].atoms) {
        ImVec2 p(origin.x + indent + x_off, y);
        if (atom.math >= 0) {  // pieces and bars around the line's baseline
          const MathBox& box = boxes[atom.math];
          const float baseline = y + atom.font->Ascent * font_px / atom.font->FontSize;
          for (const MathPiece& piece : box.pieces)
            dl->AddText(atom.font, piece.size,
                        ImVec2(p.x + piece.x, baseline + piece.baseline -
                                                  atom.font->Ascent * piece.size / atom.font->FontSize),
                        atom.color, piece.text.c_str());
          // Bars on whole pixels: a filled rectangle is not anti-aliased, so a bar about 1 px thick that
          // fell between two rows of pixel centres was not drawn at all (a fraction with no line).
          for (const MathRule& r : box.rules) {
            const float thick = std::max(1.0f, std::round(r.thickness));
            const float top = std::round(baseline + r.y - thick / 2);
            dl->AddRectFilled(ImVec2(p.x + r.x0, top), ImVec2(p.x + r.x1, top + thick), atom.color);
          }
          continue;
        }
        if (atom.background) {
          std::string_view v = atom.text;
          const ImVec2 sz = atom.font->CalcTextSizeA(font_px, 1e9f, 0, v.data(), v.data() + v.size());
          const float pad = font_px * 0.2f;
          p.x += font_px * 0.25f;
          dl->AddRectFilled(ImVec2(p.x - pad, p.y - pad * 0.5f),
                            ImVec2(p.x + sz.x + pad, p.y + sz.y + pad * 0.5f), atom.background,
                            font_px * 0.25f);
        }
        dl->AddText(atom.font, font_px, p, atom.color, atom.text.data(), atom.text.data() + atom.text.size());
      }
    }
    float used = 0;  // a title takes only the width it needs (it may sit beside another widget)
    for (const Line& line : lines) used = std::max(used, line.width);
    if (style_override) {
      ImGui::Dummy(ImVec2(std::min(wrap_width, used + indent), height));
      continue;
    }
    // A paragraph is a stop for keyboard focus: ↑ ↓ read through long text, which scrolls to follow,
    // and the focus frame marks the paragraph being read. It reacts to nothing else.
    const ImRect bb(origin, ImVec2(origin.x + wrap_width, origin.y + height));
    ImGui::ItemSize(bb);
    const ImGuiID id = paragraph_id(shown);
    if (ImGui::ItemAdd(bb, id)) ImGui::RenderNavHighlight(bb, id);
    // The gap below takes room but is no item: the paragraph stays the last item (for default_focus).
    ImGui::ItemSize(ImVec2(1, std::max(0.0f, block_gap - ImGui::GetStyle().ItemSpacing.y * 2)));
  }
  return last_height;
}
}  // namespace

void set_line_log(std::vector<TypesetLine>* log) { g_line_log = log; }

void rich_text(const std::vector<content::Block>& blocks, float wrap_width, const Theme& theme,
               const PlaceholderLookup& lookup, const RichStyle* style_override) {
  typeset(blocks, wrap_width, theme, lookup, style_override, true);
}

namespace {
// Calls `line` with each '\n'-separated line of `text` (a newline inside a piece of text would be drawn
// back at that piece's left edge, over the words after it).
template <class F>
void each_line(std::string_view text, const F& line) {
  for (size_t at = 0; at <= text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    line(text.substr(at, end - at));
    at = end + 1;
  }
}
}  // namespace

float measure_wrapped(std::string_view text, const Theme& theme, float wrap_width, ImFont* font,
                      float line_height) {
  RichStyle style{font ? font : theme.regular, theme.text};
  style.line_height = line_height;
  float height = 0;
  int lines = 0;
  each_line(text, [&](std::string_view l) {
    height += typeset({{content::BlockKind::Paragraph, {{content::RunKind::Text, std::string(l)}}, 0}},
                      wrap_width, theme, nullptr, &style, false);
    ++lines;
  });
  return height + (lines - 1) * ImGui::GetStyle().ItemSpacing.y;  // as wrapped() stacks them
}

std::vector<content::Run> formula_runs(std::string_view text) {
  std::vector<content::Run> runs;
  size_t start = 0;
  const auto word_end = [&](size_t from) {  // just past the space after the word at `from`
    const size_t space = text.find(' ', from);
    return space == std::string_view::npos ? text.size() : space + 1;
  };
  const auto depth_of = [](std::string_view piece) {
    int d = 0;
    for (char c : piece) d += c == '(' ? 1 : c == ')' ? -1 : 0;
    return d;
  };
  const auto formula_like = [](std::string_view w) {
    return w.find_first_of("_^") != std::string_view::npos ||
           w.find("\xE2\x88\x9A") != std::string_view::npos;
  };
  while (start < text.size()) {
    size_t end = word_end(start);
    // A group a formula opens runs on to its closing bracket: "√(2/(π d))" is one formula.
    const bool formula = formula_like(text.substr(start, end - start));
    for (int depth = formula ? depth_of(text.substr(start, end - start)) : 0;
         depth > 0 && end < text.size();) {
      const size_t more = word_end(end);
      depth += depth_of(text.substr(end, more - end));
      end = more;
    }
    const std::string_view word = text.substr(start, end - start);
    if (formula) {
      std::string_view core = word;
      while (!core.empty() && core.back() == ' ') core.remove_suffix(1);
      runs.push_back({content::RunKind::Math, std::string(core)});
      if (core.size() < word.size())
        runs.push_back({content::RunKind::Text, std::string(word.substr(core.size()))});
    } else if (!runs.empty() && runs.back().kind == content::RunKind::Text) {
      runs.back().text += word;
    } else {
      runs.push_back({content::RunKind::Text, std::string(word)});
    }
    start = end;
  }
  return runs;
}

void wrapped(std::string_view text, const Theme& theme, ImU32 color, float wrap_width, ImFont* font,
             float line_height) {
  RichStyle style{font ? font : theme.regular, color ? color : theme.text};
  style.line_height = line_height;
  if (wrap_width <= 0) wrap_width = ImGui::GetContentRegionAvail().x;
  each_line(text, [&](std::string_view l) {  // a line each
    rich_text({{content::BlockKind::Paragraph, {{content::RunKind::Text, std::string(l)}}, 0}}, wrap_width,
              theme, nullptr, &style);
  });
}

void heading(std::string_view text, const Theme& theme) { wrapped(text, theme, theme.strong, 0, theme.bold); }

void title(std::string_view text, float wrap_width, const Theme& theme, ImU32 color) {
  const RichStyle style{theme.bold, color ? color : theme.strong};
  rich_text({{content::BlockKind::Paragraph, formula_runs(text), 0}}, wrap_width, theme, nullptr, &style);
}

void formula_line(const std::vector<content::Run>& runs, float wrap_width, const Theme& theme) {
  const content::Block block{content::BlockKind::Paragraph, runs, 0};
  rich_text({block}, wrap_width, theme, [](std::string_view name) { return std::string(name); });
}

}  // namespace posenc::ui
