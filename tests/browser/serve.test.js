// `heatlab serve` in a real browser: Debian's chromium, headless, driven by
// puppeteer-core, against a server this file starts itself
// (`serve --backend cpu --grid 256 --port 0 --cues lecture --viewers 2`).
// Run by node's own test runner (node 18 or newer), or by run.sh:
//   HEATLAB_BINARY=build/heatlab node --test tests/browser/serve.test.js
// HEATLAB_BINARY defaults to ../../build/heatlab from this file, CHROMIUM to
// /usr/bin/chromium; screenshots go to HEATLAB_BROWSER_SHOTS (default
// $TMPDIR/heatlab-browser-tests). The tests run in order and share one
// server and one browser: the controller page the first test opens is the
// one the tests after it drive.
'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const puppeteer = require('puppeteer-core');

const BINARY = path.resolve(process.env.HEATLAB_BINARY || path.join(__dirname, '../../build/heatlab'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.HEATLAB_BROWSER_SHOTS || path.join(os.tmpdir(), 'heatlab-browser-tests');
const VIEWERS = 2;  // --viewers: the page beyond it is refused (test f)
const TEST_TIMEOUT = 30000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let server = null;  // { child, stderr, exited: Promise<{code, signal}>, controllerUrl, viewerUrl }
let browser = null;
let controller = null;  // the lecturer's page, from the first test on
let viewerContext = null;
let viewer = null;      // the class's page, from the viewer test on
const pageErrors = [];
// What one test saw that a later one checks.
const seen = {};

// --- the server ---------------------------------------------------------

// `lang`: the language the lecture (and so its page) is in, whatever the
// environment's locale says. `lecture`: its options (the shared server's by
// default); `tmpdir`: its TMPDIR, where it makes its private folders.
const LECTURE = ['--backend', 'cpu', '--grid', '256', '--cues', 'lecture', '--viewers', String(VIEWERS)];
function startServer(lang = 'en', { lecture = LECTURE, tmpdir = null } = {}) {
  const args = ['serve', ...lecture, '--port', '0', '--lang', lang];
  const env = { ...process.env, LIBGL_ALWAYS_SOFTWARE: '1' };
  if (tmpdir) env.TMPDIR = tmpdir;
  const child = spawn(BINARY, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const s = { child, stdout: '', stderr: '', exitStatus: null };
  s.exited = new Promise((resolve) => {
    // 'close', not 'exit': its stderr (the summary line) read to its end.
    child.on('close', (code, signal) => { s.exitStatus = { code, signal }; resolve(s.exitStatus); });
  });
  child.stderr.on('data', (d) => { s.stderr += d; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(
      `heatlab serve printed no URLs in 30 s; stdout:\n${s.stdout}\nstderr:\n${s.stderr}`)), 30000);
    child.on('error', (e) => { clearTimeout(timer); reject(new Error(`cannot start ${BINARY}: ${e.message}`)); });
    s.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`heatlab serve exited (${code ?? signal}) before printing its URLs:\n${s.stderr}`));
    });
    child.stdout.on('data', (d) => {
      s.stdout += d;
      // The labels are in the server's language (--lang).
      const controllerUrl = /(?:the lecturer \(controls\)|講師（操作する）): (http\S+)\n/.exec(s.stdout);
      const viewerUrl = /(?:the class \(watches\)|受講者（見る）): +(http\S+)\n/.exec(s.stdout);
      if (controllerUrl && viewerUrl) {
        clearTimeout(timer);
        s.controllerUrl = controllerUrl[1];
        s.viewerUrl = viewerUrl[1];
        resolve(s);
      }
    });
  });
}

async function stopServer(s, ms) {
  if (s.exitStatus) return s.exitStatus;
  s.child.kill('SIGTERM');
  let timer = null;
  const status = await Promise.race([s.exited,
    new Promise((resolve) => { timer = setTimeout(() => resolve(null), ms); })]);
  clearTimeout(timer);  // a pending timer would keep node running after the tests
  if (status) return status;
  s.child.kill('SIGKILL');
  await s.exited;
  return null;  // it did not stop on SIGTERM
}

// --- the pages ----------------------------------------------------------

async function openPage(context, url, viewport, waitUntil = 'load') {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    // The browser's own request for /favicon.ico (the page names none) is a
    // 404, and so is the /error.css libwebsockets' error pages link to.
    const where = (m.location() && m.location().url) || '';
    if (m.type() === 'error' && !/status of 403/.test(m.text()) && !/\/(favicon\.ico|error\.css)$/.test(where)) {
      pageErrors.push(`console: ${m.text()} (${where})`);
    }
  });
  await page.setViewport(viewport);
  const response = await page.goto(url, { waitUntil, timeout: 15000 });
  return { page, response };
}

const state = (page) => page.evaluate(() => window.heatlabState || null);

// Waits until heatlabState satisfies `predicate` (a function of the state
// and `arg`, run in the page); returns that state.
async function waitState(page, predicate, arg, timeout = 15000, what = predicate.toString()) {
  // An expression, not a function run through new Function or eval in the
  // page: the page's CSP (script-src 'self') refuses those.
  const expression = `(() => { const s = window.heatlabState; const arg = ${JSON.stringify(arg === undefined ? null : arg)};
    return s && (${predicate.toString()})(s, arg) ? s : null; })()`;
  try {
    const handle = await page.waitForFunction(expression, { timeout, polling: 100 });
    return await handle.jsonValue();
  } catch (e) {
    throw new Error(`waiting for ${what}: ${e.message}; the page's state: ` +
      JSON.stringify(await state(page).catch(() => 'unreadable')));
  }
}

// Waits for `frames` more frames drawn after the present one.
async function waitFrames(page, frames) {
  const now = await state(page);
  const from = now && now.frame ? now.frame.sequence : 0;
  return waitState(page, (s, a) => s.frame && s.frame.sequence >= a, from + frames, 15000,
    `${frames} more frames`);
}

// Runs `action` (input on the controller page), then waits until a still
// frame (not the dragging quality) reflects it and a few frames more, as
// ImGui takes a mouse button's change a frame at a time.
async function afterInput(page, action, { still = true, extra = 3 } = {}) {
  const before = (await state(page)).frame.lastInput;
  await action();
  await waitState(page, (s, a) => s.frame && s.frame.lastInput > a.before && (!a.still || s.frame.quality >= 80),
    { before, still }, 15000, 'a frame that reflects the input');
  return waitFrames(page, extra);
}

