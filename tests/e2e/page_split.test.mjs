// End-to-end: the page's wasm in two modules (xtask/src/split.rs). A visit
// that only reads the example, here or in a course page's frame, fetches
// the first module alone; a feature the visit had not used — a PartiQL
// statement — fetches the rest when it is first called, and answers as
// the whole page would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** The page's wasm files a frame has fetched, by kind: "first" and "rest". */
async function wasmFetched(frame) {
  const names = await frame.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  return {
    first: names.filter((n) => /ddbplay-page-[0-9a-f]+_bg\.wasm$/.test(n)).length,
    rest: names.filter((n) => /ddbplay-page-[0-9a-f]+_rest\.wasm$/.test(n)).length,
  };
}

test('opening the example fetches the first module alone, and PartiQL fetches the rest', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison tr[data-run="Query"] .units').waitFor();
  await page.waitForTimeout(1500);
  assert.deepEqual(await wasmFetched(page), { first: 1, rest: 0 });
  const runner = page.locator('#runner');
  await runner.getByLabel('Operation').selectOption('ExecuteStatement');
  await runner.locator('label.field', { hasText: /^Statement/ }).locator('textarea')
    .fill(`SELECT * FROM "commerce-main" WHERE PK = 'CUST#c1' AND SK = 'PROFILE'`);
  await runner.getByRole('button', { name: 'Run', exact: true }).click();
  const numbers = runner.locator('.outcome p.numbers');
  await numbers.waitFor();
  assert.equal(await numbers.textContent(), 'Count 1 · ScannedCount 1 · 0.5 RCU');
  assert.equal((await wasmFetched(page)).rest, 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a course page's comparison frame fetches the first module alone", async () => {
  const page = await openPage(session, `${session.served.url}examples/course.html`);
  const frame = page.frameLocator('#comparison-frame');
  await frame.locator('table.comparison tr[data-run="Query"] .units').waitFor();
  await page.waitForTimeout(1500);
  const comparison = page.frames().find((f) => f.url().includes('id=comparison'));
  assert.deepEqual(await wasmFetched(comparison), { first: 1, rest: 0 });
  assert.deepEqual(page.errors, []);
  await page.close();
});
