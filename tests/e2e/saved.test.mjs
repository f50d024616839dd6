// End-to-end: saved work is never lost. A playground opened and not
// changed is not saved; a change still waiting to be saved is saved before
// a link replaces it; one that no longer reads is set aside and listed,
// to download or delete; one a newer version saved is left as it is; a
// damaged index is rebuilt from what is stored; and two tabs on one
// playground notice each other, the second asked which to keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawnWhole, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** What the page keeps in local storage under ddbplay/ (each value a JSON string). */
async function stored(page) {
  return page.evaluate(() => Object.fromEntries(
    Object.keys(localStorage).filter((k) => k.startsWith('ddbplay/')).map((k) => [k, JSON.parse(localStorage.getItem(k))])));
}

/** Stores `value` as the page does: as a JSON string. */
const put = (page, key, value) => page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [key, value]);

/** The saved playgrounds' names, as the Playgrounds dialog lists them. */
async function listed(page) {
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playgrounds saved in this browser' });
  await dialog.waitFor();
  const names = await dialog.locator('table.saved:not(.set-aside) tbody th').allTextContents();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return names.map((n) => n.replace(' (on the screen)', ''));
}

/** A saved playground as the page stores it, for a test to plant. */
async function plant(page, id, name, link, { index = true } = {}) {
  await put(page, `ddbplay/playground/${id}`, JSON.stringify({ name, saved_at: 1, revision: 1, link }));
  if (index) {
    const entries = JSON.parse((await stored(page))['ddbplay/index'] ?? '[]');
    entries.push({ id, name, saved_at: 1, revision: 1 });
    await put(page, 'ddbplay/index', JSON.stringify(entries));
  }
  await put(page, 'ddbplay/current', id);
}

test('a playground opened and not changed is not saved, nor its address rewritten', async () => {
  const page = await openPage(session, `${session.served.url}#example=blog`);
  await page.locator('.status', { hasText: /^Table blog: 728 items/ }).waitFor();
  // Longer than the page waits before it saves; the data view settles too.
  await page.getByRole('button', { name: /^Compare: / }).first().waitFor();
  await page.waitForTimeout(1500);
  assert.deepEqual(await stored(page), {});
  assert.equal(new URL(page.url()).hash, '#example=blog');
  assert.deepEqual(page.errors, []);
});

test('a change still waiting to be saved is saved before a link replaces it', async () => {
  const page = await openPage(session, `${session.served.url}#example=blog`);
  await page.locator('.status', { hasText: /^Table blog: 728 items/ }).waitFor();
  await page.getByLabel('Seed (same seed, same items)').fill('8');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.locator('.status', { hasText: 'from seed 8' }).waitFor();
  // At once, before the page's own save: another link.
  await page.evaluate(() => { location.hash = 'example=hierarchy'; });
  await page.locator('.status', { hasText: /^Table org: 323 items/ }).waitFor();
  assert.deepEqual(await listed(page), ['Blog example']);
  assert.deepEqual(page.errors, []);
});

test('a saved playground that no longer reads is set aside, listed, downloaded and deleted', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await plant(page, 'damaged1', 'My shop', '4.this-is-not-a-playground');
  await page.goto(session.served.url);
  await drawnWhole(page);
  const notice = page.locator('.notice.problem p');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^The saved playground "My shop" could not be read \(it is damaged: .*\); it has been set aside, under Playgrounds, and the rest are untouched\. The example is shown instead\.$/);
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playgrounds saved in this browser' });
  const row = dialog.locator('table.set-aside tbody tr');
  await row.waitFor();
  assert.equal(await row.locator('th').textContent(), 'My shop');
  assert.match(await row.locator('td').first().textContent(), /^could not be opened: it is damaged/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download My shop as it was stored' }).click();
  assert.equal((await download).suggestedFilename(), 'My-shop.set-aside.txt');
  await dialog.getByRole('button', { name: 'Delete set-aside My shop' }).click();
  await dialog.locator('table.set-aside').waitFor({ state: 'detached' });
  assert.equal((await stored(page))['ddbplay/set-aside/damaged1'], undefined);
  assert.deepEqual(page.errors, []);
});

test('a playground a newer version saved is left as it is, and the page says so', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await plant(page, 'future1', 'From the future', '9.AAAA');
  await page.goto(session.served.url);
  await drawnWhole(page);
  const notice = page.locator('.notice.problem p');
  await notice.waitFor();
  assert.equal(await notice.textContent(), 'The saved playground "From the future" was saved by a newer version of ddbplay (format 9; this page reads format 7 and older). It is kept as it is: open it in the newest ddbplay. The example is shown instead.');
  const after = await stored(page);
  assert.equal(JSON.parse(after['ddbplay/playground/future1']).link, '9.AAAA');
  assert.equal(after['ddbplay/set-aside/future1'], undefined);
  assert.deepEqual(await listed(page), ['From the future']);
});

test('a damaged index is rebuilt from the saved playgrounds, and the next save keeps them all', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await page.waitForFunction(() => (localStorage.getItem('ddbplay/index') ?? '').includes('Commerce example'));
  const saved = await stored(page);
  const link = JSON.parse(saved[`ddbplay/playground/${saved['ddbplay/current']}`]).link;
  await plant(page, 'second1', 'Second', link, { index: false });
  await put(page, 'ddbplay/index', '{not json');
  await page.goto(session.served.url);
  await drawnWhole(page);
  await page.locator('table.comparison').waitFor();
  assert.deepEqual((await listed(page)).sort(), ['Commerce example', 'Second']);
  assert.deepEqual(page.errors, []);
});

test('two tabs on one playground notice each other, and the second chooses to keep both', async () => {
  const first = await openPage(session);
  await first.locator('table.comparison').waitFor();
  await first.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await first.waitForFunction(() => (localStorage.getItem('ddbplay/index') ?? '').includes('Commerce example'));
  // A second tab opens the same saved playground.
  const second = await openPage(session, session.served.url, { keepStorage: true });
  await second.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  // The first tab changes it and saves.
  await first.getByRole('button', { name: 'Compare: Orders waiting to ship (PENDING)' }).click();
  await first.waitForFunction(() => JSON.parse(JSON.parse(localStorage.getItem('ddbplay/index')))[0].revision === 2);
  // The second tab is told, and asked.
  const notice = second.locator('.notice.problem');
  await notice.waitFor();
  assert.equal(await notice.locator('p').textContent(), '"Commerce example" was saved in another tab since this tab opened it.');
  await second.getByRole('button', { name: 'Compare: An order\'s lines, in one request' }).click();
  await notice.getByRole('button', { name: 'Keep both' }).click();
  await notice.waitFor({ state: 'detached' });
  assert.deepEqual((await listed(second)).sort(), ['Commerce example', 'Commerce example (this tab)']);
  // The first tab's save was not overwritten.
  const index = JSON.parse((await stored(first))['ddbplay/index']);
  assert.deepEqual(index.map((e) => [e.name, e.revision]).sort(), [['Commerce example (this tab)', 1], ['Commerce example', 2]]);
  assert.deepEqual(first.errors, []);
  assert.deepEqual(second.errors, []);
});
