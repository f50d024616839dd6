// End-to-end: the playground in other people's pages. The course example,
// served under a sub-path, with two frames that take their content's height
// and a code sample run by the JavaScript API; the read-only embed used by
// keyboard alone; and the page's layout at three screen sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, openPage, useBrowser } from './browser.mjs';

const session = useBrowser();

/** The frame's own document height, and the height the course page gave it. */
async function heights(page, id) {
  return page.locator(id).evaluate((frame) => ({
    given: frame.getBoundingClientRect().height,
    content: frame.contentDocument.documentElement.scrollHeight,
  }));
}

test('the course example: frames take their content\'s height and the code sample prints DynamoDB\'s response', async () => {
  const page = await openPage(session, `${session.served.url}examples/course.html`);
  page.setViewportSize({ width: 1100, height: 900 });
  const output = page.locator('#sample-output');
  // The engine's sample starts when the reader scrolls near it.
  await page.locator('#sample-output').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#sample-output').textContent.startsWith('{'));
  const response = JSON.parse(await output.textContent());
  assert.equal(response.Count, 2);
  assert.equal(response.ScannedCount, 2);
  assert.deepEqual(response.ConsumedCapacity, { TableName: 'lesson', CapacityUnits: 0.5 });
  assert.deepEqual(response.Items[1], { PK: { S: 'ORDER#1' }, SK: { S: 'ITEM#2' }, quantity: { N: '1' } });
  for (const id of ['#comparison-frame', '#runner-frame']) {
    await page.locator(id).scrollIntoViewIfNeeded();
    const frame = page.frameLocator(id);
    await frame.locator('table.comparison, #runner').first().waitFor();
    await page.waitForFunction((id) => {
      const frame = document.querySelector(id);
      return Math.abs(frame.getBoundingClientRect().height - frame.contentDocument.documentElement.scrollHeight) <= 2;
    }, id);
    const { given, content } = await heights(page, id);
    assert.ok(given > 700, `${id}: ${given}px`);
    assert.ok(Math.abs(given - content) <= 2, `${id}: frame ${given}px, content ${content}px`);
  }
  // The comparison frame is read-only: nothing to edit in it.
  const comparison = page.frameLocator('#comparison-frame');
  assert.equal(await comparison.getByRole('button', { name: /^Edit: / }).count(), 0);
  assert.ok(await comparison.locator('.prices input').first().isDisabled());
  // The runner frame has no pattern list, so nothing offers to add to one.
  const runner = page.frameLocator('#runner-frame');
  assert.equal(await runner.getByRole('button', { name: 'Add to the access patterns' }).count(), 0);
  // Compare in the frame asks the course page to scroll to the comparison, which is out of view.
  await page.locator('#comparison-frame').scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollBy(0, -200));
  const last = comparison.getByRole('button', { name: /^Compare: / }).last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await page.waitForFunction(() => {
    const frame = document.querySelector('#comparison-frame');
    const inside = frame.contentDocument.querySelector('#comparison').getBoundingClientRect();
    const top = frame.getBoundingClientRect().top + inside.top;
    return top >= -2 && top < innerHeight / 2;
  });
  // Growing content grows the frame: run a request in the runner frame.
  const before = (await heights(page, '#runner-frame')).given;
  await runner.getByRole('button', { name: 'Run', exact: true }).click();
  await runner.locator('.outcome .numbers').waitFor();
  await page.waitForFunction((old) => document.querySelector('#runner-frame').getBoundingClientRect().height > old + 50, before);
  // The mounted playground (no frame) shows its comparison, and the
  // course page keeps its own fonts.
  await page.locator('#mounted table.comparison').waitFor();
  assert.match(await page.locator('#mounted #comparison-title').textContent(), /A customer's orders, newest first/);
  assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /Georgia/);
  await page.screenshot({ path: join(artifacts, 'course.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('the JavaScript API: the engine answers and refuses as DynamoDB, and a mount gives its link', async () => {
  const page = await openPage(session, `${session.served.url}examples/course.html`);
  // The engine's sample starts when the reader scrolls near it.
  await page.locator('#sample-output').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#sample-output').textContent.startsWith('{'));
  const result = await page.evaluate(async () => {
    const { load } = await import('../ddbplay.js');
    const ddbplay = await load();
    const engine = new ddbplay.Engine();
    let refused;
    try {
      engine.execute('Query', { TableName: 'missing', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'x' } } });
    } catch (error) {
      refused = { name: error.name, message: error.message, type: error.__type, isError: error instanceof Error };
    }
    const element = document.createElement('div');
    document.body.append(element);
    const playground = ddbplay.mount(element, { panels: ['patterns'], readOnly: true });
    let badPanel;
    try {
      ddbplay.mount(element, { panels: ['nonsense'] });
    } catch (error) {
      badPanel = error.message;
    }
    // A mount from the contents of a .ddbplay.json file.
    const state = { format: 'ddbplay playground', version: 1, playground: { table: { name: 'tiny', partition_key: { name: 'pk', type: 'S' }, sort_key: null },
      entities: [{ name: 'Thing', parent: null, count: [3, 3], attributes: 'thingId: id t', keys: [['pk', 'THING#{thingId}']] }],
      seed: 1, patterns: [{ description: 'One thing', operation: 'GetItem', request: { Key: { pk: { S: 'THING#t2' } } } }], selected: 0 } };
    const fromState = document.createElement('div');
    document.body.append(fromState);
    ddbplay.mount(fromState, { state, panels: ['patterns'] });
    // A mount of a design of the gallery, and of one there is not.
    const sharded = document.createElement('div');
    document.body.append(sharded);
    ddbplay.mount(sharded, { example: 'sharding', panels: ['throughput'], readOnly: true });
    let badExample;
    try {
      ddbplay.mount(sharded, { example: 'nonsense' });
    } catch (error) {
      badExample = error.message;
    }
    await new Promise((done) => setTimeout(done, 100));
    const fromStateText = fromState.querySelector('table.patterns tbody tr').textContent;
    const throttled = sharded.querySelector('tr.partition-rate.throttled')?.dataset.partition;
    return { refused, link: playground.link(), badPanel, fromStateText, throttled, badExample };
  });
  assert.deepEqual(result.refused, {
    name: 'ResourceNotFoundException',
    message: 'Requested resource not found',
    type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
    isError: true,
  });
  assert.ok(result.link.startsWith(`${session.served.url}#play=7.`), result.link.slice(0, 80));
  assert.equal(result.throttled, 'EVENT#e1');
  assert.equal(result.badExample, 'mount: there is no example called "nonsense"; the examples are commerce, blog, hierarchy, adjacency, sharding, time-series, invoicing, multi-attribute');
  assert.match(result.fromStateText, /^One thingKey lookup \(GetItem\)110\.5 RCU/);
  assert.equal(result.badPanel, 'mount: there is no panel called "nonsense"; the panels are patterns, comparison, runner, console, review, throughput, items, data, item, stream, design, chart');
  // The mounted playground's link opens the full playground on its state.
  const full = await openPage(session, result.link);
  await full.locator('#comparison-title', { hasText: 'An order\'s lines' }).waitFor();
  assert.deepEqual(page.errors, []);
  assert.deepEqual(full.errors, []);
});

