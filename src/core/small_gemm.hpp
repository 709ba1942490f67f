// A float matrix product for lesson train's model in the page: C = A·B or C += A·B, A and B read through
// row and column strides (so a transposed operand needs no copy; A is packed column-major when its rows
// are not contiguous). Eigen 3.4 has no WebAssembly SIMD packets: in the page this runs four floats a
// lane (wasm_simd128.h, when built with -msimd128); elsewhere the same blocking runs on plain floats
// (the native model keeps Eigen's products; the unit tests check this one).
//
// Every C(i, j) is the sum over p = 0 … k−1 of A(i, p)·B(p, j) accumulated in that order from 0, then
// added to C (or stored): the same number whatever the blocking — the plain triple loop's.
#pragma once

#include <Eigen/Core>
#include <type_traits>
#include <vector>

namespace posenc::core::gemm {

// A rows × cols matrix: element (i, j) at p[i·rs + j·cs].
struct Operand {
  const float* p = nullptr;
  Eigen::Index rows = 0, cols = 0, rs = 1, cs = 1;
  float operator()(Eigen::Index i, Eigen::Index j) const { return p[i * rs + j * cs]; }
};

template <class X>
struct IsTranspose : std::false_type {};
template <class X>
struct IsTranspose<Eigen::Transpose<X>> : std::true_type {};

// A column-major float matrix or block, or the transpose of one.
template <class X>
Operand operand(const X& x) {
  if constexpr (IsTranspose<X>::value) {
    const auto& n = x.nestedExpression();
    return {n.data(), n.cols(), n.rows(), n.outerStride(), 1};
  } else {
    return {x.data(), x.rows(), x.cols(), 1, x.outerStride()};
  }
}

// C (a.rows × b.cols, column-major with leading dimension ldc) = a·b, or += a·b when `add`. a.cols must
// equal b.rows. `scratch` holds A when it has to be packed (kept by the caller: no allocation per call).
void multiply(float* c, Eigen::Index ldc, const Operand& a, const Operand& b, bool add,
              std::vector<float>& scratch);

}  // namespace posenc::core::gemm
