// Lesson check in the browser: compute('check') names the bugs; files arrive by the file picker, by drag
// and drop, and by paste; malformed files give a message and the app keeps drawing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPage, stopPage, frames } from '../harness.mjs';

let shared, page, errors;
before(async () => ({ page, errors } = shared = await startPage()));
after(() => stopPage(shared));

// A learner's table written in JS from the formula, with one of the classic bugs.
function table(len, dim, bug) {
  const data = [];
  for (let p = 0; p < len; p++)
    for (let c = 0; c < dim; c++) {
      const i = Math.floor(c / 2);
      let pos = p, exponent = (2 * i) / dim, base = 10000, col = c, useSin = c % 2 === 0;
      if (bug === 'half_layout') col = c % 2 === 0 ? i : dim / 2 + i;
      if (bug === 'swapped') useSin = !useSin;
      if (bug === 'exponent_i') exponent = i / dim;
      if (bug === 'length_divisor') exponent = (2 * i) / len;
      if (bug === 'start_at_1') pos = p + 1;
      if (bug === 'base') base = 1000;
      let a = pos / Math.pow(base, exponent);
      if (bug === 'float32') a = Math.fround(Math.fround(pos) * Math.fround(Math.pow(base, -exponent)));  // angles in float32
      data[p * dim + col] = useSin ? Math.sin(a) : Math.cos(a);
    }
  // Right numbers, stored in single precision (np.float32 when saving).
  if (bug === 'saved_float32' || bug === 'float32') for (let k = 0; k < data.length; k++) data[k] = Math.fround(data[k]);
  return data;
}

test('compute check accepts a correct table and names each listed bug', async () => {
  for (const bug of ['correct', 'half_layout', 'swapped', 'exponent_i', 'length_divisor', 'start_at_1', 'base', 'float32', 'saved_float32']) {
    const r = await page.evaluate(d => posenc.compute('check', { shape: [64, 16], data: d }), table(64, 16, bug));
    assert.equal(r.verdict, bug, JSON.stringify(r).slice(0, 200));
    assert.equal(typeof r.max_error, 'number');
    if (bug === 'correct') assert.ok(r.max_error < 1e-12);
  }
  for (const args of [{ shape: [2, 2], data: [1, 2, 3] }, { shape: [2], data: [1, 2] }, { shape: [2, 2], data: [1, 2, 3, NaN] },
    { data: [1] }, { shape: [1e6, 1e6], data: [1] }, { shape: [2, 2], data: 'abcd' }]) {
    const r = await page.evaluate(a => posenc.compute('check', a), args);
    assert.equal(typeof r.error, 'string', JSON.stringify(args));
  }
});

function npy(rows, cols, values) {
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${rows}, ${cols}), }`;
  while ((10 + header.length + 1) % 64) header += ' ';
  header += '\n';
  const buf = Buffer.alloc(10 + header.length + 8 * values.length);
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]).copy(buf);
  buf.writeUInt16LE(header.length, 8);
  buf.write(header, 10, 'latin1');
  values.forEach((v, k) => buf.writeDoubleLE(v, 10 + header.length + 8 * k));
  return buf;
}

test('a .npy picked with the file input opens the checker; malformed files give a message', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posenc-'));
  const good = path.join(dir, 'pe.npy');
  fs.writeFileSync(good, npy(32, 8, table(32, 8, 'swapped')));
  await page.setInputFiles('#file', good);
  await frames(page, 3);
  assert.equal((await page.evaluate(() => posenc.state())).lesson, 'check');
  const bad = path.join(dir, 'bad.npy');
  const truncated = npy(32, 8, table(32, 8, 'correct')).subarray(0, 200);
  fs.writeFileSync(bad, truncated);
  await page.setInputFiles('#file', bad);
  await frames(page, 3);
  const junk = path.join(dir, 'junk.csv');
  fs.writeFileSync(junk, '1,2,3\n4,five,6\n');
  await page.setInputFiles('#file', junk);
  await frames(page, 3);
  const s = await page.evaluate(() => posenc.stats());
  assert.ok(s.frames > 0);
  assert.deepEqual(errors, []);
});

test('drag and drop and paste deliver tables too', async () => {
  await page.evaluate(() => posenc.go('order', 0));
  await page.evaluate(text => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, '0,1\n0.841470984807897,0.54030230586814\n');
  await frames(page, 3);
  assert.equal((await page.evaluate(() => posenc.state())).lesson, 'check');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData('text', '0 1 0 1\n0.8414709848 0.5403023059 0.0099998333 0.9999500004\n');
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await frames(page, 3);
  assert.deepEqual(errors, []);
});
