// Lesson train's part of `make bench` (tools/bench.mjs runs it): the default comparison as a learner starts
// it (Train pressed, timed until the text says the runs are trained; three times, medians), every frame's
// CPU time meanwhile,
// training throughput of compute('train') in the page against the native build's (posenc_bench_core
// --train, same model; POSENC_BENCH_CORE names the binary, default build/native/posenc_bench_core), and
// the heap over 10 calls of compute('train'); then (part `train_repeat`) a run's time in a worker during the
// comparison against the same run alone, and the page's and the workers' memory over repeated comparisons.
import fs from 'node:fs';

// Presses the step's Train / Train again and waits until the text says the runs are trained and tested;
// the wall time in seconds.
async function trainOnce(page) {
  const t0 = Date.now();
  const button = await page.evaluate(() => posenc.locate('Train') || posenc.locate('Train again'));
  await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
  await page.waitForFunction(() => /Trained in/.test(document.getElementById('a11y').innerText), null,
    { timeout: 900000, polling: 500 });
  return (Date.now() - t0) / 1000;
}

// The runs table as the runs step's ↓ .csv writes it (the page's download): one object per run, plus the
// test lengths its columns name.
async function runsTable(page) {
  await page.evaluate(() => posenc.go('train', 'runs'));
  await page.waitForTimeout(300);
  const at = await page.evaluate(() => posenc.locate('\u2193 .csv'));
  const [download] = await Promise.all([page.waitForEvent('download'),
    page.mouse.click(at.x + at.w / 2, at.y + at.h / 2)]);
  const [head, ...lines] = fs.readFileSync(await download.path(), 'utf8').trim().split('\n');
  const names = head.split(',');
  const testLens = names.filter(n => /^token_at_\d+$/.test(n)).map(n => Number(n.slice(9)));
  return { testLens, runs: lines.map(l => Object.fromEntries(l.split(',').map((v, i) => [names[i], v]))) };
}

