#include "permutation.hpp"

#include <utility>

namespace posenc::core {

Permutation identity_permutation(int n) {
  Permutation p(n);
  for (int i = 0; i < n; ++i) p[i] = i;
  return p;
}

bool is_permutation(const Permutation& perm, int n) {
  if (static_cast<int>(perm.size()) != n) return false;
  std::vector<bool> seen(n, false);
  for (int v : perm) {
    if (v < 0 || v >= n || seen[v]) return false;
    seen[v] = true;
  }
  return true;
}

bool is_identity(const Permutation& perm) {
  for (int i = 0; i < static_cast<int>(perm.size()); ++i)
    if (perm[i] != i) return false;
  return true;
}

Permutation random_permutation(int n, Random& rng) {
  Permutation p = identity_permutation(n);
  for (int i = n - 1; i > 0; --i) std::swap(p[i], p[rng.below(i + 1)]);
  return p;
}

Permutation inverse(const Permutation& perm) {
  Permutation inv(perm.size());
  for (int i = 0; i < static_cast<int>(perm.size()); ++i) inv[perm[i]] = i;
  return inv;
}

Eigen::MatrixXd permutation_matrix(const Permutation& perm) {
  const int n = static_cast<int>(perm.size());
  Eigen::MatrixXd p = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) p(i, perm[i]) = 1.0;
  return p;
}

Eigen::MatrixXd permute_rows(const Permutation& perm, const Eigen::MatrixXd& m) {
  Eigen::MatrixXd out(m.rows(), m.cols());
  for (int i = 0; i < static_cast<int>(perm.size()); ++i) out.row(i) = m.row(perm[i]);
  return out;
}

}  // namespace posenc::core
