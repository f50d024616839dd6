// End-to-end: the aws CLI console of the built page, served under a
// sub-path. Commands pasted as a tutorial prints them run on the
// playground's own table and print what the aws CLI prints; what they
// write shows in the data view, a design they change in the table design,
// and the one-click lab runs from start to end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artifacts, drawnWhole, launchFresh, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const here = dirname(fileURLToPath(import.meta.url));
const expected = join(here, '..', '..', 'console', 'tests', 'scripts', 'expected');

/** Pastes `script` into the console and runs it with Ctrl+Enter. */
async function run(page, script) {
  const console = page.locator('#console');
  const box = console.getByLabel('Commands to run');
  await box.fill(script);
  await box.press('Control+Enter');
  return console;
}

/** Everything the transcript shows on standard output, in order. */
async function printed(console) {
  return (await console.locator('ol.transcript pre.stdout').allTextContents()).join('');
}

test('a pasted put-item writes to the table and the data view shows the item', async () => {
  const page = await openPage(session);
  const console = await run(page, `aws dynamodb put-item \\
    --table-name commerce-main \\
    --item '{"PK": {"S": "CUST#console"}, "SK": {"S": "PROFILE"}, "name": {"S": "Ines Console"}}' \\
    --return-consumed-capacity TOTAL`);
  await console.locator('ol.transcript li.step').first().waitFor();
  assert.equal(
    await printed(console),
    '{\n    "ConsumedCapacity": {\n        "TableName": "commerce-main",\n        "CapacityUnits": 1.0\n    }\n}\n',
  );
  const data = page.locator('#data');
  await data.getByLabel('Go to the item collection whose partition key starts with').fill('CUST#console');
  await data.getByText('Ines Console').first().waitFor();
  assert.deepEqual(page.errors, []);
});

test('an error prints the aws CLI v2 error line, and the up arrow brings the script back', async () => {
  const page = await openPage(session);
  const console = await run(page, 'aws dynamodb describe-table --table-name nope');
  await console.locator('pre.stderr').waitFor();
  assert.equal(
    await console.locator('pre.stderr').textContent(),
    '\naws: [ERROR]: An error occurred (ResourceNotFoundException) when calling the DescribeTable operation: Requested resource not found: Table: nope not found\n',
  );
  assert.equal(await console.locator('p.status').textContent(), 'exit status 254');
  const box = console.getByLabel('Commands to run');
  assert.equal(await box.inputValue(), '');
  await box.press('ArrowUp');
  assert.equal(await box.inputValue(), 'aws dynamodb describe-table --table-name nope');
  assert.deepEqual(page.errors, []);
});

test('a pipe is refused by name and nothing of the script runs', async () => {
  const page = await openPage(session);
  const console = await run(page, "aws dynamodb list-tables\naws dynamodb scan --table-name commerce-main | jq '.Items'");
  const note = console.locator('p.console-note');
  await note.waitFor();
  assert.match(await note.textContent(), /^Not run: line 2: a pipe \(\|\) is not run here/);
  assert.equal(await console.locator('ol.transcript li.step').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('the commerce lab runs whole, prints what a terminal would, and leaves its table in the page', async () => {
  const page = await openPage(session);
  const console = page.locator('#console');
  await console.getByRole('button', { name: 'Run the commerce lab' }).click();
  await console.locator('ol.transcript li.step').nth(20).waitFor();
  // As in a terminal, but for its first line: here the example's table of
  // that name is there to delete (the corpus runs it on an empty engine).
  const terminal = readFileSync(join(expected, 'lab-commerce.stdout'), 'utf8');
  assert.equal(await printed(console), terminal.replace(/^no commerce-main yet\n/, 'DELETING\n'));
  assert.equal(await console.locator('p.status').count(), 0);
  // The table the lab made is the playground's: GSI2 in the design, the
  // lab's six items in the data view, the fulfilled order out of GSI2.
  await page.waitForFunction(() => [...document.querySelectorAll('#design input')].some((i) => i.value === 'GSI2'));
  const data = page.locator('#data');
  await data.getByText('6 items in 3 item collections.').waitFor();
  await console.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'console-lab.png') });
  assert.deepEqual(page.errors, []);
});

test('the console module is fetched when the console is first used, not before', async () => {
  const page = await openPage(session, 'about:blank');
  const fetched = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto(session.example);
  await drawnWhole(page);
  await page.locator('#console').waitFor();
  await page.locator('#comparison').waitFor();
  assert.equal(fetched.filter((url) => /ddbplay-console-/.test(url)).length, 0, fetched.join('\n'));
  const console = await run(page, 'aws dynamodb list-tables --output text');
  await console.locator('pre.stdout').waitFor();
  assert.equal(await printed(console), 'TABLENAMES\tcommerce-main\n');
  assert.ok(fetched.some((url) => /ddbplay-console-[0-9a-f]+_bg\.wasm$/.test(url)), fetched.join('\n'));
  assert.deepEqual(page.errors, []);
});

