// End-to-end: global indexes keyed on several attributes. The gallery's
// design asks each question of a concatenated key and of the orders' own
// attributes; the design panel adds sort key attributes to an index, the
// chart shows them as each item's own attribute (no template), the data
// view shows the key's parts, and the runner's refusals come with a hint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, SIZES, useBrowser } from './browser.mjs';

const session = useBrowser();

test('the multi-attribute example reads the same orders from both indexes', async () => {
  // The README's picture of the design: its explanation open over the comparison.
  const shown = await openPage(session, `${session.served.url}#example=multi-attribute`, { size: [1920, 1080] });
  await shown.locator('table.comparison').waitFor();
  const about = shown.locator('details.about-example');
  if (!(await about.evaluate((d) => d.open))) await about.locator('summary').click();
  await shown.screenshot({ path: join(artifacts, 'multi-attribute-example.png') });
  assert.deepEqual(shown.errors, []);
  await shown.close();
  const page = await openPage(session, `${session.served.url}#example=multi-attribute`, { size: [1366, 768] });
  await page.locator('#comparison-title', { hasText: "c7's SHIPPED orders of December, newest first: ByCustomerStatusDate" }).waitFor();
  const query = page.locator('table.comparison tr[data-run="Query"]');
  assert.equal(count(await query.locator('.count').textContent()), 2);
  assert.equal(await query.locator('.units').textContent(), '0.5');
  // The chart: GSI1's templates, and the composed index's attributes as each order's own.
  const chart = page.locator('table.chart');
  assert.equal(await chart.locator('th.plain-key').count(), 3);
  const order = chart.locator('tr', { has: page.locator('th', { hasText: /^Order$/ }) });
  assert.deepEqual(await order.locator('td.plain-key .own').allTextContents(),
    ['its own customerId', 'its own orderStatus', 'its own orderDate']);
  const customer = chart.locator('tr', { has: page.locator('th', { hasText: /^Customer$/ }) });
  assert.deepEqual(await customer.locator('td.plain-key').allTextContents(),
    ['its own customerIdS', 'no orderStatus', 'no orderDate']);
  await page.setViewportSize({ width: 1366, height: 2400 });
  // The chart scrolled to its last columns, the composed index's.
  await page.locator('#chart .chart-scroll').first().evaluate((e) => { e.scrollLeft = e.scrollWidth; });
  await page.locator('#chart .chart-scroll').first().screenshot({ path: join(artifacts, 'multi-attribute-chart.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  // The data view shows the index's composed key, part by part.
  await page.getByLabel('Table or index to show').selectOption('ByCustomerStatusDate');
  const header = page.locator('table.data tr.collection th').first();
  await header.waitFor();
  assert.match(await header.textContent(), /^customerId = c\d+ · \d+ items?$/);
  assert.equal(await page.locator('table.data thead th').nth(2).textContent(), 'orderStatus · orderDate');
  assert.match(await page.locator('table.data tr.item td.key').nth(1).textContent(),
    /^(PENDING|SHIPPED|DELIVERED) · 2024-\d\d-\d\d$/);
  await page.locator('table.data thead').scrollIntoViewIfNeeded();
  const box = await page.locator('table.data').boundingBox();
  await page.screenshot({ path: join(artifacts, 'multi-attribute-data.png'),
    clip: { x: box.x, y: box.y, width: box.width, height: 420 } });
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a sort key attribute added in the design panel keys the index on the orders' own attributes`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Add a global index' }).click();
    await page.getByLabel('Name of index 3').fill('ByCustomer');
    await page.getByLabel('Name of index 3').press('Tab');
    await page.getByLabel('ByCustomer partition key name').fill('customerId');
    await page.getByLabel('ByCustomer partition key name').press('Tab');
    await page.getByLabel('ByCustomer sort key name').fill('orderStatus');
    await page.getByLabel('ByCustomer sort key name').press('Tab');
    await page.getByRole('button', { name: 'Add a sort key attribute to ByCustomer' }).click();
    const second = page.getByLabel('ByCustomer sort key attribute 2 name');
    await second.fill('orderDate');
    await second.press('Tab');
    if (width === 1366) {
      // Tall enough for the design panel to show whole in its column.
      await page.setViewportSize({ width, height: 2000 });
      await page.locator('#design').screenshot({ path: join(artifacts, 'multi-attribute-design.png') });
      await page.setViewportSize({ width, height });
    }
    await page.getByRole('button', { name: 'Apply design' }).click();
    const own = page.locator('table.chart tr', { has: page.locator('th', { hasText: /^Order$/ }) }).locator('td.plain-key .own');
    await own.first().waitFor();
    assert.deepEqual(await own.allTextContents(), ['its own customerId', 'its own orderStatus', 'its own orderDate']);
    // The runner: orderDate without orderStatus is DynamoDB's refusal, with the rule in a hint.
    const runner = page.locator('#runner');
    await runner.getByLabel('Operation', { exact: true }).selectOption('Query');
    await runner.getByLabel('Index', { exact: true }).selectOption('ByCustomer');
    await runner.getByLabel('KeyConditionExpression').fill('customerId = :c AND orderDate >= :d');
    await runner.getByLabel('ExpressionAttributeValues').fill('{":c": {"S": "c11"}, ":d": {"S": "2024-07-01"}}');
    await runner.getByRole('button', { name: 'Run', exact: true }).click();
    const failure = runner.locator('.failure');
    await failure.waitFor();
    assert.equal(await failure.locator('p').first().textContent(),
      'ValidationException: RANGE key attributes orderStatus must have equality conditions specified in the query because a condition is present on key attribute orderDate');
    assert.equal(await failure.locator('p.hint').textContent(),
      "Hint: ByCustomer's sort key attributes are compared left to right, like words in a dictionary: to test orderDate, every sort key attribute before it needs = (orderStatus). Give orderStatus with =, or test orderDate in a FilterExpression instead (the items are still read and paid for).");
    // With orderStatus given, the same index answers.
    await runner.getByLabel('KeyConditionExpression').fill('customerId = :c AND orderStatus = :s AND orderDate >= :d');
    await runner.getByLabel('ExpressionAttributeValues').fill('{":c": {"S": "c11"}, ":s": {"S": "PENDING"}, ":d": {"S": "2024-07-01"}}');
    await runner.getByRole('button', { name: 'Run', exact: true }).click();
    await runner.locator('.outcome p.numbers').waitFor();
    assert.match(await runner.locator('.outcome p.numbers').textContent(), /^Count \d+ · ScannedCount \d+ · 0\.5 RCU$/);
    await runner.screenshot({ path: join(artifacts, `multi-attribute-run-${width}x${height}.png`) });
    assert.deepEqual(page.errors, []);
    if (width === 1366) {
      // The link carries the index: a fresh tab opens it with its three key attributes.
      await page.getByRole('button', { name: 'Share' }).click();
      const link = await page.locator('.dialog input.share-link').inputValue();
      assert.match(link, /#play=7\./);
      const opened = await openPage(session, link);
      await opened.locator('table.chart td.plain-key').first().waitFor();
      assert.equal(await opened.getByLabel('ByCustomer sort key attribute 2 name').inputValue(), 'orderDate');
      assert.equal(await opened.getByLabel('ByCustomer sort key name').inputValue(), 'orderStatus');
      assert.deepEqual(opened.errors, []);
      await opened.close();
    }
    await page.close();
  });
}

test('PartiQL refuses a statement on a multi-attribute index with DynamoDB\'s words', async () => {
  const page = await openPage(session, `${session.served.url}#example=multi-attribute`);
  const runner = page.locator('#runner');
  await runner.getByLabel('Operation').selectOption('ExecuteStatement');
  await runner.locator('label.field', { hasText: /^Statement/ }).locator('textarea')
    .fill(`SELECT * FROM "orders"."ByCustomerStatusDate" WHERE customerId = 'c7'`);
  await runner.getByRole('button', { name: 'Run', exact: true }).click();
  const failure = runner.locator('.failure');
  await failure.waitFor();
  assert.match(await failure.textContent(),
    /ValidationException: PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});
