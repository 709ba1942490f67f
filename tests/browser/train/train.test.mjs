// Lesson train in the page: the `train` compute kind (a real training, deterministic for a seed, the run
// without positions held to the bag-of-tokens bound worked out here), hostile arguments answered at once,
// and the lesson training six runs in slices while the page stays responsive. Randomised positions and
// the start token are arguments like the others.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage, stopPage, frames, clickControl } from '../harness.mjs';

let shared, page;
before(async () => ({ page } = shared = await startPage('#lesson=order')));
after(() => stopPage(shared));

const compute = (kind, args) => page.evaluate(([k, a]) => posenc.compute(k, a), [kind, args]);
const small = { task: 'reverse', causal: false, layers: 1, heads: 2, d_model: 16, train_len: 4, test_lens: [4, 8],
  steps: 40, batch: 16, seed: 5 };

// Over every input of n tokens from 10 symbols: the mean and variance of (count of the most frequent
// token) / n, the share of reverse's answers a model that sees a bag of tokens can get right at best.
function bagBound(n, vocab = 10) {
  let sum = 0, sum2 = 0, count = 0;
  const x = new Array(n).fill(0);
  for (let i = 0; i < vocab ** n; i++) {
    let r = i;
    for (let j = 0; j < n; j++) { x[j] = r % vocab; r = Math.floor(r / vocab); }
    const c = new Array(vocab).fill(0);
    for (const t of x) c[t]++;
    const v = Math.max(...c) / n;
    sum += v, sum2 += v * v, count++;
  }
  const mean = sum / count;
  return { mean, sd: Math.sqrt(sum2 / count - mean * mean) };
}

test('train: one tiny Transformer trained in the call, its contract and its numbers', async () => {
  const r = await compute('train', { ...small, pe: 'none' });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.loss.length, 40);
  assert.ok(r.loss.every(Number.isFinite));
  assert.equal(r.train_len, 4);
  assert.deepEqual(r.test_lens, [4, 8]);
  assert.equal(r.accuracy.length, 2);
  assert.ok(r.accuracy.every(a => a >= 0 && a <= 1));
  assert.ok(r.ms > 0);
  // Without positions and with a bidirectional mask every answer slot gets the same token: on 64 test
  // sequences of 4 the accuracy stays within the bag-of-tokens bound (mean + 4 standard errors).
  const { mean, sd } = bagBound(4);
  assert.ok(r.accuracy[0] <= mean + 4 * sd / Math.sqrt(64), `none: ${r.accuracy[0]} against ${mean}`);
  // The other scores: a whole sequence right needs each of its answers right; bidirectional, nothing is
  // fed back, so free-running equals teacher-forced; the baseline at length 4 is the bag's, near its mean.
  for (let i = 0; i < 2; i++) {
    assert.ok(r.sequence_accuracy[i] <= r.accuracy[i] + 1e-12);
    assert.equal(r.greedy_accuracy[i], r.accuracy[i]);
    assert.equal(r.greedy_sequence_accuracy[i], r.sequence_accuracy[i]);
  }
  assert.ok(Math.abs(r.baseline[0] - mean) <= 4 * sd / Math.sqrt(64), `baseline ${r.baseline[0]} against ${mean}`);
  assert.equal(r.steps, 40);
  assert.equal(r.converged, false);
  assert.equal(r.stop, 'cap');
  // The same seed gives the same run; another seed another one.
  const again = await compute('train', { ...small, pe: 'none' });
  assert.deepEqual(again.loss, r.loss);
  assert.deepEqual(again.accuracy, r.accuracy);
  const other = await compute('train', { ...small, pe: 'none', seed: 6 });
  assert.notDeepEqual(other.loss, r.loss);
  // Each encoding trains; the losses of one seed differ from encoding to encoding.
  const losses = new Set();
  for (const pe of ['learned', 'sinusoidal', 'rope', 'alibi', 't5', 'random']) {
    const e = await compute('train', { ...small, pe, steps: 5 });
    assert.equal(e.error, undefined, `${pe}: ${e.error}`);
    assert.equal(e.loss.length, 5);
    losses.add(e.loss[4]);
  }
  assert.equal(losses.size, 6);
  // A start token: one more token per sequence, its own run; deterministic like every other.
  const start = await compute('train', { ...small, pe: 'random', steps: 5, start_token: true });
  assert.equal(start.start_token, true);
  assert.deepEqual((await compute('train', { ...small, pe: 'random', steps: 5, bos: true })).loss, start.loss);
  assert.ok(!losses.has(start.loss[4]));
});

