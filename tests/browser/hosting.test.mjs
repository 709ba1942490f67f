// Hosting: the site works from a sub-path, and failures to load give a readable message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, frames, clickControl, waitUntilKept } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the site works from a sub-path and requests only its own files', async () => {
  const site = await serve({ prefix: '/some/dir/' });
  const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=2');
  assert.equal((await page.evaluate(() => posenc.state())).step, 2);
  assert.ok(site.requests.every(p => p.startsWith('/some/dir/')), site.requests.join(' '));
  assert.ok(site.requests.includes('/some/dir/posenc.wasm'));
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

// The loader's message when `file` is missing from the site.
async function messageWithout(file, hash = '') {
  const site = await serve({ hide: [file] });
  const { page, context } = await open(browser, site.url, hash, { wait: false });
  await page.waitForSelector('#loader.error', { timeout: 15000 });
  const text = await page.textContent('#status');
  await context.close();
  site.close();
  return text;
}

test('a missing wasm file shows a readable message, not a blank page', async () => {
  const text = await messageWithout('posenc.wasm');
  assert.match(text, /posenc\.wasm/);
  assert.match(text, /404/);
});

test('a missing posenc.js shows a readable message', async () => {
  assert.match(await messageWithout('posenc.js'), /posenc\.js could not be loaded/);
});

test('in Chinese the loading screen and its errors are Chinese too', async () => {
  const wasm = await messageWithout('posenc.wasm', '#lang=zh');
  assert.match(wasm, /posenc 无法启动：posenc\.wasm 无法加载（HTTP 404）。请检查网络连接/);
  assert.match(await messageWithout('posenc.js', '#lang=zh'), /posenc\.js 无法加载。/);
  const site = await serve({ hide: ['posenc.js'] });
  const { page, context } = await open(browser, site.url, '#lang=zh', { wait: false });
  await page.waitForSelector('#loader.error', { timeout: 15000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh');
  assert.match(await page.textContent('.tagline'), /位置编码/);
  await context.close();
  site.close();
});

for (const [how, init] of [
  ['a context cannot be created', () => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : original.call(this, type, ...rest);
    };
  }],
  ['the browser has no WebGL2 at all', () => { delete window.WebGL2RenderingContext; }],
]) {
  test(`without WebGL2 (${how}) the page explains what is missing`, async () => {
    const site = await serve();
    const context = await browser.newContext();
    await context.addInitScript(init);
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector('#loader.error', { timeout: 15000 });
    assert.match(await page.textContent('#status'), /needs WebGL2/);
    await context.close();
    site.close();
  });
}

test('no request leaves the site, in English or Chinese, on any lesson', async () => {
  const site = await serve();
  const context = await browser.newContext();
  const page = await context.newPage();
  const origin = new URL(site.url).origin;
  const foreign = [];
  page.on('request', r => { if (!r.url().startsWith(origin) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) foreign.push(r.url()); });
  await page.goto(site.url + '#lesson=order&lang=zh');
  await page.waitForFunction(() => window.posenc && window.posenc.ready);
  await page.evaluate(() => posenc.ready);
  for (const l of await page.evaluate(() => posenc.lessons())) await page.evaluate(id => posenc.go(id, 1), l.id);
  await page.waitForTimeout(500);
  assert.deepEqual(foreign, []);
  await context.close();
  site.close();
});

