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

test('rope_init: a model config object (or its JSON text) gives inv_freq, the attention factor and the type', async () => {
  const d = 128, base = 500000;
  // Llama 3.1's rope_scaling (llama3): wavelengths below 8192/4 kept, above 8192/1 divided by 8.
  const config = { hidden_size: 4096, num_attention_heads: 32, rope_theta: base, max_position_embeddings: 131072,
    rope_scaling: { rope_type: 'llama3', factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0,
      original_max_position_embeddings: 8192 } };
  const r = await compute('rope_init', { config, seq_len: 4096 });
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.shape, [d / 2]);
  assert.equal(r.rotary_dim, d);
  assert.equal(r.rope_type, 'llama3');
  assert.equal(r.attention_factor, 1);
  const plain = i => Math.pow(base, -2 * i / d);
  assert.ok(Math.abs(r.data[0] - plain(0)) < 1e-15);  // the fastest pair: untouched
  const last = d / 2 - 1;  // the slowest: wavelength far above 8192, so divided by the factor
  assert.ok(Math.abs(r.data[last] - plain(last) / 8) < 1e-18 + 1e-12 * plain(last));
  // the same config as JSON text, as downloaded
  const t = await compute('rope_init', { config: JSON.stringify(config), seq_len: 4096 });
  assert.deepEqual(t.data, r.data);
  // YaRN: the attention temperature 0.1·ln(s) + 1
  const yarn = await compute('rope_init', { config: { hidden_size: 512, num_attention_heads: 8, rope_theta: 10000,
    max_position_embeddings: 16384, rope_scaling: { type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } } });
  assert.ok(Math.abs(yarn.attention_factor - (0.1 * Math.log(4) + 1)) < 1e-12, JSON.stringify(yarn));
  assert.ok(yarn.notices.some(n => /type/.test(n)), 'the legacy "type" key is read with a notice');
});

test('rope_init: a bad config is an {error} that names what is wrong', async () => {
  const missing = await compute('rope_init', { config: { num_attention_heads: 8, max_position_embeddings: 4096 } });
  assert.match(missing.error, /hidden_size|head_dim/);
  const broken = await compute('rope_init', { config: '{"hidden_size": 512,' });
  assert.match(broken.error, /line 1/);
  const small = await compute('rope_init', { config: { hidden_size: 512, num_attention_heads: 8, max_position_embeddings: 4096,
    rope_scaling: { rope_type: 'linear', factor: 0.5 } } });
  assert.match(small.error, /factor/);
  const huge = await compute('rope_init', { config: { hidden_size: 65536, num_attention_heads: 1, max_position_embeddings: 4096 } });
  assert.match(huge.error, /4096/);
  const notObject = await compute('rope_init', { config: 42 });
  assert.ok(notObject.error);
  const big = await compute('rope_init', { config: 'x'.repeat(5 * 1024 * 1024) });
  assert.match(big.error, /longer than/);
});

test('rope_init: layer by layer — Gemma 3\'s two sets, Llama 4\'s layers without RoPE, DeepSeek\'s softmax scale, Qwen-VL sections', async () => {
  // Gemma 3: 5 sliding layers (θ 10 000) to 1 full (θ 1 000 000, the file's linear ×8); worked out here.
  const gemma = await compute('rope_init', { config: { model_type: 'gemma3_text', head_dim: 16, num_hidden_layers: 12,
    rope_theta: 1e6, rope_local_base_freq: 1e4, rope_scaling: { rope_type: 'linear', factor: 8 } } });
  assert.equal(gemma.error, undefined, gemma.error);
  const pattern = Array.from({ length: 12 }, (_, i) => (i + 1) % 6 ? 'sliding_attention' : 'full_attention');
  assert.deepEqual(gemma.layer_types, pattern);
  assert.deepEqual(Object.keys(gemma.sets).sort(), ['full_attention', 'sliding_attention']);
  const sliding = gemma.sets.sliding_attention, full = gemma.sets.full_attention;
  assert.equal(sliding.theta, 1e4);
  assert.equal(sliding.rope_type, 'default');
  assert.equal(full.rope_type, 'linear');
  for (let i = 0; i < 8; i++) {
    assert.ok(Math.abs(sliding.data[i] - Math.pow(1e4, -2 * i / 16)) < 1e-15);
    assert.ok(Math.abs(full.data[i] - Math.pow(1e6, -2 * i / 16) / 8) < 1e-15);
  }
  assert.deepEqual(gemma.data, full.data, 'the top-level answer is the full-attention set');
  assert.equal(gemma.softmax_scale, 1);
  assert.equal(gemma.model.model_type, 'gemma3_text');
  // Llama 4: every 4th layer without RoPE (no_rope_layers 1 = uses RoPE), the temperature on those.
  const llama4 = await compute('rope_init', { config: { model_type: 'llama4_text', head_dim: 16, num_hidden_layers: 8 } });
  assert.deepEqual(llama4.layer_types, ['chunked_attention', 'chunked_attention', 'chunked_attention', 'none',
    'chunked_attention', 'chunked_attention', 'chunked_attention', 'none']);
  assert.equal(llama4.rotation, 'interleaved');
  assert.deepEqual(llama4.attn_temperature, { floor_scale: 8192, attn_scale: 0.1 });
  assert.ok(llama4.notices.some(n => /500000/.test(n)), 'the class default θ is named');
  // DeepSeek-V3's YaRN: cos/sin × mscale(40, 1)/mscale(40, 1) = 1, the softmax × mscale(40, 1)².
  const ds = await compute('rope_init', { config: { model_type: 'deepseek_v3', hidden_size: 7168, num_attention_heads: 128,
    qk_rope_head_dim: 64, qk_nope_head_dim: 128, max_position_embeddings: 163840, rope_theta: 10000,
    rope_scaling: { type: 'yarn', factor: 40, mscale: 1.0, mscale_all_dim: 1.0, beta_fast: 32, beta_slow: 1,
      original_max_position_embeddings: 4096 } } });
  assert.equal(ds.rotary_dim, 64);
  assert.ok(Math.abs(ds.attention_factor - 1) < 1e-15);
  const m = 0.1 * Math.log(40) + 1;
  assert.ok(Math.abs(ds.softmax_scale - m * m) < 1e-12, String(ds.softmax_scale));
  // Qwen2.5-VL: the legacy "mrope" type is the default RoPE with contiguous sections.
  const vl = await compute('rope_init', { config: { model_type: 'qwen2_5_vl', hidden_size: 3584, num_attention_heads: 28,
    rope_theta: 1e6, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } } });
  assert.equal(vl.rope_type, 'default');
  assert.deepEqual(vl.mrope_section, [16, 24, 24]);
  assert.equal(vl.mrope_interleaved, false);
  // Without RoPE: said so, by name.
  const bert = await compute('rope_init', { config: { model_type: 'bert', hidden_size: 768, num_attention_heads: 12,
    position_embedding_type: 'absolute' } });
  assert.match(bert.error, /absolute position embeddings, not RoPE/);
  // Hostile: a thousand layer types, an out-of-range base.
  const many = await compute('rope_init', { config: { head_dim: 16,
    layer_types: Array.from({ length: 1000 }, (_, i) => 'type' + i) } });
  assert.match(many.error, /1000 different attention types/);
  assert.match((await compute('rope_init', { config: { head_dim: 16, rope_theta: 1e308 } })).error, /at most 1e\+12/);
});

