// End-to-end: the playground travels. A link made after changing the
// design, a template, a pattern and an item reopens the same numbers in a
// fresh browser; a reload finds the work saved; a full storage is reported;
// Back and Forward move between links (the hostile links are in
// hostile.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, drawnWhole, launchFresh, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** Everything the learner sees as numbers and typed text, for comparing two pages. */
async function snapshot(page) {
  await page.locator('table.comparison').waitFor();
  await drawnWhole(page);
  return page.evaluate(() => {
    const text = (selector) => [...document.querySelectorAll(selector)].map((e) => e.textContent.trim());
    const value = (label) => document.querySelector(`[aria-label="${label}"]`)?.value;
    return {
      status: text('.status'),
      patterns: text('table.patterns tbody tr'),
      comparison: text('table.comparison tr'),
      title: text('#comparison-title'),
      chart: [...document.querySelectorAll('table.chart input.template')].map((i) => i.value),
      design: [...document.querySelectorAll('#design input, #design select')].map((i) => i.value),
      view: value('Table or index to show'),
      summary: text('.view-summary'),
      runner: [...document.querySelectorAll('#runner textarea')].map((t) => t.value),
      operation: value('Operation'),
      prices: [...document.querySelectorAll('.prices input')].map((i) => i.value),
    };
  });
}

/** Waits until the page has put its state in the address (after a change). */
async function saved(page) {
  await page.waitForFunction(() => location.hash.startsWith('#play=7.'));
  // The address and the saved copy are written together; let the debounce settle.
  await page.waitForTimeout(800);
}

/** Changes the design, a template, a pattern, an item, the runner and the data view. */
async function changeEverything(page) {
  await page.locator('table.comparison').waitFor();
  // The design: a local index on amount.
  await page.getByRole('button', { name: 'Add a local index' }).click();
  await page.getByLabel('LSI1 sort key name').fill('ByAmount');
  await page.getByLabel('LSI1 sort key name').press('Tab');
  await page.getByLabel('LSI1 sort key type').selectOption('N');
  await page.getByRole('button', { name: 'Apply design' }).click();
  // A template.
  const template = page.getByLabel('ByAmount template of Order', { exact: true });
  await template.fill('{amount}');
  await template.press('Tab');
  await page.locator('table.data').waitFor();
  // A pattern of the learner's own, on the new index.
  await page.getByRole('button', { name: 'Add an access pattern' }).click();
  await page.getByLabel('Index', { exact: true }).selectOption('LSI1');
  await page.getByLabel('KeyConditionExpression').fill('PK = :pk AND ByAmount > :min');
  await page.getByLabel('ExpressionAttributeValues').fill('{":pk": {"S": "CUST#c11"}, ":min": {"N": "250"}}');
  await page.getByLabel('Access pattern description').fill('A customer\'s big orders, by amount');
  await page.getByRole('button', { name: 'Add to the access patterns' }).click();
  await page.locator('#comparison-title', { hasText: 'A customer\'s big orders, by amount' }).waitFor();
  // An item by hand.
  const json = page.getByLabel('The item, as DynamoDB JSON (the form fills it in; edit it freely)');
  await json.fill('{"PK": {"S": "CUST#c11"}, "SK": {"S": "ORDER#2024-12-24#o999"}, "entityType": {"S": "Order"}, "amount": {"N": "499.99"}, "ByAmount": {"N": "499.99"}}');
  await page.getByRole('button', { name: 'Put item' }).click();
  await page.locator('#item .ok', { hasText: 'Added the item' }).waitFor();
  // The request rate, and where the data view stands.
  await page.getByLabel('Requests a month').fill('2500000');
  await page.getByLabel('Requests a month').press('Enter');
  await page.getByLabel('Table or index to show').selectOption('LSI1');
}

test('a link made after changing everything opens the same numbers in a fresh browser', async () => {
  const page = await openPage(session);
  await changeEverything(page);
  await saved(page);
  const before = await snapshot(page);
  assert.match(before.status.join(' '), /1 changed by hand/);
  // The Share dialog gives the link.
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.locator('.dialog input.share-link').inputValue();
  assert.ok(link.startsWith(session.served.url + '#play=7.'), link.slice(0, 80));
  await page.screenshot({ path: join(artifacts, 'share-dialog.png') });
  const fresh = await launchFresh('ddbplay-fresh-');
  const other = await fresh.newPage();
  const errors = [];
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(link);
  await drawnWhole(other);
  const after = await snapshot(other);
  assert.deepEqual(after, before);
  assert.deepEqual(errors, []);
  await fresh.close();
  console.log(`link after changing everything: ${link.length} characters`);
});

