// Lesson in-practice's part of `make bench` (tools/bench.mjs runs it): dynamic NTK against cached keys at
// its largest (L0 256, decoding to 4 × L0, head_dim 128); the step by its id, as posenc.go takes it.
export const recompute = [
  { title: 'in-practice dynamic, L0 256 × 4, head_dim 128, factor 2 ↔ 2.5', step: 'dynamic',
    setup: { original: 256, growth: 4, head_dim: 128 }, name: 'factor', values: [2, 2.5] },
];
