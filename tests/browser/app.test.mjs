// The walkthrough in real headless Chromium: loading, drawing, navigation, deep links, hostile input.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, ready, frames, hashOf, locate, clickControl } from './harness.mjs';
import { decodePng, colourCount } from './png.mjs';

let site, browser;
before(async () => { site = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); site?.close(); });

test('the page loads on lesson 1 with no console errors and draws a non-blank screen', async () => {
  const { page, errors, context } = await open(browser, site.url);
  const lessons = await page.evaluate(() => posenc.lessons());
  assert.equal(lessons[0].id, 'order');
  assert.equal(lessons[0].title, 'Why order matters');
  assert.ok(lessons[0].steps >= 4);
  const state = await page.evaluate(() => posenc.state());
  assert.equal(state.lesson, 'order');
  assert.equal(state.step, 0);
  assert.equal(state.lang, 'en');
  await frames(page, 5);
  const img = decodePng(await page.screenshot());
  assert.ok(colourCount(img) > 40, `screenshot looks blank (${colourCount(img)} colours)`);
  // the loader is gone and the canvas fills the window
  assert.equal(await page.evaluate(() => document.getElementById('loader').classList.contains('done')), true);
  const size = await page.evaluate(() => [canvas.width, canvas.height, innerWidth, innerHeight]);
  assert.deepEqual(size.slice(0, 2), size.slice(2));
  assert.deepEqual(errors, []);
  await context.close();
});

test('at devicePixelRatio 2 the canvas has twice the CSS pixels (crisp text)', async () => {
  const { page, context } = await open(browser, site.url, '', { width: 390, height: 844, dpr: 2 });
  await frames(page, 3);
  const size = await page.evaluate(() => [canvas.width, canvas.height]);
  assert.deepEqual(size, [780, 1688]);
  await context.close();
});

test('arrow keys move through the steps and update the hash', async () => {
  const { page, context } = await open(browser, site.url);
  await page.keyboard.press('ArrowRight');
  await frames(page);
  assert.equal((await page.evaluate(() => posenc.state())).step, 1);
  assert.match(await hashOf(page), /lesson=order&step=1/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await frames(page, 6);  // two taps: press, release, press — one key change per frame
  assert.equal((await page.evaluate(() => posenc.state())).step, 3);
  await page.keyboard.press('ArrowLeft');
  await frames(page);
  assert.match(await hashOf(page), /step=2/);
  const history = await page.evaluate(() => history.length);
  assert.ok(history <= 2, 'hash updates use replaceState, not new history entries');
  await context.close();
});

// On a phone the text and the visual share one window: the covered visual says to predict first, and the
// question box's "Just show me" (once one of two buttons with one ID that took each other's presses)
// reveals the answer.
test('"Just show me" reveals the answer on a phone, tapped or clicked', async () => {
  for (const tap of [true, false]) {
    const { page, context } = await open(browser, site.url, '#lesson=order&step=3', { width: 390, height: 844, dpr: 2, touch: tap });
    await frames(page);
    assert.equal(await page.evaluate(() => posenc.locate('Ask me again')), null);  // not answered yet
    await clickControl(page, 'Just show me', { tap });
    await frames(page, 4);
    assert.ok(await page.evaluate(() => posenc.locate('Ask me again')), `the answer is shown after the ${tap ? 'tap' : 'click'}`);
    await context.close();
  }
});

test('the Next button works with a mouse click and with a touch tap on a phone', async () => {
  const { page, context } = await open(browser, site.url);
  assert.equal(await page.evaluate(() => posenc.locate('no such control')), null);
  assert.match((await page.evaluate(() => posenc.locate(42))).error, /label must be a string/);
  await clickControl(page, 'Next');  // at the bottom of the text column (1280 × 800)
  await frames(page);
  assert.equal((await page.evaluate(() => posenc.state())).step, 1);
  await context.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
    hasTouch: true, isMobile: true });
  const p = await phone.newPage();
  await p.goto(site.url);
  await p.waitForFunction(() => window.posenc && window.posenc.ready);
  await p.evaluate(() => posenc.ready);
  await frames(p);
  const next = await locate(p, 'Next');  // in the bar pinned to the bottom
  assert.ok(next.y > 844 - 80, JSON.stringify(next.rect));
  // at devicePixelRatio 2 the rectangle is in CSS pixels: inside the 390 × 844 viewport
  assert.ok(next.rect.x + next.rect.w <= 390 && next.rect.y + next.rect.h <= 844, JSON.stringify(next.rect));
  await clickControl(p, 'Next', { tap: true });
  await frames(p);
  assert.equal((await p.evaluate(() => posenc.state())).step, 1);
  await phone.close();
});

