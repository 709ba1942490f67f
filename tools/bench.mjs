// `make bench`: the web build's transfer sizes (raw and gzip) and, in headless Chromium on localhost,
// the time to the first drawn frame (median of 5 loads) and the app-measured frame CPU time per step.
//   node tools/bench.mjs build/web/dist build/web/hello [start,frames,…]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { serve, launch, open, frames, recordFrames, recordedFrames } from '../tests/browser/harness.mjs';
import { lessonList, lessonDir } from './lessons.mjs';

const dist = process.argv[2] || 'build/web/dist';
const helloDir = process.argv[3] || 'build/web/hello';
// Optional third argument: a comma-separated list of parts to run (transfer, start, frames, recompute,
// hover, drag, memory, change, idle, train, train_repeat); all of them by default.
const parts = (process.argv[4] || 'transfer,start,frames,hover,recompute,drag,memory,change,idle,train,train_repeat').split(',');
const want = p => parts.includes(p);
const kb = n => (n / 1024).toFixed(1).padStart(8) + ' KB';
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Each lesson's own part, from src/lessons/<id>/bench.mjs where it has one: `recompute` and `change`
// (lists of {title, step, setup, name, values}) and `parts` (named functions, run when that part is asked for).
const benches = [];
for (const { id } of lessonList()) {
  const file = path.join(lessonDir(id), 'bench.mjs');
  if (fs.existsSync(file)) benches.push({ id, ...(await import(pathToFileURL(file))) });
}

if (want('transfer')) {
  console.log('Transfer sizes (everything an English visitor downloads for the first view)');
  let raw = 0, gz = 0;
  for (const f of fs.readdirSync(dist).sort()) {
    const buf = fs.readFileSync(path.join(dist, f));
    const g = zlib.gzipSync(buf, { level: 9 }).length;
    const chineseOnly = f === 'cjk.ttf' || f === 'zh.txt';  // fetched only when Chinese is shown
    const onOpen = f === 'code.txt';  // fetched when the code panel first opens
    const later = f === 'posenc.deferred.wasm';  // lessons 2 onwards: fetched on the first input
    const training = f.startsWith('train_worker.');  // lesson train's Web Worker: when Train is first pressed
    const rare = f === 'cjk-all.ttf';  // when a learner's text has a character beyond the lessons'
    if (!chineseOnly && !onOpen && !later && !training && !rare) raw += buf.length, gz += g;
    const note = chineseOnly ? '  (Chinese only, not in the total)' : onOpen ? '  (when the code panel opens, not in the total)'
      : later ? '  (the other lessons, on the first input; not in the total)'
      : training ? '  (lesson train\'s worker, when Train is first pressed; not in the total)'
      : rare ? '  (a character beyond the lessons\', when a learner brings one; not in the total)' : '';
    console.log(`  ${f.padEnd(20)} ${kb(buf.length)} raw ${kb(g)} gzip${note}`);
  }
  console.log(`  ${'total'.padEnd(20)} ${kb(raw)} raw ${kb(gz)} gzip (goal ≤ 400 KB gzip)`);
}

const site = await serve();
const browser = await launch();

