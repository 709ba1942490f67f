#include "small_gemm.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace posenc::core::gemm {
namespace {

using Index = Eigen::Index;

// Four floats: a SIMD lane in the page, an array elsewhere.
#if defined(__wasm_simd128__)
using V = v128_t;
inline V zero() { return wasm_f32x4_splat(0.0f); }
inline V splat(float x) { return wasm_f32x4_splat(x); }
inline V load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, V v) { wasm_v128_store(p, v); }
inline V add(V a, V b) { return wasm_f32x4_add(a, b); }
inline V mul_add(V acc, V a, V b) { return wasm_f32x4_add(acc, wasm_f32x4_mul(a, b)); }
#else
struct V {
  float x[4];
};
inline V zero() { return {{0.0f, 0.0f, 0.0f, 0.0f}}; }
inline V splat(float v) { return {{v, v, v, v}}; }
inline V load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store(float* p, V v) {
  for (int l = 0; l < 4; ++l) p[l] = v.x[l];
}
inline V add(V a, V b) {
  for (int l = 0; l < 4; ++l) a.x[l] += b.x[l];
  return a;
}
inline V mul_add(V acc, V a, V b) {
  for (int l = 0; l < 4; ++l) acc.x[l] += a.x[l] * b.x[l];
  return acc;
}
#endif

// C's rows i … i + 4·R − 1 and columns j … j + N − 1 (a, b, c point at row i / column j already): R·N
// lanes of sums over p, each in order.
template <int R, int N>
inline void tile(float* c, Index ldc, const float* a, Index lda, const float* b, Index brs, Index bcs,
                 Index k, bool accumulate) {
  V acc[R][N];
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < N; ++q) acc[r][q] = zero();
  for (Index p = 0; p < k; ++p) {
    V av[R];
    for (int r = 0; r < R; ++r) av[r] = load(a + p * lda + 4 * r);
    for (int q = 0; q < N; ++q) {
      const V bv = splat(b[p * brs + q * bcs]);
      for (int r = 0; r < R; ++r) acc[r][q] = mul_add(acc[r][q], av[r], bv);
    }
  }
  for (int q = 0; q < N; ++q)
    for (int r = 0; r < R; ++r) {
      float* out = c + q * ldc + 4 * r;
      store(out, accumulate ? add(load(out), acc[r][q]) : acc[r][q]);
    }
}

// One row of C (fewer than four left), columns j … j + N − 1.
template <int N>
inline void row(float* c, Index ldc, const float* a, Index lda, const float* b, Index brs, Index bcs, Index k,
                bool accumulate) {
  float acc[N] = {};
  for (Index p = 0; p < k; ++p)
    for (int q = 0; q < N; ++q) acc[q] += a[p * lda] * b[p * brs + q * bcs];
  for (int q = 0; q < N; ++q) c[q * ldc] = accumulate ? c[q * ldc] + acc[q] : acc[q];
}

// Columns j … j + N − 1 of C, every row.
template <int N>
void columns(float* c, Index ldc, Index m, const float* a, Index lda, const float* b, Index brs, Index bcs,
             Index k, bool accumulate) {
  Index i = 0;
  for (; i + 8 <= m; i += 8) tile<2, N>(c + i, ldc, a + i, lda, b, brs, bcs, k, accumulate);
  for (; i + 4 <= m; i += 4) tile<1, N>(c + i, ldc, a + i, lda, b, brs, bcs, k, accumulate);
  for (; i < m; ++i) row<N>(c + i, ldc, a + i, lda, b, brs, bcs, k, accumulate);
}

}  // namespace

void multiply(float* c, Index ldc, const Operand& a, const Operand& b, bool accumulate,
              std::vector<float>& scratch) {
  const Index m = a.rows, k = a.cols, n = b.cols;
  const float* pa = a.p;
  Index lda = a.cs;
  if (a.rs != 1) {  // rows not contiguous (a transpose): pack A column-major
    scratch.resize(static_cast<size_t>(m * k));
    for (Index p = 0; p < k; ++p)
      for (Index i = 0; i < m; ++i) scratch[static_cast<size_t>(i + p * m)] = a(i, p);
    pa = scratch.data();
    lda = m;
  }
  Index j = 0;
  for (; j + 4 <= n; j += 4)
    columns<4>(c + j * ldc, ldc, m, pa, lda, b.p + j * b.cs, b.rs, b.cs, k, accumulate);
  for (; j < n; ++j) columns<1>(c + j * ldc, ldc, m, pa, lda, b.p + j * b.cs, b.rs, b.cs, k, accumulate);
}

}  // namespace posenc::core::gemm
