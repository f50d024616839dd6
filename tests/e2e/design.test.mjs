// End-to-end: designing the table and the entity chart in the page. Every
// applied change creates the table again, generates the items again and
// re-measures the patterns; a change that cannot be built is refused whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const items = async (page) => count((await page.locator('.status').textContent()).match(/: ([\d,]+) items/)[1]);

test('a new global index gets a template column, and a design DynamoDB refuses changes nothing', async () => {
  const page = await openPage(session);
  await page.getByRole('button', { name: 'Add a global index' }).click();
  await page.getByLabel('Name of index 3').fill('ByStatus');
  await page.getByLabel('Name of index 3').press('Tab');
  await page.getByLabel('ByStatus partition key name').fill('StatusPK');
  await page.getByLabel('ByStatus partition key name').press('Tab');
  await page.getByLabel('ByStatus sort key name').fill('StatusSK');
  await page.getByLabel('ByStatus sort key name').press('Tab');
  await page.getByLabel('ByStatus projection').selectOption('KEYS_ONLY');
  await page.getByRole('button', { name: 'Apply design' }).click();
  const template = page.getByLabel('StatusPK template of Order', { exact: true });
  await template.waitFor();
  await template.fill('{orderStatus}');
  await template.press('Enter');
  await page.getByLabel('StatusSK template of Order', { exact: true }).fill('{orderDate}');
  await page.getByLabel('StatusSK template of Order', { exact: true }).press('Enter');
  // The data view can show the new index: orders only, keys only.
  await page.getByLabel('Table or index to show').selectOption('ByStatus');
  await page.locator('table.data tr.collection th', { hasText: /^StatusPK = (PENDING|SHIPPED|DELIVERED|CANCELLED)/ }).first().waitFor();
  await page.locator('#design-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'design-new-index.png') });
  // An index name of two characters: CreateTable refuses it, nothing changes.
  const before = await items(page);
  await page.getByLabel('Name of index 3').fill('BS');
  await page.getByLabel('Name of index 3').press('Tab');
  await page.getByRole('button', { name: 'Apply design' }).click();
  const refused = page.locator('section[aria-labelledby="design-title"] .error');
  await refused.waitFor();
  assert.equal(await refused.textContent(), "Not applied: ValidationException: 1 validation error detected: Value 'BS' at 'globalSecondaryIndexes.3.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3");
  assert.equal(await items(page), before);
  assert.ok(await page.getByLabel('StatusPK template of Order', { exact: true }).isVisible());
  assert.deepEqual(page.errors, []);
});

test('renaming the partition key carries every template along, and patterns say what no longer fits', async () => {
  const page = await openPage(session);
  await page.getByLabel('Table partition key name').fill('pk');
  await page.getByLabel('Table partition key name').press('Tab');
  await page.getByRole('button', { name: 'Apply design' }).click();
  const template = page.getByLabel('pk template of Customer', { exact: true });
  await template.waitFor();
  assert.equal(await template.inputValue(), 'CUST#{customerId}');
  // The saved patterns still name PK: DynamoDB's own message says so.
  await page.locator('tr[data-pattern="0"] .error', { hasText: 'ValidationException: The provided key element does not match the schema' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('entity attributes, counts and new entities change what is generated; a bad line says where', async () => {
  const page = await openPage(session);
  await page.locator('.status').waitFor();
  const before = await items(page);
  const attributes = page.getByLabel('Attributes of Product, one name: kind per line');
  await attributes.fill('productId: id p\ncategory: one of books\nprice: numbr 1..9');
  await attributes.blur();
  await page.locator('tr[data-entity="Product"] .error', { hasText: 'Line 3: price: "numbr 1..9" is not a kind of value' }).waitFor();
  assert.equal(await items(page), before);
  await attributes.fill('productId: id p\ncategory: one of books\nprice: number 1.00..9.00');
  await attributes.blur();
  await page.locator('tr[data-entity="Product"] .types', { hasText: 'priceN' }).waitFor();
  // Every product is a book now: "Books, cheapest first" finds all twelve.
  await page.locator('tr[data-pattern="6"] .count', { hasText: /^12$/ }).waitFor();
  await page.getByLabel('Fewest Customer items in all').fill('5');
  await page.getByLabel('Fewest Customer items in all').press('Tab');
  await page.getByLabel('Most Customer items in all').fill('5');
  await page.getByLabel('Most Customer items in all').press('Tab');
  await page.waitForFunction((n) => !document.querySelector('.status').textContent.includes(`: ${n.toLocaleString('en-US')} items`), before);
  const fewer = await items(page);
  assert.ok(fewer < before / 3, `${fewer} items after 5 customers, ${before} before`);
  await page.getByRole('button', { name: 'Add an entity' }).click();
  await page.locator('tr[data-entity="Entity1"]').waitFor();
  assert.equal(await items(page), fewer + 10);
  await page.locator('section[aria-labelledby="chart-title"]').screenshot({ path: join(artifacts, 'chart-edited.png') });
  assert.deepEqual(page.errors, []);
});

test('a local index keeps the table\'s partition key and orders each collection by its own sort key', async () => {
  const page = await openPage(session);
  await page.getByRole('button', { name: 'Add a local index' }).click();
  assert.ok(await page.getByLabel('LSI1 partition key (the table\'s) name').isDisabled());
  await page.getByLabel('LSI1 sort key name').fill('ByAmount');
  await page.getByLabel('LSI1 sort key name').press('Tab');
  await page.getByLabel('LSI1 sort key type').selectOption('N');
  await page.getByRole('button', { name: 'Apply design' }).click();
  const template = page.getByLabel('ByAmount template of Order', { exact: true });
  await template.waitFor();
  await template.fill('{amount}');
  await template.press('Tab');
  await page.getByLabel('Table or index to show').selectOption('LSI1');
  const first = page.locator('table.data tr.collection th').first();
  await first.waitFor();
  assert.match(await first.textContent(), /^PK = CUST#c1\b/);
  // Only orders carry ByAmount: the index is sparse, and each collection is
  // sorted by amount as a number (9.5 before 10), not as text.
  const collections = await page.evaluate(() => {
    const out = [];
    for (const row of document.querySelectorAll('table.data tbody tr')) {
      if (row.classList.contains('collection')) out.push([]);
      else if (row.classList.contains('item') && out.length) out[out.length - 1].push(Number(row.cells[2].textContent));
    }
    return out;
  });
  assert.ok(collections.some((amounts) => amounts.length >= 3), JSON.stringify(collections));
  for (const amounts of collections) assert.deepEqual(amounts, [...amounts].sort((a, b) => a - b));
  assert.equal(await page.locator('table.data tr.item .entity', { hasText: 'Customer' }).count(), 0);
  assert.deepEqual(page.errors, []);
});