// Time to the first drawn frame, posenc and the bare ImGui hello alternately (so both see the same machine).
async function startUp() {
  const firstFrame = [], helloFrame = [], phases = [];
  const hello = fs.existsSync(path.join(helloDir, 'hello.wasm')) ? await serve({ dir: path.resolve(helloDir) }) : null;
  // Alternate the two, so both see the same machine. Load 0 of each is a warm-up, not counted: the first
  // page in a fresh browser also starts its GPU process (~0.5 s under SwiftShader).
  for (let i = -1; i < 5; i++) {
    const { page, context } = await open(browser, site.url, '', { wait: false });
    await page.waitForFunction(() => window.posenc && window.posenc.ready, null, { timeout: 20000 });
    // The first frame's own time stamp (a User Timing mark), not when this script got to ask for it.
    await page.evaluate(() => posenc.ready);
    const ff = await page.evaluate(() => performance.getEntriesByName('posenc:first-frame')[0].startTime);
    if (i >= 0) firstFrame.push(ff);
    if (i >= 0) phases.push(await page.evaluate(() => {
      const at = n => (performance.getEntriesByName(n)[0] || {}).startTime || 0;
      const wasm = performance.getEntriesByType('resource').find(r => r.name.endsWith('posenc.wasm'));
      return { wasm: wasm ? wasm.responseEnd : 0, main: at('posenc:main'), context: at('posenc:context'),
               init: at('posenc:init'), first: at('posenc:first-frame') };
    }));
    await context.close();
    if (!hello) continue;
    const h = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const hp = await h.newPage();
    await hp.goto(hello.url);
    await hp.waitForFunction(() => window.helloReady, null, { timeout: 20000 });
    const hf = await hp.evaluate(() => window.helloReady);
    if (i >= 0) helloFrame.push(hf);
    await h.close();
  }
  console.log(`\nTime to first frame (navigation start → first drawn frame), 5 loads each after a warm-up, same run:`);
  console.log(`  posenc: median ${median(firstFrame).toFixed(0)} ms (min ${Math.min(...firstFrame).toFixed(0)}, max ${Math.max(...firstFrame).toFixed(0)})`);
  const ph = k => median(phases.map(p => p[k]));
  console.log(`  posenc phases (medians, ms since navigation): wasm downloaded ${ph('wasm').toFixed(0)}, main() ${ph('main').toFixed(0)}, ` +
    `GL + ImGui context ${ph('context').toFixed(0)}, app initialised ${ph('init').toFixed(0)}, first frame drawn ${ph('first').toFixed(0)}`);
  if (hello) {
    const ratio = median(firstFrame) / median(helloFrame);
    console.log(`  bare ImGui hello (same toolchain and flags): median ${median(helloFrame).toFixed(0)} ms ` +
      `(min ${Math.min(...helloFrame).toFixed(0)}, max ${Math.max(...helloFrame).toFixed(0)}); ` +
      `ratio ${ratio.toFixed(2)} (goal ≤ 1.5)`);
    hello.close();
  } else {
    console.log(`  (no baseline: build it with cmake --build --preset web --target posenc_hello)`);
  }
}
if (want('start')) await startUp();

const { page, context } = await open(browser, site.url);
if (want('frames')) {
  console.log('\nFrame CPU time per step at default settings (app-measured over 240 frames each)');
  for (const lesson of await page.evaluate(() => posenc.lessons())) {
    for (let step = 0; step < lesson.steps; step++) {
      await page.evaluate(([id, s]) => posenc.go(id, s), [lesson.id, step]);
      await frames(page, 240);  // fill the stats window with this step only
      const st = await page.evaluate(() => posenc.stats());
      console.log(`  ${lesson.id} step ${step}: p50 ${st.frame_ms.p50.toFixed(2)} ms, p95 ${st.frame_ms.p95.toFixed(2)} ms, ` +
        `max ${st.frame_ms.max.toFixed(2)} ms (goal p95 ≤ 4 ms); WebGL submit p50 ${st.render_ms.p50.toFixed(1)} ms; heap ${(st.heap_bytes / 1048576).toFixed(1)} MB`);
    }
  }
}

// A slider change as a learner makes it: the app is idle (rendering on demand, so the GPU is quiet),
// the value changes, the lesson recomputes and colours (inside posenc.set), and the next drawn frame
// uploads the texture. Both are timed; the goal is on their sum.
async function change(page, name, value) {
  await new Promise(r => setTimeout(r, 300));
  return page.evaluate(([n, v]) => new Promise(resolve => {
    const before = posenc.stats().frames;
    const t = performance.now();
    posenc.set(n, v);
    const setMs = performance.now() - t;
    // The frames the change draws: done after three animation frames without a new one. A change that
    // draws nothing (a value equal to the current one) ends after 3 s instead of waiting for ever.
    let next = 0, seen = before, quiet = 0;
    requestAnimationFrame(function tick() {
      const st = posenc.stats();
      if (st.frames > seen) { next = Math.max(next, st.frame_ms.last); seen = st.frames; quiet = 0; } else ++quiet;
      if ((seen > before && quiet >= 3) || performance.now() - t > 3000) resolve({ setMs, nextMs: next, drawn: seen - before });
      else requestAnimationFrame(tick);
    });
  }), [name, value]);
}