// The canvas's size and its pixels' spread (luminance, sampled on a grid).
function canvasStats(page) {
  return page.evaluate(() => {
    const c = document.getElementById('screen');
    const d = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
    let n = 0; let sum = 0; let sq = 0;
    const stepX = Math.max(1, Math.floor(c.width / 200));
    const stepY = Math.max(1, Math.floor(c.height / 150));
    for (let y = 0; y < c.height; y += stepY) {
      for (let x = 0; x < c.width; x += stepX) {
        const i = (y * c.width + x) * 4;
        const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
        n += 1; sum += l; sq += l * l;
      }
    }
    const mean = sum / n;
    return { width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight,
      innerWidth: window.innerWidth, innerHeight: window.innerHeight, ratio: window.devicePixelRatio,
      mean, std: Math.sqrt(Math.max(0, sq / n - mean * mean)) };
  });
}

// The canvas as a 64 x 40 grid of mean luminances (to compare two pages).
function canvasThumbnail(page) {
  return page.evaluate(() => {
    const c = document.getElementById('screen');
    const d = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, c.width, c.height).data;
    const W = 64; const H = 40; const out = [];
    for (let j = 0; j < H; ++j) {
      for (let i = 0; i < W; ++i) {
        let sum = 0; let n = 0;
        for (let y = Math.floor(j * c.height / H); y < Math.floor((j + 1) * c.height / H); y += 2) {
          for (let x = Math.floor(i * c.width / W); x < Math.floor((i + 1) * c.width / W); x += 2) {
            const k = (y * c.width + x) * 4;
            sum += 0.299 * d[k] + 0.587 * d[k + 1] + 0.114 * d[k + 2]; n += 1;
          }
        }
        out.push(n ? sum / n : 0);
      }
    }
    return out;
  });
}

// The r slider as the frame shows it (app/ui/panel/panel.cpp, rSlider): a slider
// from 0 to 0.3 whose track has the bound 0.25 marked by a red line, the
// grab (ImGui's blue) where r is. Found in the panel (the ImGui window whose
// blue title bar runs to the frame's right edge) as the rows holding both a
// grab and the red line; r is read from where the grab sits between the
// track's r = 0 end and the red line. Also counts the stability lines'
// green (stable) and red (unstable) text pixels below it. Canvas pixels;
// cssScale turns them into the page's coordinates.
function readRSlider(page) {
  return page.evaluate(() => {
    const c = document.getElementById('screen');
    const W = c.width; const H = c.height;
    const d = c.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, W, H).data;
    const px = (x, y) => { const i = (y * W + x) * 4; return [d[i], d[i + 1], d[i + 2]]; };
    const bluish = ([r, g, b]) => b - r > 15;
    const grab = ([r, g, b]) => b > 170 && b - r > 110 && g > 95 && g < 175;
    const red = ([r, g, b]) => r > 140 && r - g > 50 && r - b > 40;
    const green = ([r, g, b]) => g > 120 && g - r > 25 && g - b > 25;
    // The panel: from the right edge, the columns whose title rows are blue.
    let panelLeft = W;
    for (let x = W - 1; x >= 0; --x) {
      let blue = 0;
      for (let y = 2; y < 18; ++y) blue += bluish(px(x, y)) ? 1 : 0;
      if (blue < 10) break;
      panelLeft = x;
    }
    const result = { found: false, panelLeft, width: W, height: H };
    if (W - panelLeft < 100) return result;
    // The rows with a grab and, near it (either side: r on either side of
    // the bound), the red line.
    const rows = [];
    for (let y = 20; y < H; ++y) {
      let grabMin = -1;
      for (let x = panelLeft; x < W && grabMin < 0; ++x) if (grab(px(x, y))) grabMin = x;
      if (grabMin < 0) continue;
      let redNear = false;
      for (let x = Math.max(panelLeft, grabMin - 60); x < Math.min(W, grabMin + 70) && !redNear; ++x) {
        redNear = red(px(x, y));
      }
      if (redNear) rows.push(y);
    }
    // The first band of consecutive rows: the r slider.
    let end = 0;
    while (end + 1 < rows.length && rows[end + 1] === rows[end] + 1) ++end;
    const top = rows[0]; const bottom = rows[end];
    const y = Math.round((top + bottom) / 2);
    // The grab: its blue run on the middle row (its centre is r's place).
    let g0 = -1; let g1 = -1;
    for (let x = panelLeft; x < W; ++x) {
      if (grab(px(x, y))) { if (g0 < 0) g0 = x; g1 = x; } else if (g0 >= 0 && x - g1 > 2) break;
    }
    // The bound line: the first red run on that row (the label after it,
    // "| = 0.25 bound", is red too, further right), looked for either side
    // of the grab (r above the bound puts the grab right of the line).
    const redRuns = [];
    for (let x = panelLeft; x < W; ++x) {
      if (red(px(x, y))) {
        const last = redRuns[redRuns.length - 1];
        if (last && x - last[1] <= 2) last[1] = x; else redRuns.push([x, x]);
      }
    }
    // The track's left end: the frame's blue-grey background left of the
    // grab, on a row above the slider's text ("r = 0.240", centred).
    const clear = top + 1;
    let left = g0;
    // (JPEG's colour blur leaves a few pixels either side of the red line
    // that are neither: gaps of 4 are stepped over.)
    for (let x = g0 - 1, gap = 0; x > panelLeft && gap <= 4; --x) {
      const p = px(x, clear);
      if (bluish(p) || red(p)) { left = x; gap = 0; } else ++gap;
    }
    const grabWidth = g1 - g0 + 1;
    const x0 = left + 2 + grabWidth / 2;  // the grab's centre at r = 0 (2: ImGui's padding)
    const bound = redRuns.length ? (redRuns[0][0] + redRuns[0][1]) / 2 : -1;
    const gx = (g0 + g1) / 2;
    // The stability lines: below the slider, 8 text lines at most.
    let greens = 0; let reds = 0;
    const lineHeight = bottom - top + 1;
    for (let yy = bottom + 1; yy < Math.min(H, bottom + 1 + 7 * lineHeight); ++yy) {
      for (let x = panelLeft; x < W; ++x) {
        const p = px(x, yy);
        if (green(p)) ++greens; else if (red(p)) ++reds;
      }
    }
    const rect = c.getBoundingClientRect();
    return { found: bound > gx - 200 && g0 >= 0, panelLeft, width: W, height: H, top, bottom, y,
      grabLeft: g0, grabRight: g1, grabX: gx, trackLeft: left, zeroX: x0, boundX: bound,
      r: 0.25 * (gx - x0) / (bound - x0), greens, reds,
      cssScale: rect.width / W, cssLeft: rect.left, cssTop: rect.top };
  });
}