test('a deep link restores lesson, step and parameters', async () => {
  const hash = '#lesson=order&step=3&text=the%20cat%20chased%20the%20dog&dim=12&seed=5&pe=1&order=4,1,2,3,0&lang=en';
  const { page, errors, context } = await open(browser, site.url, hash);
  const s = await page.evaluate(() => posenc.state());
  assert.equal(s.lesson, 'order');
  assert.equal(s.step, 3);
  assert.deepEqual(s.params, { text: 'the cat chased the dog', dim: 12, seed: 5, pe: true, order: [4, 1, 2, 3, 0] });
  await frames(page);
  // the app rewrites the same view into the hash
  const again = await hashOf(page);
  const { page: page2, context: c2 } = await open(browser, site.url, again);
  assert.deepEqual(await page2.evaluate(() => posenc.state()), s);
  assert.deepEqual(errors, []);
  await context.close();
  await c2.close();
});

test('hostile hash values are clamped and the app keeps drawing', async () => {
  const { page, errors, context } = await open(browser, site.url);
  const hostile = [
    '#lesson=order&step=99999', '#lesson=order&step=-5', '#lesson=%00%ff&step=NaN', '#lesson=nope',
    '#lesson=order&dim=1e308', '#lesson=order&dim=-1', '#lesson=order&seed=Infinity', '#lesson=order&order=0,0,0',
    '#lesson=order&order=' + '1,'.repeat(5000), '#lesson=order&text=' + 'x%20'.repeat(3000),
    '#lesson=order&text=%E4%BD%A0%E7%88%B1', '#lang=klingon', '#' + '&'.repeat(10000), '#=&==&a=b=c',
    '#lesson=order&pe=%F0%9F%98%80', '#%', '#lesson=order&step=1e400',
  ];
  for (const h of hostile) {
    await page.evaluate(h => { location.hash = h; }, h);
    await frames(page, 2);
    const s = await page.evaluate(() => posenc.state());
    assert.equal(s.lesson, 'order', h);
    assert.ok(s.step >= 0 && s.step < 5, h);
    assert.ok(s.params.dim >= 4 && s.params.dim <= 64, h);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('hostile hash on first load still opens the app', async () => {
  const { page, errors, context } = await open(browser, site.url, '#lesson=order&step=-1&dim=abc&order=x');
  const s = await page.evaluate(() => posenc.state());
  assert.equal(s.step, 0);
  assert.equal(s.params.dim, 8);
  // The notice is said to screen readers (the page's polite live region), and is drawn where it covers
  // no control: above the step bar, below the text.
  const said = await page.evaluate(() => {
    const region = document.getElementById('notices');
    return { text: region.textContent, live: region.getAttribute('aria-live') };
  });
  assert.equal(said.live, 'polite');
  assert.match(said.text, /step clamped to 0/);
  assert.match(said.text, /not a number/);
  const strip = await locate(page, ':notices');
  const next = await locate(page, 'Next');
  assert.ok(strip && next && strip.rect.y + strip.rect.h <= next.rect.y, JSON.stringify({ strip, next }));
  assert.deepEqual(errors, []);
  await context.close();
});

test('go and set move the walkthrough like the UI, with the same clamping', async () => {
  const { page, context } = await open(browser, site.url);
  let s = await page.evaluate(() => posenc.go('order', 2));
  assert.equal(s.step, 2);
  await frames(page);
  assert.match(await hashOf(page), /step=2/);
  s = await page.evaluate(() => posenc.go('order', 400));
  assert.equal(s.step, 4);
  assert.ok(s.notice);
  assert.ok((await page.evaluate(() => posenc.go('nope'))).error);
  assert.ok((await page.evaluate(() => posenc.go(42))).error);
  s = await page.evaluate(() => posenc.set('dim', 1000));
  assert.equal(s.params.dim, 64);
  s = await page.evaluate(() => posenc.set('pe', true));
  assert.equal(s.params.pe, true);
  s = await page.evaluate(() => posenc.set('order', [6, 5, 4, 3, 2, 1, 0]));
  assert.deepEqual(s.params.order, [6, 5, 4, 3, 2, 1, 0]);
  assert.ok((await page.evaluate(() => posenc.set('bogus', 1))).error);
  assert.ok((await page.evaluate(() => posenc.set('dim', {}))).error);
  await frames(page);
  assert.match(await hashOf(page), /dim=64/);
  await context.close();
});

test('stats report frame times and heap bytes', async () => {
  const { page, context } = await open(browser, site.url);
  await frames(page, 10);
  const st = await page.evaluate(() => posenc.stats());
  assert.ok(st.frames >= 10);
  assert.ok(st.frame_ms.p50 > 0 && st.frame_ms.p50 <= st.frame_ms.p95 && st.frame_ms.p95 <= st.frame_ms.max);
  assert.ok(st.heap_bytes > 100000);
  await context.close();
});

test('drawing reads no GL state back: no synchronous WebGL query while frames are drawn', async () => {
  // Each query is a round trip to the GPU process (tens of ms under SwiftShader); the app owns the GL
  // state, so its renderer never asks. Counted from the page's own WebGL2 calls.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__glReads = {};
    const P = WebGL2RenderingContext.prototype;
    for (const f of ['getParameter', 'getError', 'getShaderParameter', 'getProgramParameter', 'getUniformLocation',
                     'getAttribLocation', 'getExtension', 'getSupportedExtensions', 'readPixels', 'getShaderInfoLog',
                     'getProgramInfoLog', 'getContextAttributes']) {
      const original = P[f];
      P[f] = function (...args) { window.__glReads[f] = (window.__glReads[f] || 0) + 1; return original.apply(this, args); };
    }
  });
  await page.goto(site.url + '#lesson=sinusoidal&step=1');
  await ready(page);
  const atStart = await page.evaluate(() => ({ ...window.__glReads }));
  await new Promise(r => setTimeout(r, 1500));  // the shader check, a second after start, reads once
  const checked = await page.evaluate(() => ({ ...window.__glReads }));
  assert.ok(checked.getProgramParameter >= 1, `the renderer's link status was never read: ${JSON.stringify(checked)}`);
  await page.evaluate(() => { window.__glReads = {}; });
  await frames(page, 20);
  await page.evaluate(() => posenc.set('dim', 96));  // a new table: its texture is uploaded again
  await frames(page, 5);
  await page.evaluate(() => posenc.go('rope', 3));
  await frames(page, 5);
  assert.deepEqual(await page.evaluate(() => window.__glReads), {});
  assert.ok((atStart.getParameter || 0) <= 1, `start-up queries: ${JSON.stringify(atStart)}`);  // the maximum texture size, once
  await context.close();
});

test('the app renders on demand: idle, it stops drawing; input, API calls and animation bring frames back', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=sinusoidal&step=0');
  const drawn = () => page.evaluate(() => posenc.stats().frames);
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  await sleep(500);
  let before = await drawn();
  await sleep(1500);
  assert.ok(await drawn() - before <= 2, 'frames drawn while idle');

  before = await drawn();
  const { x, y } = await locate(page, ':visual');  // the middle of the visual column
  await page.mouse.move(x, y);
  await page.mouse.move(x + 10, y + 20);
  await sleep(300);
  assert.ok(await drawn() > before, 'a mouse move draws');

  before = await drawn();
  await page.evaluate(() => posenc.set('dim', 64));
  await sleep(300);
  assert.ok(await drawn() > before, 'an API call draws');
  assert.match(await hashOf(page), /dim=64/);  // … and the hash follows without further input

  // A playing clock animates: frames keep coming without input, and the position advances.
  await page.evaluate(() => posenc.go('clock', 0));
  await page.evaluate(() => posenc.set('pos', 10));
  await page.evaluate(() => posenc.set('play', true));
  before = await drawn();
  await sleep(1000);
  assert.ok(await drawn() - before >= 10, 'a playing clock keeps drawing');
  const pos = (await page.evaluate(() => posenc.state())).params.pos;
  assert.ok(pos > 10.5, `the clock advanced (pos ${pos})`);
  await page.evaluate(() => posenc.set('play', false));
  await sleep(300);
  before = await drawn();
  await sleep(1000);
  assert.ok(await drawn() - before <= 2, 'a paused clock is idle');
  await context.close();
});

