// Lesson scaling's part of `make bench` (tools/bench.mjs runs it): every method at 512 pairs; the attention
// entropy over 2^17 keys (its longest).
export const recompute = [
  { title: 'scaling methods, head_dim 1022 ↔ 1024', step: 2, setup: { dim: 1024, target: 4194304 }, name: 'dim', values: [1022, 1024] },
  { title: 'scaling entropy, 2^17 keys, factor 7.9 ↔ 8', step: 4, setup: { target: 4194304 }, name: 'factor', values: [7.9, 8] },
  { title: 'scaling entropy, 2^17 keys, σ 2 ↔ 2.5', step: 4, setup: { target: 4194304 }, name: 'sigma', values: [2, 2.5] },
];
