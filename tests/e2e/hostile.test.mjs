// End-to-end: a representative set of the hostile corpus
// (web/src/share/testdata/hostile/, the cases marked "browser"), opened
// as links in the release page served under a sub-path. Each gives the
// notice the corpus pins — or opens, with the pattern that cannot run
// saying why — and the page works after: no trap of the wasm module, no
// page error, a pattern compares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const here = dirname(fileURLToPath(import.meta.url));
const corpus = JSON.parse(readFileSync(join(here, 'fixtures', 'hostile-corpus.json'), 'utf8'));

test('the browser set of the hostile corpus is there', () => {
  assert.ok(corpus.length >= 6, `${corpus.length} cases`);
});

for (const { name, fragment, message } of corpus) {
  test(`hostile case ${name}: its notice, and a page that works after`, async () => {
    const page = await openPage(session, `${session.served.url}#${fragment}`);
    await page.locator('table.comparison').waitFor();
    if (message) {
      assert.equal(await page.locator('.notice.problem p').textContent(), message);
      await page.locator('#comparison-title', { hasText: 'An order\'s lines, in one request' }).waitFor();
    } else {
      assert.equal(await page.locator('.notice.problem').count(), 0);
    }
    await page.getByRole('button', { name: /^Compare: / }).nth(3).click();
    await page.locator('#comparison-title', { hasText: 'Orders waiting to ship' }).waitFor();
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