// The arguments of compute('train') that train a run of the table alone (d_ff is 2·d_model in both).
const computeArgs = (r, testLens) => ({ task: r.task, pe: r.pe, causal: r.causal === 'true',
  layers: +r.layers, heads: +r.heads, d_model: +r.d_model, train_len: +r.train_len, test_lens: testLens,
  steps: +r.max_steps, batch: +r.batch, seed: +r.seed, lr: +r.lr, vocab: +r.vocab, k: +r.k, min_len: +r.min_len,
  warmup: +r.warmup, start_token: r.start_token === 'true', stop_early: true });

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
    console.log(`  the default comparison, median of 3: ${median(times).toFixed(1)} s (goal ≤ 30 s); frame CPU while training: ` +
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
    // Every step while the runs train (the goal is per step): a fresh page, Train pressed on the first
    // step, then each step in turn for 2.5 s, the frames' CPU recorded on each.
    {
      const { page: sp, context: sc } = await open(browser, site.url, '#lesson=train&step=setup');
      await frames(sp, 3);
      const steps = (await sp.evaluate(() => posenc.lessons())).find(l => l.id === 'train').steps;
      const button = await sp.evaluate(() => posenc.locate('Train'));
      await sp.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
      const rows = [];
      for (let step = 0; step < steps; step++) {
        await sp.evaluate(s => posenc.go('train', s), step);
        await recordFrames(sp);
        await sp.waitForTimeout(2500);
        const during = await recordedFrames(sp);
        const running = await sp.evaluate(() => !/Trained in/.test(document.getElementById('a11y').innerText));
        rows.push(`${step} ${during.length ? p95(during).toFixed(1) : '–'} ms (${during.length} frames${running ? '' : ', training had ended'})`);
      }
      console.log(`  frame CPU p95 on each step while training (step, p95): ${rows.join('; ')}`);
      await sc.close();
    }
    const heap = [];
    for (let i = 0; i < 10; i++) {
      await tp.evaluate(i => posenc.compute('train', { pe: ['none', 'learned', 'sinusoidal', 'rope', 'alibi', 't5'][i % 6], seed: i }), i);
      heap.push((await tp.evaluate(() => posenc.stats())).heap_bytes);
    }
    console.log(`  heap over 10 calls of compute('train') (each encoding, seeds 0 … 9): ${(heap[0] / 1048576).toFixed(1)} MB after the first, ` +
      `${(heap[9] / 1048576).toFixed(1)} MB after the tenth: ${(100 * (heap[9] / heap[0] - 1)).toFixed(1)} % (goal ≤ 10 %)`);
    await tc.close();
  },

  async train_repeat({ browser, site, open, frames, median }) {
    // One comparison in two workers, then each of its runs alone on the page's thread: a run's wall time in
    // a worker against alone (goal: within 1.3×).
    const { page, context } = await open(browser, site.url, '#lesson=train&step=setup');
    await frames(page, 3);
    console.log('\nLesson train: a run in a worker against the same run alone; memory over repeated comparisons');
    const wall = await trainOnce(page);
    const { testLens, runs } = await runsTable(page);
    console.log(`  the comparison: ${wall.toFixed(1)} s, ${runs.length} runs`);
    // Every run of the comparison again alone, on the page's thread once the workers are done.
    const ratios = [];
    for (const r of runs) {
      const out = await page.evaluate(a => posenc.compute('train', a), computeArgs(r, testLens));
      if (out.error) throw new Error(out.error);
      if (out.steps !== +r.steps) console.log(`  (${r.pe} seed ${r.seed}: ${out.steps} steps alone, ${r.steps} in the worker)`);
      ratios.push({ run: `${r.pe} seed ${r.seed}`, worker: +r.seconds, alone: out.ms / 1000, ratio: r.seconds * 1000 / out.ms });
    }
    const byRatio = [...ratios].sort((x, y) => x.ratio - y.ratio);
    const total = ratios.reduce((a, x) => a + x.worker, 0) / ratios.reduce((a, x) => a + x.alone, 0);
    console.log(`  a run in a worker against alone, all ${ratios.length} runs: ${byRatio[0].ratio.toFixed(2)}–` +
      `${byRatio[byRatio.length - 1].ratio.toFixed(2)}×, median ${median(ratios.map(x => x.ratio)).toFixed(2)}×, ` +
      `all runs' time together ${total.toFixed(2)}×; over 1.3×: ${ratios.filter(x => x.ratio > 1.3).length} (goal: none)`);
    console.log(`  the slowest: ${byRatio.slice(-3).reverse().map(x => `${x.run} ${x.worker.toFixed(2)} s vs ${x.alone.toFixed(2)} s ` +
      `(${x.ratio.toFixed(2)}×)`).join('; ')}`);
    // Five more comparisons, each with new seeds: the page's heap and each worker's after each.
    const workerMemory = async () => (await page.evaluate(() => posenc.stats())).workers.map(w => w.heap_bytes);
    const mb = b => (b / 1048576).toFixed(1);
    const rows = [];
    for (let i = 0; i < 5; i++) {
      await page.evaluate(i => { posenc.go('train', 'setup'); posenc.set('seed', 10 + 3 * i); }, i);
      await page.waitForTimeout(300);
      const t = await trainOnce(page);
      const heap = (await page.evaluate(() => posenc.stats())).heap_bytes;
      const workers = await workerMemory();
      rows.push({ heap, workers });
      console.log(`  comparison ${i + 2} (seeds ${10 + 3 * i}…): ${t.toFixed(1)} s; page heap ${mb(heap)} MB; ` +
        `workers' heaps ${workers.map(mb).join(', ')} MB`);
    }
    const first = rows[0], last = rows[rows.length - 1];
    console.log(`  memory over 5 comparisons: page heap ${mb(first.heap)} → ${mb(last.heap)} MB, workers ` +
      `${first.workers.map(mb).join('+')} → ${last.workers.map(mb).join('+')} MB (goal: flat)`);
    await context.close();
  },
};