test('train: stop_early ends a run once solved, and says at which step', async () => {
  const args = { task: 'copy', pe: 'learned', causal: true, layers: 1, heads: 2, d_model: 16, train_len: 2,
    test_lens: [2, 4], steps: 2000, batch: 16, lr: 0.01, seed: 3 };
  const r = await compute('train', { ...args, stop_early: true });
  assert.equal(r.error, undefined, r.error);
  assert.equal(r.stop, 'solved');
  assert.equal(r.converged, true);
  assert.ok(r.steps < 2000 && r.steps % 50 === 0, `${r.steps} steps`);
  assert.equal(r.converged_at, r.steps);
  assert.equal(r.loss.length, r.steps);
  // Without it, every step asked for is run; the rule held at the same step.
  const all = await compute('train', args);
  assert.equal(all.loss.length, 2000);
  assert.equal(all.converged_at, r.steps);
  assert.deepEqual(all.loss.slice(0, r.steps), r.loss);
  // Causal copy: a position-blind model sees the answers written, so its baseline is higher than the bag's.
  assert.ok(r.baseline[0] > 0.5, `baseline ${r.baseline[0]}`);
});

test('train: hostile arguments answer {error} at once, naming the argument; nothing is trained', async () => {
  const cases = [
    [{ layers: 1.5 }, /layers/], [{ layers: 0 }, /layers/], [{ steps: 1e9 }, /steps/], [{ task: 'sort' }, /task/],
    [{ pe: 5 }, /pe/], [{ d_model: 30, heads: 4 }, /d_model/], [{ train_len: 4, test_lens: [8, 4] }, /ascending/],
    [{ train_len: 4, test_lens: [5, 8] }, /train_len/], [{ lr: -1 }, /lr/], [{ seed: -3 }, /seed/],
    [{ batch: 'big' }, /batch/], [{ causal: 'yes' }, /causal/], [{ dropout: 0.1 }, /unknown argument/],
    [{ test_lens: [4, 'x'] }, /test_lens/], [{ vocab: 1 }, /vocab/], [{ k: 0.5 }, /k/], [{ min_len: 99 }, /min_len/],
    [{ warmup: -1 }, /warmup/], [{ stop_early: 'yes' }, /stop_early/], [{ start_token: 'yes' }, /start_token/],
    [{ start_token: 2 }, /start_token/], [{ pe: 'randomised' }, /pe must be one of .*'random'/], [{ bos: [] }, /bos/], [{ d_model: 128, layers: 6, train_len: 64, steps: 100000 }, /multiply-adds/],
  ];
  for (const [args, pattern] of cases) {
    const t0 = Date.now();
    const r = await compute('train', args);
    assert.ok(typeof r.error === 'string' && pattern.test(r.error), `${JSON.stringify(args)} → ${JSON.stringify(r).slice(0, 200)}`);
    assert.ok(Date.now() - t0 < 2000, `${JSON.stringify(args)} took ${Date.now() - t0} ms`);
  }
  const nan = await page.evaluate(() => posenc.compute('train', { d_model: NaN }));
  assert.match(nan.error, /d_model/);
});

test('lesson train: Train runs every encoding and seed; the page answers meanwhile; the text then quotes results', async () => {
  const hash = '#lesson=train&step=setup&task=reverse&causal=0&layers=1&heads=2&d_model=16&train_len=4&test_x=2&steps=120&seeds=2&seed=2';
  await page.evaluate(h => { location.hash = h; }, hash);
  await frames(page, 3);
  const mirror = () => page.evaluate(() => document.getElementById('a11y').innerText);
  assert.match(await mirror(), /Nothing has been trained/);
  const before = await page.evaluate(() => posenc.stats().frames);
  await clickControl(page, 'Train');
  // While it trains, frames keep coming without input, the API answers and another lesson opens.
  await page.waitForFunction(n => posenc.stats().frames > n + 5, before, { timeout: 10000 });
  assert.match(await mirror(), /Training now/);
  const moved = await page.evaluate(() => posenc.go('order', 1));
  assert.equal(moved.lesson, 'order');
  await frames(page, 2);
  await page.evaluate(() => posenc.go('train', 'setup'));
  await page.waitForFunction(() => /Trained in/.test(document.getElementById('a11y').innerText), null, { timeout: 60000 });
  // Trained over many frames, not inside one (the frame time while training is make bench's to measure).
  // In Web Workers the page draws ten frames a second meanwhile, and these runs take about a second.
  const after = await page.evaluate(() => posenc.stats().frames);
  assert.ok(after - before > 5, `${after - before} frames while training`);
  // The results steps quote them: the bag step, once answered, names the run without positions' accuracy.
  await page.evaluate(() => posenc.go('train', 'length'));
  await frames(page, 2);
  await clickControl(page, 'Just show me');
  await frames(page, 3);
  assert.match(await mirror(), /[Aa]t length 8/);
});