test('the share dialog\'s embed code, pasted into another page, frames the playground at its content\'s height', async () => {
  const page = await openPage(session);
  await page.locator('table.comparison').waitFor();
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByLabel('What the embed shows').selectOption({ label: 'the patterns, the comparison and the stream' });
  const code = await page.locator('textarea.snippet').inputValue();
  assert.match(code, /^<iframe src="[^"]+\/course\/ddbplay\/\?embed&panels=patterns,comparison,stream&readonly&pattern=3#play=7\.[^"]+" title="ddbplay: An order's lines, in one request" width="100%" height="640" loading="lazy" style="border: 0" sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"><\/iframe>/);
  // Another site's page, with nothing but the pasted code.
  const lesson = await session.context.newPage();
  lesson.errors = [];
  lesson.on('pageerror', (e) => lesson.errors.push(e.message));
  await lesson.setContent(`<!doctype html><title>A lesson</title><h1>Streams</h1>${code}`);
  const frame = lesson.frameLocator('iframe');
  await frame.locator('#stream').waitFor();
  assert.equal(await frame.locator('#design').count(), 0);
  assert.match(await frame.locator('#comparison-title').textContent(), /An order's lines/);
  await lesson.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 700);
  assert.equal(await frame.getByRole('button', { name: 'Deliver the last record again' }).count(), 1);
  assert.ok(await frame.getByRole('button', { name: 'Expire them now' }).isDisabled(), 'read-only: nothing expires');
  await lesson.screenshot({ path: join(artifacts, 'embed-pasted.png') });
  assert.deepEqual(lesson.errors, []);
  assert.deepEqual(page.errors, []);
});

