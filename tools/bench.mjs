// `make bench`: the web build's transfer sizes (raw and gzip) and, in headless Chromium on localhost,
// the time to the first drawn frame (median of 5 loads) and the app-measured frame CPU time per step.
//   node tools/bench.mjs build/web/dist
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch, open, frames } from '../tests/browser/harness.mjs';

const dist = process.argv[2] || 'build/web/dist';
const kb = n => (n / 1024).toFixed(1).padStart(8) + ' KB';
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('Transfer sizes (everything an English visitor downloads for the first view)');
let raw = 0, gz = 0;
for (const f of fs.readdirSync(dist).sort()) {
  const buf = fs.readFileSync(path.join(dist, f));
  const g = zlib.gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  console.log(`  ${f.padEnd(14)} ${kb(buf.length)} raw ${kb(g)} gzip`);
}
console.log(`  ${'total'.padEnd(14)} ${kb(raw)} raw ${kb(gz)} gzip`);

const site = await serve();
const browser = await launch();
const firstFrame = [];
for (let i = 0; i < 5; i++) {
  const { page, context } = await open(browser, site.url, '', { wait: false });
  await page.waitForFunction(() => window.posenc && window.posenc.ready, null, { timeout: 20000 });
  firstFrame.push(await page.evaluate(() => posenc.ready.then(() => performance.now())));
  await context.close();
}
console.log(`\nTime to first frame (navigation start → posenc.ready), 5 loads: median ${median(firstFrame).toFixed(0)} ms ` +
  `(min ${Math.min(...firstFrame).toFixed(0)}, max ${Math.max(...firstFrame).toFixed(0)})`);

console.log('\nFrame CPU time per step at default settings (app-measured over 240 frames each)');
const { page, context } = await open(browser, site.url);
for (const lesson of await page.evaluate(() => posenc.lessons())) {
  for (let step = 0; step < lesson.steps; step++) {
    await page.evaluate(([id, s]) => posenc.go(id, s), [lesson.id, step]);
    await frames(page, 240);  // fill the stats window with this step only
    const st = await page.evaluate(() => posenc.stats());
    console.log(`  ${lesson.id} step ${step}: p50 ${st.frame_ms.p50.toFixed(2)} ms, p95 ${st.frame_ms.p95.toFixed(2)} ms, ` +
      `max ${st.frame_ms.max.toFixed(2)} ms (goal p95 ≤ 4 ms); WebGL submit p50 ${st.render_ms.p50.toFixed(1)} ms; heap ${(st.heap_bytes / 1048576).toFixed(1)} MB`);
  }
}

console.log('\nRecompute after a slider change at the largest sinusoidal table (4096 × 1024)');
await page.evaluate(() => posenc.go('sinusoidal', 0));
await page.evaluate(() => { posenc.set('len', 4096); posenc.set('dim', 1023); });
await frames(page, 3);
const times = [];
for (let i = 0; i < 5; i++) {
  const dim = i % 2 ? 1023 : 1024;
  const setMs = await page.evaluate(d => { const t = performance.now(); posenc.set('dim', d); return performance.now() - t; }, dim);
  await frames(page, 2);
  const st = await page.evaluate(() => posenc.stats());
  times.push({ setMs, uploadFrame: st.frame_ms.max });
}
const med = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`  compute + colour (posenc.set): median ${med(times.map(t => t.setMs)).toFixed(1)} ms; ` +
  `frame with the texture upload: median ${med(times.map(t => t.uploadFrame)).toFixed(1)} ms ` +
  `(goal: together ≤ 30 ms)`);
await context.close();
await browser.close();
site.close();
