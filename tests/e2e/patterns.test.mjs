// End-to-end: access patterns as a learner writes them — add, edit, remove,
// run — and a write pattern whose cost is measured before it is kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, count, openPage, SIZES, useBrowser } from './browser.mjs';

const session = useBrowser();
const FULFIL = 'Fulfil an order: it leaves the open-orders index';

test('a write pattern shows its units per index, and its Run button keeps the write', async () => {
  const page = await openPage(session);
  const open = page.locator('tr[data-pattern="5"] .count');
  await open.waitFor();
  const before = count(await open.textContent());
  await page.getByRole('button', { name: `Compare: ${FULFIL}` }).click();
  const write = page.locator('table.comparison.write');
  await write.waitFor();
  // Measuring does not keep the write: the order is still open.
  assert.equal(count(await open.textContent()), before);
  assert.equal(await write.locator('tr[data-run="GSI2"] .units').textContent(), '1');
  assert.equal(await write.locator('tr[data-run="total"] .units').textContent(), '4');
  assert.equal(await write.locator('tr[data-run="total"] .cost').textContent(), '$2.5000');
  assert.match(await page.locator('.explanations li[data-run="write"]').textContent(),
    /^UpdateItem changes an item of [\d.]+ B \(it was [\d.]+ B\): 1 WCU on the table, plus 2 on GSI1, 1 on GSI2: 4 WCU in all\.$/);
  await page.getByLabel('$ per million write request units').fill('1.25');
  await page.getByLabel('$ per million write request units').press('Enter');
  await write.locator('tr[data-run="total"] .cost', { hasText: '$5.0000' }).waitFor();
  await page.locator('#comparison-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'write-pattern.png') });
  // Run keeps it: one open order fewer, and the pattern's condition now fails.
  await page.getByRole('button', { name: `Run: ${FULFIL}` }).click();
  await page.locator('.outcome .numbers', { hasText: /^4 WCU$/ }).waitFor();
  await page.locator('tr[data-pattern="5"] .count', { hasText: new RegExp(`^${before - 1}$`) }).waitFor();
  // Measured again, the write's condition now fails: still charged, not reported.
  await page.locator('tr[data-pattern="9"] .note', { hasText: 'condition fails' }).waitFor();
  assert.equal(await page.locator('tr[data-pattern="9"] .units').textContent(), '1 WCU');
  assert.deepEqual(page.errors, []);
});

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a learner adds an access pattern, edits it and removes it`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const rows = page.locator('table.patterns tbody tr');
    await rows.first().waitFor();
    const n = await rows.count();
    await page.getByRole('button', { name: 'Add an access pattern' }).click();
    await page.getByRole('button', { name: 'Add to the access patterns' }).click();
    await page.locator('.pattern-bar .error', { hasText: 'Describe the access pattern first' }).waitFor();
    assert.equal(await page.locator('p.key-names').textContent(), 'Keys: partition PK, sort SK');
    await page.getByLabel('Index', { exact: true }).selectOption('GSI1');
    // The runner names the keys of what it reads, for the key condition.
    assert.equal(await page.locator('p.key-names').textContent(), 'Keys: partition GSI1PK, sort GSI1SK');
    await page.getByLabel('KeyConditionExpression').fill('GSI1PK = :category');
    await page.getByLabel('ExpressionAttributeValues').fill('{":category": {"S": "CATEGORY#games"}}');
    await page.getByLabel('Access pattern description').fill('Games, cheapest first');
    await page.getByRole('button', { name: 'Add to the access patterns' }).press('Enter');
    const added = page.locator(`tr[data-pattern="${n}"]`);
    await added.waitFor();
    // The focus leaves the buttons that changed under it for the line that says what happened:
    // a second Enter removes nothing.
    await page.waitForFunction(() => document.activeElement?.id === 'pattern-status');
    assert.equal(await page.locator('#pattern-status').textContent(), `Added as pattern ${n + 1} of ${n + 1}.`);
    await page.keyboard.press('Enter');
    assert.equal(await rows.count(), n + 1);
    assert.equal(await added.locator('th').textContent(), 'Games, cheapest first');
    assert.equal(await added.locator('.served').textContent(), 'Query on GSI1');
    await page.locator('#comparison-title', { hasText: 'Games, cheapest first' }).waitFor();
    // The Scan that answers the same without keys returns the same items.
    const games = await page.locator('table.comparison tr[data-run="Query"] .count').textContent();
    assert.ok(count(games) > 0);
    assert.equal(await page.locator('table.comparison tr[data-run="Scan + filter"] .count').textContent(), games);
    // The saved pattern is open for editing: change it and save.
    await page.getByLabel('KeyConditionExpression').fill('GSI1PK = :category AND begins_with(GSI1SK, :cheap)');
    await page.getByLabel('ExpressionAttributeValues').fill('{":category": {"S": "CATEGORY#games"}, ":cheap": {"S": "PRICE#0000"}}');
    await page.getByRole('button', { name: 'Save pattern', exact: true }).click();
    await page.waitForFunction(([i, before]) => document.querySelector(`tr[data-pattern="${i}"] .count`).textContent !== before, [n, games]);
    assert.ok(count(await added.locator('.count').textContent()) < count(games));
    await page.screenshot({ path: join(artifacts, 'pattern-added.png') });
    await page.getByRole('button', { name: 'Save pattern', exact: true }).focus();
    assert.equal(await page.locator('#pattern-status').textContent(), `Saved pattern ${n + 1} of ${n + 1}.`);
    // Removing asks first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Remove pattern' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    assert.equal(await rows.count(), n + 1);
    await page.getByRole('button', { name: 'Remove pattern' }).click();
    await page.getByRole('button', { name: 'Yes, remove it' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('table.patterns tbody tr').length === n, n);
    assert.equal(await page.locator('#pattern-status').textContent(), 'Removed “Games, cheapest first”.');
    assert.deepEqual(page.errors, []);
  });
}

test('Edit opens a pattern in the runner; a broken pattern shows DynamoDB\'s message in its row', async () => {
  const page = await openPage(session);
  await page.getByRole('button', { name: 'Edit: Orders waiting to ship (PENDING)' }).click();
  const condition = page.getByLabel('KeyConditionExpression');
  assert.equal(await condition.inputValue(), 'GSI1PK = :status');
  assert.equal(await page.getByLabel('Index', { exact: true }).inputValue(), 'GSI1');
  assert.equal(await page.getByLabel('Access pattern description').inputValue(), 'Orders waiting to ship (PENDING)');
  await condition.fill('GSI1PK = :status AND');
  await page.getByRole('button', { name: 'Save pattern', exact: true }).click();
  await page.locator('tr[data-pattern="3"] .error', { hasText: 'ValidationException: Invalid KeyConditionExpression: Syntax error' }).waitFor();
  assert.deepEqual(page.errors, []);
});
