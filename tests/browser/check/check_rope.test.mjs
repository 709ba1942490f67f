// Lesson check's RoPE steps in the browser: caches built here in JS (transformers' rotate_half halves, with
// one thing changed) reach the page as a dropped (2, len, dim) .npy, as two files picked one after the
// other, and as pasted text; a pasted config.json becomes what they are compared with. The diagnosis is
// read where a learner (or a screen reader) reads it: the step's text mirrored into the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPage, stopPage, frames } from '../harness.mjs';

let shared, page, errors;
before(async () => ({ page, errors } = shared = await startPage()));
after(() => stopPage(shared));

// cos and sin, len × dim, row-major: θ_j = base^(−2j/dim) / factor at positions offset … offset+len−1.
function cache({ len = 256, dim = 64, base = 500000, offset = 0, factor = 1, interleaved = false } = {}) {
  const cos = new Float64Array(len * dim), sin = new Float64Array(len * dim), half = dim / 2;
  for (let p = 0; p < len; p++)
    for (let j = 0; j < half; j++) {
      const a = (p + offset) * Math.pow(base, (-2 * j) / dim) / factor;
      for (const c of interleaved ? [2 * j, 2 * j + 1] : [j, j + half]) {
        cos[p * dim + c] = Math.cos(a);
        sin[p * dim + c] = Math.sin(a);
      }
    }
  return { len, dim, cos, sin };
}

