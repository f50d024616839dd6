// End-to-end: links a stranger might send, opened in the release page
// served under a sub-path: the hand-made hostile links
// (fixtures/hostile-links.json: markup in every text, a bomb, a link over
// 1 MB) and a representative set of the hostile corpus
// (web/src/share/testdata/hostile/, the cases marked "browser"). Each gives
// its notice — or opens, with the pattern that cannot run saying why — and
// the page works after: nothing ran as script, no trap of the wasm module,
// no page error, a pattern compares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { artifacts, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();
const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name) => JSON.parse(readFileSync(join(here, 'fixtures', name), 'utf8'));
const failed = (why) => `This link could not be opened: ${why}. The example is shown instead.`;
const bomb = `play=1.${deflateRawSync(Buffer.alloc(64 << 20), { level: 9 }).toString('base64url')}`;
const corpus = fixture('hostile-corpus.json');
const hostile = [
  ...fixture('hostile-links.json'),
  { name: 'decompression bomb', fragment: bomb, message: failed('it unpacks to more than 8.0 MB, more than a playground holds') },
  { name: 'over 1 MB', fragment: `play=1.${'A'.repeat(1100 * 1024)}`, message: failed('it is 1.1 MB long, and the page reads at most 1.0 MB') },
  ...corpus,
];

test('the browser set of the hostile corpus is there', () => {
  assert.ok(corpus.length >= 6, `${corpus.length} cases`);
});

for (const { name, fragment, message } of hostile) {
  test(`a hostile link (${name}) gives its notice, and the page works after`, async () => {
    const page = await openPage(session, `${session.served.url}#${fragment}`);
    await page.locator('table.comparison').waitFor();
    if (message) {
      assert.equal(await page.locator('.notice.problem p').textContent(), message);
      // The example is shown instead.
      await page.locator('#comparison-title', { hasText: 'An order\'s lines, in one request' }).waitFor();
    } else {
      assert.equal(await page.locator('.notice').count(), 0);
    }
    // Nothing in it ran as script or became markup.
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('.ddbplay img, .ddbplay script').count(), 0);
    if (name === 'script in every text') {
      await page.locator('table.patterns th', { hasText: '<img src=x onerror="window.__xss=1"><script>' }).first().waitFor();
      await page.screenshot({ path: join(artifacts, 'hostile-script.png') });
    }
    // Usable after: a pattern compares.
    await page.getByRole('button', { name: /^Compare: / }).nth(3).click();
    await page.locator('#comparison-title', { hasText: 'Orders waiting to ship' }).waitFor();
    assert.equal(await page.locator('.ddbplay-stopped').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
