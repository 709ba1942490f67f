// posenc.compute: the core's numbers from the console, and {error} for anything malformed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, stopPage } from './harness.mjs';

let shared, page;
before(async () => ({ page } = shared = await startPage()));
after(() => stopPage(shared));

const compute = (kind, args) => page.evaluate(([k, a]) => posenc.compute(k, a), [kind, args]);

test('attention: Attn(PX) = P·Attn(X) to rounding without PE; not with PE', async () => {
  const perm = [3, 1, 0, 2, 5, 4];
  const without = await compute('attention', { tokens: 6, dim: 16, seed: 7, perm });
  assert.deepEqual(without.shape, [2]);
  assert.ok(without.data[0] < 1e-12, `equivariance residual ${without.data[0]}`);
  assert.ok(without.data[1] < 1e-12, `pooled residual ${without.data[1]}`);
  const withPe = await compute('attention', { tokens: 6, dim: 16, seed: 7, perm, with_pe: true });
  assert.ok(withPe.data[0] > 1e-6, `with PE residual ${withPe.data[0]}`);
  assert.ok(withPe.data[1] > 1e-9);
  const identity = await compute('attention', { tokens: 6, dim: 16, seed: 7, perm: [0, 1, 2, 3, 4, 5], with_pe: true });
  assert.equal(identity.data[0], 0);
});

test('sinusoidal: shape, layout and offset follow the contract', async () => {
  const r = await compute('sinusoidal', { len: 4, dim: 6, offset: 2 });
  assert.deepEqual(r.shape, [4, 6]);
  assert.equal(r.data.length, 24);
  const w1 = Math.pow(10000, -2 / 6);
  assert.ok(Math.abs(r.data[6 + 2] - Math.sin(3 * w1)) < 1e-15);  // row 1 = position 3, col 2 = sin(3·ω1)
  assert.ok(Math.abs(r.data[6 + 3] - Math.cos(3 * w1)) < 1e-15);
  const h = await compute('sinusoidal', { len: 4, dim: 6, offset: 2, layout: 'half' });
  assert.ok(Math.abs(h.data[6 + 1] - Math.sin(3 * w1)) < 1e-15);  // half: sines in columns 0..2
  assert.ok(Math.abs(h.data[6 + 4] - Math.cos(3 * w1)) < 1e-15);
  const odd = await compute('sinusoidal', { len: 2, dim: 5, base: 100 });
  assert.deepEqual(odd.shape, [2, 5]);
  assert.ok(Math.abs(odd.data[5 + 4] - Math.sin(Math.pow(100, -4 / 5))) < 1e-15);
});

test('bad compute arguments answer {error} with a readable message', async () => {
  const cases = [
    ['nope', {}], [42, {}], ['sinusoidal', 'len=4'], ['sinusoidal', [1, 2]], ['sinusoidal', {}],
    ['sinusoidal', { len: '8', dim: 4 }], ['sinusoidal', { len: 8.5, dim: 4 }], ['sinusoidal', { len: -1, dim: 4 }],
    ['sinusoidal', { len: 1e9, dim: 4 }], ['sinusoidal', { len: 8192, dim: 4096 }], ['sinusoidal', { len: NaN, dim: 4 }],
    ['sinusoidal', { len: Infinity, dim: 4 }], ['sinusoidal', { len: 4, dim: 4, base: 1 }],
    ['sinusoidal', { len: 4, dim: 4, base: -5 }], ['sinusoidal', { len: 4, dim: 4, layout: 'diagonal' }],
    ['sinusoidal', { len: 4, dim: 4, extra: 1 }], ['sinusoidal', { len: { n: 4 }, dim: 4 }],
    ['sinusoidal', { len: null, dim: 4 }], ['sinusoidal', { len: [4], dim: 4 }],
    ['attention', { tokens: 3, dim: 4, perm: [0, 0, 1] }], ['attention', { tokens: 3, dim: 4, perm: [0, 1] }],
    ['attention', { tokens: 3, dim: 4, perm: ['a', 'b', 'c'] }], ['attention', { tokens: 3, dim: 4, perm: [0, 1, 2.5] }],
    ['attention', { tokens: 100000, dim: 4 }], ['attention', { tokens: 3, dim: 4, with_pe: 'yes' }],
    ['attention', { tokens: 3, dim: 4, seed: -1 }],
  ];
  for (const [kind, args] of cases) {
    const r = await compute(kind, args);
    assert.equal(typeof r.error, 'string', `${JSON.stringify([kind, args])} → ${JSON.stringify(r).slice(0, 100)}`);
    assert.ok(r.error.length > 10);
    assert.equal(r.data, undefined);
  }
  const capped = await compute('sinusoidal', { len: 8192, dim: 4096 });
  assert.match(capped.error, /cap/);
  // the app is still alive and answering
  assert.deepEqual((await compute('sinusoidal', { len: 2, dim: 2 })).shape, [2, 2]);
});

test('a large request within the caps answers quickly and memory is returned', async () => {
  const before = await page.evaluate(() => posenc.stats().heap_bytes);
  const shape = await page.evaluate(() => posenc.compute('sinusoidal', { len: 4096, dim: 512 }).shape);
  assert.deepEqual(shape, [4096, 512]);
  const afterBytes = await page.evaluate(() => posenc.stats().heap_bytes);
  assert.ok(afterBytes - before < 1 << 20, `heap grew by ${afterBytes - before} bytes`);
});

test('rope, rope_decay, alibi_slopes and t5_bucket: shapes, identities and errors', async () => {
  const q = [0.3, -1.2, 0.8, 0.5, -0.7, 0.1, 1.1, -0.4], k = [0.9, 0.2, -0.6, 1.3, 0.4, -0.8, 0.05, 0.7];
  const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
  const score = async (m, n, layout) => dot((await compute('rope', { x: q, pos: m, layout })).data,
    (await compute('rope', { x: k, pos: n, layout })).data);
  for (const layout of ['interleaved', 'half']) {
    const a = await score(1000, 993, layout), b = await score(51000, 50993, layout);
    assert.ok(Math.abs(a - b) < 1e-10, `${layout}: ${a} vs ${b}`);
  }
  assert.ok(Math.abs((await score(7, 0, 'interleaved')) - (await score(7, 0, 'half'))) > 1e-6);
  const d = await compute('rope_decay', { dim: 64, max_dist: 100 });
  assert.deepEqual(d.shape, [101]);
  assert.ok(Math.abs(d.data[0] - 16.5) < 1e-12);
  const a = await compute('alibi_slopes', { heads: 8 });
  assert.deepEqual(a.data, [0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625]);
  assert.equal((await compute('alibi_slopes', { heads: 6 })).data.length, 6);
  const t = await compute('t5_bucket', { rel: [-2, 2, -500, 500], bidirectional: true, buckets: 32, max_distance: 128 });
  assert.deepEqual(t.data, [2, 18, 15, 31]);
  for (const [kind, args] of [['rope', { x: [1, 2, 3], pos: 1 }], ['rope', { pos: 1 }], ['rope', { x: 'abc', pos: 1 }],
    ['rope_decay', { dim: 9, max_dist: 3 }], ['alibi_slopes', { heads: 1e9 }], ['t5_bucket', { rel: [0.5] }],
    ['t5_bucket', { rel: [1], max_distance: 2 }]]) {
    const r = await compute(kind, args);
    assert.equal(typeof r.error, 'string', JSON.stringify([kind, args]));
  }
});