test('the example\'s link is 242 characters after the #', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.locator('.dialog input.share-link').inputValue();
  // As the README gives it, and as the codec's own test pins it.
  assert.equal(new URL(link).hash.slice(1).length, 242, link);
});

test('a reload finds the work saved, and the playgrounds list it', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await page.getByLabel('Requests a month').fill('777');
  await page.getByLabel('Requests a month').press('Enter');
  await saved(page);
  const before = await snapshot(page);
  // The bare address (no link in it) opens what was saved last.
  await page.goto(session.served.url);
  await drawnWhole(page);
  assert.deepEqual(await snapshot(page), before);
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  await page.locator('.dialog table.saved tr', { hasText: 'Commerce example' }).first().waitFor();
  assert.deepEqual(page.errors, []);
});

test('playgrounds are saved as, renamed, duplicated, opened, deleted, and started again from the example', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.evaluate(() => localStorage.clear());
  const dialog = page.locator('.dialog');
  const open = async () => {
    if (!(await dialog.count())) await page.getByRole('button', { name: 'Playgrounds' }).click();
  };
  const names = async () => dialog.locator('table.saved tbody th').allTextContents();
  // Save the example as "Shop", then change it: the change is kept under that name.
  await open();
  await page.getByLabel('New playground\'s name').fill('Shop');
  await dialog.getByRole('button', { name: 'Save as' }).click();
  assert.equal(await page.locator('.session-name').textContent(), 'Shop');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await saved(page);
  // Rename it, and duplicate it.
  await open();
  await page.getByLabel('This playground\'s name').fill('Bookshop');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  assert.deepEqual(await names(), ['Bookshop (on the screen)']);
  await dialog.getByRole('button', { name: 'Duplicate Bookshop' }).click();
  assert.deepEqual((await names()).sort(), ['Bookshop (copy)', 'Bookshop (on the screen)']);
  // Start again from the example: Bookshop stays saved as it was.
  await dialog.getByRole('button', { name: 'Start again from the example' }).click();
  await page.locator('#comparison-title', { hasText: 'An order\'s lines' }).waitFor();
  assert.equal(await page.locator('.session-name').textContent(), 'Commerce example');
  // Open the copy: it compares books, as Bookshop did.
  await open();
  await dialog.getByRole('button', { name: 'Open Bookshop (copy)' }).click();
  await page.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  assert.equal(await page.locator('.session-name').textContent(), 'Bookshop (copy)');
  // Delete the original, after saying yes.
  await open();
  await dialog.getByRole('button', { name: 'Delete Bookshop', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  assert.deepEqual(await names(), ['Bookshop (copy) (on the screen)']);
  await page.screenshot({ path: join(artifacts, 'playgrounds.png') });
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.errors, []);
});

