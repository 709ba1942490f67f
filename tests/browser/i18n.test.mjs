// Chinese and accessibility: lang=zh shows Chinese titles and text with the CJK font (fetched only
// then), every character the app can show has a glyph, and the step text is mirrored into the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, launch, open, frames } from './harness.mjs';
import { decodePng, colourCount } from './png.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const cjk = /[\u4e00-\u9fff]/;

test('an English visit never downloads the Chinese font', async () => {
  const site = await serve();
  const { page, context } = await open(browser, site.url);
  await page.evaluate(() => posenc.go('sinusoidal', 2));
  await frames(page, 5);
  assert.ok(!site.requests.some(p => p.endsWith('cjk.ttf') || p.endsWith('cjk-all.ttf') || p.endsWith('zh.txt')),
    site.requests.join(' '));
  assert.ok(!cjk.test((await page.evaluate(() => posenc.lessons()))[0].title));
  // … yet its language switch reads 中文, not "ZH", from the first frame
  assert.ok(await page.evaluate(() => posenc.locate('中文')));
  assert.equal(await page.evaluate(() => posenc.locate('ZH')), null);
  const img = decodePng(await page.screenshot({ clip: { x: 1180, y: 0, width: 100, height: 40 } }));
  assert.ok(colourCount(img) > 4, 'the label is drawn, not blank');
  await context.close();
  site.close();
});

test('characters beyond the lessons\' own, in a link, are drawn from the whole font (fetched once), not "?"', async () => {
  // 喜欢她猫追狗 are in no lesson: the Chinese subset lacks them, in either language
  const hash = '#lesson=order&step=0&lang=en&text=' + encodeURIComponent('他喜欢她，猫追狗');
  const fetches = page => page.evaluate(() =>
    performance.getEntriesByType('resource').filter(e => e.name.endsWith('cjk-all.ttf')).length);
  const tokens = async (hide) => {
    const site = await serve({ hide });
    const { page, context, errors } = await open(browser, site.url, hash);
    await page.waitForFunction(() => {
      window.dispatchEvent(new Event('resize'));
      return performance.getEntriesByType('resource').some(e => e.name.endsWith('cjk-all.ttf'));
    }, null, { timeout: 10000, polling: 'raf' });
    await frames(page, 10);
    const asked = await fetches(page);
    await frames(page, 20);
    const again = await fetches(page);
    const img = await page.screenshot({ clip: { x: 670, y: 112, width: 340, height: 46 } });
    await context.close();
    site.close();
    return { img, asked, again, errors };
  };
  const drawn = await tokens([]);
  const missing = await tokens(['cjk-all.ttf']);
  // asked for once (a first visit's service worker fetches it once more to keep it), never again
  for (const t of [drawn, missing]) {
    assert.ok(t.asked >= 1 && t.asked <= 2, `${t.asked} requests`);
    assert.equal(t.again, t.asked);
  }
  assert.deepEqual(drawn.errors, []);
  // the same token row, with the whole font and without: the glyphs, not the same "?" boxes
  assert.ok(!drawn.img.equals(missing.img), 'the token row looks the same with and without the whole font');
  assert.ok(colourCount(decodePng(drawn.img)) > 4);
});

test('Chinese whose font or text cannot be had: English with a notice, not a page stuck loading', async () => {
  for (const hide of [['cjk.ttf'], ['zh.txt']]) {
    const site = await serve({ hide });
    const { page, context, errors } = await open(browser, site.url, '#lesson=offsets&step=1&lang=zh');
    await page.waitForFunction(() => {
      window.dispatchEvent(new Event('resize'));
      return /lang=en/.test(location.hash);
    }, null, { timeout: 10000, polling: 'raf' });
    await frames(page, 5);
    // the lesson in English, the choice of Chinese kept for the next visit
    assert.ok(!cjk.test(await page.textContent('#a11y h1')));
    assert.equal(await page.evaluate(() => localStorage.getItem('posenc.lang')), 'zh');
    assert.deepEqual(errors.filter(e => !/Failed to load resource/.test(e)), []);  // (the browser's own 404 line)
    await context.close();
    site.close();
  }
});

