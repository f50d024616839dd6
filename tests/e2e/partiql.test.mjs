// End-to-end: the runner's PartiQL mode. The same SELECT syntax is a
// Query when its WHERE fixes the partition key and a full Scan when it
// does not; the page says which, with Count, ScannedCount and the units,
// flags the Scan, and underlines a statement's syntax error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** Puts the runner in PartiQL mode with `statement` and runs it. */
async function runStatement(page, statement, parameters = '') {
  const runner = page.locator('#runner');
  await runner.getByLabel('Operation').selectOption('ExecuteStatement');
  await runner.locator('label.field', { hasText: /^Statement/ }).locator('textarea').fill(statement);
  await runner.locator('label.field', { hasText: /^Parameters/ }).locator('textarea').fill(parameters);
  await runner.getByRole('button', { name: 'Run', exact: true }).click();
  return runner;
}

/** "Count 3 · ScannedCount 3 · 0.5 RCU" → [3, 3, 0.5]. */
async function numbers(runner) {
  const text = await runner.locator('.outcome p.numbers').textContent();
  const match = text.match(/^Count ([\d,]+) · ScannedCount ([\d,]+) · ([\d.,]+) RCU$/);
  assert.ok(match, text);
  return [count(match[1]), count(match[2]), count(match[3])];
}

test('a SELECT that fixes the partition key is a Query, and says so', async () => {
  const page = await openPage(session);
  const runner = await runStatement(page, `SELECT * FROM "commerce-main" WHERE PK = ? AND begins_with(SK, 'ORDER#')`, '[{"S": "CUST#c1"}]');
  const served = runner.locator('.outcome p.served');
  await served.waitFor();
  assert.equal(await served.textContent(), "Query on the table, key condition PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')");
  assert.equal(await served.evaluate((p) => p.classList.contains('scan')), false);
  const [returned, read, units] = await numbers(runner);
  assert.ok(returned >= 1 && returned === read, `${returned} of ${read}`);
  assert.ok(units <= 1, `${units} RCU`);
  assert.equal(await runner.locator('table.results tbody tr').count(), returned);
  assert.deepEqual(page.errors, []);
});

test('a SELECT that does not is a Scan of the whole table, flagged', async () => {
  const page = await openPage(session);
  const runner = await runStatement(page, `SELECT * FROM "commerce-main" WHERE customerId = 'c1'`);
  const served = runner.locator('.outcome p.served.scan');
  await served.waitFor();
  assert.match(await served.textContent(), /^Full Scan Scan of the table: this SELECT does not fix the partition key \(PK = /);
  const [returned, read, units] = await numbers(runner);
  // A Scan reads a page of the whole table to return the customer's few items.
  assert.ok(read > 10 * returned, `${returned} of ${read}`);
  assert.ok(units > 10, `${units} RCU`);
  await runner.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'partiql-scan.png') });
  assert.deepEqual(page.errors, []);
});

test('a syntax error in a statement is underlined where it is', async () => {
  const page = await openPage(session);
  const runner = await runStatement(page, `SELECT * FROM "commerce-main" WHERE PK = = 'x'`);
  const failure = runner.locator('.failure');
  await failure.waitFor();
  assert.match(await failure.textContent(), /ValidationException: Statement wasn't well formed, can't be processed: /);
  assert.equal(await failure.locator('.where mark').textContent(), '=');
  assert.match(await failure.locator('.where').textContent(), /^In Statement: /);
  assert.deepEqual(page.errors, []);
});

test('a statement that writes changes the data, and travels in the link', async () => {
  const page = await openPage(session);
  const runner = await runStatement(page, `INSERT INTO "commerce-main" VALUE {'PK': 'CUST#c999', 'SK': 'PROFILE', 'fullName': 'Mary Shelley'}`);
  const served = runner.locator('.outcome p.served');
  await served.waitFor();
  assert.match(await served.textContent(), /^PutItem, on condition that the key is new/);
  assert.match(await runner.locator('.outcome p.numbers').textContent(), /WCU$/);
  const again = await runStatement(page, `INSERT INTO "commerce-main" VALUE {'PK': 'CUST#c999', 'SK': 'PROFILE'}`);
  await again.locator('.failure').waitFor();
  assert.match(await again.locator('.failure').textContent(), /DuplicateItemException: Duplicate primary key exists in table/);
  assert.deepEqual(page.errors, []);
});

test('a PartiQL pattern that is a Scan is compared with the keyed SELECT given for it', async () => {
  const page = await openPage(session);
  const runner = await runStatement(page, `SELECT * FROM "commerce-main" WHERE customerId = 'c1' AND entityType = 'Order'`);
  await runner.locator('.outcome p.served.scan').waitFor();
  await runner.getByLabel('Access pattern description').fill("A customer's orders, found by attribute");
  await runner.getByLabel('Statement to compare with').fill(`SELECT * FROM "commerce-main" WHERE PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')`);
  await runner.getByRole('button', { name: 'Add to the access patterns' }).click();
  const row = page.locator('#patterns tr', { hasText: "A customer's orders, found by attribute" });
  await row.waitFor();
  assert.equal(await row.locator('td.served').textContent(), 'Scan of the table');
  assert.equal(await row.locator('td.served').evaluate((td) => td.classList.contains('scan')), true);
  const comparison = page.locator('#comparison');
  await comparison.locator('p.served.scan').waitFor();
  const query = comparison.locator('table.comparison tr[data-run="Query (PartiQL)"]');
  const scan = comparison.locator('table.comparison tr[data-run="Scan (PartiQL)"]');
  await query.waitFor();
  assert.equal(await query.locator('.count').textContent(), await scan.locator('.count').textContent());
  const [queryUnits, scanUnits] = [count(await query.locator('.units').textContent()), count(await scan.locator('.units').textContent())];
  assert.ok(scanUnits > 20 * queryUnits, `${scanUnits} against ${queryUnits}`);
  await comparison.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'partiql-comparison.png') });
  assert.deepEqual(page.errors, []);
});
