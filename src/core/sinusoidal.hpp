// Sinusoidal position encoding (Vaswani et al. 2017), in both layouts found in real code bases.
//   interleaved: column 2i = sin(p·ω_i), column 2i+1 = cos(p·ω_i)      (the paper)
//   half:        columns 0..⌈d/2⌉−1 the sines, the rest the cosines    (tensor2tensor, rotate_half)
// with ω_i = base^(−2i/d). Odd d: the last sine has no cosine partner. Angles are computed in double.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <vector>

namespace posenc::core {

enum class Layout { Interleaved, Half };

struct SinusoidalSpec {
  int len = 0;            // number of positions (rows)
  int dim = 0;            // d_model (columns)
  double base = 10000.0;  // the paper's 10000
  Layout layout = Layout::Interleaved;
  double offset = 0.0;  // rows are positions offset … offset+len−1
};

// Number of (sin, cos) frequency pairs: ⌈dim/2⌉ (the last one has no cosine when dim is odd).
int frequency_count(int dim);

// ω_i = base^(−2i/dim), the paper's power form.
double frequency(int i, int dim, double base);

// ω_i of every pair, i = 0 … frequency_count(dim) − 1 (the fastest first), as frequency() gives them.
Eigen::VectorXd frequencies(int dim, double base);

// ω_i = exp(−2i·ln(base)/dim), the `div_term` form most code uses; equal to frequency() up to rounding.
double frequency_exp_form(int i, int dim, double base);

// Column of the sine / cosine of pair i in the given layout (cosine: −1 when it does not exist).
int sine_column(int i, int dim, Layout layout);
int cosine_column(int i, int dim, Layout layout);

// The encoding of one position as a row vector of length dim.
Eigen::RowVectorXd sinusoidal_row(double pos, int dim, double base = 10000.0,
                                  Layout layout = Layout::Interleaved);

// The len × dim table.
Eigen::MatrixXd sinusoidal(const SinusoidalSpec& spec);

// The same table written into `table` (resized; its storage is reused when the size is unchanged).
// `filled(column)` is called as soon as each column is complete, while it is still in cache — e.g. to
// colour it for display without reading the whole table back from memory.
void sinusoidal_into(Eigen::MatrixXd& table, const SinusoidalSpec& spec,
                     const std::function<void(int column)>& filled = {});

// Only the listed rows of that table (e.g. the rows a downsampled picture shows): `table` must already
// be spec.len × spec.dim; other rows are left as they are, rows outside 0 … len−1 are skipped. Each value
// is sin or cos of (offset + row)·ω_i evaluated directly: equal to sinusoidal_into's to rounding.
void sinusoidal_rows_into(Eigen::MatrixXd& table, const SinusoidalSpec& spec, const std::vector<int>& rows,
                          const std::function<void(int column)>& filled = {});

}  // namespace posenc::core
