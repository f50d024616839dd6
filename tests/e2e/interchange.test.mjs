// End-to-end: exports and imports in the built page, served under a
// sub-path. Every export is written, shown and downloaded; the files are
// kept in tests/artifacts/exports/ with what each access pattern returned
// in the page, for the round trips through the aws CLI, boto3 and the
// JavaScript SDK against `ddbplay serve` (tests/e2e/test_exports.py).
// Other tools' files opened on the page become playgrounds or items, a
// file of several tables asks which, and a hostile one is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { artifacts, count, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const exportsDir = join(artifacts, 'exports');

/** Opens the Export dialog. */
async function openExport(page) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export this playground' });
  await dialog.waitFor();
  return dialog;
}

/** Picks `label` and waits for its file: its name and text. */
async function exported(dialog, label) {
  await dialog.getByLabel('Export format').selectOption({ label });
  const text = dialog.locator('textarea.export-text');
  await text.waitFor();
  const download = dialog.getByRole('button', { name: /^Download / });
  const name = (await download.textContent()).replace(/^Download /, '');
  return { name, text: await text.inputValue() };
}

/** Opens a file as if chosen with "Open a file…". */
async function openFile(page, name, contents) {
  await page.locator('input[type=file]').first().setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(contents),
  });
}

test('every export is written for the example, and the aws CLI script downloads', async () => {
  const page = await openPage(session);
  mkdirSync(exportsDir, { recursive: true });
  // What each access pattern returned in the page, for the round trips.
  const rows = page.locator('#patterns table.patterns tbody tr');
  await rows.first().waitFor();
  const returned = [];
  for (const row of await rows.all()) {
    const text = (await row.locator('td.count').textContent()).trim();
    returned.push(text === '—' ? null : count(text));
  }
  writeFileSync(join(exportsDir, 'returned.json'), JSON.stringify(returned));
  const dialog = await openExport(page);
  const expectations = [
    ['aws CLI script', 'commerce-main.sh', /^#!\/usr\/bin\/env bash\n# Makes the DynamoDB table commerce-main/],
    ['Terraform', 'commerce-main.tf', /^# The DynamoDB table commerce-main, as the hashicorp\/aws provider makes it\.\nterraform \{/],
    ['Terraform (provider before 6.29)', 'commerce-main.tf', /resource "aws_dynamodb_table" "commerce_main" \{\n  name         = "commerce-main"/],
    ['CloudFormation (YAML)', 'commerce-main-cloudformation.yaml', /AWSTemplateFormatVersion: "2010-09-09"\n/],
    ['CloudFormation (JSON)', 'commerce-main-cloudformation.json', /^\{\n  "AWSTemplateFormatVersion": "2010-09-09",/],
    ['NoSQL Workbench model', 'commerce-main-workbench.json', /^\{\n  "ModelName": "commerce-main",/],
    ['Items as export lines', 'commerce-main-items.jsonl', /^\{"Item":\{/],
    ['Patterns for JavaScript (SDK v3)', 'patterns.mjs', /^\/\/ The access patterns of the DynamoDB table commerce-main/],
    ['Patterns for Python (boto3)', 'patterns.py', /^"""The access patterns of the DynamoDB table commerce-main, for boto3\./],
  ];
  for (const [label, name, start] of expectations) {
    const file = await exported(dialog, label);
    assert.equal(file.name, name, label);
    assert.match(file.text, start, label);
    const kept = label.includes('before 6.29') ? 'commerce-main-any-provider.tf' : name;
    writeFileSync(join(exportsDir, kept), file.text);
  }
  await dialog.getByLabel('Export format').selectOption({ label: 'aws CLI script' });
  await dialog.locator('textarea.export-text').waitFor();
  await page.screenshot({ path: join(artifacts, 'export-dialog.png') });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download commerce-main.sh' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'commerce-main.sh');
  const downloaded = readFileSync(await download.path(), 'utf8');
  assert.equal(downloaded, readFileSync(join(exportsDir, 'commerce-main.sh'), 'utf8'));
  const lines = readFileSync(join(exportsDir, 'commerce-main-items.jsonl'), 'utf8').trim().split('\n');
  assert.ok(lines.length > 100, `${lines.length} lines`);
  assert.deepEqual(page.errors, []);
});

test('the exported NoSQL Workbench model opens as the same playground', async () => {
  const page = await openPage(session);
  const model = readFileSync(join(exportsDir, 'commerce-main-workbench.json'));
  const before = await page.locator('#patterns table.patterns tbody tr').allTextContents();
  await openFile(page, 'commerce-main-workbench.json', model);
  const notice = page.locator('.notice');
  await notice.getByText('Opened the table commerce-main from commerce-main-workbench.json.').waitFor();
  assert.deepEqual(await page.locator('#patterns table.patterns tbody tr').allTextContents(), before);
  assert.equal(await page.locator('.session-name').textContent(), 'commerce-main');
  assert.deepEqual(page.errors, []);
});

const twoTables = `
resource "aws_dynamodb_table" "sessions" {
  name         = "sessions"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"
  attribute {
    name = "id"
    type = "S"
  }
}

resource "aws_dynamodb_table" "orders" {
  name           = "orders"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 5
  hash_key       = "PK"
  range_key      = "SK"
  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "SK"
    type = "S"
  }
  attribute {
    name = "GSI1PK"
    type = "S"
  }
  global_secondary_index {
    name            = "GSI1"
    hash_key        = "GSI1PK"
    range_key       = "SK"
    projection_type = "KEYS_ONLY"
    read_capacity   = 5
    write_capacity  = 5
  }
  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }
}
`;

test('a Terraform file of two tables asks which, and opens that table with a note', async () => {
  const page = await openPage(session);
  await openFile(page, 'main.tf', twoTables);
  const chooser = page.getByRole('dialog', { name: 'main.tf holds 2 tables' });
  await chooser.waitFor();
  await page.screenshot({ path: join(artifacts, 'import-choose-table.png') });
  await chooser.getByRole('button', { name: 'orders' }).click();
  const notice = page.locator('.notice');
  await notice.getByText(/^Opened the table orders from main\.tf\. Provisioned capacity \(5 read and 5 write units a second\) is left out/).waitFor();
  assert.equal(await page.locator('.session-name').textContent(), 'orders');
  const design = page.locator('#design');
  assert.equal(await design.getByLabel('Name of index 1').inputValue(), 'GSI1');
  assert.equal(await design.getByLabel('GSI1 projection').inputValue(), 'KEYS_ONLY');
  assert.deepEqual(page.errors, []);
});

test('export lines, gzipped, put their items into the table', async () => {
  const page = await openPage(session);
  const lines = [
    { Item: { PK: { S: 'CUST#imported' }, SK: { S: 'PROFILE' }, name: { S: 'Iris Imported' } } },
    { Item: { PK: { S: 'CUST#imported' }, SK: { S: 'ORDER#1' }, total: { N: '12.5' } } },
  ].map((l) => JSON.stringify(l)).join('\n');
  await openFile(page, 'part-0001.json.gz', gzipSync(Buffer.from(lines)));
  await page.locator('.notice').getByText('Added 2 items. From part-0001.json.gz.').waitFor();
  const data = page.locator('#data');
  await data.getByLabel('Go to the item collection whose partition key starts with').fill('CUST#imported');
  await data.getByText('Iris Imported').first().waitFor();
  assert.deepEqual(page.errors, []);
});

test('a hostile template is refused with its reason, and the page goes on', async () => {
  const page = await openPage(session);
  const deep = `Resources: ${'['.repeat(100000)}1${']'.repeat(100000)}\n`;
  await openFile(page, 'stack.yaml', deep);
  await page.locator('.notice.problem').getByText('This file could not be opened as a CloudFormation template: the file nests values more than 64 levels deep.').waitFor();
  const bomb = gzipSync(Buffer.alloc(80 * 1024 * 1024, 32));
  await openFile(page, 'huge.json.gz', bomb);
  await page.locator('.notice.problem').getByText(/^This file could not be opened as items: the file unpacks to more than 67108864 bytes/).waitFor();
  // The playground still answers.
  await page.getByRole('button', { name: /^Compare: / }).first().click();
  assert.deepEqual(page.errors, []);
});

test('an aws CLI script opened on the page runs in the console', async () => {
  const page = await openPage(session);
  await openFile(page, 'lab.sh', '#!/usr/bin/env bash\naws dynamodb list-tables --output text\n');
  await page.locator('.notice').getByText('The script ran in the aws CLI console: its transcript is there.').waitFor();
  const stdout = page.locator('#console ol.transcript pre.stdout');
  await stdout.first().waitFor();
  assert.equal(await stdout.first().textContent(), 'TABLENAMES\tcommerce-main\n');
  assert.deepEqual(page.errors, []);
});
