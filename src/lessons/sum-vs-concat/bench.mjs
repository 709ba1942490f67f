// Lesson sum-vs-concat's part of `make bench` (tools/bench.mjs runs it): recompute after a slider change at
// its largest settings (d 1024, a 1000-word vocabulary, 4096 positions).
const largest = { dim: 1024, vocab: 1000, len: 4096 };
export const recompute = [
  { title: 'sum-vs-concat cosines, d 1023 ↔ 1024', step: 0, setup: largest, name: 'dim', values: [1023, 1024] },
  { title: 'sum-vs-concat recovery, d 1023 ↔ 1024', step: 2, setup: largest, name: 'dim', values: [1023, 1024] },
  { title: 'sum-vs-concat recovery, vocabulary 999 ↔ 1000', step: 2, setup: largest, name: 'vocab', values: [999, 1000] },
  { title: 'sum-vs-concat variance, len 4095 ↔ 4096', step: 3, setup: largest, name: 'len', values: [4095, 4096] },
];