// Where r would put the grab's centre, in the page's coordinates.
function cssOfR(slider, r) {
  const x = slider.zeroX + (r / 0.25) * (slider.boundX - slider.zeroX);
  return { x: slider.cssLeft + x * slider.cssScale, y: slider.cssTop + slider.y * slider.cssScale };
}

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// --- the tests ----------------------------------------------------------

before(async () => {
  assert.ok(fs.existsSync(BINARY), `no heatlab binary at ${BINARY} (set HEATLAB_BINARY)`);
  assert.ok(fs.existsSync(CHROMIUM), `no chromium at ${CHROMIUM} (set CHROMIUM)`);
  server = await startServer();
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,  // puppeteer 24: chromium's new headless mode (--headless=new)
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows'],
    protocolTimeout: 60000,
  });
});

after(async () => {
  if (browser) await browser.close().catch(() => {});
  if (server) await stopServer(server, 5000);
});

test('the controller page shows the lecture at the page\'s size and device pixel ratio', { timeout: TEST_TIMEOUT }, async () => {
  const opened = await openPage(browser, server.controllerUrl, { width: 1000, height: 700, deviceScaleFactor: 1 });
  controller = opened.page;
  assert.equal(opened.response.status(), 200);
  await waitState(controller, (s) => s.role === 'controller', undefined, 15000, 'the controller role');
  // Read, the token is gone from the address bar (the socket has it).
  assert.equal(new URL(controller.url()).search, '', controller.url());
  // No --allow-kernels: no kernel editor.
  assert.equal(await controller.$eval('#kernel-open', (e) => e.hidden), true);
  // The page asks for its size; the frames come at it.
  const first = await waitState(controller, (s) => s.frame && s.frame.width === 1000 && s.frame.height === 700,
    undefined, 20000, 'a 1000 x 700 frame');
  const later = await waitState(controller, (s, a) => s.frame.sequence >= a + 5 && s.frames > 0,
    first.frame.sequence, 15000, 'five more frames');
  assert.ok(later.fps > 0, `frames a second on the page: ${later.fps}`);
  assert.equal(later.role, 'controller');
  // 127.0.0.1 is a secure context and chromium decodes H.264 with
  // WebCodecs: the frames come as H.264 (kind 3), not JPEG.
  assert.equal(later.codec, 'h264');
  assert.equal(later.frame.kind, 3);
  assert.match(await controller.$eval('#state', (e) => e.textContent), /^you control/);
  let stats = await canvasStats(controller);
  assert.deepEqual([stats.width, stats.height], [stats.innerWidth * stats.ratio, stats.innerHeight * stats.ratio]);
  assert.deepEqual([stats.width, stats.height], [1000, 700]);
  assert.ok(stats.std > 10 && stats.mean > 3, `the canvas looks blank: ${JSON.stringify(stats)}`);
  await shot(controller, 'controller-1000x700');
  const panel1 = await readRSlider(controller);
  seen.panelAtRatio1 = (panel1.width - panel1.panelLeft) / stats.ratio;  // CSS pixels

  // Twice the device pixels: the frames follow the ratio, not only the CSS
  // size. (The size changes too: chromium's emulation of a new ratio alone
  // fires neither the page's ResizeObserver nor its resolution media query,
  // so the page would not hear of it: see README.md.)
  await controller.setViewport({ width: 900, height: 600, deviceScaleFactor: 2 });
  await waitState(controller, (s) => s.frame && s.frame.width === 1800 && s.frame.height === 1200,
    undefined, 20000, 'an 1800 x 1200 frame at device pixel ratio 2');
  await waitFrames(controller, 2);
  stats = await canvasStats(controller);
  assert.deepEqual([stats.width, stats.height], [stats.innerWidth * stats.ratio, stats.innerHeight * stats.ratio]);
  assert.deepEqual([stats.width, stats.height, stats.ratio, stats.cssWidth, stats.cssHeight], [1800, 1200, 2, 900, 600]);
  assert.ok(stats.std > 10 && stats.mean > 3, `the canvas looks blank: ${JSON.stringify(stats)}`);
  await shot(controller, 'controller-900x600-ratio-2');
  const panel2 = await readRSlider(controller);
  seen.panelAtRatio2 = (panel2.width - panel2.panelLeft) / stats.ratio;

  // The layout the lecture was designed for, for the tests after this one.
  await controller.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
  await waitState(controller, (s) => s.frame && s.frame.width === 1280 && s.frame.height === 800,
    undefined, 20000, 'a 1280 x 800 frame');
  await waitFrames(controller, 2);
  await shot(controller, 'controller-1280x800');
  assert.deepEqual(pageErrors, []);
});

test('dragging the r slider changes r, past the bound and back', { timeout: TEST_TIMEOUT }, async (t) => {
  assert.ok(controller, 'no controller page (the first test failed)');
  await waitState(controller, (s) => s.frame && s.frame.width === 1280 && s.frame.quality >= 80,
    undefined, 15000, 'a still 1280 x 800 frame');
  await waitFrames(controller, 2);
  const start = await readRSlider(controller);
  assert.ok(start.found, `no r slider in the frame: ${JSON.stringify(start)}`);
  // Cue 1 sets r = 0.24: the grab just left of the bound, the lines green.
  assert.ok(Math.abs(start.r - 0.24) < 0.012, `r read from the slider at cue 1: ${start.r} (${JSON.stringify(start)})`);
  assert.ok(start.greens > 200 && start.reds < start.greens / 10,
    `the stability lines at r = 0.24 should be green: ${JSON.stringify(start)}`);

  const from = cssOfR(start, start.r);
  const to = cssOfR(start, 0.28);
  try {
    await afterInput(controller, () => controller.mouse.move(from.x, from.y), { extra: 2 });
    await afterInput(controller, () => controller.mouse.down(), { still: false, extra: 2 });
    await afterInput(controller, () => controller.mouse.move(to.x, to.y, { steps: 8 }), { still: false, extra: 2 });
  } finally {
    await afterInput(controller, () => controller.mouse.up(), { extra: 3 });
  }
  const past = await readRSlider(controller);
  await shot(controller, 'controller-r-past-the-bound');
  assert.ok(past.found, `no r slider after the drag: ${JSON.stringify(past)}`);
  assert.ok(Math.abs(past.r - 0.28) < 0.012, `r read from the slider after dragging to 0.28: ${past.r} (${JSON.stringify(past)})`);
  // The panel's own verdict on the new r: past the bound, red.
  assert.ok(past.reds > 200 && past.greens < past.reds / 10,
    `the stability lines at r = 0.28 should be red: ${JSON.stringify(past)}`);

  // And back below the bound, to 0.20: green again.
  const back = cssOfR(past, 0.20);
  const grabbed = cssOfR(past, past.r);
  try {
    await afterInput(controller, () => controller.mouse.move(grabbed.x, grabbed.y), { extra: 2 });
    await afterInput(controller, () => controller.mouse.down(), { still: false, extra: 2 });
    await afterInput(controller, () => controller.mouse.move(back.x, back.y, { steps: 8 }), { still: false, extra: 2 });
  } finally {
    await afterInput(controller, () => controller.mouse.up(), { extra: 3 });
  }
  const below = await readRSlider(controller);
  t.diagnostic(`r read from the slider: ${start.r.toFixed(4)} at cue 1, ${past.r.toFixed(4)} dragged to 0.28, `
    + `${below.r.toFixed(4)} dragged to 0.20`);
  assert.ok(Math.abs(below.r - 0.20) < 0.012, `r read from the slider after dragging to 0.20: ${below.r} (${JSON.stringify(below)})`);
  assert.ok(below.greens > 200 && below.reds < below.greens / 10,
    `the stability lines at r = 0.20 should be green: ${JSON.stringify(below)}`);
  assert.deepEqual(pageErrors, []);
});

