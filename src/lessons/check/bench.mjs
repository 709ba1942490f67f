// Lesson check's part of `make bench` (tools/bench.mjs runs it): another example cache (1024 × 128) is
// built, inferred, compared and coloured.
export const recompute = [
  { title: 'check RoPE diff, example cache bfloat16 ↔ yarn-4', step: 5, name: 'rope_example', values: ['bfloat16', 'yarn-4'] },
];
