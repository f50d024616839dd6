// The page's performance figures, measured in headless Chromium on the
// release build (`cargo xtask bench`): the size shipped, the first render of
// the commerce example, generating ~100,000 items, and a Query and a Scan
// over them with the re-render. Medians of several runs; nothing is asserted.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { serveStatic } from './serve_static.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

let raw = 0;
let gz = 0;
for (const file of readdirSync(dist).filter((f) => /\.(wasm|js)$/.test(f))) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
}

const served = await serveStatic(dist);
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ddbplay-bench-')), {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  viewport: { width: 1280, height: 800 },
});

const firstRender = [];
for (let i = 0; i < 5; i++) {
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(served.url);
  await page.locator('table.comparison').waitFor();
  firstRender.push(Date.now() - started);
  await page.close();
}

const generation = [];
const blocking = [];
const query = [];
const scan = [];
let items = 0;
for (let i = 0; i < 3; i++) {
  const page = await context.newPage();
  await page.goto(served.url);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const before = await summary.textContent();
  await page.getByLabel('How many Customer items').fill('4200');
  await page.getByLabel('Seed (same seed, same items)').fill(String(100 + i));
  // The page stays responsive while the table fills: the longest task that
  // held the main thread, from the browser's long-task timings.
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
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
  await page.close();
}

await context.close();
served.server.close();
console.log(`page bench (headless Chromium, release build, ${items.toLocaleString('en-US')} items for the last three rows)`);
console.log(`  wasm + JS shipped:                          ${kb(raw)} (${kb(gz)} gzipped; target <= 500 KB)`);
console.log(`  first render of the commerce example:       ${median(firstRender)} ms median of ${firstRender.length} (target <= 1000 ms)`);
console.log(`  generate ~100k items, load, re-measure:     ${median(generation)} ms median of ${generation.length} (target <= 2000 ms)`);
console.log(`  longest main-thread task while generating: ${median(blocking)} ms median (the final re-measure and render)`);
console.log(`  Query over them + re-render:                ${median(query)} ms median of ${query.length} (target <= 150 ms)`);
console.log(`  Scan + filter over them + re-render:        ${median(scan)} ms median of ${scan.length} (target <= 150 ms)`);
