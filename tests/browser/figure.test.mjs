// Save figure (#36): posenc.figure('svg'|'png') and the "Save figure" button, for a heatmap step, a line
// plot step and a clock step, in English and Chinese. The SVG parses in the page, holds the step's axis
// labels as <text> (the labels are read from the lessons' code and zh.tsv files, not from the app); the PNG
// decodes, is twice the SVG's CSS size, and is the canvas's own pixels of the visual, downscaled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, open, frames, clickControl } from './harness.mjs';
import { decodePng } from './png.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let site, browser;
before(async () => { site = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

// The Chinese of an interface string, from the zh.tsv files next to the code (key, tab, Chinese).
function zh(key, ...files) {
  for (const file of files)
    for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (!line.startsWith('#') && tab > 0 && line.slice(0, tab) === key) return line.slice(tab + 1);
    }
  throw new Error(`no Chinese for "${key}" in ${files.join(', ')}`);
}

// What each step draws, as its code says: the heatmap's axis labels (Lesson::position_rows in
// src/lessons/lesson.cpp), the line plot's x label (frequencies.cpp: plot(…, "position", 13)), the clock's
// axes (src/ui/clock.cpp draw_axes: "Re", "Im", never translated) and title (clock.cpp draw_one).
const steps = [
  { hash: 'lesson=sinusoidal&step=table', kind: 'heatmap', labels: { en: ['position', 'dimension'],
    zh: [zh('position', 'src/lessons/zh.tsv'), zh('dimension', 'src/lessons/zh.tsv')] } },
  { hash: 'lesson=frequencies&step=waves', kind: 'line plot', labels: { en: ['position'],
    zh: [zh('position', 'src/lessons/zh.tsv')] } },
  { hash: 'lesson=clock&step=one-hand', kind: 'clock', labels: { en: ['Re', 'Im'], zh: ['Re', 'Im'] },
    title: { en: 'pair 0: (cos, sin) of pos · ω_0, a point on the unit circle',
      zh: zh('pair 0: (cos, sin) of pos · ω_0, a point on the unit circle', 'src/lessons/clock/zh.tsv') } },
];

// The SVG parsed by the page's DOMParser: {error} (a parsererror's text) or its size and texts.
function parseSvg(page, svg) {
  return page.evaluate(text => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    if (error) return { error: error.textContent };
    const svg = doc.documentElement;
    return { root: svg.localName, ns: svg.namespaceURI, width: Number(svg.getAttribute('width')),
      height: Number(svg.getAttribute('height')), viewBox: svg.getAttribute('viewBox'),
      texts: [...doc.querySelectorAll('text')].map(t => t.textContent),
      images: [...doc.querySelectorAll('image')].map(i => (i.getAttribute('xlink:href') || '').slice(0, 22)),
      paths: doc.querySelectorAll('path').length };
  }, svg);
}

