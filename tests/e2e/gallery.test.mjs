// End-to-end: the gallery. Every example opens from the Examples menu and
// from its own link, says what it shows, and compares its selected pattern
// with the Scan that would answer it without keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

// Each example: its menu title, its table, the pattern compared when it
// opens and that pattern's Count with the Scan's ScannedCount (the
// example's seed, as the model tests pin them).
const EXAMPLES = [
  { name: 'blog', title: 'Blog', table: 'blog', pattern: 'A post and all its comments, in one request', count: 24, scanned: 728 },
  { name: 'hierarchy', title: 'Organisation hierarchy', table: 'org', pattern: 'One department: its teams and their people', count: 37, scanned: 323 },
  { name: 'adjacency', title: 'Students and courses', table: 'school', pattern: 'The students in a course, from the inverted index', count: 30 },
  { name: 'sharding', title: 'Write sharding', table: 'votes', pattern: "An event's votes under one key: one Query", count: 584, scanned: 2445 },
  { name: 'time-series', title: 'Device readings', table: 'telemetry', pattern: "A device's readings in the first week of March, from its March bucket", count: 12, scanned: 4399 },
  { name: 'invoicing', title: 'Overdue invoices', table: 'invoices', pattern: "An account's overdue invoices, newest first (the dashboard)", count: 6, scanned: 39668,
    monthly: /^At 3,000,000 requests a month: \$0\.1875 for the Query, .*\$524\.81 for the Scan \+ filter\.$/ },
  { name: 'multi-attribute', title: 'Multi-attribute keys', table: 'orders', pattern: "c7's SHIPPED orders of December, newest first: ByCustomerStatusDate, the orders' own attributes", count: 2, scanned: 539 },
];

async function compared(page, example) {
  await page.locator('#comparison-title', { hasText: example.pattern }).waitFor();
  const query = page.locator('table.comparison tr[data-run="Query"]');
  assert.equal(count(await query.locator('.count').textContent()), example.count);
  const scan = page.locator('table.comparison tr[data-run="Scan + filter"]');
  assert.equal(count(await scan.locator('.count').textContent()), example.count);
  if (example.scanned) assert.equal(count(await scan.locator('.scanned').textContent()), example.scanned);
  assert.ok(count(await scan.locator('.units').textContent()) > count(await query.locator('.units').textContent()));
  if (example.monthly) {
    assert.match(await page.locator('p.monthly').first().textContent(), example.monthly);
  }
}

test('every example opens from the Examples menu, says what it shows and compares its pattern', async () => {
  const page = await openPage(session);
  await page.locator('.view-summary').waitFor();
  for (const example of EXAMPLES) {
    await page.getByRole('button', { name: 'Examples' }).click();
    const dialog = page.getByRole('dialog', { name: 'Examples' });
    await dialog.getByText('Opening an example replaces the playground on the screen').waitFor();
    await dialog.getByRole('button', { name: `Open the ${example.title} example` }).click();
    await page.locator('.status', { hasText: new RegExp(`^Table ${example.table}: [1-9][\\d,]* items generated from seed \\d+\\.$`) }).waitFor();
    await page.locator('.session-name', { hasText: `${example.title} example` }).waitFor();
    await page.locator('details.about-example summary', { hasText: `About this design: ${example.title}` }).waitFor();
    await compared(page, example);
    await page.screenshot({ path: join(artifacts, `example-${example.name}.png`) });
  }
  assert.deepEqual(page.errors, []);
});

test('every example opens from a link of its own, in a fresh tab', async () => {
  for (const example of EXAMPLES) {
    const page = await openPage(session, `${session.served.url}#example=${example.name}`);
    await page.locator('.status', { hasText: new RegExp(`^Table ${example.table}: [1-9][\\d,]* items generated from seed \\d+\\.$`) }).waitFor();
    await compared(page, example);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('a changed playground stays saved when an example replaces it', async () => {
  const page = await openPage(session);
  await page.locator('.view-summary').waitFor();
  // A change saves the playground under its name.
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'Open the Blog example' }).click();
  await page.locator('.status', { hasText: /^Table blog: 728 items/ }).waitFor();
  await page.getByLabel('Seed (same seed, same items)').fill('8');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.locator('.status', { hasText: 'from seed 8' }).waitFor();
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  await page.locator('table.saved th', { hasText: 'Blog example' }).waitFor();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Examples' }).click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog.getByText('"Blog example" stays saved in this browser').waitFor();
  await dialog.getByRole('button', { name: 'Open the Organisation hierarchy example' }).click();
  await page.locator('.status', { hasText: /^Table org: 323 items/ }).waitFor();
  // The blog, with its seed, is still there to go back to.
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  await page.getByRole('button', { name: 'Open Blog example' }).click();
  await page.locator('.status', { hasText: /^Table blog: [1-9][\d,]* items generated from seed 8\.$/ }).waitFor();
  assert.deepEqual(page.errors, []);
});