test('check_rope: an interleaved cache with a quarter of the columns rotating, built here, is read back', async () => {
  // GPT-J style: columns 2j, 2j+1 share θ_j = 10000^(−2j/16) over the first 16 of 64 columns; the rest
  // hold angle 0. Rows are positions 0 … 99.
  const len = 100, dim = 64, rd = 16, cos = [], sin = [];
  for (let p = 0; p < len; p++)
    for (let k = 0; k < dim; k++) {
      const a = k < rd ? p * Math.pow(10000, -2 * Math.floor(k / 2) / rd) : 0;
      cos.push(Math.cos(a));
      sin.push(Math.sin(a));
    }
  const r = await compute('check_rope', { shape: [len, dim], cos, sin });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.layout, 'interleaved');
  assert.equal(r.base, 10000);
  assert.equal(r.offset, 0);
  assert.equal(r.rotary_dim, rd);
  assert.equal(r.rope_type, 'default');
  assert.equal(r.precision, 'float64');
  assert.equal(r.verdict, 'matches');
  assert.ok(r.max_error < 1e-12, String(r.max_error));
  // Errors name what is wrong.
  assert.match((await compute('check_rope', { shape: [len, dim], cos })).error, /missing argument 'sin'/);
  assert.match((await compute('check_rope', { shape: [len, dim], cos, sin: sin.slice(1) })).error, /sin has 6399 values/);
  assert.match((await compute('check_rope', { shape: [len, dim], cos: cos.map(x => 2 * x), sin })).error, /check_rope: /);
});

test('check_rope with a model: a correct float32 Llama 3.1 cache built here matches; the default base does not', async () => {
  // Llama 3.1's llama3 rule worked out here: θ_j = 500000^(−2j/128) in float32; wavelengths above 8192 divided
  // by 8, below 2048 kept, a blend between; angles and cos/sin in float32 (Math.fround), rows 0 … 63.
  const d = 128, rows = 64, f = Math.fround;
  const theta = (base, scaled) => Array.from({ length: d / 2 }, (_, j) => {
    const t = f(1 / f(Math.pow(base, f(2 * j / d))));
    if (!scaled) return t;
    const wl = 2 * Math.PI / t;
    if (wl < 8192 / 4) return t;
    if (wl > 8192) return f(t / 8);
    const s = (8192 / wl - 1) / (4 - 1);
    return f((1 - s) * t / 8 + s * t);
  });
  const cache = th => {
    const cos = [], sin = [];
    for (let r = 0; r < rows; r++)
      for (let k = 0; k < d; k++) {
        const a = f(f(r) * th[k % (d / 2)]);
        cos.push(f(Math.cos(a)));
        sin.push(f(Math.sin(a)));
      }
    return { cos, sin };
  };
  const good = cache(theta(500000, true));
  const r = await compute('check_rope', { shape: [rows, d], ...good, model: 'llama3.1-8b' });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.verdict, 'matches', JSON.stringify(r));
  assert.equal(r.matches_model, true);
  assert.equal(r.set, 'full_attention');
  assert.equal(r.storage, 'float32');
  assert.equal(r.fix, '');
  const bad = cache(theta(10000, false));
  const w = await compute('check_rope', { shape: [rows, d], ...bad, model: 'llama3.1-8b' });
  assert.equal(w.matches_model, false);
  assert.notEqual(w.verdict, 'matches');
  assert.ok(w.fix.length > 0, 'a fix is given');
  assert.match((await compute('check_rope', { shape: [rows, d], ...good, model: 'nope' })).error, /model must be one of/);
});