test('progress is remembered across visits', async () => {
  const { page, context } = await open(browser, site.url);
  await page.evaluate(() => posenc.go('order', 3));
  await frames(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('posenc.progress')), 'order=4');
  await context.close();
});

// A swipe on a phone scrolls the page (ImGui 1.86 has no touch scrolling of its own), and the wheel
// scrolls on a desktop; both are seen in where posenc.locate finds things afterwards. The swipe moves a
// little first (`first` pixels, past the 10 that make a touch a scroll) and lets the app draw that
// before going on, so that a scroll that let go of what it started on where the finger is would still be
// over it, and click it.
async function swipe(page, x, y0, y1, first = 12) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  await frames(page, 2);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + Math.sign(y1 - y0) * first }] });
  await frames(page, 2);
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + (y1 - y0) * i / steps }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a vertical swipe scrolls the phone page without clicking what it started on', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1,
    hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await page.goto(site.url + '#lesson=order&step=2');
  await page.waitForFunction(() => window.posenc && window.posenc.ready);
  await page.evaluate(() => posenc.ready);
  await frames(page, 3);
  const text = (await locate(page, ':text')).rect;
  const code = (await locate(page, '</> Code')).rect;  // the export bar, at the top of the visual
  const order = (await page.evaluate(() => posenc.state())).params.order;
  // From near the button's bottom edge: after the first 12 pixels the finger is still over it.
  const x = code.x + code.w / 2, y = code.y + code.h - 3;
  await swipe(page, x, y, y - 250);
  await frames(page, 5);
  assert.equal(await page.evaluate(() => posenc.locate('Hide code')), null, 'the swipe clicked </> Code');
  assert.deepEqual((await page.evaluate(() => posenc.state())).params.order, order, 'a swipe must not swap tokens');
  const moved = (await locate(page, '</> Code')).rect;
  assert.ok(moved.y < code.y - 150, `the page did not scroll: ${JSON.stringify([code, moved])}`);
  const scrolled = (await locate(page, ':text')).rect;  // its first lines went out of sight at the top
  assert.ok(scrolled.h < text.h - 150, `the text did not scroll: ${JSON.stringify([text, scrolled])}`);
  await phone.close();
});

