// Profiles the page for splitting its wasm (see xtask/src/split.rs): the
// instrumented page in `dist` is opened the ways learners meet it, and
// every instance of its module writes which functions ran into `out`.
//
//   node tests/e2e/build/split_profile.mjs DIST OUT
//
// The ways: the example drawn whole on a laptop and on a phone, a course
// page's two embeds, and the course page itself (its frames, and the
// JavaScript API's Engine and mounted playground).
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

const profiles = (frame) => frame.evaluate(() => window.__profiled.map((exports) => {
  const size = 1 << 20;
  const at = exports.__wbindgen_malloc(size, 1);
  const written = exports.__write_profile(at, size);
  return Array.from(new Uint8Array(exports.memory.buffer, at, written));
}));

let written = 0;
async function visit(name, address, size, ready) {
  const page = await browser.newPage({ viewport: { width: size[0], height: size[1] } });
  await page.addInitScript(collect);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + address);
  await ready(page);
  await page.waitForTimeout(500);
  for (const frame of page.frames()) {
    for (const bytes of await profiles(frame).catch(() => [])) {
      writeFileSync(join(out, `${String(written).padStart(2, '0')}-${name}.profile`), Buffer.from(bytes));
      written += 1;
    }
  }
  if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
  await page.close();
}

const whole = (page) => page.locator('[data-drawn="whole"]').waitFor({ state: 'attached' });
const numbers = (page) => page.locator('table.comparison tr[data-run="Query"] .units').first().waitFor();
await visit('laptop', '#example=commerce', [1366, 768], whole);
await visit('phone', '#example=commerce', [390, 844], whole);
await visit('embed-comparison', '?embed&panels=patterns,comparison&readonly&pattern=3&id=comparison#example=commerce',
  [800, 640], whole);
await visit('embed-runner', '?embed&panels=runner,data&id=runner#example=commerce', [800, 640], whole);
await visit('course', 'examples/course.html', [1366, 768], async (page) => {
  await page.locator('#sample-output').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('#sample-output').textContent));
  await page.locator('#mounted table.comparison').waitFor();
  await page.locator('#runner-frame').scrollIntoViewIfNeeded();
  await page.frameLocator('#runner-frame').locator('[data-drawn="whole"]').waitFor({ state: 'attached' });
  await numbers(page.frameLocator('#comparison-frame'));
});
await browser.close();
served.server.close();
if (written === 0) throw new Error('no instance of the page wrote a profile');
console.log(`split profile: ${written} instances profiled`);