function decodeDataUrl(url) {
  assert.match(url, /^data:image\/png;base64,/);
  return decodePng(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

// The figure's PNG against the canvas's pixels of the visual's box (posenc.locate(':figure'), CSS
// pixels), `k` PNG pixels per canvas pixel. A canvas pixel is compared with its k × k block of the PNG, as
// their mean or as one of them, whichever is closer: where the canvas magnifies a texture (a heatmap's
// cells, sampled nearest) a cell's edge can fall inside the canvas pixel, which then takes one side's
// colour, the block's one sample. The figure has a margin round the box: the offset is searched near
// where it should be. Returns the mean absolute difference per channel (0–255) and the share of pixels
// off by more than 48 in some channel.
function compare(png, shot, k) {
  const at = (img, x, y) => (y * img.width + x) * img.channels;
  const diff = (ox, oy, step) => {
    let sum = 0, n = 0, off = 0;
    const tiles = new Map();  // off pixels per 16 × 16 tile: what is missing or moved clusters
    const mean = [0, 0, 0], d = [0, 0, 0];
    for (let y = 0; y < shot.height; y += step)
      for (let x = 0; x < shot.width; x += step) {
        const a = at(shot, x, y);
        mean.fill(0);
        let best = Infinity, worst = 0;  // the closest candidate's sum and largest channel difference
        const consider = () => {
          const total = d[0] + d[1] + d[2];
          if (total < best) best = total, worst = Math.max(d[0], d[1], d[2]);
        };
        for (let j = 0; j < k; j++)
          for (let i = 0; i < k; i++) {
            const b = at(png, (x + ox) * k + i, (y + oy) * k + j);
            for (let c = 0; c < 3; c++) {
              mean[c] += png.data[b + c] / (k * k);
              d[c] = Math.abs(shot.data[a + c] - png.data[b + c]);
            }
            consider();
          }
        for (let c = 0; c < 3; c++) d[c] = Math.abs(shot.data[a + c] - mean[c]);
        consider();
        sum += best;
        n += 3;
        if (worst > 48) {
          off++;
          const t = `${x >> 4},${y >> 4}`;
          tiles.set(t, (tiles.get(t) || 0) + 1);
        }
      }
    return { mean: sum / n, off: off / (n / 3), tile: Math.max(0, ...tiles.values()) };
  };
  let best = null;
  const m = Math.round((png.width / k - shot.width) / 2);  // about the margin
  for (let oy = m - 3; oy <= m + 3; oy++)
    for (let ox = m - 3; ox <= m + 3; ox++) {
      if (ox < 0 || oy < 0 || (ox + shot.width) * k > png.width || (oy + shot.height) * k > png.height) continue;
      const d = diff(ox, oy, 3);
      if (!best || d.mean < best.mean) best = { ...d, ox, oy };
    }
  assert.ok(best, 'the canvas box fits in the figure');
  return { ...diff(best.ox, best.oy, 1), ox: best.ox, oy: best.oy };
}

async function readyIn(page, lang) {
  if (lang === 'zh')  // the Chinese text and font arrive after the first frame; then the bar says 保存图片
    await page.waitForFunction(label => {
      window.dispatchEvent(new Event('resize'));
      return window.posenc.locate(label) !== null;
    }, zh('Save figure', 'src/app/zh.tsv'), { timeout: 15000, polling: 'raf' });
  await frames(page, 5);
}

for (const lang of ['en', 'zh'])
  test(`posenc.figure: a heatmap, a line plot and a clock as SVG with their labels as text, and as a 2× PNG (${lang})`,
    async () => {
      const { page, errors, context } = await open(browser, site.url, `#${steps[0].hash}&lang=${lang}`,
        { width: 1280, height: 1000 });
      await readyIn(page, lang);
      for (const step of steps) {
        await page.evaluate(h => { location.hash = h; }, `#${step.hash}&lang=${lang}`);
        await frames(page, 5);
        const svg = await page.evaluate(() => posenc.figure('svg'));
        assert.equal(typeof svg, 'string', `${step.kind}: ${JSON.stringify(svg)}`);
        const doc = await parseSvg(page, svg);
        assert.equal(doc.error, undefined, `${step.kind}: the SVG does not parse: ${doc.error}`);
        assert.equal(doc.root, 'svg');
        assert.equal(doc.ns, 'http://www.w3.org/2000/svg');
        assert.equal(doc.viewBox, `0 0 ${doc.width} ${doc.height}`);
        for (const label of step.labels[lang])
          assert.ok(doc.texts.includes(label), `${step.kind} (${lang}): no <text>${label}</text> among ${JSON.stringify(doc.texts)}`);
        if (step.title) {  // a title may wrap: its runs in order, spaces aside
          const joined = doc.texts.join('').replace(/\s/g, '');
          assert.ok(joined.includes(step.title[lang].replace(/\s/g, '')), `${step.kind} (${lang}): title ${step.title[lang]} in ${joined}`);
        }
        if (lang === 'zh') assert.ok(doc.texts.some(t => /[\u4e00-\u9fff]/.test(t)), `${step.kind}: Chinese text`);
        if (step.kind === 'heatmap') assert.deepEqual(doc.images, ['data:image/png;base64,']);
        assert.ok(doc.paths > 5, `${step.kind}: shapes as paths`);
        const png = decodeDataUrl(await page.evaluate(() => posenc.figure('png')));
        assert.equal(png.width, Math.round(2 * doc.width), `${step.kind}: PNG width`);
        assert.equal(png.height, Math.round(2 * doc.height), `${step.kind}: PNG height`);
      }
      await frames(page, 3);
      assert.deepEqual(errors, []);
      await context.close();
    });

// Measured here (headless Chromium, SwiftShader), canvas against figure of the same view: mean absolute
// differences 0.01–0.4 per channel, at most 0.03% of pixels off by more than 48, at most 10 of them in a
// 16 × 16 tile at 1× and 22 at 2× (a label one device pixel lower: ImGui floors where text starts, and the
// figure's sums of the same offsets from another origin may round the other way at a pixel's edge). What
// differs is how edges are smoothed: the canvas draws 1× with ImGui's one-pixel fringes and its line
// texture, the figure 2× with half-pixel fringes, then shrunk; its text is the 1× font atlas magnified.
// Against the figure of a slightly different view (the clock's hand turned by 0.1 rad) the same measures
// give 0.25–0.35% of pixels and 80–160 in a tile: the bounds below lie between the two.
const within = d => d.mean < 1 && d.off < 0.001 && d.tile <= 40;

for (const dpr of [1, 2])
  test(`the PNG is the canvas's own pixels of the visual, at devicePixelRatio ${dpr}`, async () => {
    const { page, errors, context } = await open(browser, site.url, `#${steps[0].hash}`,
      { width: 1280, height: 1000, dpr });
    await frames(page, 5);
    const canvas = async () => {
      const box = await page.evaluate(() => posenc.locate(':figure'));
      assert.ok(box && box.y + box.h < 1000, `the visual is on screen whole: ${JSON.stringify(box)}`);
      return decodePng(await page.screenshot({ scale: 'device',
        clip: { x: box.x, y: box.y, width: Math.floor(box.w), height: Math.floor(box.h) } }));
    };
    const figure = async () => decodeDataUrl(await page.evaluate(() => posenc.figure('png')));
    for (const step of steps) {
      await page.evaluate(h => { location.hash = h; }, `#${step.hash}`);
      await frames(page, 5);
      const d = compare(await figure(), await canvas(), 2 / dpr);
      console.log(`${step.kind} at ${dpr}×: mean |Δ| ${d.mean.toFixed(2)}, ${(100 * d.off).toFixed(3)}% of pixels off by > 48, at most ${d.tile} in a 16 × 16 tile, offset ${d.ox},${d.oy}`);
      assert.ok(within(d), `${step.kind}: ${JSON.stringify(d)}`);
    }
    // The comparison tells views apart: the canvas now, the figure after the clock's hand turned a little.
    const shot = await canvas();
    await page.evaluate(() => posenc.set('pos', 10.1));
    await frames(page, 3);
    const d = compare(await figure(), shot, 2 / dpr);
    console.log(`clock, hand turned by 0.1 rad, at ${dpr}×: ${(100 * d.off).toFixed(3)}% off, at most ${d.tile} in a tile`);
    assert.ok(!within(d), JSON.stringify(d));
    assert.deepEqual(errors, []);
    await context.close();
  });

test('"Save figure" downloads the SVG and the PNG posenc.figure gives, named after the step', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=sinusoidal&step=table&len=20&dim=10',
    { downloads: true });
  await frames(page, 5);
  const svg = await page.evaluate(() => posenc.figure('svg'));
  const png = await page.evaluate(() => posenc.figure('png'));
  const files = {};
  const got = new Promise(resolve => page.on('download', async d => {
    files[d.suggestedFilename()] = fs.readFileSync(await d.path());
    if (Object.keys(files).length === 2) resolve();
  }));
  await clickControl(page, 'Save figure');
  await got;
  assert.deepEqual(Object.keys(files).sort(), ['figure_sinusoidal_table.png', 'figure_sinusoidal_table.svg']);
  assert.equal(files['figure_sinusoidal_table.svg'].toString('utf8'), svg);
  assert.equal(files['figure_sinusoidal_table.png'].toString('base64'), png.slice(png.indexOf(',') + 1));
  await frames(page, 3);
  assert.deepEqual(errors, []);
  await context.close();
});

// (The first call also fetches the deferred module posenc.figure lives in, as compute's first does.)
test('posenc.figure with a bad kind answers {error} within a second, and the app keeps drawing', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=0');
  const answers = await page.evaluate(() => [undefined, null, 42, {}, [], '', 'SVG', 'jpg', 'svg ', 'png'.repeat(500),
    '\u202e', '中文'].map(k => { const t0 = performance.now(); const r = posenc.figure(k); return { r, ms: performance.now() - t0 }; }));
  for (const { r, ms } of answers) {
    assert.equal(typeof r.error, 'string', JSON.stringify(r));
    assert.match(r.error, /'svg' or 'png'/);
    assert.ok(ms < 1000, `${ms} ms`);
  }
  const before = (await page.evaluate(() => posenc.stats())).frames;
  await frames(page, 3);
  assert.ok((await page.evaluate(() => posenc.stats())).frames > before);
  assert.deepEqual(errors, []);
  await context.close();
});