function npy(shape, arrays) {
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${shape.join(', ')}), }`;
  while ((10 + header.length + 1) % 64) header += ' ';
  header += '\n';
  const count = arrays.reduce((n, a) => n + a.length, 0);
  const buf = Buffer.alloc(10 + header.length + 8 * count);
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]).copy(buf);
  buf.writeUInt16LE(header.length, 8);
  buf.write(header, 10, 'latin1');
  let k = 0;
  for (const a of arrays) for (const v of a) buf.writeDoubleLE(v, 10 + header.length + 8 * k++);
  return buf;
}

const rows = (c, table) => {
  const out = [];
  for (let p = 0; p < c.len; p++) out.push(Array.from(table.subarray(p * c.dim, (p + 1) * c.dim)).join(','));
  return out.join('\n') + '\n';
};

const mirror = async () => (await page.textContent('#a11y')) || '';
const stepIndex = async id => (await page.evaluate(i => posenc.go('check', i), id)).step;

async function paste(text) {
  await page.evaluate(t => {
    const dt = new DataTransfer();
    dt.setData('text', t);
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
  await frames(page, 3);
}

test('a (2, len, dim) .npy dropped on lesson 1 opens the RoPE diagnosis, which names what is wrong', async () => {
  const verdictStep = await stepIndex('rope-verdict');
  await page.evaluate(() => posenc.go('order', 0));
  const c = cache({ offset: 1 });
  const bytes = npy([2, c.len, c.dim], [c.cos, c.sin]).toString('base64');
  await page.evaluate(b64 => {
    const raw = Uint8Array.from(atob(b64), ch => ch.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([raw], 'rope.npy', { type: 'application/octet-stream' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await page.waitForFunction(s => posenc.state().lesson === 'check' && posenc.state().step === s, verdictStep);
  await frames(page, 3);
  const text = await mirror();
  assert.match(text, /Compared with transformers' defaults \(rotate_half pairs, positions from 0, every column rotating, no scaling, angles in float32 or better\): its rows start at position 1, not 0\./);
  assert.deepEqual(errors, []);
});

test('two files dropped together, or picked together, are both read: the pair is loaded at once', async () => {
  await stepIndex('rope-load');
  const c = cache({ base: 10000 });
  await page.evaluate(([cosText, sinText]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([sinText], 'together_sin.csv', { type: 'text/csv' }));
    dt.items.add(new File([cosText], 'together_cos.csv', { type: 'text/csv' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [rows(c, c.cos), rows(c, c.sin)]);
  await page.waitForFunction(() => document.querySelector('#a11y').textContent.includes('Loaded now: together_cos.csv + together_sin.csv'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posenc-rope-'));
  fs.writeFileSync(path.join(dir, 'picked_cos.csv'), rows(c, c.cos));
  fs.writeFileSync(path.join(dir, 'picked_sin.csv'), rows(c, c.sin));
  await page.setInputFiles('#file', [path.join(dir, 'picked_sin.csv'), path.join(dir, 'picked_cos.csv')]);
  await page.waitForFunction(() => document.querySelector('#a11y').textContent.includes('Loaded now: picked_cos.csv + picked_sin.csv'));
  assert.deepEqual(errors, []);
});

test('two files picked one after the other pair up by name; pasted text in two blocks; a pasted config is the reference', async () => {
  await stepIndex('rope-load');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posenc-rope-'));
  const c = cache({ interleaved: true });
  fs.writeFileSync(path.join(dir, 'sin_cached.csv'), rows(c, c.sin));  // sin first: the name says which
  fs.writeFileSync(path.join(dir, 'cos_cached.csv'), rows(c, c.cos));
  await page.setInputFiles('#file', path.join(dir, 'sin_cached.csv'));
  await page.waitForFunction(() => document.querySelector('#a11y').textContent.includes('sin_cached.csv is in as the sin table'));
  await page.setInputFiles('#file', path.join(dir, 'cos_cached.csv'));
  await page.waitForFunction(() => document.querySelector('#a11y').textContent.includes('Loaded now: cos_cached.csv + sin_cached.csv, 256 × 64 each.'));
  await stepIndex('rope-verdict');
  await frames(page, 3);
  assert.match(await mirror(), /its pairs are interleaved \(columns 2j and 2j\+1\) where transformers' rotate_half pairs column j with j \+ 32/);
  assert.doesNotMatch(await mirror(), /swapped/);

  // The model's config, pasted on this step, then a cache with a wrong base pasted as two blocks.
  await paste(JSON.stringify({ head_dim: 64, rope_theta: 1000000, max_position_embeddings: 4096 }));
  assert.equal((await page.evaluate(() => posenc.state())).params.config, 'yours');
  const wrong = cache({ base: 10000 });
  await paste(rows(wrong, wrong.cos) + '\n' + rows(wrong, wrong.sin));
  const text = await mirror();
  assert.match(text, /Compared with your pasted config: its base is 10000 where the config's rope_theta is 1000000\./);
  const right = cache({ base: 1000000 });
  await paste(rows(right, right.cos) + '\n' + rows(right, right.sin));
  assert.match(await mirror(), /It matches your pasted config: the same frequencies, pairs and positions/);
  assert.deepEqual(errors, []);
});

test('the bfloat16 example: the heatmaps show the question\'s answer, and a malformed cache is refused with a message', async () => {
  await page.evaluate(() => { posenc.go('check', 'rope-diff'); posenc.set('config', 'llama3-8b'); posenc.set('rope_example', 'bfloat16'); });
  const r = await page.evaluate(() => posenc.locate('Just show me'));
  assert.ok(r, 'the question is asked first');
  await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
  await frames(page, 4);
  const m = (await mirror()).match(/largest difference is ([\d.]+), in row (\d+), column (\d+) of (cos|sin)/);
  assert.ok(m, await mirror());
  assert.ok(+m[1] > 0.5, `bfloat16 angles are off by whole radians late in the cache: ${m[1]}`);
  assert.ok(+m[2] > 768, `in the last rows: row ${m[2]}`);
  assert.ok(+m[3] % 64 < 8, `in a fast pair: column ${m[3]}`);
  // Three blocks: refused, and the example's verdict goes with it (no verdict under a text not read).
  await paste('1 0\n\n0 1\n\n1 1\n');
  await frames(page, 2);
  assert.equal((await page.evaluate(() => posenc.state())).params.rope_example, 'none');
  assert.doesNotMatch(await mirror(), /largest difference is [\d.]+, in row \d+/);
  const s = await page.evaluate(() => posenc.stats());
  assert.ok(s.frames > 0);
  assert.deepEqual(errors, []);
});