test('a storage that is full is reported with what to do, and the work can be downloaded', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.evaluate(() => {
    let n = 0;
    for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {
      try {
        for (;;) localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch {
        // Full at this size: go on with smaller pieces.
      }
    }
  });
  await page.getByLabel('Requests a month').fill('31337');
  await page.getByLabel('Requests a month').press('Enter');
  const notice = page.locator('.notice.problem');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This browser did not keep your work \(QuotaExceededError: .+\)\. Download it as a file to keep it\./);
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download as a file' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.ddbplay\.json$/);
  const saved = JSON.parse(readFileSync(await file.path(), 'utf8'));
  assert.equal(saved.format, 'ddbplay playground');
  assert.equal(saved.playground.prices.requests_per_month, 31337);
  await page.screenshot({ path: join(artifacts, 'storage-full.png') });
  await page.evaluate(() => localStorage.clear());
  // Still usable.
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await page.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('a downloaded file opens again from the file button', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.getByRole('button', { name: 'Compare: PENDING orders placed in July' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  const download = page.waitForEvent('download');
  await page.locator('.dialog').getByRole('button', { name: 'Download as a file' }).click();
  const path = await (await download).path();
  const before = await snapshot(page);
  const other = await openPage(session);
  await other.locator('table.comparison').waitFor();
  await other.getByLabel(/^Open a file: a playground/).setInputFiles({ name: 'mine.ddbplay.json', mimeType: 'application/json', buffer: readFileSync(path) });
  await other.locator('#comparison-title', { hasText: 'PENDING orders placed in July' }).waitFor();
  assert.deepEqual(await snapshot(other), before);
  assert.equal(await other.locator('.session-name').textContent(), 'mine');
  // Dropped on the page, the same file opens too.
  const third = await openPage(session);
  await third.locator('table.comparison').waitFor();
  const dropped = await third.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.ddbplay.json', { type: 'application/json' }));
    return transfer;
  }, readFileSync(path, 'utf8'));
  await third.dispatchEvent('main.page', 'drop', { dataTransfer: dropped });
  await third.locator('#comparison-title', { hasText: 'PENDING orders placed in July' }).waitFor();
  assert.equal(await third.locator('.session-name').textContent(), 'dropped');
  assert.deepEqual(third.errors, []);
  // A file that is not a playground's is read as what it looks like —
  // JSON that is no other tool's file, as items — and says why it is not.
  await other.getByLabel(/^Open a file: a playground/).setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  const notice = other.locator('.notice.problem');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^This file could not be opened as items: line 1: attribute hello: 1 is not a value in DynamoDB JSON/);
  // A playground file that is damaged still says so.
  await other.getByLabel(/^Open a file: a playground/).setInputFiles({ name: 'mine.ddbplay.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "ddbplay playground", "version": 4, "playground": {"seed": "x"}}') });
  await other.locator('.notice.problem', { hasText: /^This file could not be opened: it is damaged: its playground does not read/ }).waitFor();
  assert.deepEqual(other.errors, []);
});

test('opening a link is one history entry; editing adds none; Back and Forward reopen each', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  const entries = await page.evaluate(() => history.length);
  for (const rate of ['10', '20', '30']) {
    await page.getByLabel('Requests a month').fill(rate);
    await page.getByLabel('Requests a month').press('Enter');
  }
  await saved(page);
  assert.equal(await page.evaluate(() => history.length), entries);
  // A link of another playground, pasted into the address bar.
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await saved(page);
  const books = page.url();
  await page.getByRole('button', { name: 'Compare: A customer\'s profile' }).click();
  await saved(page);
  await page.goto(books);
  await drawnWhole(page);
  await page.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  assert.equal(await page.evaluate(() => history.length), entries + 1);
  await page.goBack();
  await page.locator('#comparison-title', { hasText: 'A customer\'s profile' }).waitFor();
  await page.goForward();
  await page.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('a playground whose link would pass 16 KB is offered as a file, and still saved', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  // Five hundred customers pasted by hand, with names no compressor can shorten.
  let seed = 7;
  const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26));
  const items = Array.from({ length: 500 }, (_, i) => ({ entityType: 'Customer', customerId: `h${i}`, fullName: Array.from({ length: 60 }, letter).join('') }));
  await page.getByLabel(/^Paste items/).fill(JSON.stringify(items));
  await page.getByRole('button', { name: 'Add items' }).click();
  await page.locator('#items .ok', { hasText: 'Added 500 items.' }).waitFor();
  // Saved, but with no link in the address.
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => location.hash), '');
  await page.getByRole('button', { name: 'Share' }).click();
  const problem = page.locator('.dialog .error');
  assert.match(await problem.textContent(), /^This playground's link would be [\d,]+ characters long, more than the 16,384 a link can safely carry/);
  assert.equal(await page.locator('.dialog input.share-link').count(), 0);
  const download = page.waitForEvent('download');
  await page.locator('.dialog').getByRole('button', { name: 'Download as a file' }).click();
  const file = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
  assert.equal(file.playground.edits.length, 500);
  // A reload brings the 500 back from the browser's storage.
  const items_before = await page.locator('.status').textContent();
  await page.reload();
  await drawnWhole(page);
  await page.locator('table.comparison').waitFor();
  assert.equal(await page.locator('.status').textContent(), items_before);
  assert.match(items_before, /500 changed by hand/);
  assert.deepEqual(page.errors, []);
});
