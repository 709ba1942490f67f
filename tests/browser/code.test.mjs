// The NumPy versions shown in the lessons are correct: run them with Debian's Python and compare their
// numbers with the core's (posenc.compute). Also: the code panel opens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPage, stopPage, open, frames, locate, clickControl } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let shared, page;
before(async () => ({ page } = shared = await startPage('#lesson=rope&step=0')));
after(() => stopPage(shared));

function python(snippet, expr) {
  const code = `import json\nexec(open(${JSON.stringify(path.join(root, 'content/code', snippet))}).read())\n` +
    `print(json.dumps(${expr}))`;
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', code], { encoding: 'utf8' }).trim().split('\n').pop());
}
const close = (a, b, tol) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= tol);
const compute = (kind, args) => page.evaluate(([k, a]) => posenc.compute(k, a), [kind, args]);

test('the NumPy sinusoidal table equals the core in both layouts, odd d and with an offset', async () => {
  for (const [len, d, layout, offset] of [[20, 16, 'interleaved', 0], [9, 7, 'interleaved', 3], [12, 10, 'half', 100]]) {
    const py = python('sinusoidal.py', `sinusoidal(${len}, ${d}, 10000.0, ${offset}, "${layout}").ravel().tolist()`);
    const core = await compute('sinusoidal', { len, dim: d, layout, offset });
    assert.ok(close(py, core.data, 1e-12), `${len}×${d} ${layout}`);
  }
});

test('the NumPy pe_dot, shift_map, rope, ALiBi and T5 versions agree with the core', async () => {
  assert.ok(close(python('offsets.py', 'pe_dot(8, 12).ravel().tolist()'), (await compute('pe_dot', { len: 8, dim: 12 })).data, 1e-10));
  assert.ok(close(python('offsets.py', 'shift_map(8, 5).ravel().tolist()'), (await compute('shift_map', { dim: 8, k: 5 })).data, 1e-12));
  const x = [0.3, -1.2, 0.8, 0.5, -0.7, 0.1];
  for (const layout of ['interleaved', 'half'])
    assert.ok(close(python('rope.py', `rope(np.array(${JSON.stringify(x)}), 37, 10000.0, "${layout}").tolist()`),
      (await compute('rope', { x, pos: 37, layout })).data, 1e-12), layout);
  for (const heads of [8, 12, 6])
    assert.ok(close(python('extrapolation.py', `alibi_slopes(${heads})`), (await compute('alibi_slopes', { heads })).data, 1e-15));
  const rel = [-300, -40, -9, -3, 0, 2, 7, 15, 60, 500];
  for (const bidirectional of [true, false])
    assert.deepEqual(python('extrapolation.py', `t5_bucket(${JSON.stringify(rel)}, ${bidirectional ? 'True' : 'False'}).tolist()`),
      (await compute('t5_bucket', { rel, bidirectional })).data);
});

test('the code button opens the panel with the embedded source', async () => {
  await frames(page, 2);
  const button = (await locate(page, '</> Code')).rect;
  assert.equal(await page.evaluate(() => posenc.locate('Hide code')), null);
  const clip = { x: button.x, y: button.y + button.h, width: Math.min(600, 1280 - button.x), height: 300 };  // under it
  const before = await page.screenshot({ clip });
  await clickControl(page, '</> Code');
  await frames(page, 3);
  const afterShot = await page.screenshot({ clip });
  assert.notDeepEqual(afterShot, before);
  // the button now hides the panel, in the same place
  const hide = (await locate(page, 'Hide code')).rect;
  assert.ok(Math.abs(hide.x - button.x) < 1 && Math.abs(hide.y - button.y) < 1, JSON.stringify([hide, button]));
  assert.equal(await page.evaluate(() => posenc.locate('</> Code')), null);
});

test('the NumPy RoPE scaling methods agree with compute rope_init', async () => {
  const base = { head_dim: 64, rope_theta: 500000, max_position_embeddings: 65536 };
  const cases = [
    ['linear(64, 500000.0, 4.0)', { ...base, max_position_embeddings: 8192, rope_scaling: { rope_type: 'linear', factor: 4 } }, 0],
    ['dynamic(64, 500000.0, 2.0, 8192, 30000)', { ...base, max_position_embeddings: 8192, rope_scaling: { rope_type: 'dynamic', factor: 2 } }, 30000],
    ['yarn(64, 500000.0, 8.0, 8192, 16, 2)[0]', { ...base, rope_scaling: { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 8192, beta_fast: 16, beta_slow: 2 } }, 0],
    ['llama3(64, 500000.0, 8.0, 8192, 1.0, 4.0)', { ...base, rope_scaling: { rope_type: 'llama3', factor: 8, original_max_position_embeddings: 8192, low_freq_factor: 1, high_freq_factor: 4 } }, 0],
  ];
  for (const [expr, config, seq_len] of cases) {
    const py = python('scaling.py', `${expr}.tolist()`);
    const core = await compute('rope_init', { config, seq_len });
    assert.ok(close(py, core.data, 1e-15 * 8), expr);
  }
  const af = python('scaling.py', 'yarn(64, 500000.0, 8.0, 8192)[1]');
  const core = await compute('rope_init', { config: { ...base, rope_scaling: { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 8192 } } });
  assert.ok(Math.abs(af - core.attention_factor) < 1e-15, `${af} ${core.attention_factor}`);
});
