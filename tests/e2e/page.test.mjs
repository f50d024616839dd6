// End-to-end: the release page, served on 127.0.0.1, in headless Chromium.
// Run by `cargo xtask test` with node's test runner; screenshots go to tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, drawnWhole, openPage, SIZES, useBrowser } from './browser.mjs';

const session = useBrowser();

test('the page opens on the commerce example with a Query far cheaper than a Scan', async () => {
  const page = await session.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const started = Date.now();
  await page.goto(session.example);
  const comparison = page.locator('table.comparison');
  await comparison.waitFor();
  const firstRender = Date.now() - started;
  await drawnWhole(page);
  const units = async (run) => Number(await comparison.locator(`tr[data-run="${run}"] .units`).textContent());
  const read = async (run) => Number((await comparison.locator(`tr[data-run="${run}"] .scanned`).textContent()).replace(/,/g, ''));
  // The first screen: a Query at half a read unit next to a Scan that costs hundreds of times more.
  assert.equal(await units('Query'), 0.5);
  assert.ok(await units('Scan + filter') >= 200 * (await units('Query')), `scan cost ${await units('Scan + filter')}`);
  assert.ok(await read('Scan + filter') > 500, `scan read ${await read('Scan + filter')}`);
  const sentence = await page.locator('.explanations li[data-run="Scan + filter"] .sentence').textContent();
  assert.match(sentence, /^Scan read [\d,]+ items \(.+\) to return \d+: [\d.]+ RCU\.$/);
  // What it costs a month, at a request rate the learner sets.
  const monthly = page.locator('section[aria-labelledby="comparison-title"] .monthly');
  assert.match(await monthly.textContent(), /^At 1,000,000 requests a month: \$[\d.,]+ for the Query, \$[\d.,]+ for the Scan \+ filter\.$/);
  await page.getByLabel('Requests a month').fill('5000000');
  await page.getByLabel('Requests a month').press('Enter');
  await page.locator('.monthly', { hasText: /^At 5,000,000 requests a month: \$0\.3125 for the Query/ }).waitFor();
  await page.screenshot({ path: join(artifacts, 'page.png'), fullPage: true });
  console.log(`first render of the commerce example: ${firstRender} ms after navigation`);
  assert.deepEqual(errors, []);
});

test('the data view shows item collections and a sparse index holds only its subset', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const tableText = await summary.textContent();
  const tableItems = Number(tableText.match(/^([\d,]+) item/)[1].replace(/,/g, ''));
  assert.ok(tableItems > 500, tableText);
  // Only the rows in sight are rendered.
  const rendered = await page.locator('table.data tr.item').count();
  assert.ok(rendered < 60, `rendered ${rendered} rows`);
  // Each item says which indexes hold it, and for the others which key
  // attribute it lacks. The abandoned carts come first in key order.
  assert.match(await page.locator('table.data tr.item').first().textContent(), /^CartCART#k1CART/);
  await page.getByLabel('Go to the item collection whose partition key starts with').fill('CUST#c1');
  const profile = page.locator('table.data tr.item', { hasText: 'PROFILE' }).first();
  assert.match(await profile.locator('.membership').textContent(), /no GSI1PK.*no GSI2PK/);
  // Jump to a partition by typing the start of its key.
  await page.getByLabel('Go to the item collection whose partition key starts with').fill('CUST#c3');
  await page.locator('table.data tr.collection th', { hasText: /^PK = CUST#c3/ }).first().waitFor();
  assert.ok(await page.evaluate(() => document.querySelector('.data-scroll').scrollTop > 0));
  // The overloaded GSI1 holds two entity types: products by category, orders by status.
  await page.getByLabel('Table or index to show').selectOption('GSI1');
  await page.locator('table.data tr.collection th', { hasText: 'GSI1PK = CATEGORY#books' }).waitFor();
  assert.ok(await page.locator('table.data tr.item .entity', { hasText: 'Product' }).count() > 0);
  assert.ok(await page.locator('table.data tr.item .entity', { hasText: 'Order' }).count() > 0);
  await page.getByLabel('Table or index to show').selectOption('GSI2');
  await page.locator('table.data tr.collection th', { hasText: 'GSI2PK = OPEN' }).waitFor();
  const indexItems = Number((await summary.textContent()).match(/^([\d,]+) item/)[1].replace(/,/g, ''));
  assert.ok(indexItems > 0 && indexItems < tableItems / 4, `GSI2 holds ${indexItems}`);
  await page.locator('#data-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'data-gsi2.png') });
});

test('a Query runs, and a syntax error is shown with the token underlined', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const condition = page.getByLabel('KeyConditionExpression');
  await condition.waitFor();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const numbers = page.locator('.outcome .numbers');
  await numbers.waitFor();
  assert.match(await numbers.textContent(), /^Count \d+ · ScannedCount \d+ · [\d.]+ RCU$/);
  assert.ok(await page.locator('table.results tbody tr').count() > 0);
  // With a filter, the data view tells the items returned from those read and dropped.
  await page.getByLabel('FilterExpression').fill('amount > :min');
  await page.getByLabel('ExpressionAttributeValues').fill('{":pk": {"S": "CUST#c11"}, ":prefix": {"S": "ORDER#"}, ":min": {"N": "250"}}');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator('table.data tr.item.returned').first().waitFor();
  await page.locator('table.data tr.item.dropped').first().waitFor();
  await page.locator('#data-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'read-and-returned.png') });
  await page.getByLabel('FilterExpression').fill('');
  await condition.fill('PK = = :pk');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const failure = page.locator('.failure');
  await failure.waitFor();
  assert.equal(
    (await failure.locator('p').first().textContent()),
    'ValidationException: Invalid KeyConditionExpression: Syntax error; token: "=", near: "= ="',
  );
  assert.equal(await failure.locator('mark').textContent(), '=');
  await failure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'syntax-error.png') });
});

