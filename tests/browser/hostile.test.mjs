// Hostile input: random URL hashes and random compute calls. Every call answers data or {error} within
// a second, the app keeps drawing, and nothing reaches the console as an error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, stopPage, frames } from './harness.mjs';

let shared, page, errors;
before(async () => ({ page, errors } = shared = await startPage()));
after(() => stopPage(shared));

// A small deterministic generator (mulberry32), so failures reproduce.
function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, xs) => xs[Math.floor(r() * xs.length)];
const nasty = ['', '0', '-1', '1e308', '-1e308', 'NaN', 'Infinity', '%00', '%ff%fe', '1,2,3', ',,,', '9'.repeat(400),
  '\u202e', '中文', '<script>', "'\"", '0x10', ' 5 ', '1e-320', 'true', 'null', '[]', '{}', '2..1', '..', '1..',
  'https://x.org', 'https://x.org/'];

test('200 random hostile URL hashes leave the app drawing and consistent', async () => {
  const r = rng(7);
  const lessons = (await page.evaluate(() => posenc.lessons())).map(l => l.id);
  const keys = ['lesson', 'step', 'lang', 'dim', 'len', 'base', 'k', 'seed', 'order', 'text', 'pe', 'layout', 'pos',
    'col', 'offset', 'm', 'n', 'pair', 'heads', 'train', 'target', 'vocab', 'x', 'embed', 'steps', 'host'];
  for (let i = 0; i < 200; i++) {
    const parts = [];
    for (let k = 0, n = 1 + Math.floor(r() * 6); k < n; k++) {
      const key = pick(r, keys);
      const value = key === 'lesson' && r() < 0.5 ? pick(r, lessons) : pick(r, nasty);
      parts.push(encodeURIComponent(key) + '=' + (r() < 0.3 ? value : encodeURIComponent(value)));
    }
    const hash = '#' + parts.join(r() < 0.9 ? '&' : '&&');
    await page.evaluate(h => { location.hash = h; }, hash);
    if (i % 20 === 19) {
      await frames(page, 2);
      const s = await page.evaluate(() => posenc.state());
      assert.ok(lessons.includes(s.lesson), hash);
      const steps = (await page.evaluate(() => posenc.lessons())).find(l => l.id === s.lesson).steps;
      assert.ok(s.step >= 0 && s.step < steps, hash);
    }
  }
  await frames(page, 3);
  assert.deepEqual(errors, []);
});

test('500 random hostile compute calls answer data or {error} within a second each', async () => {
  const r = rng(11);
  const kinds = ['sinusoidal', 'pe_dot', 'shift_map', 'attention', 'cosine_stats', 'shaw_index', 'rope', 'rope_decay',
    'alibi_slopes', 't5_bucket', 'check', 'nope', '', '__proto__', 'constructor'];
  const args = ['len', 'dim', 'base', 'layout', 'offset', 'k', 'tokens', 'seed', 'with_pe', 'perm', 'words', 'positions',
    'x', 'pos', 'max_dist', 'heads', 'rel', 'bidirectional', 'buckets', 'max_distance', 'shape', 'data', 'constructor'];
  const values = () => pick(r, [0, 1, 2, 3, 7, 8, 64, -1, -1e9, 1e9, 1e308, NaN, Infinity, -Infinity, 0.5, 4097, 8193,
    'half', 'interleaved', '', 'x', true, false, null, undefined, [], [1, 2], [0, 1, 2, 3], [NaN], ['a'], [[1]], {},
    { a: 1 }, new Array(50).fill(1), [4, 4], new Float64Array([1, 2, 3, 4])]);
  for (let i = 0; i < 500; i++) {
    const kind = pick(r, kinds);
    const a = {};
    for (let k = 0, n = Math.floor(r() * 5); k < n; k++) a[pick(r, args)] = values();
    const t0 = Date.now();
    const out = await page.evaluate(([k, x]) => {
      const res = posenc.compute(k, x);
      return { error: typeof res.error === 'string', data: Array.isArray(res.data) || 'verdict' in res, keys: Object.keys(res) };
    }, [kind, a]);
    assert.ok(Date.now() - t0 < 1000, `${kind} ${JSON.stringify(a)} took ${Date.now() - t0} ms`);
    assert.ok(out.error !== out.data, `${kind} ${JSON.stringify(a)} → ${out.keys}`);
  }
  // keys that are special to JavaScript objects, built in the page (node cannot serialise them)
  const special = await page.evaluate(() => [
    posenc.compute('sinusoidal', JSON.parse('{"__proto__": {"len": 5}, "dim": 4, "len": 2}')),
    posenc.compute('sinusoidal', Object.create({ len: 3, dim: 3 })),
    posenc.compute('attention', { tokens: 3, dim: 4, perm: new Proxy([0, 1, 2], {}) }),
  ].map(r => typeof r.error === 'string' || Array.isArray(r.data)));
  assert.deepEqual(special, [true, true, true]);
  const before = (await page.evaluate(() => posenc.stats())).frames;
  await frames(page, 3);
  assert.ok((await page.evaluate(() => posenc.stats())).frames > before);
  assert.deepEqual(errors, []);
});
