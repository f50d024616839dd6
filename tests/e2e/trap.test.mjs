// End-to-end: what a trap costs. The page is built with panic = "abort",
// so a bug that reaches a panic ends its wasm module instance. The bounds
// on every input are there so that this never happens; these tests make
// an instance trap on purpose (its test-only export __trap) and check what
// the learner sees: the page says so and starts again from the example,
// with the saved work kept; on a course page only the playground whose
// instance trapped stops, and starts again on its own; Engines made before
// the trap say they stopped, and a new Engine works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

test('the page says it stopped, keeps the saved work and starts again from the example', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  // A change, saved.
  await page.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await page.waitForFunction(() => (localStorage.getItem('ddbplay/index') ?? '').includes('Commerce example'));
  const trapped = await page.evaluate(() => {
    try { window.wasmBindings.__trap(); } catch (error) { return error instanceof WebAssembly.RuntimeError; }
    return false;
  });
  assert.ok(trapped);
  const stopped = page.locator('.ddbplay-stopped[role=alert]');
  await stopped.waitFor();
  assert.match(await stopped.locator('p').textContent(), /^The playground stopped \(panicked at .*a trap asked for by a test\)\. Your saved playgrounds are kept in this browser, under Playgrounds\.$/s);
  await stopped.getByRole('button', { name: 'Reload from the example' }).click();
  await page.waitForURL(/#example=commerce$/);
  await page.locator('#comparison-title', { hasText: 'An order\'s lines, in one request' }).waitFor();
  assert.equal(await page.locator('.ddbplay-stopped').count(), 0);
  await page.getByRole('button', { name: 'Playgrounds' }).click();
  await page.locator('table.saved th', { hasText: 'Commerce example' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('on a course page, a playground that traps stops alone and starts again; Engines say they stopped', async () => {
  const page = await openPage(session, `${session.served.url}examples/course.html`);
  // The engine's sample starts when the reader scrolls near it.
  await page.locator('#sample-output').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#sample-output').textContent.startsWith('{'));
  await page.evaluate(async () => {
    const { load } = await import('../ddbplay.js');
    const ddbplay = await load();
    window.lesson = { ddbplay };
    for (const id of ['first', 'second']) {
      const element = Object.assign(document.createElement('div'), { id });
      document.body.append(element);
      window.lesson[id] = ddbplay.mount(element, { panels: ['patterns', 'comparison'] });
    }
    const engine = new ddbplay.Engine();
    engine.execute('CreateTable', { TableName: 'notes', BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] });
    window.lesson.engine = engine;
  });
  const first = page.locator('#first');
  const second = page.locator('#second');
  await first.locator('table.comparison').waitFor();
  await second.locator('table.comparison').waitFor();
  // The first playground's instance traps.
  await page.evaluate(() => window.lesson.first.__trap());
  const stopped = first.locator('.ddbplay-stopped[role=alert]');
  await stopped.waitFor();
  assert.match(await stopped.locator('p').textContent(), /^This playground stopped \(panicked at .*a trap asked for by a test\)\. Other playgrounds on the page are not affected\.$/s);
  assert.equal(await page.evaluate(() => window.lesson.first.link()), '');
  // The second goes on as it was, and so does the Engine.
  await second.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await second.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  assert.ok((await page.evaluate(() => window.lesson.second.link())).includes('#play=7.'));
  const listed = await page.evaluate(() => window.lesson.engine.execute('ListTables', {}).TableNames);
  assert.deepEqual(listed, ['notes']);
  // The first starts again, in an instance of its own.
  await stopped.getByRole('button', { name: 'Start it again' }).click();
  await first.locator('table.comparison').waitFor();
  await first.getByRole('button', { name: 'Compare: Books, cheapest first' }).click();
  await first.locator('#comparison-title', { hasText: 'Books, cheapest first' }).waitFor();
  // The Engines' instance traps: the Engine says so; a new one works.
  const engines = await page.evaluate(() => {
    const { ddbplay, engine } = window.lesson;
    ddbplay.__trapEngines();
    let old;
    try { engine.execute('ListTables', {}); } catch (error) { old = { name: error.name, message: error.message }; }
    const fresh = new ddbplay.Engine();
    return { old, fresh: fresh.execute('ListTables', {}).TableNames };
  });
  assert.equal(engines.old.name, 'EngineStopped');
  assert.match(engines.old.message, /^This ddbplay Engine stopped \(panicked at .*a trap asked for by a test\); its tables are gone\. Create a new Engine\.$/s);
  assert.deepEqual(engines.fresh, []);
  // The playgrounds did not notice.
  await second.getByRole('button', { name: /^Compare: Orders waiting to ship/ }).click();
  await second.locator('#comparison-title', { hasText: 'Orders waiting to ship' }).waitFor();
  assert.deepEqual(page.errors, []);
});
