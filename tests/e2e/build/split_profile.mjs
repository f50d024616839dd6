// Profiles the page for splitting its wasm (see xtask/src/split.rs): the
// instrumented page in `dist` is opened the ways learners meet it, and
// every instance of its module writes which functions ran into `out`.
//
//   node tests/e2e/build/split_profile.mjs DIST OUT
//
// The ways: the page's plain address on a laptop (a first visit: the
// example) and the example's own address on a phone — the first screen,
// idle a while, then the learner reaching for the page, with the
// rest of the page's code held back (so that what reaching runs is in the
// first module, and what it then draws is not: web/src/rest_of_page.rs) —
// and a course page's comparison embed, alone and in the course page's
// frame. The other embeds, the panels past the first screen, the
// JavaScript API, and a page opening on a link, another example or saved
// work wait for the rest of the code before they run (the API's `load()`
// fetches it; web/src/session.rs, `opens_with_the_rest`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from '../browser.mjs';
import { serveStatic } from '../serve_static.mjs';

const [dist, out] = process.argv.slice(2);
const served = await serveStatic(dist, '/p/');
const base = `http://127.0.0.1:${served.server.address().port}/p/`;
const { executablePath, args } = launchOptions();
const browser = await chromium.launch({ executablePath, headless: true, args });

// Every instance of a module with a profile, in every frame.
const collect = () => {
  window.__profiled = [];
  const keep = (exports) => { if (exports && exports.__write_profile) window.__profiled.push(exports); };
  const { instantiate, instantiateStreaming, Instance } = WebAssembly;
  WebAssembly.instantiate = async (...args) => {
    const made = await instantiate(...args);
    keep((made.instance ?? made).exports);
    return made;
  };
  WebAssembly.instantiateStreaming = async (...args) => {
    const made = await instantiateStreaming(...args);
    keep(made.instance.exports);
    return made;
  };
  WebAssembly.Instance = function (...args) {
    const made = new Instance(...args);
    keep(made.exports);
    return made;
  };
  WebAssembly.Instance.prototype = Instance.prototype;
};

// The split page's loader of the rest, never done: reaching for the page
// runs up to waiting for it.
const holdBackTheRest = () => {
  class EveryMemory extends WeakMap {
    get() { return () => new Promise(() => {}); }
  }
  globalThis[Symbol.for('ddbplay.restOfPage')] = new EveryMemory();
};

const profiles = (frame) => frame.evaluate(() => window.__profiled.map((exports) => {
  const size = 1 << 20;
  const at = exports.__wbindgen_malloc(size, 1);
  const written = exports.__write_profile(at, size);
  return Array.from(new Uint8Array(exports.memory.buffer, at, written));
}));

const whole = (page) => page.locator('[data-drawn="whole"]').waitFor({ state: 'attached' });
const numbers = (page) => page.locator('table.comparison tr[data-run="Query"] .units').first().waitFor();

let written = 0;
async function visit(name, address, size, ready, { heldBack = false, frames = () => true } = {}) {
  const page = await browser.newPage({ viewport: { width: size[0], height: size[1] } });
  await page.addInitScript(collect);
  if (heldBack) await page.addInitScript(holdBackTheRest);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + address);
  await ready(page);
  await page.waitForTimeout(500);
  for (const frame of page.frames().filter(frames)) {
    for (const bytes of await profiles(frame).catch(() => [])) {
      writeFileSync(join(out, `${String(written).padStart(2, '0')}-${name}.profile`), Buffer.from(bytes));
      written += 1;
    }
  }
  if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
  await page.close();
}

// The first screen, idle a while; then the learner reaches for the page
// and does what the first screen is for before the rest has come: compares
// each pattern, follows a section link. (Saving the work waits for the
// rest; anything else the first screen offers fetches it at once if
// called before it came.)
const firstScreenThenReaching = async (page) => {
  await numbers(page);
  await page.waitForTimeout(2000);
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, 10);
  await page.keyboard.press('Shift');
  const compare = page.getByRole('button', { name: /^Compare: / });
  for (let i = 0; i < await compare.count(); i++) {
    const name = (await compare.nth(i).getAttribute('aria-label')).slice('Compare: '.length);
    await compare.nth(i).click();
    await page.locator('#comparison-title', { hasText: name }).waitFor();
  }
  const menu = page.locator('details.page-menu summary');
  if (await menu.count()) await menu.click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Stream and time to live' }).click();
  await page.waitForTimeout(300);
};
await visit('laptop', '', [1366, 768], firstScreenThenReaching, { heldBack: true });
await visit('phone', '#example=commerce', [390, 844], firstScreenThenReaching, { heldBack: true });
await visit('embed-comparison', '?embed&panels=patterns,comparison&readonly&pattern=3&id=comparison#example=commerce',
  [800, 640], whole);
// The same embed in the course page's frame, which tells the page around
// it its height.
await visit('course-comparison', 'examples/course.html', [1366, 768],
  (page) => numbers(page.frameLocator('#comparison-frame')),
  { frames: (frame) => frame.url().includes('id=comparison') });
await browser.close();
served.server.close();
if (written === 0) throw new Error('no instance of the page wrote a profile');
console.log(`split profile: ${written} instances profiled`);