test('Page Down plays the next cue', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (the first test failed)');
  const at = await waitState(controller, (s) => s.frame && s.frame.cue === 1, undefined, 15000, 'cue 1');
  assert.ok(at.frame.cues > 2, `cues in the lecture: ${at.frame.cues}`);
  await controller.keyboard.press('PageDown');
  const next = await waitState(controller, (s) => s.frame && s.frame.cue !== 1, undefined, 15000, 'a cue after 1');
  assert.equal(next.frame.cue, 2);
  await waitFrames(controller, 5);
  assert.equal((await state(controller)).frame.cue, 2, 'one press, one cue');
  assert.deepEqual(pageErrors, []);
});

test('a viewer page shows the same frames, and its keys do nothing', { timeout: TEST_TIMEOUT }, async (t) => {
  assert.ok(controller, 'no controller page (the first test failed)');
  viewerContext = await browser.createBrowserContext();
  const opened = await openPage(viewerContext, server.viewerUrl, { width: 800, height: 600, deviceScaleFactor: 1 });
  viewer = opened.page;
  assert.equal(opened.response.status(), 200);
  await waitState(viewer, (s) => s.role === 'viewer' && s.frame, undefined, 15000, 'the viewer role and a frame');
  // The controller's frames: its size, not the viewer's window.
  const c = await state(controller);
  const v = await waitState(viewer, (s, a) => s.frame.width === a.width && s.frame.height === a.height,
    c.frame, 15000, 'the controller\'s frame size');
  const stats = await canvasStats(viewer);
  assert.deepEqual([stats.width, stats.height], [c.frame.width, c.frame.height]);
  assert.ok(stats.std > 10, `the viewer's canvas looks blank: ${JSON.stringify(stats)}`);
  await waitState(viewer, (s) => s.status && s.status.controller === true, undefined, 5000, 'the lecturer is here');
  assert.match(await viewer.$eval('#state', (e) => e.textContent), /^watching \(the lecturer is here\)/);

  // Its frame numbers track the controller's (both pages read a state the
  // page refreshes twice a second, so they may differ by a few frames).
  const pairs = [];
  for (let i = 0; i < 5; ++i) {
    const [a, b] = await Promise.all([state(controller), state(viewer)]);
    pairs.push([a.frame.sequence, b.frame.sequence, a.fps, b.fps]);
    await sleep(600);
  }
  for (let i = 0; i < pairs.length; ++i) {
    const [cs, vs, cfps] = pairs[i];
    const slack = Math.max(15, Math.ceil(2 * cfps));
    assert.ok(Math.abs(cs - vs) <= slack, `controller's frame ${cs}, viewer's ${vs} (slack ${slack}): ${JSON.stringify(pairs)}`);
    if (i > 0) assert.ok(vs >= pairs[i - 1][1], `the viewer's frames went back: ${JSON.stringify(pairs)}`);
  }
  assert.ok(pairs[4][1] > pairs[0][1], `the viewer's frames did not advance: ${JSON.stringify(pairs)}`);
  // And the same picture (the field is paused at cue 2's end or still
  // running smoothly; the panel's timings differ a little between frames).
  const [ct, vt] = await Promise.all([canvasThumbnail(controller), canvasThumbnail(viewer)]);
  const diff = ct.reduce((sum, value, i) => sum + Math.abs(value - vt[i]), 0) / ct.length;
  assert.ok(diff < 6, `the viewer's picture differs from the controller's by ${diff.toFixed(2)} (mean luminance)`);
  t.diagnostic(`frames (controller, viewer, fps, fps): ${JSON.stringify(pairs)}; pictures differ by ${diff.toFixed(2)}`);
  await shot(viewer, 'viewer-800x600');

  // A key on the viewer's page is not sent; the cue stays.
  const cue = (await state(controller)).frame.cue;
  await viewer.bringToFront();
  await viewer.keyboard.press('PageDown');
  await viewer.keyboard.press('ArrowRight');
  // Nor does the server take a key from a viewer's socket that sends one.
  const forged = await viewer.evaluate((token) => new Promise((resolve) => {
    const socket = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    let hello = null;
    socket.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      const m = JSON.parse(e.data);
      if (m.t !== 'hello') return;
      hello = m;
      socket.send(JSON.stringify({ t: 'key', a: 'down', k: 'PageDown', i: 1 }));
      socket.send(JSON.stringify({ t: 'key', a: 'up', k: 'PageDown', i: 2 }));
      setTimeout(() => socket.close(), 300);
    };
    socket.onclose = () => resolve(hello);
    setTimeout(() => resolve(hello), 5000);
  }), new URL(server.viewerUrl).searchParams.get('token'));
  assert.equal(forged && forged.role, 'viewer', 'the second viewer socket\'s hello');
  await waitFrames(controller, 15);  // well past the input-to-frame latency
  assert.equal((await state(controller)).frame.cue, cue, 'a viewer changed the cue');
  assert.equal((await state(viewer)).frame.cue, cue);

  // The controller's key does, and the viewer sees it (Page Up: cue 1 again).
  await controller.bringToFront();
  await controller.keyboard.press('PageUp');
  await waitState(controller, (s, a) => s.frame.cue === a - 1, cue, 15000, 'the cue before');
  await waitState(viewer, (s, a) => s.frame.cue === a - 1, cue, 15000, 'the cue before, on the viewer');
  assert.deepEqual(pageErrors, []);
});

