// Lesson beyond-1d's part of `make bench` (tools/bench.mjs runs it): layer 2's 256 × 256 causal weights;
// the M-RoPE ids and cos/sin of 16 + 4·16·16 + 16 tokens.
export const recompute = [
  { title: 'beyond-1d reading, 256 tokens, λ 4 ↔ 5', step: 2, setup: { len: 256 }, name: 'sharp', values: [4, 5] },
  { title: 'beyond-1d M-RoPE, 16 + 4 × 16 × 16 + 16 tokens, width 15 ↔ 16', step: 7,
    setup: { tb: 16, ft: 4, gh: 16, ta: 16 }, name: 'gw', values: [15, 16] },
];
