// Permutations of sequence positions. A permutation `perm` reorders rows: row i of P·X is row perm[i]
// of X, i.e. P(i, perm[i]) = 1.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "random.hpp"

namespace posenc::core {

using Permutation = std::vector<int>;

Permutation identity_permutation(int n);
bool is_permutation(const Permutation& perm, int n);
bool is_identity(const Permutation& perm);
Permutation random_permutation(int n, Random& rng);  // Fisher–Yates
Permutation inverse(const Permutation& perm);

Eigen::MatrixXd permutation_matrix(const Permutation& perm);
Eigen::MatrixXd permute_rows(const Permutation& perm, const Eigen::MatrixXd& m);  // = P·m

}  // namespace posenc::core
