// A heatmap of a (possibly large) matrix drawn as one GPU texture: diverging colours around 0, a
// colour bar with values, axis ticks and labels, and a hover readout (row, column, value, plus what
// the lesson adds). The colours are computed and uploaded only when the data changes.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <vector>

#include "texture.hpp"
#include "theme.hpp"

namespace posenc::ui {

// The GPU copy of one matrix. Owned by a lesson's view state; the matrix itself stays the lesson's.
class HeatmapImage {
 public:
  HeatmapImage() = default;
  HeatmapImage(const HeatmapImage&) = delete;
  HeatmapImage& operator=(const HeatmapImage&) = delete;
  ~HeatmapImage();

  // Points at `m` (which must outlive its use) and colours it for [−range, range] (0: max |m|).
  // Matrices larger than `max_side` per side are sampled down for the texture (hover still reads the
  // full matrix); a caller may lower it when its data is smooth enough to be sampled without aliasing.
  void set(const Eigen::MatrixXd& m, double range = 0, int max_side = 4096);
  // The same in pieces, for data produced a column at a time: begin() sizes the texture for `m`
  // (range ≤ 0 counts as 1 here), then colour_column(c) colours column c — best called right after
  // the column was written, while it is still in cache. Columns never coloured stay transparent black.
  void begin(const Eigen::MatrixXd& m, double range, int max_side = 4096);
  void colour_column(int c);
  const Eigen::MatrixXd* matrix() const { return m_; }
  // The matrix rows the texture shows, one per texel (after set() or begin()).
  const std::vector<int>& sampled_rows() const { return src_; }
  double range() const { return range_; }
  int uploads() const { return uploads_; }

  // Uploads when needed and returns the texture (0 when there is no data); tells the host its pixels
  // (TextureHost::show).
  ImTextureID texture(TextureHost& host);

 private:
  const Eigen::MatrixXd* m_ = nullptr;
  double range_ = 1;
  std::vector<std::uint32_t> pixels_;  // the colours (kept between uploads, so recolouring reuses it)
  bool pending_ = false;               // pixels_ changed since the last upload
  std::vector<int> src_;               // matrix row of each texel column
  int tex_w_ = 0, tex_h_ = 0;
  ImTextureID tex_ = 0;
  TextureHost* host_ = nullptr;
  int uploads_ = 0;
};

struct HeatmapOptions {
  const char* title = nullptr;
  const char* x_label = nullptr;  // under the x axis, e.g. "dimension"
  const char* y_label = nullptr;  // e.g. "position"
  const char* x_name = "col";     // in the hover readout
  const char* y_name = "row";
  double x_offset = 0, y_offset = 0;  // axis value of column 0 / row 0 (e.g. the first position)
  float width = 0;                    // 0: available width
  float height = 0;                   // 0: keep cells square up to 60% of the available height
  bool color_bar = true;
  bool non_negative = false;  // the values are ≥ 0 (weights, distances): the bar shows 0 … range only
  int mark_row = -1, mark_col = -1;  // outlined
  // The plot area remembered under this label for posenc.locate, and cell (r, c) as "label[r,c]" (tests
  // click cells where they are drawn).
  const char* locate = nullptr;
  // Extra lines for the hover readout of cell (row, col).
  std::function<std::string(int row, int col)> hover_extra;
};

struct HeatmapResult {
  int hovered_row = -1, hovered_col = -1;
  bool clicked = false;
};

HeatmapResult heatmap(const char* id, HeatmapImage& image, const HeatmapOptions& opt, const Theme& theme,
                      TextureHost& host);

// For tests: every heatmap drawn while a log is set, with the hover readout, line by line as the tooltip
// shows it, of its four corner cells and its centre cell (the readout shows without hovering).
struct HeatmapRecord {
  std::string title;
  std::vector<std::vector<std::string>> readouts;
};
void set_heatmap_log(std::vector<HeatmapRecord>* log);

}  // namespace posenc::ui
