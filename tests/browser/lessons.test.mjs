// Every lesson in the browser: loads by deep link, steps through with the keyboard, restores its
// parameters, and draws without console errors; compute kinds of lessons 3–6.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, stopPage, open, frames, hashOf } from './harness.mjs';
import { decodePng, colourCount } from './png.mjs';
import { lessonList } from '../../tools/lessons.mjs';

let shared, page, errors;
before(async () => ({ page, errors } = shared = await startPage()));
after(() => stopPage(shared));

test('posenc.lessons() lists the lessons of src/lessons/lessons.txt in order, with their step counts', async () => {
  const lessons = await page.evaluate(() => posenc.lessons());
  assert.deepEqual(lessons.map(l => l.id), lessonList().map(l => l.id));
  for (const l of lessons) {
    assert.ok(l.title.length > 5, l.id);
    assert.ok(l.steps >= 3, l.id);
  }
});

test('each lesson opens, steps with the arrow keys, and draws every step', async () => {
  const lessons = await page.evaluate(() => posenc.lessons());
  for (const l of lessons) {
    await page.evaluate(id => posenc.go(id, 0), l.id);
    for (let s = 0; s < l.steps; s++) {
      await frames(page, 2);
      const st = await page.evaluate(() => posenc.state());
      assert.equal(st.lesson, l.id);
      assert.equal(st.step, s);
      const img = decodePng(await page.screenshot());
      assert.ok(colourCount(img) > 30, `${l.id} step ${s} looks blank`);
      await page.keyboard.press('ArrowRight');
    }
    await frames(page, 3);  // the last press (into the next lesson) lands before the next go()
  }
  assert.deepEqual(errors, []);
});

test('deep links restore each lesson with its parameters', async () => {
  const links = {
    naive: 'lesson=naive&step=1&len=100&dim=32&probe=7',
    sinusoidal: 'lesson=sinusoidal&step=4&len=300&dim=65&base=500000&layout=half&pos=12&col=3&offset=1000',
    frequencies: 'lesson=frequencies&step=2&len=512&dim=128&base=100&pair=9',
    clock: 'lesson=clock&step=1&dim=12&base=1000&pos=42.5&speed=5&len=256',
    offsets: 'lesson=offsets&step=3&len=32&dim=16&base=10000&k=-7',
    'sum-vs-concat': 'lesson=sum-vs-concat&step=2&dim=128&vocab=300&len=64&tokens=2048&seed=4',
    relative: 'lesson=relative&step=2&len=24&k=5&offset=77&seed=3&heads=4&max_len=1024&d_model=256',
    rope: 'lesson=rope&step=1&m=40&n=12&pair=3&dim=32&base=500000&shift=-7&seed=9&max_dist=256',
    extrapolation: 'lesson=extrapolation&step=2&train=1024&target=8192&dim=128&base=10000&heads=12&head=9&causal=0&buckets=64&max_distance=256&bidirectional=1',
    scaling: 'lesson=scaling&step=3&model=qwen2.5-7b-yarn4&dim=64&rotary=0.5&base=250000&type=dynamic&original=2048&target=20000&factor=3.5&beta_fast=16&beta_slow=2&low_freq=2&high_freq=8&mscale=0.5&mscale_all_dim=0.25&sigma=2.5',
  };
  for (const [id, hash] of Object.entries(links)) {
    const { page: p, context: c, errors: e } = await open(shared.browser, shared.site.url, '#' + hash);
    const st = await p.evaluate(() => posenc.state());
    assert.equal(st.lesson, id);
    const params = Object.fromEntries(new URLSearchParams(hash));
    assert.equal(st.step, Number(params.step));
    for (const [k, v] of Object.entries(params)) {
      if (k === 'lesson' || k === 'step') continue;
      const got = st.params[k] === true ? '1' : st.params[k] === false ? '0' : String(st.params[k]);
      assert.equal(got, v, `${id}.${k}`);
    }
    await frames(p, 2);
    assert.match(await hashOf(p), new RegExp(`lesson=${id}&step=${params.step}`));
    assert.deepEqual(e, []);
    await c.close();
  }
});

test('out-of-range lesson parameters are clamped like the sliders', async () => {
  await page.evaluate(() => posenc.go('sinusoidal', 0));
  let st = await page.evaluate(() => posenc.set('len', 100000));
  assert.equal(st.params.len, 4096);
  st = await page.evaluate(() => posenc.set('dim', 4096));
  assert.equal(st.params.dim, 1024);
  st = await page.evaluate(() => posenc.set('layout', 'diagonal'));
  assert.equal(st.params.layout, 'interleaved');
  assert.ok(st.notice);
  await frames(page, 3);
  const s = await page.evaluate(() => posenc.stats());
  assert.ok(s.frames > 0);
  await page.evaluate(() => posenc.go('offsets', 0));
  st = await page.evaluate(() => posenc.set('dim', 15));
  assert.equal(st.params.dim, 16);
});