test('lang=zh shows Chinese titles and text, loads the font once, and keeps the choice', async () => {
  const site = await serve();
  const { page, errors, context } = await open(browser, site.url, '#lesson=offsets&step=1&lang=zh');
  // The Chinese text (zh.txt) arrives with the font, after the first (English) frame.
  await page.waitForFunction(() => /[\u4e00-\u9fff]/.test(window.posenc.lessons()[0].title), null, { timeout: 10000 });
  const lessons = await page.evaluate(() => posenc.lessons());
  assert.ok(lessons.every(l => cjk.test(l.title)), JSON.stringify(lessons.map(l => l.title)));
  assert.equal((await page.evaluate(() => posenc.state())).lang, 'zh');
  // The language switch says 中文 (its two glyphs are compiled in), and the Chinese font arrives.
  await page.waitForFunction(() => {
    window.dispatchEvent(new Event('resize'));  // asks for a frame (the app renders on demand)
    return window.posenc.locate('中文') !== null;
  }, null, { timeout: 10000, polling: 'raf' });
  assert.equal(await page.evaluate(() => posenc.locate('ZH')), null);
  // The interface's Chinese words come in the same file as the text (zh.txt), drawn in the next frame.
  await page.waitForFunction(() => {
    window.dispatchEvent(new Event('resize'));
    return window.posenc.locate('下一步') !== null;
  }, null, { timeout: 10000, polling: 'raf' }).catch(() => {});
  assert.ok(await page.evaluate(() => posenc.locate('下一步')), 'the step bar speaks Chinese');
  await frames(page, 10);
  assert.equal(site.requests.filter(p => p.endsWith('cjk.ttf')).length, 1);
  assert.equal(site.requests.filter(p => p.endsWith('zh.txt')).length, 1);
  const img = decodePng(await page.screenshot());
  assert.ok(colourCount(img) > 30);
  assert.equal(await page.evaluate(() => localStorage.getItem('posenc.lang')), 'zh');
  // the DOM mirror holds this step in Chinese, with live numbers filled in
  const mirror = await page.evaluate(() => ({
    h1: document.querySelector('#a11y h1').textContent, h2: document.querySelector('#a11y h2').textContent,
    p: document.querySelector('#a11y p').textContent, live: document.getElementById('a11y').getAttribute('aria-live') }));
  assert.equal(mirror.h1, lessons.find(l => l.id === 'offsets').title);
  assert.ok(cjk.test(mirror.p));
  assert.ok(!mirror.p.includes('{{'), mirror.p);
  assert.match(mirror.p, /\d/);
  assert.equal(mirror.live, 'polite');
  // The page says which language it speaks: <html lang>, the mirror's lang, the title, the canvas label.
  const page_lang = await page.evaluate(() => ({ html: document.documentElement.lang, mirror: document.getElementById('a11y').lang,
    title: document.title, label: document.getElementById('canvas').getAttribute('aria-label') }));
  assert.deepEqual(page_lang, { html: 'zh', mirror: 'zh', title: 'posenc——一步步看懂位置编码', label: 'posenc 交互式讲解' });
  await page.evaluate(() => { location.hash = '#lesson=offsets&step=1&lang=en'; });
  await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.getElementById('a11y').lang), 'en');
  assert.equal(await page.evaluate(() => document.title), 'posenc — positional encoding, step by step');
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

test('the DOM mirror follows steps and language in an English visit', async () => {
  const site = await serve();
  const { page, context } = await open(browser, site.url, '#lesson=order&step=0');
  await frames(page, 3);
  assert.equal(await page.textContent('#a11y h1'), 'Why order matters');
  await page.keyboard.press('ArrowRight');
  await frames(page, 3);
  const step = await page.textContent('#a11y h2');
  assert.ok(step.length > 3);
  assert.notEqual(step, 'A sentence is a set of vectors');
  assert.match(await page.textContent('#a11y p'), /attention|Attention/);
  // The loading screen has left the accessibility tree (hidden, no live region) once the app is up.
  await page.waitForFunction(() => document.getElementById('loader').hidden, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => document.getElementById('loader').getAttribute('aria-live')), null);
  await context.close();
  site.close();
});

test('every character of the lessons and the interface has a glyph in the shipped fonts', () => {
  const dist = path.join(root, 'build/web');
  const fonts = [path.join(dist, 'assets/fonts/DejaVuSans.ttf'), path.join(dist, 'assets/fonts/DejaVuSans-Bold.ttf'),
    path.join(dist, 'dist/cjk.ttf')];
  const texts = [];
  for (const dir of ['content/en', 'content/zh', 'src/lessons', 'src/ui'])
    for (const f of fs.readdirSync(path.join(root, dir), { recursive: true }))
      if (fs.statSync(path.join(root, dir, f)).isFile()) texts.push(path.join(root, dir, f));
  texts.push(path.join(root, 'src/app/shell.cpp'));
  const out = execFileSync('/usr/bin/python3', [path.join(root, 'tools/check_glyphs.py'), ...fonts, '--', ...texts],
    { encoding: 'utf8' });
  assert.match(out, / 0 characters missing/);
});