test('Copy as aws CLI puts a pattern on the clipboard as the command that makes it', async () => {
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.served.origin });
  const page = await openPage(session);
  const row = page.locator('#patterns tr[data-pattern="0"]');
  await row.getByRole('button', { name: /^Copy as aws CLI/ }).click();
  await row.getByRole('button', { name: /^Copy as aws CLI/ }).filter({ hasText: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^aws dynamodb get-item \\\n {4}--table-name commerce-main \\\n {4}--key '\{"PK": \{"S": "CUST#c11"\}, "SK": \{"S": "PROFILE"\}\}'/);
  // Run in the console, it answers what the pattern reads.
  const console = await run(page, copied);
  await console.locator('pre.stdout').waitFor();
  assert.match(await printed(console), /^\{\n {4}"Item": \{/);
  assert.deepEqual(page.errors, []);
});

test('a file given to the console travels with the link, and file:// reads it in a fresh browser', async () => {
  const page = await openPage(session);
  const console = page.locator('#console');
  await console.getByLabel('Add files for file:// to read').setInputFiles({
    name: 'item.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"PK": {"S": "CUST#filed"}, "SK": {"S": "PROFILE"}, "name": {"S": "Fay File"}}'),
  });
  await console.locator('ul.console-files li', { hasText: 'file://item.json · 78 bytes' }).waitFor();
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.locator('.dialog input.share-link').inputValue();
  assert.ok(link.startsWith(session.served.url + '#play=7.'), link.slice(0, 80));
  const fresh = await launchFresh('ddbplay-fresh-');
  const other = await fresh.newPage();
  const errors = [];
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(link);
  await drawnWhole(other);
  const there = other.locator('#console');
  await there.locator('ul.console-files li', { hasText: 'file://item.json · 78 bytes' }).waitFor();
  const box = there.getByLabel('Commands to run');
  await box.fill(`aws dynamodb put-item --table-name commerce-main --item file://item.json
aws dynamodb get-item --table-name commerce-main --key '{"PK": {"S": "CUST#filed"}, "SK": {"S": "PROFILE"}}' --query Item.name.S --output text`);
  await box.press('Control+Enter');
  await there.locator('ol.transcript li.step').nth(1).waitFor();
  assert.equal(await printed(there), 'Fay File\n');
  await there.screenshot({ path: join(artifacts, 'console-files.png') });
  // Removed, it is gone from the playground's next link too.
  await there.getByRole('button', { name: 'Remove item.json' }).click();
  assert.equal(await there.locator('ul.console-files').count(), 0);
  assert.deepEqual(errors, []);
  await fresh.close();
  assert.deepEqual(page.errors, []);
});

test('a file dropped on the console is kept for file://, not opened as a playground', async () => {
  const page = await openPage(session);
  const console = page.locator('#console');
  await console.locator('.console-drop').waitFor();
  const status = await page.locator('p.status').first().textContent();
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['{"TableName": "commerce-main"}'], 'request.json', { type: 'application/json' }));
    return transfer;
  });
  await console.locator('.console-drop').dispatchEvent('drop', { dataTransfer });
  await console.locator('ul.console-files li', { hasText: 'file://request.json · 30 bytes' }).waitFor();
  const box = console.getByLabel('Commands to run');
  await box.fill('aws dynamodb describe-table --cli-input-json file://request.json --query Table.TableName --output text');
  await box.press('Control+Enter');
  await console.locator('pre.stdout').waitFor();
  assert.equal(await printed(console), 'commerce-main\n');
  // The page did not take the file for itself (opening one is read and
  // answered in a moment: a notice, another playground).
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('.notice').count(), 0);
  assert.equal(await page.locator('p.status').first().textContent(), status);
  assert.deepEqual(page.errors, []);
});

test('a console file is in the saved copy: a reload finds it', async () => {
  const page = await openPage(session);
  const console = page.locator('#console');
  await console.getByLabel('Add files for file:// to read').setInputFiles({
    name: 'kept.json', mimeType: 'application/json', buffer: Buffer.from('{}'),
  });
  await console.locator('ul.console-files li', { hasText: 'file://kept.json · 2 bytes' }).waitFor();
  await page.waitForFunction(() => location.hash.startsWith('#play=7.'));
  await page.waitForTimeout(800);
  // The bare address opens what was saved last.
  await page.goto(session.served.url);
  await drawnWhole(page);
  await page.locator('#console ul.console-files li', { hasText: 'file://kept.json · 2 bytes' }).waitFor();
  assert.deepEqual(page.errors, []);
});