test('compute cosine_stats and shaw_index: shapes, values and errors', async () => {
  const c = await page.evaluate(() => posenc.compute('cosine_stats', { dim: 256, words: 300, positions: 128 }));
  assert.deepEqual(c.shape, [22]);
  assert.ok(Math.abs(c.data[0] - c.data[1]) / c.data[1] < 0.05, `mean |cos| ${c.data[0]} vs theory ${c.data[1]}`);
  assert.ok(Math.abs(c.data[1] - Math.sqrt(2 / (Math.PI * 256))) < 1e-15);
  assert.ok(Math.abs(c.data.slice(2).reduce((a, b) => a + b, 0) - 1) < 1e-12);
  const s = await page.evaluate(() => posenc.compute('shaw_index', { len: 5, k: 2 }));
  assert.deepEqual(s.shape, [5, 5]);
  assert.deepEqual(s.data.slice(0, 5), [2, 3, 4, 4, 4]);   // row i = 0: clip(j, −2, 2) + 2
  assert.deepEqual(s.data.slice(20, 25), [0, 0, 0, 1, 2]); // row i = 4
  for (const [kind, args] of [['cosine_stats', {}], ['cosine_stats', { dim: 4096, words: 5000, positions: 4096 }],
    ['cosine_stats', { dim: 8, seed: 0.5 }], ['shaw_index', { len: 3 }], ['shaw_index', { len: 3, k: -1 }],
    ['shaw_index', { len: 99999, k: 2 }]]) {
    const r = await page.evaluate(([k, a]) => posenc.compute(k, a), [kind, args]);
    assert.equal(typeof r.error, 'string', JSON.stringify([kind, args]));
  }
});

test('compute pe_dot and shift_map: shapes, identities and errors', async () => {
  const d = await page.evaluate(() => posenc.compute('pe_dot', { len: 6, dim: 10 }));
  assert.deepEqual(d.shape, [6, 6]);
  assert.ok(Math.abs(d.data[0] - 5) < 1e-12);              // PE(0)·PE(0) = d/2
  assert.ok(Math.abs(d.data[1] - d.data[6 + 2]) < 1e-12);  // Toeplitz
  assert.ok(Math.abs(d.data[1] - d.data[6]) < 1e-12);      // symmetric
  const m = await page.evaluate(() => posenc.compute('shift_map', { dim: 6, k: 4 }));
  assert.deepEqual(m.shape, [6, 6]);
  const pe = await page.evaluate(() => posenc.compute('sinusoidal', { len: 2, dim: 6, offset: 3 }));
  const p3 = pe.data.slice(0, 6);
  const pe7 = await page.evaluate(() => posenc.compute('sinusoidal', { len: 1, dim: 6, offset: 7 }));
  for (let r = 0; r < 6; r++) {
    const v = m.data.slice(r * 6, r * 6 + 6).reduce((acc, x, c) => acc + x * p3[c], 0);
    assert.ok(Math.abs(v - pe7.data[r]) < 1e-12, `row ${r}`);
  }
  for (const [kind, args] of [['pe_dot', { len: 4000, dim: 8 }], ['pe_dot', { dim: 8 }], ['shift_map', { dim: 7, k: 1 }],
    ['shift_map', { dim: 8 }], ['shift_map', { dim: 8, k: 'one' }], ['pe_dot', { len: 4, dim: 4, base: 0 }]]) {
    const r = await page.evaluate(([k, a]) => posenc.compute(k, a), [kind, args]);
    assert.equal(typeof r.error, 'string', JSON.stringify([kind, args]));
  }
});

test('lesson scaling: presets, a pasted config.json, LongRoPE factors in links, the exports', async () => {
  await page.evaluate(() => posenc.go('scaling', 0));
  let st = await page.evaluate(() => posenc.set('model', 'gpt-neox-20b'));
  assert.equal(st.params.dim, 96);
  assert.equal(st.params.rotary, 0.25);
  st = await page.evaluate(() => posenc.set('model', 'phi3.5-mini'));
  assert.equal(st.params.type, 'longrope');
  assert.equal(st.params.original, 4096);
  assert.equal(st.params.long_factor, '');
  // A pasted config with its own LongRoPE lists: they go into the link, and the link brings them back.
  const n = 4, factors = k => Array.from({ length: n }, (_, i) => 1 + k * i);
  const config = { head_dim: 8, rope_theta: 10000, max_position_embeddings: 16384,
    rope_scaling: { rope_type: 'longrope', original_max_position_embeddings: 4096, short_factor: factors(0.5), long_factor: factors(2) } };
  await page.evaluate(text => {
    const dt = new DataTransfer();
    dt.setData('text', text);
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, JSON.stringify(config, null, 2));
  await frames(page, 3);
  st = await page.evaluate(() => posenc.state());
  assert.equal(st.lesson, 'scaling');
  assert.equal(st.params.model, 'yours');
  assert.equal(st.params.long_factor, '1,3,5,7');
  assert.equal(st.params.target, 16384);
  const hash = await hashOf(page);
  const { page: p, context: c, errors: e } = await open(shared.browser, shared.site.url, hash);
  assert.deepEqual((await p.evaluate(() => posenc.state())).params, st.params);
  assert.deepEqual(e, []);
  await c.close();
  // The same numbers through compute: LongRoPE divides θ_i by long_factor[i] past the original length.
  const r = await page.evaluate(cfg => posenc.compute('rope_init', { config: cfg, seq_len: 16384 }), config);
  for (let i = 0; i < n; i++) assert.ok(Math.abs(r.data[i] - Math.pow(10000, -2 * i / 8) / (1 + 2 * i)) < 1e-15);
  // A broken paste leaves the lesson as it was and says what is wrong.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData('text', '{"head_dim": 64, "rope_scaling": {"rope_type": "linear"}}');
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await frames(page, 3);
  assert.deepEqual((await page.evaluate(() => posenc.state())).params, st.params);
  assert.deepEqual(errors, []);
});