test('generating about 100,000 items fills the table and re-measures every pattern', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const before = await summary.textContent();
  await page.getByLabel('How many Customer items').fill('4200');
  const started = Date.now();
  await page.getByRole('button', { name: 'Generate' }).click();
  // A progress bar while the table fills.
  await page.getByLabel('Items stored').waitFor();
  await page.locator('.status', { hasText: '4200' }).or(page.locator('.status', { hasText: 'items generated' })).first().waitFor();
  await page.waitForFunction((old) => document.querySelector('.view-summary').textContent !== old, before, { timeout: 60000 });
  const took = Date.now() - started;
  const items = Number((await summary.textContent()).match(/^([\d,]+) item/)[1].replace(/,/g, ''));
  assert.ok(items > 80000, `generated ${items}`);
  console.log(`generating and loading ${items} items, then re-measuring every pattern: ${took} ms`);
  const scanRead = Number((await page.locator('table.comparison tr[data-run="Scan + filter"] .scanned').textContent()).replace(/,/g, ''));
  assert.equal(scanRead, items);
  // A Query over the 100,000 items, and the re-render, timed from the click.
  const runStarted = Date.now();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator('.outcome .numbers').waitFor();
  console.log(`Query over ${items} items plus re-render: ${Date.now() - runStarted} ms`);
  await page.screenshot({ path: join(artifacts, 'generated-100k.png') });
  // A chart change on a large table fills it again a slice at a time, with
  // the progress in the header, and then re-measures.
  const template = page.getByLabel('SK template of Order', { exact: true });
  await template.fill('{orderId}');
  await template.press('Tab');
  await page.locator('.status', { hasText: 'Filling the table' }).waitFor();
  await page.locator('tr[data-pattern="1"] .count', { hasText: /^0$/ }).waitFor({ timeout: 60000 });
  assert.ok(!(await page.locator('.status').textContent()).includes('Filling'));
});

test('changing a key template re-evaluates every access pattern', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const returned = page.locator('tr[data-pattern="1"] .count');
  await returned.waitFor();
  assert.ok(Number(await returned.textContent()) > 0);
  const template = page.getByLabel('SK template of Order', { exact: true });
  await template.fill('{orderId}');
  await template.press('Enter');
  await template.blur();
  // Orders no longer sort under ORDER#, so "a customer's orders" finds none.
  await page.locator('tr[data-pattern="1"] .count', { hasText: /^0$/ }).waitFor();
  // And an SK of only {orderId} could equal a customer's PROFILE: the chart says so.
  await page.locator('.warnings li', { hasText: 'Customer and Order can get the same primary key' }).waitFor();
  // A price written into a sort key without padding sorts as text: the chart says so.
  const price = page.getByLabel('GSI1SK template of Product', { exact: true });
  await price.fill('PRICE#{price}');
  await price.press('Tab');
  await page.locator('.warnings li', { hasText: 'writes the number {price} as plain text, where 10 sorts before 9' }).waitFor();
  await page.locator('#chart-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'template-changed.png') });
});