async function recompute(page, title, lesson, step, setup, name, values) {
  await page.evaluate(([id, s]) => posenc.go(id, s), [lesson, step]);
  // The last value first, so that every timed change (values[0], values[1], …) really changes something.
  for (const [k, v] of [...Object.entries(setup), [name, values[values.length - 1]]])
    await page.evaluate(([a, b]) => posenc.set(a, b), [k, v]);
  await frames(page, 3);
  const runs = [];
  for (let i = 0; i < 9; i++) runs.push(await change(page, name, values[i % values.length]));
  const total = median(runs.map(r => r.setMs + r.nextMs));
  console.log(`  ${title}: recompute (posenc.set) median ${median(runs.map(r => r.setMs)).toFixed(1)} ms + next frame ` +
    `median ${median(runs.map(r => r.nextMs)).toFixed(1)} ms; together median ${total.toFixed(1)} ms (goal ≤ 30 ms); ` +
    `frames drawn per change ${Math.min(...runs.map(r => r.drawn))}–${Math.max(...runs.map(r => r.drawn))}`);
}

if (want('recompute')) {
  console.log('\nRecompute after a slider change at the largest settings (9 changes each, from idle)');
  for (const b of benches)
    for (const r of b.recompute || []) await recompute(page, r.title, b.id, r.step, r.setup || {}, r.name, r.values);
}


if (want('memory')) {
  console.log('\nMemory: every step of every lesson at its largest settings, 20 cycles');
  const lessons = await page.evaluate(() => posenc.lessons());
  const numericParams = {};
  for (const l of lessons) {
    await page.evaluate(id => posenc.go(id, 0), l.id);
    const params = (await page.evaluate(() => posenc.state())).params;
    numericParams[l.id] = Object.keys(params).filter(k => typeof params[k] === 'number');
  }
  for (const l of lessons) {  // every numeric parameter to its maximum (set clamps), once: lessons keep them
    await page.evaluate(id => posenc.go(id, 0), l.id);
    for (const k of numericParams[l.id]) await page.evaluate(n => posenc.set(n, 1e9), k);
  }
  let afterFirst = 0, peak = 0;
  for (let cycle = 1; cycle <= 20; cycle++) {
    for (const l of lessons) {
      for (let s = 0; s < l.steps; s++) {
        await page.evaluate(([id, st]) => posenc.go(id, st), [l.id, s]);
        await frames(page, 2);
      }
    }
    const st = await page.evaluate(() => posenc.stats());
    peak = Math.max(peak, st.memory_bytes);
    if (cycle === 1) afterFirst = st.heap_bytes;
    if (cycle === 1 || cycle === 20) console.log(`  after cycle ${cycle}: heap in use ${(st.heap_bytes / 1048576).toFixed(1)} MB`);
    if (cycle === 20) {
      const growth = st.heap_bytes / afterFirst - 1;
      console.log(`  growth from cycle 1 to 20: ${(100 * growth).toFixed(1)}% (goal ≤ 10%); peak wasm memory ${(peak / 1048576).toFixed(0)} MB`);
    }
  }
}

// What one parameter change costs the whole browser: CPU time of every Chromium process (renderer, GPU,
// browser, …) read from /proc before and after, minus the same wait with no change; frames the app ran
// and frames it handed to WebGL; URL rewrites; requests that followed. The processes are this script's
// descendants (Playwright starts Chromium as a child).
function chromiumCpu() {
  const procs = new Map();  // pid → { type, cpu }
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(f[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push({ pid: Number(d), cpu: Number(f[11]) + Number(f[12]) });
    } catch (e) { /* gone meanwhile */ }
  }
  const walk = pid => {
    for (const c of children.get(pid) || []) {
      let type = 'other';
      try {
        const cmd = fs.readFileSync(`/proc/${c.pid}/cmdline`, 'utf8');
        if (cmd.includes('chromium')) {
          const m = /--type=([a-z-]+)/.exec(cmd);
          type = m ? m[1].replace('-process', '') : 'browser';
        }
      } catch (e) { /* gone */ }
      procs.set(c.pid, { type, cpu: c.cpu });
      walk(c.pid);
    }
  };
  walk(process.pid);
  return procs;  // clock ticks (1/100 s)
}

