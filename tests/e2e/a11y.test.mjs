// End-to-end: axe-core finds no accessibility violations in the built
// page at the three sizes the learner's loop is judged at — as it opens,
// and after a template change has turned a pattern red (the badges, the
// "what changed" line, the failing checks atop the comparison).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { artifacts, launchFresh, launchOptions, openPage, useBrowser } from './browser.mjs';

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

test('on a phone the header folds into a menu and the access patterns start near the top', async () => {
  const context = await launchFresh('ddbplay-phone-', launchOptions({ width: 390, height: 844 }));
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(session.example);
  await page.locator('table.patterns').waitFor();
  const menu = page.locator('details.page-menu');
  assert.equal(await menu.getAttribute('open'), null);
  assert.equal(await page.getByRole('button', { name: 'Share', exact: true }).isVisible(), false);
  assert.equal(await page.locator('details.about-example').getAttribute('open'), null);
  const top = (await page.locator('#patterns').boundingBox()).y;
  assert.ok(top < 600, `the patterns start ${top}px down`);
  await page.locator('details.page-menu > summary').click();
  assert.equal(await page.getByRole('button', { name: 'Share', exact: true }).isVisible(), true);
  assert.deepEqual(await violations(page), []);
  await page.screenshot({ path: join(artifacts, 'phone-menu.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});
