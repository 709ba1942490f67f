// Lesson extrapolation's part of `make bench` (tools/bench.mjs runs it): one parameter change's cost to the
// whole browser at the lesson's defaults.
export const change = [{ title: 'extrapolation default, dim 64 ↔ 128', step: 0, name: 'dim', values: [128, 64] }];