// CPU ms by process type between two samples, per pid: a process that ended meanwhile (a closed page's
// renderer) drops out of both, rather than taking its whole past off the sum.
function cpuDelta(before, after, count) {
  const ms = {};
  for (const [pid, { type, cpu }] of after) ms[type] = (ms[type] || 0) + (cpu - (before.get(pid)?.cpu || 0)) * 10 / count;
  return ms;
}

// CPU of Chromium's processes per event: `act(i)` run `count` times 0.7 s apart, minus the same wait with
// nothing done; also the app's frames, URL rewrites and requests when the page is posenc.
async function perEvent(p, act, count = 20) {
  const app = await p.evaluate(() => !!window.posenc);
  await p.evaluate(() => {
    window.__rewrites = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...a) => { window.__rewrites++; return replace(...a); };
  });
  await p.mouse.move(2, 790);  // the pointer rests off the visual
  const settle = () => new Promise(r => setTimeout(r, 700));
  const stats = () => p.evaluate(() => ({ ...(window.posenc ? posenc.stats() : {}), rewrites: window.__rewrites }));
  const measure = async change => {
    await settle();
    const req0 = site.requests.length;
    const st0 = await stats();
    const cpu0 = chromiumCpu();
    for (let i = 0; i < count; i++) {
      if (change) await act(i);
      await settle();
    }
    const cpu1 = chromiumCpu();
    const st1 = await stats();
    const cpu = cpuDelta(cpu0, cpu1, count);  // ms per change
    return { cpu, frames: (st1.frames - st0.frames) / count, drawn: ((st1.drawn ?? st1.frames) - (st0.drawn ?? st0.frames)) / count,
             rewrites: (st1.rewrites - st0.rewrites) / count, requests: (site.requests.length - req0) / count,
             p95: app ? st1.frame_ms.p95 : 0 };
  };
  await new Promise(r => setTimeout(r, 3000));  // a page just opened (or one just closed) is still busy winding down
  const idle = await measure(false);
  const busy = await measure(true);
  const types = [...new Set([...Object.keys(busy.cpu), ...Object.keys(idle.cpu)])].filter(t => t !== 'other').sort();
  const per = types.map(t => `${t} ${((busy.cpu[t] || 0) - (idle.cpu[t] || 0)).toFixed(1)}`).join(', ');
  const total = types.reduce((a, t) => a + (busy.cpu[t] || 0) - (idle.cpu[t] || 0), 0);
  return { ...busy, per, total, app };
}

async function perChange(title, lesson, step, name, values) {
  const { page: p, context: ctx } = await open(browser, site.url, `#lesson=${lesson}&step=${step}`);
  const r = await perEvent(p, i => p.evaluate(([n, v]) => posenc.set(n, v), [name, values[i % values.length]]));
  console.log(`  ${title}: per change ${r.frames.toFixed(1)} app frames, ${r.drawn.toFixed(1)} handed to WebGL, ` +
    `${r.rewrites.toFixed(1)} URL rewrites, ${r.requests.toFixed(1)} requests; CPU ms (idle subtracted): ${r.per}; ` +
    `total ${r.total.toFixed(1)} ms; frame p95 ${r.p95.toFixed(2)} ms`);
  await ctx.close();
}

