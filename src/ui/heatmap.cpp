#include "heatmap.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

#include "colormap.hpp"
#include "content/document.hpp"
#include "i18n.hpp"
#include "locate.hpp"
#include "matrix_view.hpp"
#include "rich_text.hpp"
#include "ticks.hpp"

namespace posenc::ui {
namespace {

constexpr int kLut = 1024;

const std::array<std::uint32_t, kLut>& lut() {
  static const std::array<std::uint32_t, kLut> table = [] {
    std::array<std::uint32_t, kLut> t{};
    for (int i = 0; i < kLut; ++i) t[i] = pack_abgr(diverging(-1.0 + 2.0 * i / (kLut - 1)));
    return t;
  }();
  return table;
}

}  // namespace

HeatmapImage::~HeatmapImage() {
  if (tex_ && host_) host_->release(tex_);
}

void HeatmapImage::set(const Eigen::MatrixXd& m, double range, int max_side) {
  if (!(range > 0))  // the largest finite |value| (masked −∞ entries do not count)
    range = m.size() ? m.unaryExpr([](double v) { return std::isfinite(v) ? std::fabs(v) : 0.0; }).maxCoeff()
                     : 1.0;
  begin(m, range, max_side);
  for (int c = 0; c < m.cols(); ++c) colour_column(c);
}

void HeatmapImage::begin(const Eigen::MatrixXd& m, double range, int max_side) {
  m_ = &m;
  range_ = range > 0 && std::isfinite(range) ? range : 1;
  // The texture is stored transposed (one texture row per matrix column), so colouring reads and
  // writes memory in order for Eigen's column-major storage; drawing swaps the texture axes back.
  const int rows = static_cast<int>(m.rows()), cols = static_cast<int>(m.cols());
  max_side = std::clamp(max_side, 1, 4096);
  tex_w_ = std::min(rows, max_side);
  tex_h_ = std::min(cols, max_side);
  // Same size as last time: no reallocation and no zero fill (every texel is overwritten).
  pixels_.resize(static_cast<size_t>(tex_w_) * tex_h_);
  pending_ = !pixels_.empty();
  // Source row of each texel, chosen once: an integer division per texel would cost as much as the
  // colouring itself.
  src_.resize(tex_w_);
  for (int x = 0; x < tex_w_; ++x) src_[x] = static_cast<int>(static_cast<long>(x) * rows / tex_w_);
}

void HeatmapImage::colour_column(int c) {
  const int cols = m_ ? static_cast<int>(m_->cols()) : 0;
  if (c < 0 || c >= cols || !pending_) return;
  const int* src = src_.data();
  const std::uint32_t* colours = lut().data();
  const double lo = -range_, scale = (kLut - 1) / (2 * range_);
  const std::uint32_t grey = IM_COL32(150, 150, 150, 255);  // NaN and ±inf (masked)
  const double* column = m_->col(c).data();
  // Texture row y shows column ⌊y·cols/tex_h⌋: column c owns rows ⌈c·tex_h/cols⌉ … ⌈(c+1)·tex_h/cols⌉ − 1.
  const auto first_row = [&](long k) { return static_cast<int>((k * tex_h_ + cols - 1) / cols); };
  for (int y = first_row(c); y < first_row(c + 1); ++y) {
    std::uint32_t* out = pixels_.data() + static_cast<size_t>(y) * tex_w_;
    for (int x = 0; x < tex_w_; ++x) {
      const double v = column[src[x]];
      const double t = (v - lo) * scale + 0.5;
      // Written so that NaN fails both comparisons and ±inf land on an end before the cast.
      const int k = t > 0 ? (t < kLut - 1 ? static_cast<int>(t) : kLut - 1) : 0;
      out[x] = v - v == 0 ? colours[k] : grey;
    }
  }
}

ImTextureID HeatmapImage::texture(TextureHost& host) {
  if (pending_) {  // a pending recolouring
    if (host_ && host_ != &host && tex_) {
      host_->release(tex_);
      tex_ = 0;
    }
    host_ = &host;
    tex_ = host.upload(tex_, tex_w_, tex_h_, pixels_.data());
    ++uploads_;
    pending_ = false;
  }
  if (m_ && tex_) host.show(tex_, tex_w_, tex_h_, pixels_.data());
  return m_ ? tex_ : 0;
}

namespace {

// Ticks for `n` cells whose first is at axis value `first`: nice values, but never between two cells when
// there are so few cells that nice steps would fall below one (a 2 × 2 map ticked 0, 0.2, 0.4, …).
std::vector<double> cell_ticks(double first, int n, int max_ticks) {
  std::vector<double> t = nice_ticks(first, first + n - 1, max_ticks, false);
  if (t.size() >= 2 && t[1] - t[0] < 1) {
    std::vector<double> whole;
    for (double v : t)
      if (std::fabs((v - first) - std::round(v - first)) < 1e-9) whole.push_back(v);
    t = whole;
  }
  return t;
}

std::vector<HeatmapRecord>* g_heatmap_log = nullptr;  // tests only

// The hover readout of cell (r, c), a line each (the lesson's lines split at their '\n'), its numbers to
// four significant digits, written as a reader writes them (1.5×10⁻⁵, not 1.5e-05).
std::vector<std::string> readout(const Eigen::MatrixXd& m, const HeatmapOptions& opt, int r, int c,
                                 const Theme& theme) {
  const double v = m(r, c);
  std::vector<std::string> lines = {
      std::string(tr(theme.lang, opt.y_name)) + " " + tick_label(opt.y_offset + r),
      std::string(tr(theme.lang, opt.x_name)) + " " + tick_label(opt.x_offset + c),
      std::string(tr(theme.lang, "value")) + " " +
          (std::isfinite(v) ? short_number(v, 4) : value_text(v, 4))};
  if (opt.hover_extra) {
    const std::string extra = opt.hover_extra(r, c);
    for (size_t at = 0; at < extra.size();) {
      const size_t end = std::min(extra.find('\n', at), extra.size());
      lines.push_back(extra.substr(at, end - at));
      at = end + 1;
    }
  }
  for (std::string& line : lines) line = content::readable_exponents(line);
  return lines;
}

}  // namespace

void set_heatmap_log(std::vector<HeatmapRecord>* log) { g_heatmap_log = log; }

HeatmapResult heatmap(const char* id, HeatmapImage& image, const HeatmapOptions& opt, const Theme& theme,
                      TextureHost& host) {
  HeatmapResult res;
  ImGui::PushID(id);
  if (opt.title) title(opt.title, opt.width > 0 ? opt.width : ImGui::GetContentRegionAvail().x, theme);
  const Eigen::MatrixXd* m = image.matrix();
  if (!m || m->size() == 0) {
    ImGui::TextDisabled("(no data)");
    ImGui::PopID();
    return res;
  }
  const int rows = static_cast<int>(m->rows()), cols = static_cast<int>(m->cols());
  const float font = ImGui::GetFontSize();
  const float left = em(3.2f) + (opt.y_label ? font * 1.3f : 0);
  const float bottom = em(1.4f) + (opt.x_label ? font * 1.2f : 0);
  const float avail_w = (opt.width > 0 ? opt.width : ImGui::GetContentRegionAvail().x) - left - em(0.5f);
  float plot_h = opt.height;
  if (plot_h <= 0) {
    const float square = avail_w * rows / std::max(1, cols);
    const float view = theme.view_height > 0 ? theme.view_height : ImGui::GetMainViewport()->Size.y;
    plot_h = std::clamp(square, em(6), std::max(em(6), view * 0.55f));
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 p0(origin.x + left, origin.y + (opt.y_label ? font * 1.3f : em(0.3f)));
  const ImVec2 p1(p0.x + std::max(em(4), avail_w), p0.y + plot_h);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (ImTextureID tex =
          image.texture(host))  // transposed texture: u runs down the rows, v across the columns
    dl->AddImageQuad(tex, p0, ImVec2(p1.x, p0.y), p1, ImVec2(p0.x, p1.y), ImVec2(0, 0), ImVec2(0, 1),
                     ImVec2(1, 1), ImVec2(1, 0));
  dl->AddRect(p0, p1, theme.border);

  // Axis ticks in data units (row/column index + offset).
  const float cw = (p1.x - p0.x) / cols, ch = (p1.y - p0.y) / rows;
  for (double t : cell_ticks(opt.x_offset, cols, std::max(2, int((p1.x - p0.x) / em(4))))) {
    const float x = p0.x + (static_cast<float>(t - opt.x_offset) + 0.5f) * cw;
    if (x < p0.x - 1 || x > p1.x + 1) continue;
    const std::string l = tick_label(t);
    dl->AddLine(ImVec2(x, p1.y), ImVec2(x, p1.y + em(0.25f)), theme.muted);
    dl->AddText(ImVec2(x - ImGui::CalcTextSize(l.c_str()).x / 2, p1.y + em(0.3f)), theme.muted, l.c_str());
  }
  for (double t : cell_ticks(opt.y_offset, rows, std::max(2, int((p1.y - p0.y) / em(2.2f))))) {
    const float y = p0.y + (static_cast<float>(t - opt.y_offset) + 0.5f) * ch;
    if (y < p0.y - 1 || y > p1.y + 1) continue;
    const std::string l = tick_label(t);
    dl->AddLine(ImVec2(p0.x - em(0.25f), y), ImVec2(p0.x, y), theme.muted);
    dl->AddText(ImVec2(p0.x - em(0.35f) - ImGui::CalcTextSize(l.c_str()).x, y - font / 2), theme.muted,
                l.c_str());
  }
  if (opt.x_label) {
    const float w = ImGui::CalcTextSize(opt.x_label).x;
    dl->AddText(ImVec2((p0.x + p1.x - w) / 2, p1.y + em(1.35f)), theme.text, opt.x_label);
  }
  if (opt.y_label)  // horizontal, above the row ticks (vertical text would need a rotated font)
    dl->AddText(ImVec2(origin.x, origin.y), theme.text, opt.y_label);
  auto outline_row = [&](int r) {
    dl->AddRect(ImVec2(p0.x, p0.y + r * ch), ImVec2(p1.x, p0.y + (r + 1) * ch), theme.strong, 0, 0,
                1.5f * theme.scale);
  };
  auto outline_col = [&](int c) {
    dl->AddRect(ImVec2(p0.x + c * cw, p0.y), ImVec2(p0.x + (c + 1) * cw, p1.y), theme.strong, 0, 0,
                1.5f * theme.scale);
  };
  if (opt.mark_row >= 0 && opt.mark_row < rows) outline_row(opt.mark_row);
  if (opt.mark_col >= 0 && opt.mark_col < cols) outline_col(opt.mark_col);

  ImGui::SetCursorScreenPos(p0);
  ImGui::InvisibleButton("plot", ImVec2(p1.x - p0.x, p1.y - p0.y));
  if (opt.locate) remember_grid(opt.locate, rows, cols);  // and each cell, "label[row,col]"
  if (ImGui::IsItemHovered()) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    const int c = std::clamp(static_cast<int>((mp.x - p0.x) / cw), 0, cols - 1);
    const int r = std::clamp(static_cast<int>((mp.y - p0.y) / ch), 0, rows - 1);
    res.hovered_row = r;
    res.hovered_col = c;
    if (cw >= 3 && ch >= 3)
      dl->AddRect(ImVec2(p0.x + c * cw, p0.y + r * ch), ImVec2(p0.x + (c + 1) * cw, p0.y + (r + 1) * ch),
                  theme.strong);
    ImGui::BeginTooltip();
    const std::vector<std::string> lines = readout(*m, opt, r, c, theme);
    for (size_t i = 0; i < lines.size(); ++i)
      if (i < 3)
        ImGui::TextUnformatted(lines[i].c_str());
      else  // the lesson's lines; long formulas wrap: the tooltip stays on screen
        wrapped(lines[i], theme, 0, em(24));
    ImGui::EndTooltip();
  }
  if (g_heatmap_log) {
    HeatmapRecord rec{opt.title ? opt.title : id, {}};
    const std::pair<int, int> cells[] = {
        {0, 0}, {0, cols - 1}, {rows - 1, 0}, {rows - 1, cols - 1}, {rows / 2, cols / 2}};
    for (const auto& [r, c] : cells) rec.readouts.push_back(readout(*m, opt, r, c, theme));
    g_heatmap_log->push_back(std::move(rec));
  }
  res.clicked = item_tapped();
  ImGui::SetCursorScreenPos(ImVec2(origin.x, p1.y + bottom));
  if (opt.color_bar) {
    ImGui::SetCursorScreenPos(ImVec2(p0.x, ImGui::GetCursorScreenPos().y));
    color_bar(image.range(), std::min(p1.x - p0.x, em(18)), theme, opt.non_negative);
  } else {
    ImGui::Dummy(ImVec2(1, 1));
  }
  ImGui::PopID();
  return res;
}

}  // namespace posenc::ui