test('the mouse wheel scrolls the visual column', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=1', { width: 1000, height: 600 });
  await frames(page, 3);
  const visual = await locate(page, ':visual');
  const npy = (await locate(page, '↓ .npy')).rect;  // the export bar, at the visual's top
  await page.mouse.move(visual.x, visual.y);
  await page.mouse.wheel(0, 400);
  await frames(page, 5);
  // (Its pixels change anyway: the mouse over the visual highlights what it points at.)
  const moved = await page.evaluate(() => posenc.locate('↓ .npy'));
  assert.ok(!moved || moved.y < npy.y - 50, `the export bar did not move up: ${JSON.stringify([npy, moved])}`);
  assert.ok(await page.evaluate(() => posenc.locate(':visual')), 'the visual column is gone');
  await context.close();
});

test('a key pressed and released between two frames is not lost', async () => {
  const { page, context } = await open(browser, site.url);
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => {
      for (const type of ['keydown', 'keyup'])
        window.dispatchEvent(new KeyboardEvent(type, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39, bubbles: true }));
    });
    await frames(page, 3);
  }
  assert.equal((await page.evaluate(() => posenc.state())).step, 3);
  // three taps inside one task (all between two frames) still count three steps
  await page.evaluate(() => {
    for (let i = 0; i < 3; i++)
      for (const type of ['keydown', 'keyup'])
        window.dispatchEvent(new KeyboardEvent(type, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39, bubbles: true }));
  });
  await frames(page, 8);
  const st = await page.evaluate(() => posenc.state());  // 3 → 4 (lesson 1's last), then lesson 2 steps 0, 1
  assert.deepEqual([st.lesson, st.step], ['naive', 1]);
  await context.close();
});