test('a page that cannot decode H.264 gets JPEG frames of the same picture', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (the first test failed)');
  // A browser without WebCodecs (or a page in no secure context): the
  // page never asks for H.264, the server sends it JPEG beside the
  // controller's H.264.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.evaluateOnNewDocument(() => { delete window.VideoDecoder; });
    page.on('pageerror', (e) => pageErrors.push(`jpeg viewer: ${e.message}`));
    await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
    await page.goto(server.viewerUrl, { waitUntil: 'load' });
    await waitState(page, (s) => s.role === 'viewer' && s.frame, undefined, 15000, 'the viewer role and a frame');
    const s = await waitFrames(page, 10);
    assert.equal(s.codec, 'jpeg');
    assert.equal(s.frame.kind, 1);
    assert.equal((await state(controller)).codec, 'h264');
    // The same picture (the lecture paused between frames reads alike).
    await controller.keyboard.press('Space');
    await waitFrames(controller, 5);
    await waitFrames(page, 5);
    const [a, b] = await Promise.all([canvasThumbnail(controller), canvasThumbnail(page)]);
    let sum = 0;
    for (let i = 0; i < a.length; ++i) sum += Math.abs(a[i] - b[i]);
    assert.ok(sum / a.length < 6, `H.264 and JPEG pages differ by ${sum / a.length} levels a sample`);
    await controller.keyboard.press('Space');
    await shot(page, 'viewer-jpeg');
  } finally {
    await context.close();
  }
  assert.deepEqual(pageErrors, []);
});

test('a wrong token is refused, saying so', { timeout: TEST_TIMEOUT }, async () => {
  const context = await browser.createBrowserContext();
  try {
    const base = new URL(server.controllerUrl);
    // 'domcontentloaded', not 'load': libwebsockets' refusal page links a
    // stylesheet, /error.css, that the server answers only after about 5 s
    // (README.md), so 'load' waits for it.
    for (const search of ['?token=wrong', '', `?token=${new URL(server.viewerUrl).searchParams.get('token')}x`]) {
      const url = `${base.origin}/${search}`;
      const { page, response } = await openPage(context, url, { width: 800, height: 600, deviceScaleFactor: 1 },
        'domcontentloaded');
      assert.equal(response.status(), 403, url);
      const body = await response.text();
      assert.match(body, /this link has no token or a wrong one/, body);
      assert.match(await page.evaluate(() => document.body.textContent), /token/);
      assert.equal(await page.$('#screen'), null, 'the refusal is not the lecture\'s page');
      await page.close();
    }
    // The page's WebSocket with a wrong token is refused too (no hello).
    const { page } = await openPage(context, `${base.origin}/?token=wrong`,
      { width: 800, height: 600, deviceScaleFactor: 1 }, 'domcontentloaded');
    const socket = await page.evaluate(() => new Promise((resolve) => {
      const s = new WebSocket(`ws://${location.host}/ws?token=wrong`);
      const seen = { opened: false, messages: 0 };
      s.onopen = () => { seen.opened = true; };
      s.onmessage = () => { seen.messages += 1; };
      s.onclose = (e) => resolve({ ...seen, closed: true, code: e.code });
      setTimeout(() => resolve({ ...seen, closed: false }), 10000);
    }));
    assert.deepEqual(socket, { opened: false, messages: 0, closed: true, code: 1006 });
  } finally {
    await context.close();
  }
  // The 403s and the refused socket are what this test asked for.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/403|WebSocket/.test(e)));
  assert.deepEqual(pageErrors, []);
});

test('a viewer past --viewers is refused, saying so', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller && viewer, 'no controller and viewer pages (the first or the viewer test failed)');
  // One viewer page now (the second socket of test d has closed).
  await waitState(controller, (s) => s.status && s.status.viewers === 1, undefined, 10000, 'one viewer');
  const second = await openPage(viewerContext, server.viewerUrl, { width: 640, height: 400, deviceScaleFactor: 1 });
  await waitState(second.page, (s) => s.role === 'viewer', undefined, 15000, 'the second viewer');
  const third = await openPage(viewerContext, server.viewerUrl, { width: 640, height: 400, deviceScaleFactor: 1 });
  await third.page.waitForFunction(() => getComputedStyle(document.getElementById('message')).display === 'flex',
    { timeout: 15000, polling: 100 });
  const message = await third.page.$eval('#message', (e) => e.textContent);
  assert.equal(message, `heatlab: the lecture has as many viewers as it takes (${VIEWERS})`);
  assert.notEqual((await state(third.page) || {}).role, 'viewer');
  await shot(third.page, 'viewer-refused');
  await second.page.close();
  await third.page.close();
  assert.deepEqual(pageErrors, []);
});

test('the lecturer\'s link opened again controls again', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (the first test failed)');
  const before = await state(controller);
  seen.lastInputBeforeReload = before.frame.lastInput;
  // The page took its token out of the address bar: reloaded as it is, it
  // is refused; the link again controls.
  const reloaded = await controller.reload({ waitUntil: 'domcontentloaded' });
  assert.equal(reloaded.status(), 403);
  await controller.goto(server.controllerUrl, { waitUntil: 'load' });
  const first = await waitState(controller, (s) => s.role === 'controller' && s.frame
    && s.frame.width === 1280 && s.frame.height === 800, undefined, 15000, 'the controller role and a frame');
  const later = await waitFrames(controller, 10);
  assert.equal(later.frame.cue, before.frame.cue, 'a reload is not a cue');
  assert.ok(later.frame.sequence > first.frame.sequence);
  // A reloaded page numbers its input from 1 again: a resize, a focus.
  seen.lastInputAfterReload = later.frame.lastInput;
  await controller.keyboard.press('PageDown');
  await waitState(controller, (s, a) => s.frame.cue === a + 1, before.frame.cue, 15000, 'the next cue');
  await waitState(viewer, (s, a) => s.frame.cue === a + 1, before.frame.cue, 15000, 'the next cue, on the viewer');
  assert.deepEqual(pageErrors, []);
});

test('at device pixel ratio 2 the panel is as large on the page as at ratio 1', () => {
  assert.ok(seen.panelAtRatio1 > 0 && seen.panelAtRatio2 > 0, JSON.stringify(seen));
  const ratio = seen.panelAtRatio2 / seen.panelAtRatio1;
  assert.ok(Math.abs(ratio - 1) < 0.1,
    `the panel is ${seen.panelAtRatio1} CSS pixels wide at ratio 1, ${seen.panelAtRatio2} at ratio 2`);
});