test('pasted items are added whole, and bad ones say where and add nothing', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const summary = page.locator('.view-summary');
  await summary.waitFor();
  const count = async () => Number((await summary.textContent()).match(/^([\d,]+) item/)[1].replace(/,/g, ''));
  const before = await count();
  const paste = page.getByLabel(/^Paste items/);
  await paste.fill('{"entityType": "Customer", "customerId": "c900", "fullName": "Mary Shelley"}\n{"entityType": "Order", "orderId": "o9"}');
  await page.getByRole('button', { name: 'Add items' }).click();
  await page.locator('p.error', { hasText: 'Item 2 (line 2): Order: the PK template cannot be filled' }).waitFor();
  assert.equal(await count(), before);
  await paste.fill('[{"entityType": "Customer", "customerId": "c900", "fullName": "Mary Shelley"}]');
  await page.getByRole('button', { name: 'Add items' }).click();
  await page.locator('p.ok', { hasText: 'Added 1 item.' }).waitFor();
  await page.waitForFunction((n) => document.querySelector('.view-summary').textContent.startsWith(`${(n + 1).toLocaleString('en-US')} item`), before);
});

test('fulfilling an order in the runner takes it out of the open-orders index', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  const open = page.locator('tr[data-pattern="5"] .count');
  await open.waitFor();
  const before = Number(await open.textContent());
  // Find one open order with a Query on the sparse index.
  await page.getByLabel('Index', { exact: true }).selectOption('GSI2');
  await page.getByLabel('KeyConditionExpression').fill('GSI2PK = :open');
  await page.getByLabel('ExpressionAttributeValues').fill('{":open": {"S": "OPEN"}}');
  await page.getByLabel('Limit').fill('1');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator('.outcome .numbers').waitFor();
  const raw = JSON.parse(await page.locator('.outcome details pre').nth(1).textContent());
  const order = raw.Items[0];
  await page.getByLabel('Operation').selectOption('UpdateItem');
  await page.getByLabel('Key', { exact: true }).fill(JSON.stringify({ PK: order.PK, SK: order.SK }));
  await page.getByLabel('UpdateExpression').fill('SET orderStatus = :shipped REMOVE openFlag, GSI2PK, GSI2SK');
  await page.getByLabel('ConditionExpression').fill('attribute_exists(GSI2PK)');
  await page.getByLabel('ExpressionAttributeValues').fill('{":shipped": {"S": "SHIPPED"}}');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator('tr[data-pattern="5"] .count', { hasText: new RegExp(`^${before - 1}$`) }).waitFor();
  // Doing it again fails its condition, with DynamoDB's exception.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator('.failure', { hasText: 'ConditionalCheckFailedException: The conditional request failed' }).waitFor();
});

test('every control has an accessible name and the text meets WCAG AA contrast', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  await page.locator('table.comparison').waitFor();
  // The names Chromium computes for its accessibility tree, as a screen
  // reader gets them (a select's options or a textarea's text are not one).
  const cdp = await page.context().newCDPSession(page);
  const controls = new Set(['button', 'textbox', 'combobox', 'checkbox', 'radio', 'spinbutton', 'slider', 'searchbox', 'listbox', 'switch']);
  const unnamed = async () => {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((n) => !n.ignored && controls.has(n.role?.value) && !(n.name?.value ?? '').trim())
      .map((n) => `${n.role.value} #${n.backendDOMNodeId}`);
  };
  assert.deepEqual(await unnamed(), []);
  // The check finds a control without a name: a select whose label is taken away.
  await page.evaluate(() => {
    const select = document.querySelector('select[aria-label]');
    select.removeAttribute('aria-label');
    select.closest('label')?.replaceWith(select);
    for (const label of document.querySelectorAll(`label[for="${select.id}"]`)) label.remove();
  });
  assert.equal((await unnamed()).length, 1);
  await page.reload();
  await drawnWhole(page);
  await page.locator('table.comparison').waitFor();
  // Contrast of every visible text element against the nearest opaque background.
  const failures = await page.evaluate(() => {
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('svg')) continue;
      const [a, b] = [lum(rgb(style.color).slice(0, 3)), lum(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) out.push(`${el.tagName}.${el.className}: ${ratio.toFixed(2)}`);
    }
    return [...new Set(out)];
  });
  assert.deepEqual(failures, []);
});

