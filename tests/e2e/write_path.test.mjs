// End-to-end: the write path in the page. Placing an order is one
// transaction, measured with its doubled units, and cancelled whole when
// stock is short; a kept order shows in the change log, the customer's
// order count lags until the records are delivered to the stream handler,
// a record delivered twice counts twice unless the handler is idempotent;
// and time to live deletes the carts due by a date, each deletion the
// service's own record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const PLACE = 'Place an order: the order, its lines and the stock, all or nothing';
const SHORT = 'Place an order when stock is short: cancelled, nothing written';
const COUNT = 'A customer\'s order count, kept current by the stream';

/** Runs pattern 13 and waits for the order count it reads to be `expected`. */
async function expectOrderCount(page, expected) {
  await page.getByRole('button', { name: `Run: ${COUNT}` }).click();
  await page.locator('#runner table.results td[data-attribute="orderCount"]', { hasText: new RegExp(`^${expected}$`) }).waitFor();
}

test('placing an order is one transaction at doubled units, and short stock cancels all of it', async () => {
  const page = await openPage(session);
  await page.getByRole('button', { name: `Compare: ${PLACE}` }).click();
  const table = page.locator('table.comparison.transaction');
  await table.waitFor();
  // Six actions on six items: inside the transaction each unit of work on
  // the table is charged twice.
  const tableRow = table.locator('tr[data-run="The table"] td');
  const [inside, oneByOne] = [count(await tableRow.nth(0).textContent()), count(await tableRow.nth(1).textContent())];
  assert.ok(oneByOne >= 6, `${oneByOne} WCU one by one`);
  assert.equal(inside, 2 * oneByOne);
  console.log(`# placing an order: ${inside} WCU on the table in the transaction, ${oneByOne} one by one`);
  console.log(`# ${await page.locator('.explanations li[data-run="transaction"]').textContent()}`);
  // The counter kept inside the transaction against kept by the stream.
  await page.locator('section.aggregate tr[data-run="by-stream"]').waitFor();
  assert.equal(await page.locator('section.aggregate tr[data-run="in-transaction"] .units').textContent(), '2');
  assert.equal(await page.locator('section.aggregate tr[data-run="by-stream"] .units').textContent(), '1');
  await page.locator('#comparison-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'transaction.png') });

  await page.getByRole('button', { name: `Compare: ${SHORT}` }).click();
  const cancelled = page.locator('.failure.cancelled');
  await cancelled.waitFor();
  const reasons = await cancelled.locator('ol.reasons li').allTextContents();
  assert.equal(reasons.length, 6);
  assert.ok(reasons.some((r) => /ConditionalCheckFailed/.test(r)), reasons.join('\n'));
  assert.ok(reasons.filter((r) => /^None/.test(r)).length >= 5, reasons.join('\n'));
  // Measuring wrote nothing: the stream has no records.
  await page.locator('#stream [data-stream-summary]', { hasText: '0 records' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('a kept order reaches the change log, and the order count catches up only when delivered', async () => {
  const page = await openPage(session);
  await expectOrderCount(page, 12);
  await page.getByRole('button', { name: `Run: ${PLACE}` }).click();
  const log = page.locator('#stream table.records tbody tr');
  await page.waitForFunction(() => document.querySelectorAll('#stream table.records tbody tr').length === 5);
  // Newest first: the two stock updates, then the lines and the order.
  assert.deepEqual(await log.locator('.event').allTextContents(), ['MODIFY', 'MODIFY', 'INSERT', 'INSERT', 'INSERT']);
  assert.match(await log.last().locator('.key').textContent(), /^CUST#c11 · ORDER#2024-11-30#o999$/);
  assert.equal(await log.first().locator('td').last().textContent(), 'pending');
  // The images, on demand.
  await log.first().locator('summary', { hasText: 'old image' }).click();
  assert.match(await log.first().locator('pre.image').first().textContent(), /"stock"/);
  const counter = page.locator('#stream .counter');
  await counter.waitFor();
  assert.match(await counter.textContent(), /orderCount is 12; a recount of its items gives 13\. Behind/);
  // The stream has not been delivered: the counter still reads 12.
  await expectOrderCount(page, 12);

  await page.getByRole('button', { name: 'Deliver 5 pending records' }).click();
  await counter.filter({ hasText: 'In step' }).waitFor();
  const lines = await page.locator('#stream ol.deliveries li').allTextContents();
  assert.equal(lines.length, 5);
  assert.equal(lines.filter((l) => /ignored/.test(l)).length, 4);
  assert.match(lines.find((l) => !/ignored/.test(l)), /INSERT CUST#c11 · ORDER#2024-11-30#o999 → ADD orderCount :one on CUST#c11 · PROFILE \(1 WCU\)/);
  await expectOrderCount(page, 13);
  await page.locator('#stream').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'change-log.png') });

  // At least once: the same record again is counted again.
  await page.getByRole('button', { name: 'Deliver the last record again' }).click();
  await counter.filter({ hasText: '1 too many' }).waitFor();
  await expectOrderCount(page, 14);
  assert.deepEqual(page.errors, []);
});

test('an idempotent handler skips a record it has applied', async () => {
  const page = await openPage(session);
  await page.locator('#stream .handler-form').waitFor();
  await page.getByLabel(/^ *Idempotent/).check();
  await page.getByRole('button', { name: 'Keep this handler' }).click();
  await page.getByRole('button', { name: 'Keep this handler' }).and(page.locator(':disabled')).waitFor();
  await page.getByRole('button', { name: `Run: ${PLACE}` }).click();
  await page.getByRole('button', { name: 'Deliver 5 pending records' }).click();
  const counter = page.locator('#stream .counter');
  await counter.filter({ hasText: 'In step' }).waitFor();
  await page.getByRole('button', { name: 'Deliver the last record again' }).click();
  await page.locator('#stream ol.deliveries li', { hasText: 'skipped: CUST#c11 · PROFILE has taken this record already' }).waitFor();
  assert.match(await counter.textContent(), /In step/);
  await expectOrderCount(page, 13);
  // A handler DynamoDB would refuse says why and is not kept.
  await page.getByLabel('Its placeholders\' values (DynamoDB JSON)').fill('{":one": ');
  await page.getByLabel('Its placeholders\' values (DynamoDB JSON)').press('Tab');
  await page.getByRole('button', { name: 'Keep this handler' }).click();
  await page.locator('#stream .handler .error', { hasText: 'ExpressionAttributeValues is not valid JSON' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('time to live deletes the carts due by a date, as the service, and reads returned them until then', async () => {
  const page = await openPage(session);
  const status = page.locator('#stream .ttl .due');
  await status.waitFor();
  const date = page.getByLabel('Expire the items due by (UTC)');
  await date.fill('2024-10-01');
  await date.press('Tab');
  await status.filter({ hasText: 'due by then' }).waitFor();
  const due = count((await status.textContent()).split(' ')[0]);
  assert.ok(due > 0 && due < 24, `${due} carts due`);
  const itemCount = async () => count((await page.locator('.status').first().textContent()).match(/([\d,]+) items/)[1]);
  // The example's items, as generated.
  assert.equal(await itemCount(), 892);
  await page.getByRole('button', { name: 'Expire them now' }).click();
  await status.filter({ hasText: `Deleted ${due} ` }).waitFor();
  // Each deletion is a REMOVE record made by the service, with no new image.
  const removes = page.locator('#stream table.records tr.remove');
  assert.equal(await removes.count(), due);
  assert.deepEqual(new Set(await removes.locator('td:nth-child(5)').allTextContents()), new Set(['time to live (the service)']));
  assert.equal(await removes.first().locator('summary', { hasText: 'new image' }).count(), 0);
  // The table holds fewer items, and the deletions travel as hand-made changes.
  await page.locator('.status', { hasText: `${due} changed by hand` }).waitFor();
  assert.equal(await itemCount(), 892 - due);
  await page.getByRole('button', { name: 'Expire them now' }).and(page.locator(':disabled')).waitFor();
  await page.locator('#stream .ttl').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'ttl.png') });
  assert.deepEqual(page.errors, []);
});
