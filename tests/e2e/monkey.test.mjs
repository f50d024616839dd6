// End-to-end: a learner who clicks and types anything, anywhere. Three
// hundred seeded random actions on every control of the page; the page must
// never fail (a wasm panic surfaces as a page error) and must stay usable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** A small seeded generator, so a failure can be replayed. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const TEXTS = ['', 'PK = :pk', '{":pk": {"S": "CUST#c11"}}', '{', 'a: number 9..1', 'x: id q', '#', '{price:08.2}', '0', '-5',
  '99999999', 'SET a = :a', 'attribute_exists(PK)', '[{"entityType": "Order"}]', 'ÿ€💥', '{{}}', 'begins_with(SK, :p)', 'GSI9', '3'];

/** True when the page runs script again within `ms` (a frozen page does not). */
async function responsive(page, ms) {
  const timer = new Promise((resolve) => setTimeout(() => resolve(false), ms));
  return Promise.race([page.evaluate(() => true).catch(() => false), timer]);
}

test('three hundred random actions never break the page', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  const next = random(20261130);
  const pick = (list) => list[Math.floor(next() * list.length)];
  let timeouts = 0;
  for (let step = 0; step < 300; step++) {
    const controls = page.locator('button:not([disabled]), input:not([disabled]):not([type=file]), select:not([disabled]), textarea')
      .filter({ visible: true });
    const n = await controls.count();
    const control = controls.nth(Math.floor(next() * n));
    let tag = '';
    try {
      tag = await control.evaluate((el) => `${el.tagName}:${el.type ?? ''}`, undefined, { timeout: 2000 });
      if (tag.startsWith('BUTTON')) {
        await control.click({ timeout: 2000 });
      } else if (tag.startsWith('SELECT')) {
        const options = await control.locator('option').evaluateAll((os) => os.map((o) => o.value));
        if (options.length) await control.selectOption(pick(options), { timeout: 2000 });
      } else if (tag === 'INPUT:checkbox') {
        await control.click({ timeout: 2000 });
      } else {
        // Keep generated tables small: a count never above a few dozen.
        const label = (await control.getAttribute('aria-label')) ?? '';
        const text = /How many|items in all|items per|Requests/.test(label) || tag === 'INPUT:number' ? String(Math.floor(next() * 30)) : pick(TEXTS);
        await control.fill(text, { timeout: 2000 });
        await control.press('Tab', { timeout: 2000 });
      }
    } catch (e) {
      // A control that moved or vanished under the previous action is
      // fine; a page that stopped answering is not.
      if (!/Timeout|detached|not attached|outside of the viewport|not visible|intercepts pointer|is not an <input>|not a <select>|not editable|cannot be filled/.test(e.message)) throw e;
      if (/Timeout/.test(e.message)) {
        timeouts += 1;
        // A frozen page never answers; a busy one on a loaded two-core
        // machine (browser tests run side by side) may take seconds.
        assert.ok(await responsive(page, 10000), `the page stopped responding at step ${step} (${tag})`);
      }
    }
    assert.deepEqual(page.errors, [], `after step ${step} (${tag})`);
  }
  // A control that waits is rare; many would mean a page that stalls.
  assert.ok(timeouts < 30, `${timeouts} of 300 actions timed out`);
  // Still alive: open dialogs close, every folded panel unfolds, and a
  // pattern can be compared.
  const dialogs = page.locator('.dialog');
  while (await dialogs.count()) await dialogs.first().getByRole('button', { name: 'Close', exact: true }).click();
  const folded = page.locator('button.fold[aria-expanded="false"]');
  while (await folded.count()) await folded.first().click();
  await page.getByRole('button', { name: /^Compare: / }).first().click();
  await page.locator('#comparison-title').waitFor();
  assert.deepEqual(page.errors, []);
});