test('the read-only embed works by keyboard alone', async () => {
  const page = await openPage(session, `${session.served.url}?embed&panels=patterns,comparison&readonly#example=commerce`);
  await page.locator('table.comparison').waitFor();
  // No header, nothing to edit, no Run without a runner.
  assert.equal(await page.locator('header').count(), 0);
  assert.equal(await page.getByRole('button', { name: /^(Edit|Run): / }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Add an access pattern' }).count(), 0);
  // Tab to the fourth pattern's Compare button and press Enter.
  const target = page.getByRole('button', { name: 'Compare: Orders waiting to ship (PENDING)' });
  for (let i = 0; i < 40 && !(await target.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  assert.ok(await target.evaluate((b) => b === document.activeElement), 'the Compare button is reachable by Tab');
  await page.keyboard.press('Enter');
  await page.locator('#comparison-title', { hasText: 'Orders waiting to ship (PENDING)' }).waitFor();
  // Fold the comparison and unfold it with the keyboard.
  const fold = page.locator('#comparison-title button.fold');
  await fold.focus();
  await page.keyboard.press('Enter');
  assert.equal(await fold.getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('Space');
  assert.equal(await fold.getAttribute('aria-expanded'), 'true');
  // The link to the full playground carries the state, and is reachable too.
  const open = page.getByRole('link', { name: 'Open in the full playground ↗' });
  await open.focus();
  assert.match(await open.getAttribute('href'), /^http:\/\/127\.0\.0\.1:\d+\/course\/ddbplay\/#play=7\./);
  await page.screenshot({ path: join(artifacts, 'embed-readonly.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

/** The boxes of the two sides and of a few panels. */
async function layout(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
    };
    const scrolls = (selector) => {
      const e = document.querySelector(selector);
      return getComputedStyle(e).overflowY === 'auto' && e.scrollHeight > e.clientHeight;
    };
    return {
      patterns: box('#patterns'), comparison: box('#comparison'), runner: box('#runner'), chart: box('#chart'),
      review: box('#review'), throughput: box('#throughput'), console: box('#console'),
      modelScrolls: scrolls('.model-side'), resultsScrolls: scrolls('.results-side'),
      pageHeight: document.documentElement.scrollHeight, viewport: innerHeight,
    };
  });
}

for (const [width, height] of [[1920, 1080], [1366, 768], [1280, 800], [1024, 768]]) {
  test(`at ${width}×${height} the page is laid out as ${width >= 1280 ? 'a workbench' : 'one column'}`, async () => {
    const page = await openPage(session);
    await page.setViewportSize({ width, height });
    await page.locator('table.comparison').waitFor();
    const boxes = await layout(page);
    if (width >= 1280) {
      // The model beside the results, each side scrolling on its own, the page itself not.
      assert.ok(boxes.comparison.x > boxes.patterns.x + boxes.patterns.width, JSON.stringify(boxes));
      assert.ok(boxes.comparison.y < boxes.patterns.y + boxes.patterns.height, JSON.stringify(boxes));
      assert.ok(boxes.modelScrolls && boxes.resultsScrolls, JSON.stringify(boxes));
      assert.ok(boxes.pageHeight <= boxes.viewport + 1, JSON.stringify(boxes));
      // The runner is within one scroll of the comparison, not screens away.
      assert.ok(boxes.runner.y - boxes.comparison.y < 1200, JSON.stringify(boxes));
    } else {
      // One column, in reading order: patterns, comparison, runner, review, throughput, …, chart.
      assert.equal(boxes.comparison.x, boxes.patterns.x);
      const order = ['patterns', 'comparison', 'runner', 'console', 'review', 'throughput', 'chart'].map((name) => boxes[name].y);
      assert.deepEqual(order, [...order].sort((a, b) => a - b), JSON.stringify(boxes));
      assert.ok(boxes.patterns.width <= width, JSON.stringify(boxes));
    }
    await page.screenshot({ path: join(artifacts, `layout-${width}x${height}.png`) });
    assert.deepEqual(page.errors, []);
  });
}

test('an embed can list chosen access patterns only', async () => {
  const page = await openPage(session, `${session.served.url}?embed&panels=patterns,comparison&patterns=3,8#example=commerce`);
  const rows = page.locator('table.patterns tbody tr');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.first().locator('th').textContent(), "An order's lines, in one request");
  assert.deepEqual(page.errors, []);
  await page.close();
});
