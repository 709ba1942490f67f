// Exports: the download buttons above a visual produce real files whose numbers are the core's
// (the same as posenc.compute), named with the parameters.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { serve, launch, open, frames, clickControl } from './harness.mjs';

let site, browser;
before(async () => { site = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

function readNpy(buf) {
  assert.equal(buf.subarray(1, 6).toString('latin1'), 'NUMPY');
  const headerLen = buf.readUInt16LE(8);
  const header = buf.subarray(10, 10 + headerLen).toString('latin1');
  assert.match(header, /'descr': '<f8'/);
  assert.match(header, /'fortran_order': False/);
  const [rows, cols] = /'shape': \((\d+), (\d+)\)/.exec(header).slice(1).map(Number);
  const data = [];
  for (let k = 0; k < rows * cols; k++) data.push(buf.readDoubleLE(10 + headerLen + 8 * k));
  return { shape: [rows, cols], data };
}

test('the .npy and .csv buttons download the sinusoidal table posenc.compute gives', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=sinusoidal&step=0&len=20&dim=10&base=500',
    { downloads: true });
  await frames(page, 3);
  const expected = await page.evaluate(() => posenc.compute('sinusoidal', { len: 20, dim: 10, base: 500 }));

  const [npy] = await Promise.all([page.waitForEvent('download'), clickControl(page, '↓ .npy')]);
  assert.equal(npy.suggestedFilename(), 'pe_len20_d10_base500_interleaved.npy');
  const got = readNpy(fs.readFileSync(await npy.path()));
  assert.deepEqual(got.shape, expected.shape);
  assert.deepEqual(got.data, expected.data);

  const [csv] = await Promise.all([page.waitForEvent('download'), clickControl(page, '↓ .csv')]);
  assert.equal(csv.suggestedFilename(), 'pe_len20_d10_base500_interleaved.csv');
  const rows = fs.readFileSync(await csv.path(), 'utf8').trim().split('\n').map(l => l.split(',').map(Number));
  assert.equal(rows.length, 20);
  assert.deepEqual(rows.flat(), expected.data);
  await context.close();
});

test('lesson scaling exports inv_freq as rope_init computes it from the same config', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=scaling&step=0&model=llama3.1-8b', { downloads: true });
  await frames(page, 3);
  // Llama 3.1 8B's config.json fields (the preset's source: huggingface.co/meta-llama/Llama-3.1-8B).
  const config = { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 131072, rope_theta: 500000,
    rope_scaling: { factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192, rope_type: 'llama3' } };
  const expected = await page.evaluate(c => posenc.compute('rope_init', { config: c, seq_len: 131072 }), config);
  const [npy] = await Promise.all([page.waitForEvent('download'), clickControl(page, '↓ .npy')]);
  assert.equal(npy.suggestedFilename(), 'inv_freq_llama3_rd128_base500000_s8_L8192.npy');
  const got = readNpy(fs.readFileSync(await npy.path()));
  assert.deepEqual(got.shape, [64, 1]);
  assert.deepEqual(got.data, expected.data);
  await context.close();
});
