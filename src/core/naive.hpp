// Naive position codes and why they fail (lesson 2): the raw index, the index divided by the length,
// and the binary digits of the index. Each is a len × dim table like the sinusoidal one.
#pragma once

#include <Eigen/Core>

namespace posenc::core {

// Every component of row p is p.
Eigen::MatrixXd index_encoding(int len, int dim);

// Every component of row p is p / (len − 1): in [0, 1], but the same p gets a different code at
// another length.
Eigen::MatrixXd fraction_encoding(int len, int dim);

// Row p holds the binary digits of p, least significant first, as 0/1 (bits columns).
Eigen::MatrixXd binary_encoding(int len, int bits);

// ‖row(p + 1) − row(p)‖ for p = 0…rows−2: how far apart neighbouring positions are.
Eigen::VectorXd neighbour_distances(const Eigen::MatrixXd& table);

// Euclidean norm of each row.
Eigen::VectorXd row_norms(const Eigen::MatrixXd& table);

}  // namespace posenc::core
