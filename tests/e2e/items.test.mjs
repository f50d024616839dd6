// End-to-end: one item added from a form, edited as DynamoDB JSON from the
// data view, and deleted — with DynamoDB's errors for bad ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const tableItems = async (page) => count((await page.locator('.view-summary').textContent()).match(/^([\d,]+) item/)[1]);

test('an item added from the form gets its keys from the templates, and the open-orders index shows it', async () => {
  const page = await openPage(session);
  await page.locator('.view-summary').waitFor();
  const before = await tableItems(page);
  const open = count(await page.locator('tr[data-pattern="5"] .count').textContent());
  await page.getByLabel('Entity of the item').selectOption('Order');
  const form = page.locator('.item-form');
  for (const [name, value] of [['customerId', 'c1'], ['orderId', 'o9999'], ['orderDate', '2024-12-24'],
                               ['orderStatus', 'PENDING'], ['amount', 'lots']]) {
    await form.getByLabel(name, { exact: true }).fill(value);
  }
  await page.locator('#item .error', { hasText: 'amount: "lots" is not a number.' }).waitFor();
  await form.getByLabel('amount', { exact: true }).fill('99.90');
  await form.getByLabel('openFlag', { exact: true }).fill('OPEN');
  const json = page.getByLabel(/^The item, as DynamoDB JSON/);
  const item = JSON.parse(await json.inputValue());
  assert.deepEqual(item.SK, { S: 'ORDER#2024-12-24#o9999' });
  assert.deepEqual(item.GSI2PK, { S: 'OPEN' });
  assert.deepEqual(item.amount, { N: '99.9' });
  await page.getByRole('button', { name: 'Put item' }).click();
  await page.locator('#item .ok', { hasText: 'Added the item: 1 WCU on the table, 1 on GSI1, 1 on GSI2.' }).waitFor();
  await page.waitForFunction((n) => document.querySelector('.view-summary').textContent.startsWith(`${(n + 1).toLocaleString('en-US')} item`), before);
  await page.locator('tr[data-pattern="5"] .count', { hasText: new RegExp(`^${open + 1}$`) }).waitFor();
  await page.locator('#item-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'item-form.png') });
  assert.deepEqual(page.errors, []);
});

test('Edit on a row opens the whole item as JSON; bad JSON and a missing key are refused, and Delete removes it', async () => {
  const page = await openPage(session);
  await page.locator('.view-summary').waitFor();
  const before = await tableItems(page);
  // The abandoned carts come first in key order; go to the first customer.
  await page.getByLabel('Go to the item collection whose partition key starts with').fill('CUST#c1');
  await page.getByRole('button', { name: 'Edit the item CUST#c1 PROFILE' }).click();
  const json = page.getByLabel(/^The item, as DynamoDB JSON/);
  await page.waitForFunction(() => document.querySelector('.item-json textarea').value.includes('PROFILE'));
  const item = JSON.parse(await json.inputValue());
  assert.deepEqual(item.entityType, { S: 'Customer' });
  assert.equal(await page.locator('.item-form').getByLabel('customerId', { exact: true }).inputValue(), 'c1');
  await json.fill('{"PK": {"S": "CUST#c1"},\n "SK": }');
  await page.getByRole('button', { name: 'Put item' }).click();
  await page.locator('#item .error', { hasText: /^The item is not valid JSON: .* at line 2 column \d+\.$/ }).waitFor();
  // The caret stands under the character where the JSON stops reading.
  assert.equal(await page.locator('#item pre.caret').textContent(), `2 |  "SK": }\n${' '.repeat(4 + 7)}^`);
  await json.fill('{"SK": {"S": "PROFILE"}}');
  await page.getByRole('button', { name: 'Put item' }).click();
  await page.locator('#item .error', { hasText: 'ValidationException: One or more parameter values were invalid: Missing the key PK in the item' }).waitFor();
  assert.equal(await tableItems(page), before);
  await json.fill(JSON.stringify({ ...item, fullName: { S: 'Ada Lovelace' } }, null, 2));
  await page.getByRole('button', { name: 'Put item' }).click();
  await page.locator('#item .ok', { hasText: 'Replaced the item: 1 WCU on the table.' }).waitFor();
  assert.equal(await tableItems(page), before);
  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.locator('#item .ok', { hasText: 'Deleted the item: 1 WCU on the table.' }).waitFor();
  await page.waitForFunction((n) => document.querySelector('.view-summary').textContent.startsWith(`${(n - 1).toLocaleString('en-US')} item`), before);
  // The profile is gone from the data view.
  await page.getByRole('button', { name: 'Edit the item CUST#c1 PROFILE' }).waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
});