test('predict, then reveal: the answer waits for a prediction, which is kept across visits', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3');
  await frames(page, 3);
  let text = await page.textContent('#a11y p');
  assert.match(text, /How different are the two pooled vectors/);
  assert.doesNotMatch(text, /gives exactly the same summary/);  // the reveal is hidden …
  await page.evaluate(() => localStorage.setItem('posenc.progress', 'order=4&q.order.3=0'));
  await page.reload();
  await page.waitForFunction(() => window.posenc && window.posenc.ready);
  await frames(page, 3);
  text = await page.textContent('#a11y p');
  assert.match(text, /gives exactly the same summary/);  // … until a prediction is on record
  assert.match(text, /Identical, up to rounding\. Averaging does not care/);
  await context.close();
});

test('a prediction made with the mouse is recorded, scored and revealed', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3');
  await frames(page, 3);
  // The third choice, by clicking its text (which selects it too), then "Lock in my prediction".
  await clickControl(page, 'Identical, up to rounding');
  await frames(page, 3);
  await clickControl(page, 'Lock in my prediction');
  await frames(page, 4);
  assert.match(await page.evaluate(() => localStorage.getItem('posenc.progress')), /q\.order\.pooled=2/);
  const text = await page.textContent('#a11y p');
  assert.match(text, /Identical, up to rounding\. Averaging does not care/);
  assert.match(text, /gives exactly the same summary/);
  await context.close();
});

test('keyboard only: Enter activates the focused control, as Space does', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3');
  await frames(page, 3);
  await key(page, 'Tab');  // focus mode: while a question waits, on its first choice
  await frames(page, 4);
  await key(page, 'Enter');  // selects it
  await frames(page, 4);
  await key(page, 'ArrowDown');
  await key(page, 'ArrowDown');
  await key(page, 'ArrowDown');  // past the other two choices to "Lock in my prediction"
  await frames(page, 4);
  await key(page, 'Enter');
  assert.match(await page.evaluate(() => localStorage.getItem('posenc.progress')), /q\.order\.pooled=0/);
  await context.close();
});

// One key press, and the frames that show its effect (quick presses of one key queue up, a frame each).
const key = async (page, k) => { await page.keyboard.press(k); await frames(page, 3); };
// Where the keyboard focus frame is, in CSS pixels, when it is fully in sight (else null).
// Moving the focus off a control that went away takes a few frames: wait up to 20 for it.
const focusRect = async page => {
  for (let i = 0; i < 10; ++i) {
    const r = await page.evaluate(() => posenc.locate(':focus'));
    if (r) return r;
    await frames(page, 2);
  }
  return null;
};
const inViewport = (r, w = 1280, h = 800) => r && r.x >= 0 && r.y >= 0 && r.x + r.w <= w && r.y + r.h <= h;

test('keyboard only: after locking in a prediction the focus moves to the explanation, in sight', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3');
  await frames(page, 3);
  await key(page, 'Tab');
  const first = await focusRect(page);
  assert.ok(inViewport(first), JSON.stringify(first));
  await key(page, 'Space');
  for (let i = 0; i < 3; ++i) await key(page, 'ArrowDown');
  await key(page, 'Enter');
  assert.match(await page.evaluate(() => localStorage.getItem('posenc.progress')), /q\.order\.pooled=0/);
  const after = await focusRect(page);
  assert.ok(inViewport(after), JSON.stringify(after));
  assert.ok(after.y > first.y, 'the focus is below the choices, on the explanation');
  await context.close();
});