test('choosing another pattern shows its comparison', async () => {
  const page = await session.context.newPage();
  await page.goto(session.example);
  await drawnWhole(page);
  await page.getByRole('button', { name: 'Compare: Open orders, from the sparse index' }).click();
  await page.locator('#comparison-title', { hasText: 'Open orders, from the sparse index' }).waitFor();
  const strong = await page.locator('table.comparison tr[data-run="Query"] td').nth(5).textContent();
  assert.equal(strong, 'not on a GSI');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: join(artifacts, 'page-1920.png'), fullPage: true });
});

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} an error keeps DynamoDB's words and adds a hint from the request: a non-key attribute in a key condition, an untyped value`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const condition = page.getByLabel('KeyConditionExpression');
    await condition.waitFor();
    await condition.fill('PK = :pk AND amount > :min');
    await page.getByLabel('ExpressionAttributeValues').fill('{":pk": {"S": "CUST#c11"}, ":min": {"N": "200"}}');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const failure = page.locator('.failure');
    await failure.waitFor();
    assert.equal(await failure.locator('p').first().textContent(), 'ValidationException: Query condition missed key schema element: SK');
    assert.equal(await failure.locator('p.hint').textContent(),
      'Hint: amount is not a key of the table: a key condition tests only PK and SK. Move the test on amount to a FilterExpression (the items are still read and paid for), or Query an index whose sort key holds amount.');
    await failure.screenshot({ path: join(artifacts, 'error-hint.png') });
    await condition.fill('PK = :pk');
    await page.getByLabel('ExpressionAttributeValues').fill('{":pk": "CUST#c11"}');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('.failure p.hint', { hasText: 'every value in DynamoDB JSON names its type' }).waitFor();
    assert.equal(await page.locator('.failure p.hint').textContent(),
      'Hint: :pk is "CUST#c11": every value in DynamoDB JSON names its type — {"S": "CUST#c11"}.');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} JSON that does not read is shown with a caret under the character where it stops`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    const values = page.getByLabel('ExpressionAttributeValues');
    await values.waitFor();
    await page.getByLabel('KeyConditionExpression').fill('PK = :pk');
    await values.fill(`{":pk": {'S': "CUST#c11"}}`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const failure = page.locator('.failure');
    await failure.locator('pre.caret').waitFor();
    assert.equal(await failure.locator('p').first().textContent(),
      'SerializationException: ExpressionAttributeValues is not valid JSON: key must be a string at line 1 column 10');
    assert.equal(await failure.locator('p.where').textContent(), 'In ExpressionAttributeValues:');
    assert.equal(await failure.locator('pre.caret').textContent(),
      `1 | {":pk": {'S': "CUST#c11"}}\n${' '.repeat(4 + 9)}^`);
    // Cut short, the caret stands after the last character.
    await values.fill('{":pk": {"S": "CUST#c11"}');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('pre.caret', { hasText: /\^$/ }).waitFor();
    assert.equal(await failure.locator('pre.caret').textContent(),
      `1 | {":pk": {"S": "CUST#c11"}\n${' '.repeat(4 + 25)}^`);
    await failure.screenshot({ path: join(artifacts, 'json-caret.png') });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} Run on a pattern shows its result on the screen, and the chart keeps its templates whole`, async () => {
    const page = await openPage(session, session.example, { size: [width, height] });
    await page.locator('table.comparison').waitFor();
    await page.getByRole('button', { name: "Run: A customer's orders, newest first" }).click();
    await page.locator('#run-outcome .outcome').waitFor();
    await page.waitForFunction(() => {
      const top = document.querySelector('#run-outcome').getBoundingClientRect().top;
      return top >= 0 && top <= innerHeight - 80;
    });
    assert.match(await page.locator('#run-outcome .numbers').textContent(), /^Count \d+ · ScannedCount \d+ · [\d.]+ RCU$/);
    await page.screenshot({ path: join(artifacts, `run-${width}x${height}.png`) });
    // On a laptop's screen (and a phone's) the design's long about text
    // starts folded, so the workbench has the screen.
    if (height < 900) assert.equal(await page.locator('details.about-example').getAttribute('open'), null);
    // Every key template is shown whole, however long.
    const cut = await page.locator('table.chart input.template').evaluateAll((inputs) =>
      inputs.filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.value));
    assert.deepEqual(cut, []);
    // Scrolled sideways, the entity's name stays in view.
    const scroller = page.locator('.chart-scroll').first();
    await scroller.evaluate((e) => { e.scrollLeft = e.scrollWidth; });
    const [frame, name] = await Promise.all([
      scroller.boundingBox(),
      page.locator('table.chart th[scope="row"]', { hasText: 'Order' }).first().boundingBox(),
    ]);
    assert.ok(Math.abs(name.x - frame.x) <= 2, JSON.stringify({ frame, name }));
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
