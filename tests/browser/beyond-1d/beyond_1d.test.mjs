// Lesson beyond-1d in the browser, from one deep link: its text (the page's mirror of it) quotes the
// M-RoPE ids Qwen2-VL's rule gives, worked out here by hand; the causal step's residual follows the order;
// every step draws with exports and no console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, stopPage, frames, locate, hashOf, clickControl } from '../harness.mjs';

let shared, page, errors;
before(async () => ({ page, errors } = shared = await startPage('#lesson=beyond-1d&step=mrope-ids&tb=2&ft=1&gh=3&gw=5&ta=2')));
after(() => stopPage(shared));

const mirror = async () => (await page.textContent('#a11y')) || '';

test('M-RoPE: two text tokens, a 1 × 3 × 5 image, text: the text after it continues at 2 + 5 = 7', async () => {
  await frames(page, 3);
  const st = await page.evaluate(() => posenc.state());
  assert.equal(st.lesson, 'beyond-1d');
  assert.equal(st.params.gw, 5);
  const text = await mirror();
  assert.match(text, /continues at 7 = 2 \+ max\(T, H, W\)/);
  assert.match(text, /counting every vision token would have given 17/);  // 2 + 15
  assert.match(text, /The 19 tokens use ids up to 8/);                        // 2 + 15 + 2 tokens; last text id 7 + 1
  await locate(page, '↓ .npy');
});

test('the causal step: no residual for the original order, a visible one reversed; every step draws', async () => {
  await page.evaluate(() => posenc.go('beyond-1d', 'causal'));
  await page.evaluate(() => posenc.set('order', '0,1,2,3,4,5'));
  await frames(page, 3);
  assert.match(await mirror(), /With the causal mask they differ by 0: P is the original order here/);
  await page.evaluate(() => posenc.set('order', '5,4,3,2,1,0'));
  await frames(page, 3);
  assert.match(await mirror(), /a token moved forward sees fewer tokens than before/);
  const steps = (await page.evaluate(() => posenc.lessons())).find(l => l.id === 'beyond-1d').steps;
  for (let s = 0; s < steps; s++) {
    await page.evaluate(i => posenc.go('beyond-1d', i), s);
    await frames(page, 2);
    if (s !== 5) await locate(page, '↓ .npy');  // the raster step's question hides its visual until answered
  }
  assert.deepEqual(errors, []);
});

test('a mouse click on the 2-D grid marks that patch: its (row, column) in the state and the URL', async () => {
  await page.evaluate(() => posenc.go('beyond-1d', 'patches'));
  await page.evaluate(() => { posenc.set('rows', 5); posenc.set('cols', 7); posenc.set('prow', 0); posenc.set('pcol', 0); });
  await frames(page, 3);
  const p = await locate(page, 'patch grid[3,5]');  // the cell where the app draws it (row 3, column 5)
  await page.mouse.click(p.x, p.y);
  await frames(page, 3);
  const st = await page.evaluate(() => posenc.state());
  assert.equal(st.params.prow, 3);
  assert.equal(st.params.pcol, 5);
  const hash = await hashOf(page);
  assert.match(hash, /[#&]prow=3(&|$)/);
  assert.match(hash, /[#&]pcol=5(&|$)/);
});

test('a click on the raster grid marks that patch too; the text gives its raster index, row × columns + column', async () => {
  await page.evaluate(() => posenc.go('beyond-1d', 'raster'));
  await frames(page, 3);
  await clickControl(page, 'Just show me');  // the question hides the visual until answered
  await frames(page, 3);
  const p = await locate(page, 'raster grid[4,2]');
  await page.mouse.click(p.x, p.y);
  await frames(page, 3);
  const st = await page.evaluate(() => posenc.state());
  assert.deepEqual([st.params.prow, st.params.pcol], [4, 2]);
  assert.match(await mirror(), /patch 30 in raster order/);  // 4 × 7 + 2
  assert.deepEqual(errors, []);
});
