// A step as a card in another site's page (#…&embed=1): the site on one origin (127.0.0.1), a host page on
// another (localhost) with two cards in iframes. Both draw and keep their own state; loading them moves
// neither the host's focus nor its scroll; Tab goes into a card, through its parts and out again; the
// host's messages act only with a matching host=, and the card posts its state back. Also: the card at
// 640 × 400 and on a phone, its steps' bounds, bad values, "Copy embed code" and "open in posenc ↗".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, open, ready, frames, locate, clickControl } from './harness.mjs';
import { decodePng, colourCount } from './png.mjs';

let site, hostSite, otherSite, browser, dir;

// A host page: a text field, two iframes (src set by the test; the second runs past the window's bottom
// edge, where focusing it would scroll the page), a field after them and a tall gap; it records every
// message it receives. (Chromium runs no frames in a cross-origin iframe wholly out of sight.)
const hostPage = `<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<style>body{margin:0;font:16px sans-serif} .gap{height:900px;background:#eee} iframe{display:block;margin:20px;border:0}</style>
</head><body><input id="before" aria-label="before">
<iframe id="a" width="640" height="400" title="card a"></iframe>
<iframe id="b" width="640" height="400" title="card b"></iframe>
<input id="after" aria-label="after"><div class="gap"></div>
<script src="host.js"></script></body></html>`;
const hostScript = `window.got = [];
addEventListener('message', e => got.push({ origin: e.origin, data: e.data }));`;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posenc-embed-'));
  fs.writeFileSync(path.join(dir, 'host.html'), hostPage);
  fs.writeFileSync(path.join(dir, 'host.js'), hostScript);
  site = await serve();                    // http://127.0.0.1:<p1>/
  hostSite = await serve({ dir });         // the host page at http://localhost:<p2>/
  otherSite = await serve({ dir });        // and a third origin, http://127.0.0.1:<p3>/
  browser = await launch();
});
after(async () => {
  await browser?.close();
  site?.close();
  hostSite?.close();
  otherSite?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const hostUrl = () => hostSite.url.replace('127.0.0.1', 'localhost');
const hostOrigin = () => new URL(hostUrl()).origin;
const siteOrigin = () => new URL(site.url).origin;

// The host page with cards `a` and `b` (hashes), loaded after the host's focus and scroll are set; returns
// the page, its frames and the console lines of every frame.
async function hostWith(a, b, { url = hostUrl(), scroll = 60 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const lines = [];
  page.on('console', m => lines.push({ type: m.type(), text: m.text(), url: m.location().url }));
  page.on('pageerror', e => lines.push({ type: 'error', text: e.message, url: '' }));
  await page.goto(url + 'host.html');
  await page.focus('#before');
  await page.evaluate(y => window.scrollTo(0, y), scroll);
  await page.evaluate(([a, b]) => {
    document.getElementById('a').src = a;
    document.getElementById('b').src = b;
  }, [site.url + a, site.url + b]);
  const fa = await (await page.$('#a')).contentFrame();
  const fb = await (await page.$('#b')).contentFrame();
  await ready(fa);
  await ready(fb);
  await frames(fa, 3);
  await frames(fb, 3);
  return { context, page, fa, fb, lines };
}

const state = f => f.evaluate(() => posenc.state());
// Posts `message` to card `id` from the host page (its own origin).
const post = (page, id, message) =>
  page.evaluate(([id, m]) => document.getElementById(id).contentWindow.postMessage(m, '*'), [id, message]);
const settle = async (...fs) => { for (const f of fs) await frames(f, 3); };

test('two cards on another origin draw, keep their own state and leave the host focus and scroll alone', async () => {
  const { context, page, fa, fb, lines } = await hostWith(
    `#lesson=sinusoidal&step=1&embed=1&steps=1..3&host=${encodeURIComponent(hostOrigin())}`,
    '#lesson=sinusoidal&step=3&embed=1');
  try {
    // loading the cards took neither the focus nor the scroll position of the host page
    assert.equal(await page.evaluate(() => document.activeElement.id), 'before');
    assert.equal(await page.evaluate(() => window.scrollY), 60);
    assert.ok(await page.evaluate(() => document.getElementById('b').getBoundingClientRect().bottom > innerHeight),
      'card b runs past the bottom edge (focusing it would scroll)');
    for (const [f, step] of [[fa, 1], [fb, 3]]) {
      const s = await state(f);
      assert.equal(s.step, step);
      assert.ok(s.embed, 'a card says so in its state');
      assert.equal(await f.evaluate(() => posenc.locate(':contents')), null);
    }
    // both draw (element screenshots scroll the host: after the checks above)
    for (const id of ['#a', '#b']) {
      const img = decodePng(await page.locator(id).screenshot());
      assert.ok(colourCount(img) > 40, `${id} looks blank (${colourCount(img)} colours)`);
    }

    // the host's messages: card a (host= this origin) takes them, card b (no host=) does not
    await post(page, 'a', { posenc: 'set', name: 'len', value: 20 });
    await post(page, 'b', { posenc: 'set', name: 'len', value: 30 });
    await post(page, 'b', { posenc: 'go', step: 0 });
    await settle(fa, fb);
    assert.equal((await state(fa)).params.len, 20);
    assert.equal((await state(fb)).params.len, 100, 'card b kept its own state');
    assert.equal((await state(fb)).step, 3);
    await post(page, 'a', { posenc: 'go', step: 'forms' });  // a step id (content/en/sinusoidal.md: step 2)
    await settle(fa);
    assert.equal((await state(fa)).step, 2);
    await post(page, 'a', { posenc: 'go', step: 5 });  // outside steps 1..3: the nearest, with a notice
    await settle(fa);
    assert.equal((await state(fa)).step, 3);

    // card a posted its state back, to this origin; card b posted nothing
    const got = await page.evaluate(() => window.got);
    assert.ok(got.length >= 4, JSON.stringify(got));
    for (const m of got) {
      assert.equal(m.origin, siteOrigin());
      assert.equal(m.data.posenc, 'state');
      assert.equal(m.data.state.embed.host, hostOrigin(), 'only card a posts');
    }
    assert.deepEqual(got.map(m => m.data.state.step).slice(-2), [2, 3]);
    assert.ok(got.some(m => m.data.state.params.len === 20));
    assert.match(got.at(-1).data.state.notice, /step 5 is outside this card's steps 1–3; showing 3/);

    // malformed messages change nothing and cost at most one console line per card
    const before = await state(fa);
    for (const m of ['hello', null, 42, { posenc: 42 }, { posenc: 'go' }, { posenc: 'set', name: 5, value: 1 },
      { posenc: 'set', name: 'len' }, { posenc: 'go', step: { x: 1 } }, { posenc: 'nope' }, [1, 2]])
      await post(page, 'a', m);
    await post(page, 'a', { posenc: 'set', name: 'no_such', value: 1 });  // from the host: an error back
    await settle(fa);
    assert.deepEqual(await state(fa), before);
    assert.ok((await page.evaluate(() => window.got)).some(m => m.data.posenc === 'error' &&
      /unknown parameter 'no_such'/.test(m.data.error)));
    const warnings = url => lines.filter(l => l.url.startsWith(site.url) && l.type === 'warning' &&
      /posenc: a message was ignored/.test(l.text));
    assert.ok(warnings().length <= 2, JSON.stringify(warnings()));  // one per card at most

    // "open in posenc ↗" from inside the frame: the full view in a new tab, with card a's settings
    const link = await fa.evaluate(() => posenc.locate('open in posenc ↗'));
    const box = await page.locator('#a').boundingBox();
    const [tab] = await Promise.all([context.waitForEvent('page'),
      page.mouse.click(box.x + link.x + link.w / 2, box.y + link.y + link.h / 2)]);
    await ready(tab);
    assert.equal(new URL(tab.url()).origin, siteOrigin());
    const full = await state(tab);
    assert.equal(full.embed, undefined);
    assert.equal(full.step, 3);
    assert.equal(full.params.len, 20);
    assert.deepEqual(lines.filter(l => l.type === 'error'), []);
  } finally {
    await context.close();
  }
});

test('messages from an origin other than the card\'s host= change nothing, and no state goes there', async () => {
  const hash = `#lesson=sinusoidal&step=1&embed=1&steps=1..3&host=${encodeURIComponent(hostOrigin())}`;
  const { context, page, fa } = await hostWith(hash, '#lesson=order&step=0&embed=1', { url: otherSite.url });
  try {
    await post(page, 'a', { posenc: 'go', step: 2 });
    await post(page, 'a', { posenc: 'set', name: 'len', value: 20 });
    await settle(fa);
    const s = await state(fa);
    assert.equal(s.step, 1);
    assert.equal(s.params.len, 100);
    assert.deepEqual(await page.evaluate(() => window.got), []);  // the browser kept the state from this page
  } finally {
    await context.close();
  }
});

test('Tab moves from the host page into a card, through its parts and out to the next card', async () => {
  const { context, page, fa, fb } = await hostWith('#lesson=sinusoidal&step=1&embed=1&steps=1..2',
    '#lesson=sinusoidal&step=3&embed=1');
  try {
    await page.focus('#before');
    await page.keyboard.press('Tab');
    await settle(fa);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'a');
    assert.equal(await fa.evaluate(() => document.activeElement.id), 'canvas');
    let focusShown = 0, presses = 0;
    while (presses < 8 && await page.evaluate(() => document.activeElement.id) === 'a') {
      await page.keyboard.press('Tab');
      ++presses;
      await settle(fa);
      if (await fa.evaluate(() => posenc.locate(':focus'))) ++focusShown;
    }
    // the canvas, then the card's three parts (visual, text, bar), then out
    assert.equal(await page.evaluate(() => document.activeElement.id), 'b', `after ${presses} Tabs`);
    assert.equal(presses, 4);
    assert.ok(focusShown >= 3, `the focus frame showed on ${focusShown} parts`);
    await settle(fa);
    assert.equal(await fa.evaluate(() => posenc.locate(':focus')), null, 'the left card shows no focus frame');
    // back: Shift-Tab from the field after the cards lands in card b
    await page.focus('#after');
    await page.keyboard.press('Shift+Tab');
    await settle(fb);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'b');
  } finally {
    await context.close();
  }
});

test('a card fits 640 × 400 and a phone: no contents, text and visual side by side or stacked', async () => {
  for (const size of [{ width: 640, height: 400 }, { width: 360, height: 640, touch: true, dpr: 2 }]) {
    const { page, errors, context } = await open(browser, site.url, '#lesson=rope&step=2&embed=1&steps=1..3', size);
    try {
      await frames(page, 3);
      const found = await page.evaluate(() => Object.fromEntries([':contents', '☰', ':text', ':visual', 'Prev', 'Next',
        'open in posenc ↗', 'Copy embed code'].map(l => [l, posenc.locate(l)])));
      assert.equal(found[':contents'], null);
      assert.equal(found['☰'], null);
      assert.equal(found['Copy embed code'], null);
      const { ':text': text, ':visual': visual } = found;
      assert.ok(text && visual);
      if (size.width === 640) assert.ok(text.x + text.w <= visual.x + 1, 'side by side');
      else assert.ok(text.y + text.h <= visual.y + 1, 'text above the visual');
      for (const l of ['Prev', 'Next', 'open in posenc ↗']) {
        const r = found[l];
        assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.w <= size.width && r.y + r.h <= size.height, `${l} in sight`);
      }
      const img = decodePng(await page.screenshot());
      assert.ok(colourCount(img) > 40);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('Prev/Next and the arrows keep to steps=a..b; a card of one step has neither', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=sinusoidal&step=1&embed=1&steps=1..2',
    { width: 640, height: 400 });
  try {
    await clickControl(page, 'Next');
    await frames(page);
    assert.equal((await state(page)).step, 2);
    await clickControl(page, 'Next');  // disabled at the range's end
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await frames(page);
    assert.equal((await state(page)).step, 2);
    for (const key of ['ArrowLeft', 'ArrowLeft', 'PageUp']) await page.keyboard.press(key);
    await frames(page);
    assert.equal((await state(page)).step, 1);
    assert.equal((await state(page)).lesson, 'sinusoidal');
    await page.evaluate(() => { location.hash = '#lesson=sinusoidal&step=4&embed=1'; });
    await frames(page);
    assert.equal(await page.evaluate(() => posenc.locate('Next')), null);
    await page.keyboard.press('ArrowRight');
    await frames(page);
    assert.equal((await state(page)).step, 4);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('bad embed, steps and host values are read as the nearest good ones, with a notice', async () => {
  const { page, errors, context } = await open(browser, site.url,
    '#lesson=sinusoidal&step=9&embed=yes&steps=zz..99&host=example.com', { width: 640, height: 400 });
  try {
    await frames(page);
    const s = await state(page);
    assert.deepEqual(s.embed, { steps: [0, 5], host: '' });
    assert.equal(s.step, 5);
    const said = await page.evaluate(() => document.getElementById('notices').textContent);
    assert.match(said, /embed: 'yes' read as 1/);
    assert.match(said, /steps: 'zz' is neither a number nor a step/);
    assert.match(said, /; 99 read as 5/);  // (the subject "steps:" is said once)
    assert.match(said, /host: 'example.com' is not an origin/);
    assert.ok(await page.evaluate(() => posenc.locate(':notices')), 'the notice is on screen');
    for (const h of ['embed=1&steps=..', 'embed=1&steps=%00..%ff', 'embed=%E4%B8%AD&steps=1e308..-1e308',
      'embed=1&host=https%3A%2F%2F' + 'x'.repeat(400), 'embed=1&steps=' + '9'.repeat(400), 'embed=&steps=....',
      'embed=1&steps=2..1&step=-7', 'embed=0&steps=1..2&host=*'])
      await page.evaluate(h => { location.hash = '#lesson=rope&' + h; }, h);
    // Each hash arrives by its own hashchange event: wait until the page has read the last one (under load
    // a frame can come before it), then look.
    await page.waitForFunction(() => posenc.state().lesson === 'rope' && !posenc.state().embed, null,
      { timeout: 10000 }).catch(() => {});
    await frames(page);
    const last = await state(page);
    assert.equal(last.lesson, 'rope');
    assert.equal(last.embed, undefined, 'embed=0: the full view');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Copy embed code gives an <iframe> of the current step that opens as that card', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=rope&step=2&dim=32');
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteOrigin() });
    await clickControl(page, 'Copy embed code');
    await frames(page);
    const code = await page.evaluate(() => navigator.clipboard.readText());
    // one element, its attributes as an HTML parser reads them (the page's CSP keeps DOMParser from it)
    const whole = /^<iframe((?: [a-z]+="[^"<>]*")*)><\/iframe>$/.exec(code);
    assert.ok(whole, code);
    const entity = { amp: '&', quot: '"', lt: '<', gt: '>' };
    const parsed = Object.fromEntries([...whole[1].matchAll(/ ([a-z]+)="([^"]*)"/g)]
      .map(([, k, v]) => [k, v.replace(/&(amp|quot|lt|gt);/g, (_, e) => entity[e])]));
    assert.equal(parsed.width, '640');
    assert.equal(parsed.height, '400');
    assert.equal(parsed.loading, 'lazy');
    assert.equal(parsed.style, 'border:0');
    const lesson = (await page.evaluate(() => posenc.lessons())).find(l => l.id === 'rope').title;
    const stepTitle = await page.evaluate(() => document.querySelector('#a11y h2').textContent);
    assert.equal(parsed.title, `posenc: ${lesson} — ${stepTitle}`);
    const src = new URL(parsed.src);
    assert.equal(src.origin + src.pathname, site.url);
    const keys = new URLSearchParams(src.hash.slice(1));
    assert.equal(keys.get('lesson'), 'rope');
    assert.equal(keys.get('step'), '2');
    assert.equal(keys.get('dim'), '32');
    assert.equal(keys.get('embed'), '1');
    assert.match(await page.evaluate(() => document.getElementById('notices').textContent), /copied the embed code/);
    // the snippet's card shows that step with those settings
    const card = await open(browser, parsed.src, '', { width: 640, height: 400 });
    const s = await state(card.page);
    assert.equal(s.step, 2);
    assert.equal(s.params.dim, 32);
    assert.deepEqual(s.embed, { steps: [2, 2], host: '' });
    await card.context.close();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('"open in posenc ↗" opens the full view of the same step in a new tab, without the card\'s keys', async () => {
  const { page, errors, context } = await open(browser, site.url,
    `#lesson=sinusoidal&step=2&len=20&embed=1&steps=1..3&host=${encodeURIComponent(hostOrigin())}`,
    { width: 640, height: 400 });
  try {
    const { x, y } = await locate(page, 'open in posenc ↗');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.mouse.click(x, y)]);
    await tab.waitForLoadState();
    await ready(tab);
    const keys = new URLSearchParams(new URL(tab.url()).hash.slice(1));
    assert.equal(keys.get('lesson'), 'sinusoidal');
    assert.equal(keys.get('step'), '2');
    assert.equal(keys.get('len'), '20');
    for (const k of ['embed', 'steps', 'host']) assert.equal(keys.get(k), null, k);
    assert.equal(await tab.evaluate(() => window.opener), null);
    const s = await state(tab);
    assert.equal(s.embed, undefined);
    assert.equal(s.params.len, 20);
    assert.equal((await state(page)).step, 2, 'the card stays');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
