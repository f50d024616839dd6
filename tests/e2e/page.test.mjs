// End-to-end: the release page, served on 127.0.0.1, in headless Chromium.
// Run by `cargo xtask test` with node's test runner; screenshots go to tests/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './serve_static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const artifacts = join(root, 'tests', 'artifacts');
let served;
let context;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  served = await serveStatic(join(root, 'dist'));
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'ddbplay-chromium-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 800 },
  });
});

after(async () => {
  await context?.close();
  served?.server.close();
});

test('the page runs the engine and shows a Query reading less than a Scan', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(served.url);
  const query = page.locator('tr[data-request="Query"]');
  await query.waitFor();
  const scan = page.locator('tr[data-request="Scan + filter"]');
  const queryRead = Number(await query.locator('.scanned').textContent());
  const scanRead = Number(await scan.locator('.scanned').textContent());
  const queryUnits = Number(await query.locator('.units').textContent());
  const scanUnits = Number(await scan.locator('.units').textContent());
  assert.equal(queryRead, 2);
  assert.ok(scanRead > 200, `scan read ${scanRead}`);
  assert.equal(queryUnits, 0.5);
  assert.ok(scanUnits > 10 * queryUnits, `scan cost ${scanUnits}`);
  await page.screenshot({ path: join(artifacts, 'page.png'), fullPage: true });
  assert.deepEqual(errors, []);
});