test('a refusal page loads at once', {
  timeout: TEST_TIMEOUT,
}, async () => {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${new URL(server.controllerUrl).origin}/?token=wrong`, { waitUntil: 'load', timeout: 15000 });
    const ms = Date.now() - started;
    assert.ok(ms < 2000, `the refusal page took ${ms} ms to load (its /error.css waits on a stalled connection)`);
  } finally {
    await context.close();
  }
});

test('a reloaded lecturer page\'s frames count its own input', () => {
  assert.ok(seen.lastInputBeforeReload >= 10, JSON.stringify(seen));
  assert.ok(seen.lastInputAfterReload < 10,
    `after the reload the frames say input ${seen.lastInputAfterReload} is in them (before: ${seen.lastInputBeforeReload})`);
});

// A file dropped on a page, as a lecturer drags one from their desktop: a
// drop event carrying it, dispatched on the canvas.
function dropFile(page, name, text) {
  return page.evaluate((n, t) => {
    const data = new DataTransfer();
    data.items.add(new File([t], n, { type: 'application/json' }));
    document.getElementById('screen').dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, name, text);
}

test('a cue list dropped on the lecturer\'s page plays; on a viewer\'s, nothing', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller && viewer, 'no controller or viewer page (an earlier test failed)');
  const mine = JSON.stringify({ heatlab_cues: 2, title: 'mine',
    cues: [{ caption: 'mine, one', scene: 'stable_diffusion' }, { caption: 'mine, two', r: 0.2 }] });
  const before = await state(controller);
  assert.ok(before.frame.cues > 2, JSON.stringify(before.frame));
  await dropFile(viewer, 'mine.json', mine);
  await waitFrames(viewer, 10);
  assert.equal((await state(controller)).frame.cues, before.frame.cues, 'a viewer\'s drop loaded a file');
  // A list naming a file of the server is refused whole: nothing changes.
  await afterInput(controller, () => dropFile(controller, 'theirs.json',
    JSON.stringify({ heatlab_cues: 2, cues: [{ scene: '../../etc/passwd' }] })));
  assert.equal((await state(controller)).frame.cues, before.frame.cues, 'a list naming a server file was loaded');
  await dropFile(controller, 'mine.json', mine);
  await waitState(controller, (s) => s.frame.cues === 2 && s.frame.cue === 1, undefined, 15000, 'the dropped list playing');
  await waitState(viewer, (s) => s.frame.cues === 2, undefined, 15000, 'the dropped list, on the viewer');
  await shot(controller, 'dropped-cue-list');
  assert.deepEqual(pageErrors, []);
});

// The page's clock, held by the test: performance.now() (all the page reads
// for its notices and for when something last moved) stands still but for
// what the test adds, so seconds pass for the page, and only those, without
// the test waiting them out. Let go, it runs on from where it stood.
function holdClock(page) {
  return page.evaluate(() => {
    const real = performance.now.bind(performance);
    const clock = { held: true, at: real(), offset: 0 };
    performance.now = () => (clock.held ? clock.at : real() + clock.offset);
    window.advanceClock = (ms) => { clock.at += ms; };
    window.releaseClock = () => { clock.offset = clock.at - real(); clock.held = false; };
  });
}

// The state line as the page shows it after the clock moved on by `ms`:
// read after the page has refreshed it twice since (it does twice a second,
// and at each status from the server).
async function stateLineAfter(page, ms) {
  await page.evaluate((m) => window.advanceClock(m), ms);
  for (let i = 0; i < 2; ++i) {
    await page.evaluate(() => { window.heatlabState.seen = true; });
    await page.waitForFunction('window.heatlabState && !window.heatlabState.seen', { polling: 50, timeout: 5000 });
  }
  return page.$eval('#state', (e) => ({ text: e.textContent, quiet: e.classList.contains('quiet') }));
}

test('a notice of the page\'s own stays 4 s though nothing moved before it', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (an earlier test failed)');
  await holdClock(controller);
  try {
    // Nothing moved for 6 s: the state line has faded.
    assert.equal((await stateLineAfter(controller, 6000)).quiet, true, 'the state line did not fade');
    // A file dragged from the desktop (no pointer event on the page) that
    // is over 1 MiB: the page says so itself.
    await controller.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(1024 * 1024 + 1)], 'big.json', { type: 'application/json' }));
      document.getElementById('screen').dispatchEvent(
        new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const notice = 'big.json is over 1 MiB: no scene or cue list is that large';
    let shown = 0;
    for (const ms of [0, 1000, 3000]) {
      shown += ms;
      const line = await stateLineAfter(controller, ms);
      assert.ok(line.text.startsWith(notice) && !line.quiet, `${shown} ms after it was shown: ${JSON.stringify(line)}`);
    }
    // Past its time it goes, and the line fades again.
    const later = await stateLineAfter(controller, 3000);
    assert.ok(!later.text.includes(notice) && later.quiet, JSON.stringify(later));
  } finally {
    await controller.evaluate(() => window.releaseClock());
  }
  assert.deepEqual(pageErrors, []);
});

// A file under 1 MiB that is no text (a picture dropped by mistake) grows
// past the server's 4 MiB for a file's message once escaped as JSON: the
// page says so and sends nothing, rather than have its socket closed.
test('a file that is no text is refused by the page, and the lecturer stays connected', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (an earlier test failed)');
  await controller.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(1024 * 1024).fill(1)], 'picture.json', { type: 'application/json' }));
    document.getElementById('screen').dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await controller.waitForFunction(
    () => document.getElementById('state').textContent.startsWith('picture.json is not a scene or cue list'),
    { timeout: 10000, polling: 100 });
  await waitFrames(controller, 5);
  assert.equal((await state(controller)).role, 'controller');
  assert.notEqual(await controller.$eval('#message', (e) => getComputedStyle(e).display), 'flex',
    'the page says the server closed');
  assert.deepEqual(pageErrors, []);
});

// The lecturer's Ctrl+O (the panel's Open): the server asks the page, which
// opens the browser's file chooser; the cue list chosen there plays.
test('Ctrl+O opens the browser\'s file chooser, and the cue list chosen plays', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller && viewer, 'no controller or viewer page (an earlier test failed)');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heatlab-chosen-')), 'three.json');
  fs.writeFileSync(file, JSON.stringify({ heatlab_cues: 2, title: 'three',
    cues: [{ caption: 'chosen, one', r: 0.1 }, { caption: 'chosen, two', r: 0.2 },
      { caption: 'chosen, three', r: 0.24 }] }));
  const [chooser] = await Promise.all([
    controller.waitForFileChooser({ timeout: 10000 }),
    (async () => {
      await controller.keyboard.down('Control');
      await controller.keyboard.press('KeyO');
      await controller.keyboard.up('Control');
    })(),
  ]);
  assert.equal(chooser.isMultiple(), false);
  await chooser.accept([file]);
  await waitState(controller, (s) => s.frame.cues === 3 && s.frame.cue === 1, undefined, 15000, 'the chosen list playing');
  await waitState(viewer, (s) => s.frame.cues === 3, undefined, 15000, 'the chosen list, on the viewer');
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  assert.deepEqual(pageErrors, []);
});

// What the lecturer's page sends, as the server reads it: its WebSocket's
// send wrapped, each input message (text, key) kept in window.sentInput.
function recordInput(page) {
  return page.evaluate(() => {
    window.sentInput = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      const m = typeof data === 'string' ? JSON.parse(data) : null;
      if (m && (m.t === 'text' || m.t === 'key')) window.sentInput.push(m);
      return send.call(this, data);
    };
  });
}

test('an input method\'s committed text reaches the lecture once', { timeout: TEST_TIMEOUT }, async () => {
  assert.ok(controller, 'no controller page (an earlier test failed)');
  await recordInput(controller);
  // The page keeps its focus where an input method can compose.
  assert.equal(await controller.evaluate(() => document.activeElement.id), 'typing');
  // What chromium's own tests do for an IME: a composition, then its text
  // committed.
  const cdp = await controller.target().createCDPSession();
  await cdp.send('Input.imeSetComposition', { text: 'にほんご', selectionStart: 4, selectionEnd: 4 });
  await sleep(200);
  assert.deepEqual(await controller.evaluate(() => window.sentInput), [], 'text sent while composing');
  assert.ok(await controller.evaluate(() => document.getElementById('typing').classList.contains('composing')),
    'the composition is not shown');
  await cdp.send('Input.insertText', { text: '日本語' });
  await sleep(300);
  // A key after the composition goes as a key, by its KeyboardEvent.code
  // name, and types nothing. Keys the lecture takes none of (its list is
  // the server's, app/serve/key_names.cpp) are not sent: the server would
  // count them malformed.
  await controller.keyboard.press('Backspace');
  await controller.keyboard.press('F13');
  await controller.keyboard.press('Numpad5');
  await sleep(300);
  await cdp.detach();
  const sent = await controller.evaluate(() => window.sentInput);
  const texts = sent.filter((m) => m.t === 'text');
  assert.deepEqual(texts.map((m) => String.fromCodePoint(m.c)).join(''), '日本語', JSON.stringify(sent));
  assert.deepEqual(sent.filter((m) => m.t === 'key').map((m) => [m.a, m.k]), [['down', 'Backspace'], ['up', 'Backspace']],
    JSON.stringify(sent));
  assert.equal(await controller.evaluate(() => document.getElementById('typing').value), '',
    'the committed text stays in the page\'s text element');
  // The server read them: a frame says the last of them is in it.
  const last = Math.max(...sent.map((m) => m.i));
  await waitState(controller, (s, a) => s.frame.lastInput >= a, last, 15000, 'a frame with the text in it');
  assert.deepEqual(pageErrors, []);
});

test('the server stops on SIGTERM with exit status 0, and the pages say so', { timeout: TEST_TIMEOUT }, async (t) => {
  assert.ok(server && !server.exitStatus, `the server is not running: ${JSON.stringify(server && server.exitStatus)}`);
  const status = await stopServer(server, 15000);
  assert.ok(status, `heatlab serve did not stop within 15 s of SIGTERM:\n${server.stderr}`);
  assert.deepEqual(status, { code: 0, signal: null }, server.stderr);
  const summary = /heatlab serve: SIGTERM after (\d+) frames; (\d+) frames sent, (\d+) refused, (\d+) malformed messages/
    .exec(server.stderr);
  assert.ok(summary, `no summary line:\n${server.stderr}`);
  const [, frames, sent, refused, malformed] = summary.map(Number);
  t.diagnostic(summary[0]);
  assert.ok(frames > 0 && sent > 0, summary[0]);
  // The four refusals of the lecture's page, the socket with a wrong token
  // and the viewer past the limit; nothing the pages sent was malformed.
  assert.ok(refused >= 6, summary[0]);
  assert.equal(malformed, 0, summary[0]);
  if (controller) {
    await controller.waitForFunction(() => getComputedStyle(document.getElementById('message')).display === 'flex',
      { timeout: 10000, polling: 100 });
    assert.match(await controller.$eval('#message', (e) => e.textContent), /server closed the connection/);
  }
});

// The words of the page each served in Japanese: what heatlab.js passes to
// its tr() (read from the script itself, so a string added there and not
// to app/serve/page_words.cpp fails here).
function scriptWords() {
  const script = fs.readFileSync(path.join(__dirname, '../../app/serve/page/heatlab.js'), 'utf8');
  const literal = "'(?:[^'\\\\]|\\\\.)*'";
  const calls = new RegExp(`\\btr\\(\\s*(${literal}(?:\\s*\\+\\s*${literal})*)`, 'g');
  // Each match is string literals joined by +: evaluated as the script would.
  return [...script.matchAll(calls)].map((m) => new Function(`return ${m[1]};`)());
}

test('with --lang ja the page is in Japanese', { timeout: TEST_TIMEOUT }, async () => {
  const ja = await startServer('ja');
  const context = await browser.createBrowserContext();
  try {
    const { page, response } = await openPage(context, ja.controllerUrl, { width: 1280, height: 800 });
    assert.equal(response.status(), 200);
    await waitState(page, (s) => s.role === 'controller' && s.frames > 0, undefined, 15000, 'the controller role');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
    assert.match(await page.$eval('#state', (e) => e.textContent), /^あなたが操作中 · \d+ フレーム\/秒/);
    const words = JSON.parse(await page.$eval('#words', (e) => e.textContent));
    const english = scriptWords();
    assert.ok(english.length >= 10, JSON.stringify(english));
    for (const text of english) {
      assert.ok(words[text] && words[text] !== text, `"${text}" is not served in Japanese`);
    }
    await shot(page, 'japanese');
    // The server's own answers too: a wrong token's.
    const refused = await fetch(`${new URL(ja.controllerUrl).origin}/?token=wrong`);
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /トークン/);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
    await stopServer(ja, 5000);
  }
});

// --- kernels from the page (heatlab serve --allow-kernels) -------------

// A right kernel for the CPU backend (kernels/class/README.md's contract),
// `extra` the first line of its step (line 4 of the file).
function rowKernel(extra = '') {
  return 'HEATLAB_SPLIT_ROWS;\n'
    + 'extern "C" void step(const float* in, float* out, int width, int height, float r,\n'
    + '                     int rowBegin, int rowEnd) {\n'
    + extra
    + '    for (int y = rowBegin; y < rowEnd; ++y)\n'
    + '        for (int x = 1; x < width - 1; ++x) {\n'
    + '            const int c = y * width + x;\n'
    + '            out[c] = in[c] + r * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width] - 4 * in[c]);\n'
    + '        }\n'
    + '}\n';
}

// The class kernels' private folders a server made in its TMPDIR: one
// once it compiled a kernel, none while it compiled none.
function kernelFolders(s, tmpdir) {
  return fs.readdirSync(tmpdir).filter((name) => name.startsWith(`heatlab-kernels-${s.child.pid}-`));
}

// The page's own WebSocket, kept by the test as the page next sends on it.
async function keepSocket(page) {
  await page.evaluate(() => {
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      window.pageSocket = this;
      return send.call(this, data);
    };
  });
  await page.mouse.move(400, 300);
  await page.mouse.move(410, 310);
  await page.waitForFunction('window.pageSocket', { polling: 50, timeout: 5000 });
}

const sendOnPage = (page, message) => page.evaluate((m) => window.pageSocket.send(JSON.stringify(m)), message);

test('without --allow-kernels no path from a page compiles anything', { timeout: 60000 }, async () => {
  const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'heatlab-browser-kernels-'));
  const s = await startServer('en', { lecture: ['--backend', 'cpu', '--grid', '64'], tmpdir });
  const context = await browser.createBrowserContext();
  try {
    const { page } = await openPage(context, s.controllerUrl, { width: 1280, height: 800 });
    await waitState(page, (st) => st.role === 'controller' && st.frame, undefined, 15000, 'the controller role');
    assert.equal(new URL(page.url()).search, '');
    assert.equal(await page.$eval('#kernel-open', (e) => e.hidden), true);
    // The editor's message, sent on the page's socket as the editor would.
    await keepSocket(page);
    await sendOnPage(page, { t: 'kernel', n: 'mine.cpp', d: rowKernel(), i: 1000 });
    const refused = await waitState(page, (st) => st.kernel && st.kernel.state === 'refused', undefined,
      15000, 'the kernel refused');
    assert.match(refused.kernel.text, /--allow-kernels/);
    // A cue list and a scene naming a shipped example, dropped: refused whole.
    await afterInput(page, () => dropFile(page, 'mine.json', JSON.stringify({ heatlab_cues: 2,
      cues: [{ caption: 'one', kernel_file: 'split_rows' }, { caption: 'two' }] })));
    await afterInput(page, () => dropFile(page, 'scene.json', JSON.stringify({ heatlab_scene: 1,
      kernel_file: 'whole_grid', title: 't',
      params: { grid: '64', r: '0.24', boundary: 'dirichlet', initial: 'hot-square' },
      window: { running: true, steps_per_frame: 10, display_path: 'interop', colormap: 'heat',
        range: { automatic: true, lo: 0, hi: 1 }, sampling: 'extremes', vsync: true } })));
    assert.equal((await state(page)).frame.cues, 0, 'the dropped cue list was loaded');
    // A viewer's kernel.
    const { page: watcher } = await openPage(context, s.viewerUrl, { width: 800, height: 600 });
    await waitState(watcher, (st) => st.role === 'viewer' && st.frame, undefined, 15000, 'the viewer role');
    assert.equal(await watcher.$eval('#kernel-open', (e) => e.hidden), true);
    await keepSocket(watcher);
    await sendOnPage(watcher, { t: 'kernel', n: 'theirs.cpp', d: rowKernel(), i: 1 });
    await afterInput(page, () => page.mouse.move(420, 320));
    assert.deepEqual(kernelFolders(s, tmpdir), [], 'a kernel was compiled');
    const status = await stopServer(s, 15000);
    assert.deepEqual(status, { code: 0, signal: null }, s.stderr);
    assert.match(s.stderr, /2 kernel messages refused \(1 of them from viewers\)/);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
    await stopServer(s, 5000);
    fs.rmSync(tmpdir, { recursive: true, force: true });
  }
});

test('with --allow-kernels=cpu the lecturer\'s editor compiles a kernel and shows its errors as text', { timeout: 90000 }, async () => {
  const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'heatlab-browser-kernels-'));
  const s = await startServer('en', { lecture: ['--backend', 'cpu', '--grid', '64', '--allow-kernels=cpu'], tmpdir });
  const context = await browser.createBrowserContext();
  try {
    const { page } = await openPage(context, s.controllerUrl, { width: 1280, height: 800 });
    await waitState(page, (st) => st.role === 'controller' && st.frame && st.kernels === 'cpu', undefined, 15000,
      'the controller role, kernels allowed');
    await page.click('#kernel-open');
    assert.equal(await page.$eval('#editor', (e) => e.hidden), false);
    const compile = async (source) => {
      await page.$eval('#kernel-name', (e) => { e.value = 'mine.cpp'; });
      await page.$eval('#kernel-source', (e, v) => { e.value = v; }, source);
      await page.focus('#kernel-source');
      await page.keyboard.down('Control');
      await page.keyboard.press('Enter');
      await page.keyboard.up('Control');
    };
    await compile(rowKernel());
    await waitState(page, (st) => st.kernel && st.kernel.state === 'checked', undefined, 45000, 'the kernel checked');
    assert.equal(kernelFolders(s, tmpdir).length, 1);
    await shot(page, 'kernel-editor-checked');
    // A compile error, its line and caret under the editor, as text: the
    // excerpt's markup is not the page's.
    await compile(rowKernel('    int broken = <b>1</b>;\n'));
    await waitState(page, (st) => st.kernel && st.kernel.state === 'failed', undefined, 45000, 'the kernel failed');
    const report = await page.$eval('#kernel-report', (e) => ({ text: e.textContent, children: e.childElementCount }));
    assert.equal(report.children, 0, report.text);
    assert.match(report.text, /mine\.cpp:4:/);
    assert.match(report.text, /<b>1<\/b>/);
    await shot(page, 'kernel-editor-failed');
    // Keys typed in the editor are the editor's: none went to the lecture.
    await recordInput(page);
    await page.focus('#kernel-source');
    await page.keyboard.type('x');
    await page.keyboard.press('PageDown');
    assert.deepEqual(await page.evaluate(() => window.sentInput), []);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
    await stopServer(s, 5000);
    fs.rmSync(tmpdir, { recursive: true, force: true });
  }
});