// The floor under any canvas page that keeps its state in the URL, in this browser: a bare page with a
// 1280 × 800 WebGL2 canvas (as the app asks for it) that per event clears the canvas in an animation frame
// and rewrites its URL hash once there, with posenc's own tab icon, and without any icon.
async function floor() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const icon = (/<link rel="icon"[^>]*>/.exec(html) || [''])[0];
  const page = withIcon => `<!doctype html><html><head><meta charset="utf-8">${withIcon ? icon : ''}
<style>html,body{margin:0;height:100%;overflow:hidden}canvas{display:block;width:100vw;height:100vh}</style></head>
<body><canvas id="c" width="1280" height="800"></canvas><script>
const gl = document.getElementById('c').getContext('webgl2', { alpha: false, antialias: false, depth: false, stencil: false });
let n = 0;
window.clearOnly = () => new Promise(r => requestAnimationFrame(() => { gl.clearColor(n++ % 2, 0.3, 0.5, 1); gl.clear(gl.COLOR_BUFFER_BIT); r(); }));
window.clearAndRewrite = () => new Promise(r => requestAnimationFrame(() => {
  gl.clearColor(n++ % 2, 0.3, 0.5, 1); gl.clear(gl.COLOR_BUFFER_BIT); history.replaceState(null, '', '#dim=' + n); r(); }));
</script></body></html>`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posenc-floor-'));
  fs.writeFileSync(path.join(dir, 'icon.html'), page(true));
  fs.writeFileSync(path.join(dir, 'bare.html'), page(false));
  const bare = await serve({ dir });
  for (const [title, file, fn] of [['clear only', 'bare.html', 'clearOnly'], ['clear + URL rewrite, no icon', 'bare.html', 'clearAndRewrite'],
                                   ['clear + URL rewrite, posenc\'s icon', 'icon.html', 'clearAndRewrite']]) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await ctx.newPage();
    await p.goto(bare.url + file);
    const r = await perEvent(p, () => p.evaluate(f => window[f](), fn));
    console.log(`  bare page, ${title}: CPU ms (idle subtracted): ${r.per}; total ${r.total.toFixed(1)} ms`);
    await ctx.close();
  }
  bare.close();
  fs.rmSync(dir, { recursive: true });
}

if (want('hover')) {
  // The pointer sweeping over the visual (the right half of a 1280 × 800 window), one move per animation
  // frame: hover read-outs, highlighted cells and tooltips; the stats window then holds these frames only.
  console.log('\nFrame CPU time while the pointer moves over the visual (app-measured, 240 frames per step)');
  const raf = () => page.evaluate(() => new Promise(r => requestAnimationFrame(() => r())));
  let worst = 0, worstAt = '';
  for (const lesson of await page.evaluate(() => posenc.lessons())) {
    for (let step = 0; step < lesson.steps; step++) {
      await page.evaluate(([id, s]) => posenc.go(id, s), [lesson.id, step]);
      await frames(page, 3);
      const start = (await page.evaluate(() => posenc.stats())).frames;
      for (let i = 0; (await page.evaluate(() => posenc.stats())).frames - start < 240 && i < 2000; i++) {
        const t = i / 40;
        await page.mouse.move(700 + 540 * (0.5 + 0.5 * Math.sin(3.1 * t)), 90 + 640 * (0.5 + 0.5 * Math.sin(1.7 * t + 1)));
        await raf();
      }
      const st = await page.evaluate(() => posenc.stats());
      if (st.frame_ms.p95 > worst) worst = st.frame_ms.p95, worstAt = `${lesson.id} step ${step}`;
      console.log(`  ${lesson.id} step ${step}: p50 ${st.frame_ms.p50.toFixed(2)} ms, p95 ${st.frame_ms.p95.toFixed(2)} ms, max ${st.frame_ms.max.toFixed(2)} ms (goal p95 ≤ 4 ms)`);
    }
  }
  console.log(`  worst p95 ${worst.toFixed(2)} ms (${worstAt})`);
  await page.mouse.move(2, 790);
}

if (want('change')) {
  console.log('\nOne parameter change (posenc.set, 20 changes, 0.7 s apart; CPU of all Chromium processes from /proc)');
  for (const b of benches) for (const r of b.change || []) await perChange(r.title, b.id, r.step, r.name, r.values);
  await floor();
}

if (want('idle')) {
  console.log('\nRender on demand: frames drawn in 3 idle seconds (goal: a handful, not 180)');
  await page.evaluate(id => posenc.go(id, 0), lessonList()[0].id);  // the first view
  await new Promise(r => setTimeout(r, 1000));
  const idle0 = (await page.evaluate(() => posenc.stats())).frames;
  await new Promise(r => setTimeout(r, 3000));
  const idle1 = (await page.evaluate(() => posenc.stats())).frames;
  console.log(`  ${idle1 - idle0} frames`);
}

// The lessons' own parts (lesson sinusoidal's drag, lesson train's training, …).
const shared = { browser, site, open, frames, recordFrames, recordedFrames, median };
for (const b of benches)
  for (const [name, run] of Object.entries(b.parts || {})) if (want(name)) await run(shared);
await context.close();
await browser.close();
site.close();
