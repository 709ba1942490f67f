// A frame is drawn only where it differs from the one on the canvas (web_main.cpp, FrameDamage): after a
// run of changes — settings, a hover, other steps, another language, a phone's size at twice the pixels —
// the canvas must show exactly what a fresh page opened on the same link shows, and hovering a button must
// have drawn less than a tenth of the canvas (with a mouse: a phone's touch does not hover).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, ready, frames, hashOf } from './harness.mjs';
import { decodePng } from './png.mjs';

let site, browser;
before(async () => { site = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

// The screen once the page has settled, the mouse away from every control.
async function settled(page) {
  await page.mouse.move(0, 0);
  await frames(page, 4);
  await page.waitForTimeout(300);
  return decodePng(await page.screenshot());
}

function differing(a, b) {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  let n = 0, box = null;
  const ch = a.data.length / (a.width * a.height);
  for (let i = 0; i < a.data.length; i += ch) {
    let same = true;
    for (let c = 0; c < ch; c++) same &&= a.data[i + c] === b.data[i + c];
    if (same) continue;
    n++;
    const x = (i / ch) % a.width, y = Math.floor(i / ch / a.width);
    box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
  }
  return n ? `${n} pixels in [${box}]` : 0;
}

for (const [name, size, steps] of [
  ['desktop', { width: 1280, height: 800 }, [
    ['sinusoidal', 0, [['dim', 12], ['dim', 24]]],
    ['sinusoidal', 2, []],
    ['rope', 1, [['base', 500]]],
    ['sinusoidal', 0, [['dim', 16]]],
  ]],
  ['phone at twice the pixels', { width: 390, height: 844, dpr: 2, touch: true }, [
    ['order', 0, []],
    ['order', 1, []],
    ['rope', 1, [['base', 500]]],
  ]],
]) {
  test(`${name}: after a run of changes the canvas equals a fresh page on the same link`, async () => {
    const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=0', size);
    await frames(page, 3);
    let partial = false;
    for (const [lesson, step, sets] of steps) {
      await page.evaluate(([l, s]) => posenc.go(l, s), [lesson, step]);
      await frames(page, 3);
      for (const [param, value] of sets) {
        await page.evaluate(([p, v]) => posenc.set(p, v), [param, value]);
        await frames(page, 3);
      }
      // The mouse onto Next: its hover colour, drawn alone (the mean share of the frames it drew).
      const before = await page.evaluate(() => posenc.stats());
      const next = await page.evaluate(() => posenc.locate('Next') || posenc.locate('下一步'));
      await page.mouse.move(next.x + next.w / 2, next.y + next.h / 2);
      await frames(page, 3);
      const now = await page.evaluate(() => posenc.stats());
      const drawn = now.drawn - before.drawn;
      if (drawn > 0 && (now.drawn_share * now.drawn - before.drawn_share * before.drawn) / drawn < 0.1) partial = true;
    }
    await page.evaluate(() => { location.hash = location.hash.replace(/&lang=\w+/, '') + '&lang=zh'; });
    await frames(page, 3);
    const shown = await settled(page);
    if (process.env.REDRAW_SHOTS) await page.screenshot({ path: `${process.env.REDRAW_SHOTS}/shown.png` });
    const hash = await hashOf(page);
    // In the same browser context: the same progress through the lessons (localStorage).
    const fresh = await context.newPage();
    await fresh.goto(site.url + hash);
    await ready(fresh);
    const expected = await settled(fresh);
    if (process.env.REDRAW_SHOTS) await fresh.screenshot({ path: `${process.env.REDRAW_SHOTS}/fresh.png` });
    assert.equal(differing(shown, expected), 0, `the canvas after changes differs from a fresh page at ${hash}`);
    if (!size.touch) assert.ok(partial, 'hovering Next never drew less than a tenth of the canvas');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('lesson train: after training drawn in parts (progress, loss curves), the canvas equals a whole redraw', async () => {
  const size = { width: 1280, height: 800 };
  const { page, errors, context } = await open(browser, site.url,
    '#lesson=train&step=setup&layers=1&heads=2&d_model=16&train_len=4&test_x=2&steps=300&seeds=2', size);
  await frames(page, 3);
  const button = await page.evaluate(() => posenc.locate('Train'));
  await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
  await page.waitForFunction(() => /Trained in/.test(document.getElementById('a11y').innerText), null,
    { timeout: 120000, polling: 200 });
  const stats = await page.evaluate(() => posenc.stats());
  assert.ok(stats.drawn_share < 0.9, `frames drawn whole while training (mean share ${stats.drawn_share})`);
  const shown = await settled(page);
  if (process.env.REDRAW_SHOTS) await page.screenshot({ path: `${process.env.REDRAW_SHOTS}/shown.png` });
  // One pixel wider and back: the last frame is drawn whole, at the same size (taller would move the
  // contents' scroll by the pixel).
  await page.setViewportSize({ width: size.width + 1, height: size.height });
  await frames(page, 3);
  await page.setViewportSize(size);
  const whole = await settled(page);
  if (process.env.REDRAW_SHOTS) {
    await page.screenshot({ path: `${process.env.REDRAW_SHOTS}/whole.png` });
  }
  assert.equal(differing(shown, whole), 0, 'the canvas after training differs from the same frame drawn whole');
  assert.deepEqual(errors, []);
  await context.close();
});
