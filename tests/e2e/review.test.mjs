// End-to-end: the design review and the throughput per partition. A
// design's patterns are reviewed against their budgets (the header counts
// them), editing a key template breaks a budget and turns its row red with
// the reason, and raising a write rate past the ceiling flags the
// partition in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, openPage, SIZES, useBrowser } from './browser.mjs';

const session = useBrowser();

/** The review's row for a pattern, by its description. */
function reviewRow(page, description) {
  return page.locator('.review-row', { has: page.locator('strong', { hasText: description }) });
}

test('the review lists every budgeted pattern and the header counts those within budget', async () => {
  const page = await openPage(session);
  await page.locator('.view-summary').waitFor();
  const summary = await page.locator('.budget-summary').textContent();
  const [, within, budgeted] = summary.match(/^(\d+) of (\d+) patterns within budget$/);
  assert.equal(await page.locator('.review-row.within').count(), Number(within));
  assert.equal(await page.locator('.review-row').count(), Number(budgeted));
  assert.match(await page.locator('#review-title').textContent(), new RegExp(`${within} of ${budgeted} within budget`));
  // The Scan fails its review, names what failed, and says what would serve it.
  const scan = reviewRow(page, 'Every order over $450');
  assert.match(await scan.getAttribute('class'), /over/);
  assert.match(await scan.locator('.verdict').textContent(), /^✗ a Scan · reads [\d,]+, returns \d+$/);
  // Failing patterns come first.
  const classes = await page.locator('.review-row').evaluateAll((rows) => rows.map((r) => r.classList.contains('over')));
  assert.deepEqual(classes, [...classes].sort((a, b) => Number(b) - Number(a)), JSON.stringify(classes));
  assert.match(await scan.locator('.reasons').textContent(),
    /^Scan of the table reads all [\d,]+ items to return \d+: add an index with entityType as its partition key and amount as its sort key/);
  // The filter that drops what it read.
  const filtered = reviewRow(page, "A customer's orders over $200");
  assert.match(await filtered.locator('.reasons').textContent(), /It reads \d+ items to return \d+: put amount into the sort key/);
  assert.match(await reviewRow(page, "An order's lines").getAttribute('class'), /within/);
  await page.locator('#review').screenshot({ path: join(artifacts, 'review.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a key template that makes the sparse index whole breaks its budget, and the review turns red with the reason', async () => {
  const page = await openPage(session);
  const row = reviewRow(page, 'Open orders, from the sparse index');
  await row.waitFor();
  assert.match(await row.getAttribute('class'), /within/);
  const before = await page.locator('.budget-summary').textContent();
  // Every order now carries the open-orders key, not only the open ones.
  const template = page.getByLabel('GSI2PK template of Order', { exact: true });
  await template.fill('OPEN');
  await template.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('.review-row')]
    .some((r) => r.textContent.includes('Open orders, from the sparse index') && r.classList.contains('over')));
  // It now returns every order, not only the open ones the Scan finds, and costs more.
  assert.match(await row.locator('.verdict').textContent(), /^✗ [\d,]+ too many · [\d.]+ RCU > 1$/);
  const reasons = await row.locator('.reasons li').allTextContents();
  assert.match(reasons[0], /^It returns [\d,]+ items the Scan that asks the same does not find/);
  assert.match(reasons[1], /^It costs [\d.]+ RCU a request, over its budget of 1: it reads [\d,]+ items of [\d.]+ [KB]+ each on average/);
  assert.notEqual(await page.locator('.budget-summary').textContent(), before);
  await row.screenshot({ path: join(artifacts, 'review-broken.png') });
  // The pattern editor sets a budget: raised, the pattern is within again.
  await row.getByRole('button', { name: 'Edit budget' }).click();
  const budget = page.locator('#pattern-budget');
  await budget.getByLabel('At most this many units a request').fill('50');
  await page.getByRole('button', { name: 'Save pattern', exact: true }).click();
  // Within its units now, it still returns what the question leaves out: it stays red for that alone.
  await row.locator('.verdict', { hasText: /^✗ [\d,]+ too many$/ }).waitFor();
  assert.match(await row.getAttribute('class'), /over/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the throughput view flags the hot key over its ceiling and the shards under it, and a raised rate flags a partition', async () => {
  const page = await openPage(session, `${session.served.url}#example=sharding`);
  const view = page.locator('#throughput');
  const hot = view.locator('tr.partition-rate[data-partition="EVENT#e1"]');
  await hot.waitFor();
  assert.match(await hot.getAttribute('class'), /throttled/);
  assert.match(await hot.locator('.rate-verdict').textContent(), /Throttled\. .*1,500 WCU\/s: 500 over the 1,000 ceiling — throttled/);
  const shard = view.locator('tr.partition-rate[data-partition="EVENT#e1#3"]');
  assert.doesNotMatch(await shard.getAttribute('class'), /throttled/);
  assert.match(await shard.locator('.rate-verdict').textContent(), /150 WCU\/s, 15% of the ceiling/);
  assert.match(await view.locator('.throughput-summary').textContent(), /^1 partition key value is over a ceiling at these rates: EVENT#e1/);
  await view.screenshot({ path: join(artifacts, 'throughput.png') });
  // The review holds the hot write to the ceiling too.
  const hotWrite = reviewRow(page, 'Cast a vote under the one hot key');
  assert.match(await hotWrite.getAttribute('class'), /over/);
  assert.match(await hotWrite.locator('.reasons').textContent(), /^At 1,500 requests a second it is throttled: EVENT#e1 takes .*spread its writes over several keys/);
  assert.equal(await page.locator('.budget-summary').textContent(), '4 of 5 patterns within budget');
  // The sharded writes, raised until a shard passes its ceiling.
  const rate = view.getByLabel('Requests a second: Cast a vote on one of the ten shards, drawn at random');
  await rate.fill('12000');
  await rate.press('Enter');
  await page.waitForFunction(() => document.querySelector('#throughput tr.partition-rate[data-partition="EVENT#e1#3"]')?.classList.contains('throttled'));
  assert.match(await shard.locator('.rate-verdict').textContent(), /1,200 WCU\/s: 200 over the 1,000 ceiling — throttled/);
  assert.match(await view.locator('.throughput-summary').textContent(), /^11 partition key values are over a ceiling/);
  // A rate that is not one is refused in words, and changes nothing.
  await rate.fill('-5');
  await rate.press('Enter');
  assert.equal(await rate.evaluate((input) => input.validationMessage), 'Requests a second: a number from 0 to 1,000,000');
  assert.match(await shard.locator('.rate-verdict').textContent(), /1,200 WCU\/s/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('running the scatter-gather pattern runs one Query per shard and shows their items merged', async () => {
  const page = await openPage(session, `${session.served.url}#example=sharding`);
  await page.getByRole('button', { name: 'Run: All the sharded votes: ten Queries, one per shard, merged by time' }).click();
  const sentence = page.locator('#runner .outcome .sharded');
  await sentence.waitFor();
  assert.match(await sentence.textContent(), /^10 Queries, one per shard \(EVENT#e1#0 … EVENT#e1#9\), .*: 700 items merged by sort key, .* for 13 RCU in all\.$/);
  assert.match(await page.locator('#runner .outcome .numbers').textContent(), /^Count 700 · ScannedCount 700 · 13 RCU$/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every number of the comparison opens its derivation, and the review shows how its numbers are counted', async () => {
  const page = await openPage(session, `${session.served.url}#example=invoicing`);
  const scan = page.locator('table.comparison tr[data-run="Scan + filter"]');
  // The large table fills first; the comparison is of the whole table then.
  await page.waitForFunction(() => document.querySelector('table.comparison tr[data-run="Scan + filter"] td.scanned')?.textContent === '39,668');
  const units = await scan.locator('td.units').textContent();
  await scan.locator('td.units button.figure').click();
  const derivation = page.locator('#derivation');
  await derivation.waitFor();
  assert.equal(await scan.locator('td.units button.figure').getAttribute('aria-expanded'), 'true');
  assert.match(await derivation.locator('.derivation-title').textContent(), /^Scan \+ filter · read units \(eventually consistent\), step by step/);
  const steps = await derivation.locator('li').allTextContents();
  assert.match(steps[1], /^Page 1: [\d,]+ B rounded up to a multiple of 4 KB \(4,096 B\) is [\d,]+ × 4 KB: [\d,]+ units strongly consistent, so [\d.,]+ eventually consistent\.$/);
  assert.ok(steps.at(-1).endsWith(`= ${units} RCU.`), steps.at(-1));
  await derivation.screenshot({ path: join(artifacts, 'derivation.png') });
  // The price, from the same figures.
  await scan.locator('td.cost button.figure').click();
  const price = await page.locator('#derivation li').allTextContents();
  assert.match(price[1], /^At 3,000,000 requests a month: .* = \$524\.81\.$/);
  // Items read, page by page, then closed.
  await scan.locator('td.scanned button.figure').click();
  assert.match((await page.locator('#derivation li').allTextContents()).at(-1), /^In all: .* = 39,668\.$/);
  await page.locator('#derivation').getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.locator('#derivation').count(), 0);
  // The review's rows carry their derivations too.
  const row = page.locator('.review-row').first();
  await row.locator('details.how-counted summary').click();
  assert.match(await row.locator('details.how-counted').textContent(), /Items read is ScannedCount/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a template change that stops a pattern finding its items turns it red with the reason, in the review and atop its comparison`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const row = reviewRow(page, 'PENDING orders placed in July');
    await row.waitFor();
    assert.match(await row.getAttribute('class'), /within/);
    assert.match(await row.locator('.reasons').textContent(), /^Answers its question: it returns the 3 items the Scan that asks the same finds\./);
    const template = page.getByLabel('GSI1SK template of Order', { exact: true });
    await template.fill('ORDER#{orderDate}#{orderId}');
    await template.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('.review-row')]
      .some((r) => r.textContent.includes('PENDING orders placed in July') && r.classList.contains('over')));
    assert.equal(await row.locator('.verdict').textContent(), '✗ misses 3 of 3');
    assert.match(await row.locator('.reasons').textContent(),
      /^It misses 3 of the 3 items the Scan that asks the same finds — it returns nothing\. The Order item PK "CUST#c\d+", SK "ORDER#2024-07-\d\d#o\d+" has GSI1SK "ORDER#2024-07-\d\d#o\d+", which does not begin with "2024-07"\. Order writes GSI1SK from the template ORDER#\{orderDate\}#\{orderId\}\./);
    // Its badge in the list names the check, and leads to its own card, which takes the focus.
    const listRow = page.locator('table.patterns tr', { has: page.locator('th', { hasText: 'PENDING orders placed in July' }) });
    const badge = listRow.locator('.budget-mark');
    assert.equal(await badge.textContent(), 'misses 3 of 3');
    await badge.click();
    await page.waitForFunction(() => document.activeElement?.id?.startsWith('review-pattern-'));
    assert.equal(await page.evaluate(() => document.activeElement.textContent.includes('PENDING orders placed in July')), true);
    assert.match(await page.evaluate(() => document.activeElement.className), /arrived/);
    // Compared, the failing check heads the comparison.
    await listRow.getByRole('button', { name: 'Compare: PENDING orders placed in July' }).click();
    const failing = page.locator('#comparison .failing-checks');
    await failing.waitFor();
    assert.equal(await failing.locator('.verdict').textContent(), '✗ Fails its review: misses 3 of 3');
    await page.locator('#comparison').screenshot({ path: join(artifacts, 'comparison-failing.png') });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} Compare brings the comparison into view and moves the focus to it`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    await page.locator('table.comparison').waitFor();
    const listRow = page.locator('table.patterns tr', { has: page.locator('th', { hasText: 'Books, cheapest first' }) });
    const compare = listRow.getByRole('button', { name: 'Compare: Books, cheapest first' });
    if (width < 600) {
      // On a phone each pattern is a card: nothing to scroll sideways, buttons a thumb can hit.
      const table = await page.locator('table.patterns').boundingBox();
      assert.ok(table.width <= width, JSON.stringify(table));
      assert.ok((await compare.boundingBox()).height >= 44);
    }
    await compare.click();
    await page.waitForFunction(() => document.activeElement?.id === 'comparison');
    // The comparison's heading ends up on the screen.
    await page.waitForFunction(() => {
      const box = document.querySelector('#comparison-title').getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight;
    });
    assert.match(await page.locator('#comparison-title').textContent(), /Books, cheapest first/);
    // The bar chart's text keeps the page's size at every width.
    const size = await page.locator('.bars .bar-label').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    assert.ok(size >= 12, `${size}px`);
    await page.screenshot({ path: join(artifacts, `compare-${width}x${height}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a template naming an unknown attribute is refused at its field, with the closest name, keeping what was typed`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const template = page.getByLabel('GSI1SK template of Order', { exact: true });
    await template.waitFor();
    await template.fill('{orderDat}#{orderId}');
    await template.press('Enter');
    const message = page.locator('td', { has: template }).locator('p.field-error');
    await message.waitFor();
    assert.equal(await message.textContent(), 'Order has no attribute orderDat, so no item would get a GSI1SK. Did you mean {orderDate}?');
    assert.equal(await template.inputValue(), '{orderDat}#{orderId}');
    assert.equal(await template.getAttribute('aria-invalid'), 'true');
    // Nothing was applied: the July pattern still finds its orders.
    assert.match(await reviewRow(page, 'PENDING orders placed in July').getAttribute('class'), /within/);
    // Unbalanced braces are refused the same way.
    await template.fill('{orderDate#{orderId}');
    await template.press('Enter');
    await page.locator('td', { has: template }).locator('p.field-error', { hasText: 'The GSI1SK template does not read' }).waitFor();
    await page.locator('td', { has: template }).screenshot({ path: join(artifacts, 'template-refused.png') });
    // Fixed, it is applied and the message goes.
    await template.fill('{orderDate}#{orderId}');
    await template.press('Enter');
    await message.waitFor({ state: 'detached' });
    assert.equal(await template.getAttribute('aria-invalid'), null);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} undo takes a template change back, redo and the keyboard bring it again, and each says what it moved`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const row = reviewRow(page, 'PENDING orders placed in July');
    await row.waitFor();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    assert.equal(await undo.isDisabled(), true);
    const template = page.getByLabel('GSI1SK template of Order', { exact: true });
    await template.fill('ORDER#{orderDate}#{orderId}');
    await template.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('.review-row')]
      .some((r) => r.textContent.includes('PENDING orders placed in July') && r.classList.contains('over')));
    const said = page.locator('header p.changed');
    assert.match(await said.textContent(), /^What changed: PENDING orders placed in July: 3 → 0 returned, 3 → 0 read, now fails its review · .* · 1 broken$/);
    await undo.click();
    await page.waitForFunction(() => [...document.querySelectorAll('.review-row')]
      .some((r) => r.textContent.includes('PENDING orders placed in July') && r.classList.contains('within')));
    assert.equal(await template.inputValue(), '{orderDate}#{orderId}');
    assert.match(await said.textContent(), /PENDING orders placed in July: 0 → 3 returned, 0 → 3 read, now passes its review .*· 1 fixed$/);
    // The keyboard, outside a field: Ctrl+Shift+Z redoes, Ctrl+Z undoes again.
    await page.keyboard.press('Control+Shift+Z');
    await page.waitForFunction(() => document.querySelector('input[aria-label="GSI1SK template of Order"]').value === 'ORDER#{orderDate}#{orderId}');
    await page.keyboard.press('Control+Z');
    await page.waitForFunction(() => document.querySelector('input[aria-label="GSI1SK template of Order"]').value === '{orderDate}#{orderId}');
    await page.locator('header').screenshot({ path: join(artifacts, 'undo.png') });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} a pattern records the items it should return, and the review holds it to that count`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const row = reviewRow(page, 'PENDING orders placed in July');
    await row.waitFor();
    // The example's July pattern expects its 3 orders, and returns them.
    assert.match(await row.locator('.budget').textContent(), /returns 3 items$/);
    assert.match(await row.locator('.reasons').textContent(), /Returns the 3 items it is expected to\./);
    await row.getByRole('button', { name: 'Edit budget' }).click();
    const expected = page.getByLabel('Items it returns', { exact: true });
    await page.waitForFunction(() => document.activeElement?.id === 'pattern-budget');
    assert.equal(await expected.inputValue(), '3');
    // A learner who worked out 4 is told the design returns 3.
    await expected.fill('4');
    await page.getByRole('button', { name: 'Save pattern', exact: true }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('.review-row')]
      .some((r) => r.textContent.includes('PENDING orders placed in July') && r.classList.contains('over')));
    assert.equal(await row.locator('.verdict').textContent(), '✗ returns 3, expects 4');
    assert.match(await row.locator('.reasons').textContent(),
      /^It returns 3 items where 4 are expected: its key condition and filter may leave out items it should find/);
    const listRow = page.locator('table.patterns tr', { has: page.locator('th', { hasText: 'PENDING orders placed in July' }) });
    assert.equal(await listRow.locator('.budget-mark').textContent(), 'returns 3, expects 4');
    // A write has no such field: it returns no items.
    await page.getByLabel('Operation').selectOption('PutItem');
    await expected.waitFor({ state: 'detached' });
    await row.screenshot({ path: join(artifacts, `expected-count-${width}x${height}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
