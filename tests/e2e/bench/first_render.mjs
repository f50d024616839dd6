// First render as a learner meets it: from navigation to the first numbers
// of the comparison painted, each load cold — a fresh browser profile (an
// empty cache, no saved playground) per load — in headless Chromium,
// served under a sub-path as a static host serves it (gzipped, cacheable
// for ten minutes, as GitHub Pages does). Two
// pages: the playground itself, and the course page of
// static/examples/course.html, timed to the first numbers in its
// comparison frame (its two frames and its mounted playground load the
// page's module together). Each under two conditions: a student's laptop or phone
// (the CPU slowed 4×, a network of 10 Mbit/s with 40 ms of latency, set
// through the DevTools protocol) and the machine as it is. Also the time
// the wasm module takes to compile and start: from its last byte to the
// page's start, and `WebAssembly.compile` of its bytes alone. Reports the
// median and the spread of each, and with --check exits 1 when a
// throttled median misses the 2 s target. Writes the figures as JSON to
// target/bench/first_render.json, and reports them to `cargo xtask bench`.
//
//   node tests/e2e/bench/first_render.mjs [dist] [--check]   (ROUNDS=5)

import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from '../serve_static.mjs';
import { report } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = args.find((a) => !a.startsWith('--')) ?? join(root, 'dist');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TARGET_MS = 2000;

const CONDITIONS = {
  throttled: { cpu: 4, latencyMs: 40, bitsPerSecond: 10_000_000 },
  unthrottled: null,
};

// Run in every frame before its own scripts: the moment the comparison
// first shows a number (after the frame that paints it), the moment the
// module started, in the clock every frame shares (ms since the epoch).
function watchFirstNumbers() {
  const now = () => performance.timeOrigin + performance.now();
  addEventListener('TrunkApplicationStarted', () => { window.__started = now(); });
  const seen = () => {
    const table = document.querySelector('table.comparison');
    return table !== null && /\d/.test(table.textContent);
  };
  const observer = new MutationObserver(() => {
    if (window.__firstNumbers || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__firstNumbers = now(); }, 0));
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** What one frame measured: its figures relative to the top page's navigation start. */
async function frameFigures(frame, navigationStart) {
  return frame.evaluate(async (start) => {
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('_bg.wasm'));
    const wasmDone = performance.timeOrigin + wasm.responseEnd;
    const bytes = await (await fetch(wasm.name)).arrayBuffer();
    const compileStart = performance.now();
    await WebAssembly.compile(bytes);
    return {
      firstNumbers: window.__firstNumbers - start,
      startAfterLastByte: window.__started - wasmDone,
      wasmDownloaded: wasmDone - start,
      compile: performance.now() - compileStart,
    };
  }, navigationStart);
}

async function load(url, condition, frameOf) {
  const profile = mkdtempSync(join(tmpdir(), 'ddbplay-first-render-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    viewport: { width: 1280, height: 800 },
  });
  try {
    await context.addInitScript(watchFirstNumbers);
    const page = context.pages()[0] ?? (await context.newPage());
    if (condition) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: condition.latencyMs,
        downloadThroughput: condition.bitsPerSecond / 8,
        uploadThroughput: condition.bitsPerSecond / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
    }
    await page.goto(url, { waitUntil: 'commit' });
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const frame = frameOf(page);
      if (frame && (await frame.evaluate(() => Boolean(window.__firstNumbers)).catch(() => false))) {
        return await frameFigures(frame, navigationStart);
      }
      if (Date.now() > deadline) throw new Error(`no numbers in the comparison of ${url} within 60 s`);
      await new Promise((done) => setTimeout(done, 20));
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const served = await serveStatic(dist, '/course/ddbplay/', { likeAHost: true });
// Every file compressed before the first load, as a host has them ready.
for (const file of readdirSync(dist).filter((f) => /\.(html|js|wasm|css)$/.test(f))) {
  await fetch(`${served.url}${file}`, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
}
const PAGES = {
  playground: [served.url, (page) => page.mainFrame()],
  'course page': [`${served.url}examples/course.html`, (page) => page.frames().find((f) => f.url().includes('id=comparison'))],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (xs) => ({ median: Math.round(median(xs)), min: Math.round(Math.min(...xs)), max: Math.round(Math.max(...xs)), runs: xs.length });
const shown = (s) => `${s.median} ms (${s.min}–${s.max}, ${s.runs} loads)`;

const results = {};
const missed = [];
for (const [pageName, [url, frameOf]] of Object.entries(PAGES)) {
  for (const [conditionName, condition] of Object.entries(CONDITIONS)) {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await load(url, condition, frameOf));
    const figures = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, summary(runs.map((r) => r[k]))]));
    const id = `first_render/${pageName === 'playground' ? 'page' : 'course'}`;
    report(`${id}/${conditionName}`, 'ms', runs.map((r) => r.firstNumbers));
    if (pageName === 'playground' && condition) {
      report(`${id}/compile`, 'ms', runs.map((r) => r.compile));
      report(`${id}/start_after_last_byte`, 'ms', runs.map((r) => r.startAfterLastByte));
    }
    results[`${pageName}, ${conditionName}`] = figures;
    const target = condition ? `; target <= ${TARGET_MS} ms: ${figures.firstNumbers.median <= TARGET_MS ? 'met' : 'not met'}` : '';
    console.log(`${pageName}, ${conditionName}:`);
    console.log(`  first numbers of the comparison  ${shown(figures.firstNumbers)}${target}`);
    console.log(`  wasm downloaded                  ${shown(figures.wasmDownloaded)}`);
    console.log(`  module started after its last byte ${shown(figures.startAfterLastByte)}`);
    console.log(`  WebAssembly.compile alone        ${shown(figures.compile)}`);
    if (condition && figures.firstNumbers.median > TARGET_MS) {
      missed.push(`${pageName}, ${conditionName}: first numbers at ${figures.firstNumbers.median} ms, over ${TARGET_MS} ms`);
    }
  }
}
served.server.close();
const out = join(root, 'target', 'bench');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'first_render.json'), JSON.stringify({ date: new Date().toISOString(), rounds: ROUNDS, conditions: CONDITIONS, results }, null, 2));
if (check && missed.length > 0) {
  for (const m of missed) console.error(m);
  process.exit(1);
}
