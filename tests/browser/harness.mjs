// Shared browser-test harness: serves build/web/dist (optionally under a sub-path) from a tiny static
// server and drives Debian's Chromium through playwright-core. Collects console errors per page.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

// POSENC_DIST: another build's site (an engineer's own build directory).
const root = path.resolve(process.env.POSENC_DIST || path.join(path.dirname(fileURLToPath(import.meta.url)), '../../build/web/dist'));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.data': 'application/octet-stream', '.svg': 'image/svg+xml', '.ttf': 'font/ttf', '.json': 'application/json' };

// Serves the site (or `dir`) at `prefix` ("/" or "/some/dir/"). `hide` lists file names answered with 404.
export async function serve({ prefix = '/', hide = [], dir = root } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname + url.search);
    if (!url.pathname.startsWith(prefix)) { res.writeHead(404).end(); return; }
    let rel = decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || hide.includes(rel) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
      'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise(ok => server.listen(0, '127.0.0.1', ok));
  server.unref();  // a failed test that skips close() must not keep node alive
  return { url: `http://127.0.0.1:${server.address().port}${prefix}`, requests, close: () => { server.closeAllConnections?.(); server.close(); } };
}

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox',
    '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
}

// One served site, one browser and one page for a whole test file: { site, browser, page, context, errors }.
export async function startPage(hash = '') {
  const site = await serve();
  const browser = await launch();
  return { site, browser, ...(await open(browser, site.url, hash)) };
}

export async function stopPage({ site, browser, context } = {}) {
  await context?.close();
  await browser?.close();
  site?.close();
}

// Opens the site with `hash`, waits for posenc.ready; returns { page, errors, context }. With
// { downloads: true } the page's downloads are kept, for page.waitForEvent('download').
export async function open(browser, url, hash = '', { width = 1280, height = 800, dpr = 1, wait = true, touch = false,
  downloads = false } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, hasTouch: touch, isMobile: touch,
    ...(downloads ? { acceptDownloads: true } : {}) });
  const page = await context.newPage();
  const errors = [];
  page.on('console', m => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', e => errors.push(e.message));
  await page.goto(url + hash);
  if (wait) await ready(page);
  return { page, errors, context };
}

export async function ready(page) {
  await page.waitForFunction(() => window.posenc && window.posenc.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.posenc.ready);
}

// Waits until the app has drawn `n` more frames (so state changes reach the screen and the URL). The app
// renders on demand, so each animation frame dispatches a 'resize' (an event that asks for a redraw and
// changes nothing) until the frames are drawn.
export async function frames(page, n = 3) {
  const start = await page.evaluate(() => window.posenc.stats().frames);
  await page.waitForFunction(s => {
    window.dispatchEvent(new Event('resize'));
    return window.posenc.stats().frames >= s;
  }, start + n, { timeout: 10000, polling: 'raf' });
}

// Every frame's CPU time (posenc.stats().frame_ms.last) from now on, recorded from the page's own
// animation frames; recordedFrames stops and returns them.
export function recordFrames(page) {
  return page.evaluate(() => {
    window.__frames = [];
    window.__stop = false;
    let seen = posenc.stats().frames;
    (function tick() {
      const st = posenc.stats();
      if (st.frames !== seen) { window.__frames.push(st.frame_ms.last); seen = st.frames; }
      if (!window.__stop) requestAnimationFrame(tick);
    })();
  });
}
export function recordedFrames(page) {
  return page.evaluate(() => { window.__stop = true; return window.__frames; });
}

// Waits until the offline worker (sw.js) holds whole copies of these files ({name: size in bytes}), five
// checks in a row 200 ms apart (a cache replaces an entry by removing it first: a check may fall in that
// moment); fails after 20 s.
export async function waitUntilKept(page, sizes) {
  const whole = () => page.evaluate(async sizes => {
    const name = (await caches.keys()).find(n => n.startsWith('posenc-'));
    if (!name) return false;
    const cache = await caches.open(name);
    for (const [file, size] of Object.entries(sizes)) {
      const hit = (await cache.keys()).find(r => r.url.endsWith(file));
      const body = hit ? await (await cache.match(hit)).arrayBuffer().catch(() => null) : null;
      if (!body || body.byteLength !== size) return false;
    }
    return true;
  }, sizes);
  for (let steady = 0, waited = 0; steady < 5; waited += 200) {
    if (waited >= 20000) throw new Error(`the offline worker did not keep ${Object.keys(sizes).join(', ')}`);
    steady = (await whole()) ? steady + 1 : 0;
    await new Promise(r => setTimeout(r, 200));
  }
}

export function hashOf(page) {
  return page.evaluate(() => location.hash);
}

// Where the app last drew the control with this label (posenc.locate), as the point to click: its
// centre in CSS pixels. Fails the test when the latest frame drew no such control.
export async function locate(page, label) {
  const r = await page.evaluate(l => window.posenc.locate(l), label);
  if (!r) throw new Error(`posenc.locate(${JSON.stringify(label)}) found no control in the latest frame`);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2, rect: r };
}

// Clicks (or, with { tap: true }, taps) the control with this label where the app drew it.
export async function clickControl(page, label, { tap = false } = {}) {
  const { x, y } = await locate(page, label);
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
