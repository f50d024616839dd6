// Screenshots of the page as a learner meets it, at the three sizes the
// learner's loop is judged at, for looking at by eye (not a test):
//   node tests/e2e/shots.mjs   → tests/artifacts/shots/*.png
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, drawnWhole, launchFresh, launchOptions, SUB_PATH } from './browser.mjs';
import { serveStatic } from './serve_static.mjs';

const folder = join(artifacts, 'shots');
mkdirSync(folder, { recursive: true });
const served = await serveStatic(join(artifacts, '..', '..', 'dist'), SUB_PATH);
for (const [width, height] of [[1366, 768], [1920, 1080], [390, 844]]) {
  const context = await launchFresh('ddbplay-shots-', launchOptions({ width, height }));
  const page = await context.newPage();
  await page.goto(`${served.url}#example=commerce`);
  await page.locator('table.comparison').waitFor();
  await page.screenshot({ path: join(folder, `open-${width}.png`) });
  await drawnWhole(page);
  await page.screenshot({ path: join(folder, `reached-${width}.png`) });
  // A template change that breaks the July pattern, then its badge and its comparison.
  const template = page.getByLabel('GSI1SK template of Order', { exact: true });
  await template.fill('ORDER#{orderDate}#{orderId}');
  await template.press('Enter');
  await page.locator('p.changed').first().waitFor();
  await page.locator('p.changed').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(folder, `changed-${width}.png`) });
  await page.getByRole('button', { name: 'Compare: PENDING orders placed in July' }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: join(folder, `compared-${width}.png`) });
  await context.close();
}
served.server.close();