test('keyboard only: after Page Down the focus is on the new step, in sight, at desktop and phone size', async () => {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const { page, context } = await open(browser, site.url, '#lesson=sinusoidal&step=1', { width: w, height: h });
    await frames(page, 3);
    await key(page, 'Tab');
    for (let i = 0; i < 10; ++i) await key(page, 'ArrowDown');  // far down the page
    await frames(page, 4);
    await key(page, 'PageDown');
    assert.equal((await page.evaluate(() => posenc.state())).step, 2);
    const r = await focusRect(page);
    assert.ok(inViewport(r, w, h), `${w}x${h}: ${JSON.stringify(r)}`);
    await context.close();
  }
});

test('keyboard only: the arrows read through text longer than its column, which scrolls to follow', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3', { width: 1280, height: 480 });
  await frames(page, 3);
  await page.evaluate(() => localStorage.setItem('posenc.progress', ''));
  await key(page, 'Tab');  // the first choice
  await key(page, 'Space');
  for (let i = 0; i < 3; ++i) await key(page, 'ArrowDown');
  await key(page, 'Enter');  // answered: the rest of the text is revealed
  await frames(page, 6);
  const explanation = await focusRect(page);  // the focus moved to the explanation
  assert.ok(inViewport(explanation, 1280, 480), JSON.stringify(explanation));
  const ys = [];
  for (let i = 0; i < 10; ++i) {
    await key(page, 'ArrowDown');
    const r = await focusRect(page);
    assert.ok(inViewport(r, 1280, 480), `press ${i}: ${JSON.stringify(r)}`);
    ys.push(r.y);
  }
  // Reading on scrolled the column: back up at the explanation, it sits higher than it did.
  let back = null;
  for (let i = 0; i < 16 && !back; ++i) {
    await key(page, 'ArrowUp');
    const r = await focusRect(page);
    // the explanation again: its height (a block of another size is another block), its width give or take
    // a scroll bar
    if (r && Math.abs(r.h - explanation.h) < 12 && Math.abs(r.w - explanation.w) < 30) back = r;
  }
  assert.ok(back && back.y < explanation.y - 20, JSON.stringify([explanation, back]));
  assert.ok(new Set(ys).size >= 2, `the focus moved: ${ys}`);
  await context.close();
});

test('keyboard only: Tab enters focus mode, arrows and Space work the controls, Esc gives the arrows back', async () => {
  const { page, context } = await open(browser, site.url, '#lesson=order&step=3');
  await frames(page, 3);
  const step = async () => (await page.evaluate(() => posenc.state())).step;
  await page.keyboard.press('Tab');  // focus mode, on the question's first choice
  await frames(page, 4);
  await page.keyboard.press('Tab');  // the visual: its first control is "Just show me"
  await frames(page, 4);
  await page.keyboard.press('ArrowRight');  // moves the focus, not the step
  await frames(page, 3);
  assert.equal(await step(), 3);
  await page.keyboard.press('Space');
  await frames(page, 4);
  assert.match(await page.evaluate(() => localStorage.getItem('posenc.progress')), /q\.order\.pooled=-1/);
  await page.keyboard.press('Escape');
  await frames(page, 3);
  await page.keyboard.press('ArrowRight');
  await frames(page, 3);
  assert.equal(await step(), 4);
  await page.keyboard.press('PageUp');  // Page Up / Down step in either mode
  await frames(page, 3);
  assert.equal(await step(), 3);
  await context.close();
});

test('on a touch screen the text says tap, with a mouse hover (whatever the window size)', async () => {
  for (const [touch, width, height, word] of [[true, 1024, 768, /Tap the heatmap/], [false, 390, 844, /Hover over the heatmap/]]) {
    const { page, context } = await open(browser, site.url, '#lesson=sinusoidal&step=0', { width, height, touch });
    await frames(page, 4);
    const text = await page.textContent('#a11y p');
    assert.match(text, word, `touch ${touch}: ${text.slice(0, 300)}`);
    await context.close();
  }
});

