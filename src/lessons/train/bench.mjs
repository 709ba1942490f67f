// Lesson train's part of `make bench` (tools/bench.mjs runs it): the default comparison as a learner starts
// it (Train pressed, timed until the text says the runs are trained; three times, medians), every frame's
// CPU time meanwhile,
// training throughput of compute('train') in the page against the native build's (posenc_bench_core
// --train, same model; POSENC_BENCH_CORE names the binary, default build/native/posenc_bench_core), and
// the heap over 10 calls of compute('train').
import fs from 'node:fs';

export const parts = {
  async train({ browser, site, open, frames, recordFrames, recordedFrames, median }) {
    // The default comparison (every encoding on each of the default seeds) as a learner starts it: Train
    // pressed, timed until the text says the runs are trained and tested; three times, each in a fresh page:
    // where the runs trained (Web Workers, or the page's thread when the worker's module was not fetched)
    // and every frame's CPU time meanwhile.
    const p95 = xs => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * (xs.length - 1))];
    const times = [], p50s = [], p95s = [], maxes = [];
    let tp, tc;
    for (let i = 0; i < 3; i++) {
      if (tc) await tc.close();
      ({ page: tp, context: tc } = await open(browser, site.url, '#lesson=train&step=setup'));
      await frames(tp, 3);
      if (i === 0) console.log(`\nLesson train at its defaults (${JSON.stringify((await tp.evaluate(() => posenc.state())).params)})`);
      const requested = site.requests.length;
      await recordFrames(tp);
      const drawn0 = (await tp.evaluate(() => posenc.stats())).drawn;
      const t0 = Date.now();
      const button = await tp.evaluate(() => posenc.locate('Train'));
      await tp.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
      await tp.waitForFunction(() => /Trained in/.test(document.getElementById('a11y').innerText), null, { timeout: 900000, polling: 500 });
      const wallS = (Date.now() - t0) / 1000;
      const during = await recordedFrames(tp);
      const drawn = (await tp.evaluate(() => posenc.stats())).drawn - drawn0;
      const where = site.requests.slice(requested).some(r => r.endsWith('train_worker.wasm')) ? 'in Web Workers' :
        'on the page\'s thread (train_worker.wasm not fetched)';
      const sorted = [...during].sort((a, b) => a - b);
      times.push(wallS), p50s.push(median(during)), p95s.push(p95(during)), maxes.push(sorted[sorted.length - 1]);
      console.log(`  ${i + 1}: the runs from pressing Train to trained and tested ${wallS.toFixed(1)} s; ${during.length} frames ` +
        `(${drawn} handed to WebGL), frame CPU p50 ${median(during).toFixed(1)} ms, p95 ${p95(during).toFixed(1)} ms, ` +
        `max ${sorted[sorted.length - 1].toFixed(1)} ms; trained ${where}, navigator.hardwareConcurrency ` +
        `${await tp.evaluate(() => navigator.hardwareConcurrency)}`);
    }
    console.log(`  the default comparison, median of 3: ${median(times).toFixed(1)} s (goal ≤ 60 s); frame CPU while training: ` +
      `p50 ${median(p50s).toFixed(1)} ms, p95 ${median(p95s).toFixed(1)} ms (goal ≤ 8 ms), max ${median(maxes).toFixed(1)} ms`);
    // Throughput: compute('train', {pe: 'rope'}) trains and tests in the call (its ms covers both), 3 calls;
    // 900 steps × 32 sequences of 2n + 1 tokens, n = 1 … 8 four times each = 288,000 tokens.
    const tokens = 900 * 4 * [1, 2, 3, 4, 5, 6, 7, 8].reduce((a, n) => a + 2 * n + 1, 0);
    const ms = [];
    for (let i = 0; i < 3; i++) ms.push((await tp.evaluate(() => posenc.compute('train', { pe: 'rope' }))).ms);
    const pageRate = tokens / (median(ms) / 1000);
    let nativeNote = '(no native figure: build posenc_bench_core)';
    const bin = process.env.POSENC_BENCH_CORE || 'build/native/posenc_bench_core';
    if (fs.existsSync(bin)) {
      const { execFileSync } = await import('node:child_process');
      const line = execFileSync(bin, ['--train'], { encoding: 'utf8' }).split('\n').find(l => /^core train rope /.test(l)) || '';
      const m = /\| ([0-9.]+) s \(training ([0-9.]+) s: (\d+) tokens/.exec(line);
      if (m) {
        const nativeRate = Number(m[3]) / Number(m[1]);
        nativeNote = `native ${Number(m[1]).toFixed(2)} s, ${nativeRate.toFixed(0)} tokens/s (training alone ${Number(m[2]).toFixed(2)} s); ` +
          `page/native ${(100 * pageRate / nativeRate).toFixed(0)} % (goal ≥ 40 %)`;
      }
    }
    console.log(`  compute('train', {pe: 'rope'}), training + test, median of 3: page ${(median(ms) / 1000).toFixed(2)} s, ` +
      `${pageRate.toFixed(0)} tokens/s; ${nativeNote}`);
    const heap = [];
    for (let i = 0; i < 10; i++) {
      await tp.evaluate(i => posenc.compute('train', { pe: ['none', 'learned', 'sinusoidal', 'rope', 'alibi', 't5'][i % 6], seed: i }), i);
      heap.push((await tp.evaluate(() => posenc.stats())).heap_bytes);
    }
    console.log(`  heap over 10 calls of compute('train') (each encoding, seeds 0 … 9): ${(heap[0] / 1048576).toFixed(1)} MB after the first, ` +
      `${(heap[9] / 1048576).toFixed(1)} MB after the tenth: ${(100 * (heap[9] / heap[0] - 1)).toFixed(1)} % (goal ≤ 10 %)`);
    await tc.close();
  },
};
