// The page's performance figures, measured in headless Chromium on the
// release build (`cargo xtask bench`), each round in a browser with a
// fresh profile: the size shipped, the first render of a shared link, making and reading the
// example's link in wasm, generating ~100,000 items (and again, replacing
// them), and a Query and a Scan over them with the re-render. Medians (and
// the spread) of several runs; nothing is asserted. Served under a
// sub-path, as a course site would. ROUNDS rounds (3 unless set; `cargo
// xtask bench` runs 5), each figure reported to it.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { serveStatic } from './serve_static.mjs';
import { report } from './bench/report.mjs';
import { drawnWhole } from './browser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = process.env.DIST ?? join(root, 'dist');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/** Bytes and gzipped bytes of the page's module and wasm in a built folder (and the API's entry). */
function shipped(folder, entry = true) {
  let raw = 0;
  let gz = 0;
  const files = readdirSync(folder).filter((f) => /^ddbplay-page-.*\.(wasm|js)$/.test(f) || (entry && f === 'ddbplay.js'));
  for (const file of files) {
    const bytes = readFileSync(join(folder, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
}
const { raw, gz } = shipped(dist);
/** Gzipped bytes of a module the page loads when first needed (its wasm and its glue). */
function lazyModule(name) {
  return readdirSync(dist)
    .filter((f) => new RegExp(`^ddbplay-${name}-.*\\.(wasm|js)$`).test(f))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
}
const consoleModule = lazyModule('console');
const interchangeModule = lazyModule('interchange');
// `cargo xtask bench` also builds the page without the JavaScript API.
// What the JavaScript API adds, from two builds of the page before its wasm
// is split (DIST_WITH_API and DIST_WITHOUT_API): split, each module is
// compressed on its own, and the difference would mix the split into it.
const withoutApi = process.env.DIST_WITHOUT_API ? shipped(process.env.DIST_WITHOUT_API, false) : null;
const withApi = process.env.DIST_WITH_API ? shipped(process.env.DIST_WITH_API) : { raw, gz };

/**
 * Starts keeping, in `window.longest`, the longest task that held the
 * page's main thread from now on (the browser's long-task timings).
 */
function watchLongTasks(page) {
  return page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
}

const served = await serveStatic(dist, '/course/ddbplay/');
const spread = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
const link = readFileSync(join(root, 'web', 'src', 'share', 'testdata', 'link-v1.txt'), 'utf8').trim();
const launchOptions = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  viewport: { width: 1280, height: 800 },
};
/**
 * A page in a browser of its own, with a fresh profile: an empty cache and
 * no saved playground, so that no round sees what an earlier one left.
 * `close` ends the browser and removes the profile.
 */
async function freshPage() {
  const profile = mkdtempSync(join(tmpdir(), 'ddbplay-bench-'));
  const context = await chromium.launchPersistentContext(profile, launchOptions);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// BENCH_PAGE_LARGE_ONLY=1 measures only the ~100,000-item rows (ROUNDS=n of them).
// The first render of the example is tests/e2e/bench/first_render.mjs's.
const largeOnly = Boolean(process.env.BENCH_PAGE_LARGE_ONLY);
const rounds = Number(process.env.ROUNDS ?? 3);

// A shared link (a changed chart, a pattern of the learner's, hand-made
// items) opened in a fresh tab, to the painted comparison.
const linkRender = [];
for (let i = 0; i < (largeOnly ? 0 : 5); i++) {
  const { page, close } = await freshPage();
  const started = Date.now();
  await page.goto(`${served.url}#${link}`);
  await page.locator('#comparison-title', { hasText: 'Orders of customer c3 placed in March' }).waitFor();
  linkRender.push(Date.now() - started);
  await close();
}

// Each example of the gallery opened from its link in a fresh tab: its
// data generated and every pattern measured, to the painted comparison.
const GALLERY = [['blog', 'Table blog:'], ['hierarchy', 'Table org:'], ['adjacency', 'Table school:'], ['sharding', 'Table votes:'], ['time-series', 'Table telemetry:'], ['invoicing', 'Table invoices:']];
const galleryOpen = {};
for (const [name, status] of largeOnly ? [] : GALLERY) {
  galleryOpen[name] = [];
  for (let i = 0; i < 5; i++) {
    const { page, close } = await freshPage();
    const started = Date.now();
    await page.goto(`${served.url}#example=${name}`);
    // Filled: a large example shows its design at once, its table filling.
    await page.locator('.status', { hasText: new RegExp(`^${status} [1-9][\\d,]* items generated from seed \\d+\\.$`) }).waitFor();
    await page.locator('table.comparison').waitFor();
    galleryOpen[name].push(Date.now() - started);
    await close();
  }
}

// Making and reading the example's link in wasm, through the JavaScript
// API: link() captures and encodes; mounting from a link decodes and
// checks it before the same build a mount of the example does.
let codec = { encode: [0], fromLink: [0], fromExample: [0], length: 0 };
if (!largeOnly) {
const { page: codecPage, close: closeCodec } = await freshPage();
await codecPage.goto(`${served.url}examples/course.html`);
await codecPage.locator('#sample-output').scrollIntoViewIfNeeded();
await codecPage.waitForFunction(() => document.querySelector('#sample-output').textContent.startsWith('{'));
codec = await codecPage.evaluate(async () => {
  const { load } = await import('../ddbplay.js');
  const ddbplay = await load();
  const element = document.createElement('div');
  document.body.append(element);
  // The browser's clock ticks in tenths of a millisecond: each sample
  // times a batch of 20 and divides.
  const timed = (run, n) => {
    const samples = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      for (let j = 0; j < 20; j++) run();
      samples.push((performance.now() - started) / 20);
    }
    return samples.sort((a, b) => a - b);
  };
  const mounted = ddbplay.mount(element, { panels: ['patterns'] });
  const link = mounted.link();
  const encode = timed(() => mounted.link(), 15);
  mounted.unmount();
  const fromLink = timed(() => ddbplay.mount(element, { link, panels: ['patterns'] }).unmount(), 15);
  const fromExample = timed(() => ddbplay.mount(element, { panels: ['patterns'] }).unmount(), 15);
  return { encode, fromLink, fromExample, length: link.length };
});
await closeCodec();
}
const ms = (x) => `${x.toFixed(2)} ms`;
const mid = (xs) => xs[Math.floor(xs.length / 2)];

// The aws CLI console: a script of 200 commands (100 put-item, 50
// get-item, 50 query) pasted and run, from Ctrl+Enter to its whole
// transcript painted, in a fresh tab each time — once with the console's
// module fetched for it, once with it already there.
const consoleScript = [
  ...Array.from({ length: 100 }, (_, i) => `aws dynamodb put-item --table-name commerce-main --item '{"PK": {"S": "CUST#bench${i}"}, "SK": {"S": "PROFILE"}, "name": {"S": "Bench ${i}"}}'`),
  ...Array.from({ length: 50 }, (_, i) => `aws dynamodb get-item --table-name commerce-main --key '{"PK": {"S": "CUST#bench${i}"}, "SK": {"S": "PROFILE"}}'`),
  ...Array.from({ length: 50 }, (_, i) => `aws dynamodb query --table-name commerce-main --key-condition-expression 'PK = :pk' --expression-attribute-values '{":pk": {"S": "CUST#bench${i}"}}' --output text --query Count`),
].join('\n');
const consoleCold = [];
const consoleWarm = [];
for (let i = 0; i < (largeOnly ? 0 : 5); i++) {
  const { page, close } = await freshPage();
  await page.goto(`${served.url}#example=commerce`);
  await drawnWhole(page);
  const box = page.locator('#console').getByLabel('Commands to run');
  const timedRun = async (script, steps) => {
    await box.fill(script);
    const started = Date.now();
    await box.press('Control+Enter');
    await page.locator('#console ol.transcript li.step').nth(steps - 1).waitFor({ timeout: 60000 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    return Date.now() - started;
  };
  consoleCold.push(await timedRun(consoleScript, 200));
  await close();
  const { page: warm, close: closeWarm } = await freshPage();
  await warm.goto(`${served.url}#example=commerce`);
  await drawnWhole(warm);
  const warmBox = warm.locator('#console').getByLabel('Commands to run');
  await warmBox.fill('aws dynamodb list-tables --output text');
  await warmBox.press('Control+Enter');
  await warm.locator('#console ol.transcript li.step').first().waitFor();
  await warmBox.fill(consoleScript);
  const started = Date.now();
  await warmBox.press('Control+Enter');
  await warm.locator('#console ol.transcript li.step').nth(200).waitFor({ timeout: 60000 });
  await warm.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  consoleWarm.push(Date.now() - started);
  await closeWarm();
}

// Export: the example written as an aws CLI script, from the click on
// Export to the text shown (the exports module fetched first).
const exportTimes = [];
for (let i = 0; i < (largeOnly ? 0 : 5); i++) {
  const { page, close } = await freshPage();
  await page.goto(`${served.url}#example=commerce`);
  await page.locator('table.comparison').waitFor();
  const started = Date.now();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.locator('textarea.export-text').waitFor();
  exportTimes.push(Date.now() - started);
  await close();
}

const generation = [];
const blocking = [];
const query = [];
const scan = [];
const wholeScan = [];
let wholeScanned = 0;
let items = 0;
for (let i = 0; i < rounds; i++) {
  const { page, close } = await freshPage();
  await page.goto(served.url);
  await drawnWhole(page);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const before = await summary.textContent();
  await page.getByLabel('How many Customer items').fill('4200');
  await page.getByLabel('Seed (same seed, same items)').fill(String(100 + i));
  // The page stays responsive while the table fills: the longest task that
  // held the main thread, from the browser's long-task timings.
  await watchLongTasks(page);
  const started = Date.now();
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.waitForFunction((old) => document.querySelector('.view-summary').textContent !== old, before, { timeout: 60000 });
  generation.push(Date.now() - started);
  blocking.push(Math.round(await page.evaluate(() => window.longest)));
  items = Number((await summary.textContent()).match(/^([\d,]+) item/)[1].replace(/,/g, ''));
  // From the click to the next painted frame: the handler, the engine,
  // the re-render and the paint.
  const run = async (samples) => {
    for (let j = 0; j < 4; j++) {
      samples.push(await page.evaluate(async () => {
        const button = document.querySelector('form.runner button[type="submit"]');
        const started = performance.now();
        button.click();
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
        return Math.round(performance.now() - started);
      }));
    }
    await page.locator('.outcome .numbers').waitFor();
  };
  await run(query);
  await page.getByLabel('Operation').selectOption('Scan');
  await page.getByLabel('FilterExpression').fill('amount > :min');
  await page.getByLabel('ExpressionAttributeValues').fill('{":min": {"N": "490"}}');
  await run(scan);
  // The Scan + filter of a comparison reads every page of the table: from
  // the click on Compare to the painted comparison, alternating between
  // two patterns so that each click measures again.
  for (let j = 0; j < 4; j++) {
    const pattern = j % 2 ? "A customer's orders, newest first" : "A customer's orders over $200";
    wholeScan.push(await page.evaluate(async (name) => {
      const button = document.querySelector(`button[aria-label="Compare: ${name}"]`);
      const started = performance.now();
      button.click();
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      return Math.round(performance.now() - started);
    }, pattern));
    const cell = page.locator('table.comparison tr[data-run="Scan + filter"] td.scanned');
    await cell.waitFor();
    wholeScanned = Number((await cell.textContent()).replace(/,/g, ''));
    if (wholeScanned !== items) throw new Error(`the comparison's Scan read ${wholeScanned} of ${items} items`);
  }
  await close();
}

// Generating again with another seed, after the rounds above: the new
// table replaces one of ~100,000 items, which has to be freed too.
const regeneration = [];
const reblocking = [];
for (let i = 0; i < rounds; i++) {
  // A browser of its own each time: pages closed before leave their
  // memory to the renderer they shared, and a second fill of a page that
  // follows them measured up to twice as long.
  const fresh = mkdtempSync(join(tmpdir(), 'ddbplay-bench-'));
  const browser = await chromium.launchPersistentContext(fresh, launchOptions);
  const page = await browser.newPage();
  await page.goto(served.url);
  await drawnWhole(page);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const generate = async (seed) => {
    const before = await summary.textContent();
    await page.getByLabel('Seed (same seed, same items)').fill(String(seed));
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.waitForFunction((old) => document.querySelector('.view-summary').textContent !== old, before, { timeout: 60000 });
  };
  await page.getByLabel('How many Customer items').fill('4200');
  await generate(100 + i);
  await watchLongTasks(page);
  const started = Date.now();
  await generate(200 + i);
  regeneration.push(Date.now() - started);
  // The table it replaced is freed in a task after the landing: wait for it.
  await page.waitForTimeout(500);
  reblocking.push(Math.round(await page.evaluate(() => window.longest)));
  await browser.close();
  rmSync(fresh, { recursive: true, force: true });
}

served.server.close();
console.log(`page bench (headless Chromium, release build, ${items.toLocaleString('en-US')} items for the last three rows)`);
console.log(`  wasm + JS shipped:                          ${kb(raw)} (${kb(gz)} gzipped; target <= 500 KB)`);
if (withoutApi) console.log(`  of which the JavaScript API for course pages: ${kb(withApi.gz - withoutApi.gz)} gzipped (target <= 30 KB)`);
console.log(`  the console's module, fetched when first used: ${kb(consoleModule)} gzipped; the exports and imports': ${kb(interchangeModule)} gzipped`);
if (!largeOnly) console.log(`  a 200-command script in the console, module fetched for it: ${median(consoleCold)} ms median of ${consoleCold.length}, ${spread(consoleCold)} (target <= 1000 ms)`);
if (!largeOnly) console.log(`  the same with the module already there:     ${median(consoleWarm)} ms median of ${consoleWarm.length}, ${spread(consoleWarm)} (target <= 1000 ms)`);
if (!largeOnly) console.log(`  Export to the aws CLI script shown, module fetched: ${median(exportTimes)} ms median of ${exportTimes.length}, ${spread(exportTimes)}`);
if (!largeOnly) console.log(`  a shared link opened to its first render:   ${median(linkRender)} ms median of ${linkRender.length}, ${spread(linkRender)} (target <= 1000 ms)`);
for (const [name] of largeOnly ? [] : GALLERY) {
  console.log(`  the ${name} example opened from its link, generated and measured: ${median(galleryOpen[name])} ms median of 5, ${spread(galleryOpen[name])} (target <= 1000 ms)`);
}
if (!largeOnly) console.log(`  the example's link (${codec.length} characters), made in wasm: ${ms(mid(codec.encode))} median of ${codec.encode.length} batches, ${ms(codec.encode[0])}–${ms(codec.encode.at(-1))} (target <= 5 ms)`);
if (!largeOnly) console.log(`  reading it in wasm (a mount from the link, less a mount of the example): ${ms(mid(codec.fromLink) - mid(codec.fromExample))} (${ms(mid(codec.fromLink))} and ${ms(mid(codec.fromExample))} medians of ${codec.fromLink.length} batches; target <= 5 ms)`);
console.log(`  generate ~100k items, load, re-measure:     ${median(generation)} ms median of ${generation.length}, ${spread(generation)} (target <= 2000 ms)`);
console.log(`  longest main-thread task while generating: ${median(blocking)} ms median of ${blocking.length}, ${spread(blocking)} (target <= 200 ms)`);
console.log(`  generating them again (another seed), replacing the first: ${median(regeneration)} ms median of ${regeneration.length}, ${spread(regeneration)}`);
console.log(`  longest main-thread task meanwhile, freeing the first included: ${median(reblocking)} ms median of ${reblocking.length}, ${spread(reblocking)} (target <= 200 ms)`);
console.log(`  Query over them + re-render:                ${median(query)} ms median of ${query.length} (target <= 150 ms)`);
console.log(`  Scan + filter, its first 1 MB page, + re-render: ${median(scan)} ms median of ${scan.length} (target <= 150 ms)`);
if (withoutApi) report('page/js_api', 'bytes', withApi.gz - withoutApi.gz);
if (!largeOnly) {
  report('page/console_script_cold', 'ms', consoleCold);
  report('page/console_script_warm', 'ms', consoleWarm);
  report('page/export_shown', 'ms', exportTimes);
  report('page/shared_link', 'ms', linkRender);
  for (const [name] of GALLERY) report(`page/example/${name}`, 'ms', galleryOpen[name]);
  report('page/link_encode', 'ms', codec.encode);
  report('page/link_decode', 'ms', mid(codec.fromLink) - mid(codec.fromExample));
}
report('page/fill_100k', 'ms', generation);
report('page/fill_100k_longest_task', 'ms', blocking);
report('page/refill_100k', 'ms', regeneration);
report('page/refill_100k_longest_task', 'ms', reblocking);
report('page/query_100k', 'ms', query);
report('page/scan_first_page_100k', 'ms', scan);
report('page/whole_table_comparison', 'ms', wholeScan);
console.log(`  a comparison: the Query and a Scan + filter reading all ${wholeScanned.toLocaleString('en-US')} items, every page, + re-render: ${median(wholeScan)} ms median of ${wholeScan.length}, ${spread(wholeScan)} (target <= 150 ms)`);
