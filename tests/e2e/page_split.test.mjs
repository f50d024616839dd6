// End-to-end: the page's wasm in two modules (xtask/src/split.rs). A visit
// that only reads the example, at the page's plain address, at the
// example's or in a course page's frame, fetches the first module alone;
// one opening on a link or saved work waits for the rest, fetched in the
// background; once the learner reaches for the page, the rest
// comes in the background and the panels below the first screen are drawn
// (web/src/rest_of_page.rs); a feature called before that — a PartiQL
// statement — fetches the rest at once, and answers as the whole page
// would.
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

/** How the rest was fetched: "fetch" in the background, "xmlhttprequest" when called before it came. */
const restFetchedBy = (frame) => frame.evaluate(() => performance.getEntriesByType('resource')
  .filter((r) => /_rest\.wasm$/.test(r.name)).map((r) => r.initiatorType));

const firstNumbers = (page) => page.locator('table.comparison tr[data-run="Query"] .units').first().waitFor();

test('the first screen fetches nothing more until the learner reaches for the page, then the rest comes in the background', async () => {
  const page = await openPage(session, session.example, { whole: false });
  await firstNumbers(page);
  await page.waitForTimeout(1500);
  assert.deepEqual(await wasmFetched(page), { first: 1, rest: 0 });
  assert.equal(await page.locator('.workbench').getAttribute('data-drawn'), 'first-screen');
  assert.equal(await page.locator('.pending-panel').count(), 10);
  assert.equal(await page.locator('#runner h2').textContent(), 'Run a request');
  await page.mouse.move(400, 300);
  await page.locator('[data-drawn="whole"]').waitFor({ state: 'attached' });
  assert.equal(await page.locator('.pending-panel').count(), 0);
  assert.deepEqual(await restFetchedBy(page), ['fetch']);
  await page.locator('#data .view-summary').waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a first visit to the plain address fetches the first module alone', async () => {
  const page = await openPage(session, session.served.url, { whole: false });
  await firstNumbers(page);
  await page.waitForTimeout(1500);
  assert.deepEqual(await wasmFetched(page), { first: 1, rest: 0 });
  assert.equal(await page.locator('.workbench').getAttribute('data-drawn'), 'first-screen');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a shared link and saved work open once the rest has come in the background, the page never frozen for it', async () => {
  const editing = await openPage(session, session.example);
  await editing.getByLabel('Seed (same seed, same items)').fill('8');
  await editing.getByRole('button', { name: 'Generate' }).click();
  await editing.waitForFunction(() => location.hash.startsWith('#play='));
  const link = editing.url();
  await editing.close();
  for (const [address, keepStorage] of [[session.served.url, true], [link, false]]) {
    const page = await openPage(session, address, { keepStorage, whole: false });
    await page.locator('.status', { hasText: 'from seed 8' }).waitFor();
    await firstNumbers(page);
    assert.deepEqual(await restFetchedBy(page), ['fetch'], address);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('a place on the page or a panel to open at waits for the rest, fetched in the background', async () => {
  for (const address of [`${session.served.url}#patterns`, `${session.served.url}?show=data#example=commerce`]) {
    const page = await openPage(session, address, { whole: false });
    await firstNumbers(page);
    assert.deepEqual(await restFetchedBy(page), ['fetch'], address);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('an embed of the first screen\'s panels, editable, fetches the first module alone', async () => {
  const page = await openPage(session, `${session.served.url}?embed&panels=patterns,comparison#example=commerce`, { whole: false });
  await firstNumbers(page);
  await page.waitForTimeout(1500);
  assert.deepEqual(await wasmFetched(page), { first: 1, rest: 0 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a section link clicked before its panel is drawn arrives at it once it is', async () => {
  const page = await openPage(session, session.example, { whole: false });
  await firstNumbers(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Stream and time to live' }).click();
  await page.locator('#stream-body').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'stream');
  assert.deepEqual(await restFetchedBy(page), ['fetch']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an embed of panels past the first screen fetches the rest at once, in the background', async () => {
  const page = await openPage(session, `${session.served.url}?embed&panels=runner,data&id=runner#example=commerce`);
  await page.locator('#runner-body').waitFor();
  await page.locator('#data .view-summary').waitFor();
  assert.deepEqual(await restFetchedBy(page), ['fetch']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a dialog opened before the rest came fetches it at once, and works', async () => {
  const page = await openPage(session, session.example, { whole: false });
  await firstNumbers(page);
  // The page's loader of the rest made to wait for ever, as on a slow
  // line: the Share dialog's code, not on the first screen, is fetched by
  // its first call.
  await page.evaluate(() => {
    const offered = globalThis[Symbol.for('ddbplay.restOfPage')];
    offered.get = () => () => new Promise(() => {});
  });
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.locator('input.share-link').inputValue();
  assert.match(link, /#play=7\./);
  assert.deepEqual(await restFetchedBy(page), ['xmlhttprequest']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a PartiQL statement answers as the whole page would', async () => {
  const page = await openPage(session);
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
