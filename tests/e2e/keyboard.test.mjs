// End-to-end: the page without a mouse. Every step is reached with Tab and
// done with Enter, Space or the arrow keys, as a keyboard user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMenuIfFolded, openPage, SIZES, useBrowser } from './browser.mjs';

const session = useBrowser();

/** Presses Tab until the focused control's accessible name matches; fails after `limit` presses. */
async function tabTo(page, name, limit = 400) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const labels = el.labels ? [...el.labels].map((l) => l.textContent).join(' ') : '';
      return (el.getAttribute('aria-label') || labels || el.textContent || '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  assert.fail(`Tab never reached ${name}`);
}

test('a keyboard user compares patterns, runs one, reads the data view and generates items', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  // No control is taken out of, or forced into, the tab order.
  assert.equal(await page.locator('[tabindex]:not([tabindex="0"]):not([tabindex="-1"])').count(), 0);

  await tabTo(page, 'Compare: Open orders, from the sparse index');
  await page.keyboard.press('Enter');
  await page.locator('#comparison-title', { hasText: 'Open orders, from the sparse index' }).waitFor();

  await tabTo(page, 'Run: Books, cheapest first');
  await page.keyboard.press(' ');
  await page.locator('.outcome .numbers', { hasText: /^Count \d+ · ScannedCount \d+ · / }).waitFor();

  // The data view: pick an index with the arrow keys, scroll it with the keyboard.
  await tabTo(page, 'Table or index to show');
  await page.keyboard.press('ArrowDown');
  await page.locator('table.data thead th', { hasText: 'GSI1PK' }).waitFor();
  await tabTo(page, 'Items, grouped by partition key');
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.querySelector('.data-scroll').scrollTop > 0);

  // Generating: type a count, move to the button, press Enter.
  await tabTo(page, 'How many Customer items');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('20');
  await tabTo(page, 'Generate');
  await page.keyboard.press('Enter');
  await page.locator('.status', { hasText: 'from seed 42' }).waitFor();
  await page.waitForFunction(() => /^[\d,]+ items? in/.test(document.querySelector('.view-summary').textContent)
    && Number(document.querySelector('.view-summary').textContent.match(/^([\d,]+)/)[1].replace(/,/g, '')) < 1000);
  assert.deepEqual(page.errors, []);
});

for (const [opener, [width, height]] of ['Examples', 'Share', 'Export', 'Playgrounds'].flatMap((o) => SIZES.map((size) => [o, size]))) {
  test(`at ${width}×${height} the ${opener} dialog takes the focus, keeps Tab inside, closes with Escape and gives the focus back`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    await openMenuIfFolded(page);
    const button = page.getByRole('button', { name: opener, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'dialog');
    // However far Tab goes, the focus stays in the dialog, both ways.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        assert.ok(await page.evaluate(() => !!document.activeElement.closest('[role="dialog"]')), `${key} ${i}`);
      }
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), opener);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('in the share dialog, whether a copy worked is said under the button that was pressed', async () => {
  const page = await openPage(session);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.locator('[role="dialog"]');
  await dialog.getByRole('button', { name: 'Copy the embed code' }).click();
  const said = dialog.locator('[role="status"]');
  await said.waitFor();
  assert.equal(await said.count(), 1);
  // Right after the embed code's button, not the link's.
  assert.equal(await said.evaluate((p) => p.previousElementSibling.textContent), 'Copy the embed code');
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a link in the sections list takes the reader to its panel and moves the focus there`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    await page.locator('table.comparison').waitFor();
    await openMenuIfFolded(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Entity chart' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'chart');
    await page.waitForFunction(() => {
      const box = document.querySelector('#chart-title').getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight;
    });
    assert.match(page.url(), /#example=commerce|#play=/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
