// A lesson's Jupyter notebook in the page: posenc.notebook(id) answers synchronously — on a fresh page too,
// before the code panel's text (code.txt) or the other lessons' code arrived — with nbformat 4 JSON at the
// lesson's current settings and the page's language, its links pointing back at this page; a bad id is
// {error}; and the "↓ .ipynb" button beside "</> Code" downloads the same notebook as <lesson>.ipynb.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { serve, launch, open, frames, clickControl } from './harness.mjs';

let site, browser;
before(async () => { site = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

// The cells of `role` ('params', 'helpers', 'code', 'step') in a parsed notebook, their sources joined.
const cells = (nb, role) => nb.cells.filter(c => c.metadata.posenc?.role === role).map(c => [].concat(c.source).join(''));

test('posenc.notebook answers at once with the lesson as nbformat 4 at its current settings', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=0');
  // Nothing clicked yet: neither code.txt nor the second module is here; the call fetches what it needs.
  assert.ok(!site.requests.some(r => r.startsWith('/code.txt')), 'code.txt before the call');
  const text = await page.evaluate(() => {
    posenc.go('sinusoidal', 3);
    posenc.set('dim', 33);
    return posenc.notebook('sinusoidal');
  });
  assert.equal(typeof text, 'string');
  assert.ok(site.requests.some(r => r.startsWith('/code.txt')), 'code.txt fetched for the notebook');
  const nb = JSON.parse(text);
  assert.equal(nb.nbformat, 4);
  assert.equal(nb.metadata.kernelspec.name, 'python3');
  assert.equal(nb.metadata.posenc.lesson, 'sinusoidal');
  assert.ok(cells(nb, 'params')[0].includes('"dim": 33,'), cells(nb, 'params')[0]);
  assert.ok(cells(nb, 'helpers')[0].includes('POSENC_DIVERGING = [(-1, '));
  assert.ok(cells(nb, 'code')[0].includes('def sinusoidal('));
  const steps = (await page.evaluate(() => posenc.lessons())).find(l => l.id === 'sinusoidal').steps;
  assert.equal(cells(nb, 'step').length, steps);
  // Every step's Markdown links back to this page at that step with these settings.
  const markdown = nb.cells.filter(c => c.cell_type === 'markdown').map(c => [].concat(c.source).join('')).join('\n');
  for (let k = 0; k < steps; ++k) assert.ok(markdown.includes(`(<${site.url}#lesson=sinusoidal&step=${k}&len=100&dim=33&`), `step ${k}`);
  assert.ok(markdown.includes('whose sine has no cosine beside it'));  // the text at d = 33
  // In Chinese: the Chinese text and labels.
  await page.evaluate(() => posenc.go('sinusoidal', 0));
  await page.evaluate(() => { location.hash = '#lesson=sinusoidal&step=0&lang=zh'; });
  await page.waitForFunction(() => posenc.state().lang === 'zh');
  await page.waitForFunction(() => posenc.notebook('sinusoidal').includes('\u6b63\u5f26'), null, { timeout: 20000 });  // 正弦
  const zh = JSON.parse(await page.evaluate(() => posenc.notebook('sinusoidal')));
  assert.equal(zh.metadata.posenc.lang, 'zh');
  assert.ok([].concat(zh.cells[0].source).join('').startsWith('# \u6b63\u5f26'), zh.cells[0].source[0]);
  // Another lesson, never visited, at its defaults; bad ids.
  const rope = JSON.parse(await page.evaluate(() => posenc.notebook('rope')));
  assert.ok(cells(rope, 'params')[0].includes('"dim": 64,'));
  for (const bad of ['nope', '', 'x'.repeat(500)]) {
    const answer = await page.evaluate(id => posenc.notebook(id), bad);
    assert.equal(typeof answer.error, 'string', bad.slice(0, 20));
    assert.match(answer.error, /unknown lesson/);
  }
  for (const bad of [undefined, 3, null, {}])
    assert.match((await page.evaluate(id => posenc.notebook(id), bad)).error, /id must be a lesson id/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the ↓ .ipynb button beside </> Code downloads the lesson notebook as <lesson>.ipynb', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=rope&step=2&dim=16', { downloads: true });
  await frames(page, 2);
  const code = await page.evaluate(() => posenc.locate('</> Code'));
  const button = await page.evaluate(() => posenc.locate('\u2193 .ipynb'));
  assert.ok(code && button, 'both buttons drawn');
  assert.ok(Math.abs(button.y - code.y) < 1 && button.x > code.x, JSON.stringify([code, button]));  // beside it
  const [download] = await Promise.all([page.waitForEvent('download'), clickControl(page, '\u2193 .ipynb')]);
  assert.equal(download.suggestedFilename(), 'rope.ipynb');
  const nb = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.equal(nb.nbformat, 4);
  assert.ok(cells(nb, 'params')[0].includes('"dim": 16,'));
  assert.equal(nb.metadata.posenc.hash.split('&')[1], 'step=2');  // the view it was asked from
  assert.equal(JSON.stringify(nb), JSON.stringify(JSON.parse(await page.evaluate(() => posenc.notebook('rope')))));
  assert.deepEqual(errors, []);
  await context.close();
});