test('typing fast loses nothing: keys and characters reach a text box in order, however many arrive between two frames', async () => {
  const site = await serve();
  const { page, context, errors } = await open(browser, site.url, '#lesson=check&step=0');
  const button = await locate(page, 'Check the pasted numbers');
  // the number box sits above its button
  await page.mouse.click(button.rect.x + 40, button.rect.y - 30);
  await frames(page, 3);
  // all at once: many keys and characters arrive between two frames
  await page.keyboard.type('1, 2, 3\n4, 5, 6\n7, 8, 9', { delay: 0 });
  await frames(page, 40);
  await clickControl(page, 'Check the pasted numbers');
  await frames(page, 5);
  const text = await page.textContent('#a11y');
  assert.match(text, /pasted text, 3 × 3/, text);
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

test('an input method, a paste and a phone keyboard type into a text box through the page\'s hidden field', async () => {
  const site = await serve();
  const { page, context, errors } = await open(browser, site.url, '#lesson=order&step=0');
  const field = await locate(page, 'sentence');
  await page.mouse.click(field.x, field.y);
  await frames(page, 3);
  // the page's own text field has the focus, at the box: an input method's window opens there
  const ime = await page.evaluate(() => {
    const e = document.activeElement;
    return e && { id: e.id, left: parseFloat(e.style.left), top: parseFloat(e.style.top) };
  });
  assert.equal(ime.id, 'posenc-ime');
  assert.ok(Math.abs(ime.top - field.y) < 30 && ime.left >= field.rect.x - 5, JSON.stringify(ime));
  // clicks into the same box (to move the caret) leave the field focused, so nothing typed next is lost
  for (let i = 0; i < 2; ++i) {  // (the second time the caret does not move)
    await page.mouse.click(field.x + 20, field.y);
    await frames(page, 3);
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), 'posenc-ime');
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await frames(page, 3);
  // an input method composes, then commits (as one drives the browser)
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'ta', selectionStart: 2, selectionEnd: 2 });
  await frames(page, 2);
  await cdp.send('Input.insertText', { text: '他喜欢' });
  await frames(page, 3);
  // a paste into the box (not a file for the lesson)
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData('text/plain', '她 and');
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await frames(page, 3);
  // plain typing still works, once each
  await page.keyboard.type(' me');
  await page.keyboard.press('Enter');
  await frames(page, 10);
  const text = new URLSearchParams((await hashOf(page)).slice(1)).get('text');
  assert.equal(text, '他喜欢她 and me');
  // leaving the box gives the focus back
  await page.mouse.click(5, 790);
  await frames(page, 5);
  assert.notEqual(await page.evaluate(() => document.activeElement && document.activeElement.id), 'posenc-ime');
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});

test('Tab in a text box keeps the text and moves the focus frame on, in no number edit', async () => {
  const site = await serve();
  const { page, context, errors } = await open(browser, site.url, '#lesson=order&step=0');
  const field = await locate(page, 'sentence');
  await page.mouse.click(field.rect.x + field.rect.w - 4, field.y);
  await frames(page, 3);
  await page.keyboard.press('End');
  await page.keyboard.type(' too');
  await page.keyboard.press('Tab');
  await frames(page, 10);
  const s = await page.evaluate(() => posenc.state());
  assert.match(s.params.text, / too$/);
  const focus = await locate(page, ':focus');
  assert.ok(focus && Math.abs(focus.y - field.y) > 5, JSON.stringify({ focus, field }));
  // the keyboard is the app's again: ← → now move the focused slider, not a caret in a number edit
  assert.notEqual(await page.evaluate(() => document.activeElement && document.activeElement.id), 'posenc-ime');
  const dim = s.params.dim;
  await page.keyboard.press('ArrowRight');
  await frames(page, 5);
  assert.notEqual((await page.evaluate(() => posenc.state())).params.dim, dim);
  assert.deepEqual(errors, []);
  await context.close();
  site.close();
});