test('after the first visit the site works offline, from a sub-path too', async () => {
  const site = await serve({ prefix: '/offline/here/' });
  const { page, context, errors } = await open(browser, site.url, '#lesson=rope&step=1');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker stores the first view's files when it installs, and the other lessons' code (which this
  // link fetched before the worker took over) when the page asks for it again.
  // Whole copies, kept for a second: the worker may still be storing one (a cache replaces an entry by
  // removing it first), and closing the server in that moment lost it (one run in three under load).
  const { default: fs } = await import('node:fs');
  const { default: path } = await import('node:path');
  const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../build/web/dist');
  const sizes = Object.fromEntries(['posenc.js', 'posenc.wasm', 'loader.js', 'posenc.deferred.wasm']
    .map(f => [f, fs.statSync(path.join(dist, f)).size]));
  await waitUntilKept(page, sizes);
  site.close();  // the server is gone …
  await context.setOffline(true);  // … and so is the network
  await page.reload();
  await page.waitForFunction(() => window.posenc && window.posenc.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.posenc.ready);
  const st = await page.evaluate(() => posenc.state());
  assert.equal(st.lesson, 'rope');
  assert.equal(st.step, 1);
  assert.deepEqual(errors.filter(e => !/net::ERR|Failed to load resource/.test(e)), []);
  await context.close();
});

test('the first English view stays within its budget: 400 KB gzip of what the page fetched', async () => {
  const { default: zlib } = await import('node:zlib');
  const { default: fs } = await import('node:fs');
  const { default: path } = await import('node:path');
  const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../build/web/dist');
  const site = await serve({ dir: dist });
  const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=0&lang=en');
  await page.waitForTimeout(500);  // anything fetched after the first frame counts too
  const fetched = [...new Set(site.requests.map(p => p.slice(1) || 'index.html'))].filter(f => fs.existsSync(path.join(dist, f)));
  // The Chinese text and font, the code panel's text and the other lessons' code come only when asked for.
  for (const later of ['cjk.ttf', 'zh.txt', 'code.txt', 'posenc.deferred.wasm']) assert.ok(!fetched.includes(later), fetched.join(' '));
  let total = 0;
  for (const f of fetched) total += zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
  assert.ok(fetched.includes('posenc.wasm') && fetched.includes('posenc.js'), fetched.join(' '));
  assert.ok(total <= 400 * 1024, `${(total / 1024).toFixed(1)} KB gzip: ${fetched.join(' ')}`);
  // The code panel fetches its text once, when first opened, and shows it.
  await clickControl(page, '</> Code');
  await frames(page, 10);
  assert.equal(site.requests.filter(p => p.endsWith('code.txt')).length, 1);
  // That click was the first input: the other lessons' code follows, once, and lesson 11 then runs on it.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some(r => r.name.endsWith('posenc.deferred.wasm') && r.responseEnd > 0));
  await frames(page, 5);
  const st = await page.evaluate(() => posenc.go('scaling', 2));
  assert.equal(st.lesson, 'scaling');
  await frames(page, 5);
  assert.equal(site.requests.filter(p => p.endsWith('posenc.deferred.wasm')).length, 1);
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

test('a link to a later lesson, or the console API before any input, loads the other lessons\' code', async () => {
  const site = await serve();
  // A link: fetched alongside posenc.wasm, in place before the first frame.
  let { page, errors, context } = await open(browser, site.url, '#lesson=rope&step=1');
  assert.equal((await page.evaluate(() => posenc.state())).lesson, 'rope');
  // (Once for the page; the offline worker, once it takes over, may ask for it again to keep it.)
  assert.ok(site.requests.some(p => p.endsWith('posenc.deferred.wasm')));
  assert.deepEqual(errors, []);
  await context.close();
  // No input yet: the first call that needs it loads it on the spot, and the answer is right.
  site.requests.length = 0;
  ({ page, errors, context } = await open(browser, site.url, ''));
  assert.equal(site.requests.filter(p => p.endsWith('posenc.deferred.wasm')).length, 0);
  const slopes = await page.evaluate(() => posenc.compute('alibi_slopes', { heads: 4 }));
  assert.deepEqual(slopes.data, [0.25, 0.0625, 0.015625, 0.00390625]);  // 2^(−8k/4), k = 1…4
  assert.equal((await page.evaluate(() => posenc.go('extrapolation', 0))).lesson, 'extrapolation');
  await frames(page, 5);
  assert.ok(site.requests.some(p => p.endsWith('posenc.deferred.wasm')));
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

test('when the other lessons\' code cannot be loaded, the page says so', async () => {
  const site = await serve({ hide: ['posenc.deferred.wasm'] });
  const { page, context } = await open(browser, site.url, '#lesson=rope', { wait: false });
  await page.waitForSelector('#loader.error', { timeout: 20000 });
  const text = await page.textContent('#status');
  assert.match(text, /posenc\.deferred\.wasm/);
  assert.match(text, /HTTP 404/);
  await context.close();
  site.close();
});
