// End-to-end: axe-core finds no accessibility violations in the built
// page at the three sizes the learner's loop is judged at — as it opens,
// and after a template change has turned a pattern red (the badges, the
// "what changed" line, the failing checks atop the comparison).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's violations on the page as it is: rule, impact and where. */
async function violations(page) {
  await page.addScriptTag({ path: axe });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [width, height] of [[1366, 768], [1920, 1080], [390, 844]]) {
  test(`at ${width}×${height} axe finds no violations, before and after a change that breaks a pattern`, async () => {
    const page = await openPage(session);
    await page.setViewportSize({ width, height });
    await page.locator('table.comparison').waitFor();
    assert.deepEqual(await violations(page), []);
    const template = page.getByLabel('GSI1SK template of Order', { exact: true });
    await template.fill('ORDER#{orderDate}#{orderId}');
    await template.press('Enter');
    await page.locator('header p.changed').waitFor();
    await page.getByRole('button', { name: 'Compare: PENDING orders placed in July' }).click();
    await page.locator('#comparison .failing-checks').waitFor();
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
