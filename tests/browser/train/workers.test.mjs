// Lesson train's runs in Web Workers (src/app/web_train_pool.cpp, dist/train_worker.js + .wasm): pressing
// Train fetches the worker's module, the runs finish while the page's frames stay light, and the numbers
// are the ones the page's own thread gives (the fallback when workers cannot be had, said in the console).
// The offline worker (sw.js) keeps the worker's files, so Train works offline too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, open, frames, clickControl, recordFrames, recordedFrames, waitUntilKept } from '../harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// Six small runs (every encoding, one seed): a cap of 300 steps on a one-layer model of width 16 (the
// fallback's tests: 100). The first test adds the seventh, randomised positions, and a start token: their
// positions are data drawn in the worker as on the page's thread.
const hash = '#lesson=train&step=setup&task=reverse&causal=0&layers=1&heads=2&d_model=16&train_len=4&test_x=2&seeds=1&seed=3&steps=';
const seven = hash.replace('&causal=0', '&causal=0&random=1&start=1');
const mirror = page => page.evaluate(() => document.getElementById('a11y').innerText);

// Presses Train and waits until the text says the runs are trained; returns every frame's CPU time
// (posenc.stats().frame_ms.last, from the page's own animation frames) in between.
async function train(page) {
  await recordFrames(page);
  await clickControl(page, 'Train');
  await page.waitForFunction(() => /Trained in/.test(document.getElementById('a11y').innerText), null,
    { timeout: 120000 });
  return recordedFrames(page);
}

// The loss curves' export of the setup step, as text.
async function lossCsv(page) {
  const [csv] = await Promise.all([page.waitForEvent('download'), clickControl(page, '↓ .csv')]);
  return fs.readFileSync(await csv.path(), 'utf8');
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('lesson train: Train fetches the worker module, the runs finish in workers, the frames stay light; the page\'s own thread gives the same numbers', async () => {
  const site = await serve();
  const { page, errors, context } = await open(browser, site.url, seven + 300, { downloads: true });
  await frames(page, 3);
  assert.match(await mirror(page), /Nothing has been trained/);
  assert.ok(!site.requests.some(r => /train_worker/.test(r)), 'nothing of the worker before Train');
  const warnings = [];
  page.on('console', m => { if (m.type() === 'warning') warnings.push(m.text()); });
  const during = await train(page);
  assert.ok(site.requests.includes('/train_worker.js'), site.requests.join(' '));
  assert.ok(site.requests.includes('/train_worker.wasm'), site.requests.join(' '));
  assert.deepEqual(warnings.filter(w => /Web Workers/.test(w)), []);
  // posenc.stats() tells each worker's memory as it said after its last run: a core that trained has
  // allocated something, inside a wasm memory of whole 64 KiB pages.
  const workers = (await page.evaluate(() => posenc.stats())).workers;
  assert.ok(workers.length >= 1 && workers.length <= 2, JSON.stringify(workers));
  for (const w of workers) {
    assert.ok(w.heap_bytes > 0 && w.heap_bytes < w.memory_bytes, JSON.stringify(w));
    assert.equal(w.memory_bytes % 65536, 0, JSON.stringify(w));
  }
  // Light frames: the page's thread only collects what the workers posted and draws (ten frames a second).
  // Trained on the page's thread instead, every frame spends its 8 ms slice (kLessonWorkMs in
  // src/app/shell.cpp, wall time) training before it draws (the fallback below: a median near 10 ms here);
  // the drawing alone took 2.5–5.6 ms (with two workers and a compiler busy on this 2-core machine).
  assert.ok(during.length >= 3, `${during.length} frames while training`);
  assert.ok(median(during) < 7, `frame CPU median ${median(during).toFixed(2)} ms while training in workers`);
  const inWorkers = await lossCsv(page);
  const rows = inWorkers.trim().split('\n').filter(l => /^[-0-9.]/.test(l)).map(l => l.split(',').map(Number));
  assert.ok(rows.length >= 50, `${rows.length} rows of losses`);
  assert.ok(rows.every(r => r.length === rows[0].length && r.length >= 7), 'a column per run');
  assert.ok(rows.flat().some(x => Number.isFinite(x) && x > 0), 'finite positive losses');
  assert.deepEqual(errors, []);
  await context.close();
  site.close();

  // The same runs on the page's own thread (train_worker.js missing: the pool says so and falls back):
  // the same numbers, bit for bit, and no worker module fetched.
  const bare = await serve({ hide: ['train_worker.js'] });
  const fallback = await open(browser, bare.url, seven + 300, { downloads: true });
  const said = [];
  fallback.page.on('console', m => { if (m.type() === 'warning') said.push(m.text()); });
  await frames(fallback.page, 3);
  const slow = await train(fallback.page);
  assert.ok(said.some(w => /cannot train in Web Workers \(train_worker\.js/.test(w)), said.join('\n'));
  assert.ok(!bare.requests.includes('/train_worker.wasm'));
  assert.ok(median(slow) > median(during), `in frames ${median(slow).toFixed(2)} ms, in workers ${median(during).toFixed(2)} ms`);
  assert.equal(await lossCsv(fallback.page), inWorkers);
  await fallback.context.close();
  bare.close();
});

test('lesson train: a worker whose module cannot load (train_worker.wasm missing) hands the runs to the page\'s thread', async () => {
  const site = await serve({ hide: ['train_worker.wasm'] });
  const { page, context } = await open(browser, site.url, hash + 100);
  const said = [];
  page.on('console', m => { if (m.type() === 'warning') said.push(m.text()); });
  await frames(page, 3);
  await train(page);
  assert.ok(site.requests.includes('/train_worker.wasm'));
  assert.ok(said.some(w => /cannot train in Web Workers \(the training module stopped/.test(w)), said.join('\n'));
  assert.match(await mirror(page), /Trained in/);
  // Said once: the next Train goes to the page's thread at once.
  await page.evaluate(() => posenc.set('seed', 4));
  await frames(page, 3);
  await train(page);
  assert.equal(said.filter(w => /Web Workers/.test(w)).length, 1, said.join('\n'));
  await context.close();
  site.close();
});

test('lesson train: the offline worker keeps train_worker.js and .wasm; offline, Train still trains in workers', async () => {
  const site = await serve({ prefix: '/off/line/' });
  const { page, context } = await open(browser, site.url, hash + 100);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await frames(page, 3);
  await train(page);
  const dist = process.env.POSENC_DIST || new URL('../../../build/web/dist/', import.meta.url).pathname;
  await waitUntilKept(page, Object.fromEntries(['train_worker.js', 'train_worker.wasm'].map(f =>
    [f, fs.statSync(path.join(dist, f)).size])));
  site.close();
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.posenc && window.posenc.ready, null, { timeout: 20000 });
  const said = [];
  page.on('console', m => { if (m.type() === 'warning') said.push(m.text()); });
  await frames(page, 3);
  await train(page);
  assert.deepEqual(said.filter(w => /Web Workers/.test(w)), []);
  await context.close();
});
