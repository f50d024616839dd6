// What every browser test file shares: the release page from dist/ served
// on 127.0.0.1 under a sub-path (as a course site would host it), one
// headless Chromium (the system's, never a download), and the folder
// screenshots are saved in.
import { before, after } from 'node:test';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './serve_static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const artifacts = join(root, 'tests', 'artifacts');
/** Where the page is served: never the site's root. */
export const SUB_PATH = '/course/ddbplay/';

/** How Chromium is started: the system's, headless, without network chatter, in a fresh profile. */
export function launchOptions(viewport = { width: 1280, height: 800 }) {
  return {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
    viewport,
  };
}

/**
 * A browser in a profile of its own, as a stranger's would be; closing it
 * removes the profile, so that no run leaves one behind.
 */
export async function launchFresh(prefix, options = launchOptions()) {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(profile, options);
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    rmSync(profile, { recursive: true, force: true });
  };
  return context;
}

/** Registers the file's setup and teardown; the session fills in before the first test. */
export function useBrowser() {
  const session = {};
  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    session.served = await serveStatic(join(root, 'dist'), SUB_PATH);
    // The example itself, whatever an earlier test of the file saved.
    session.example = `${session.served.url}#example=commerce`;
    session.context = await launchFresh('ddbplay-chromium-');
  });
  after(async () => {
    await session.context?.close();
    session.served?.server.close();
  });
  return session;
}

/**
 * The screens a learner meets the page on: a student's laptop, a course
 * author's monitor, a phone. Each point of the learner's loop is tested at
 * all three.
 */
export const SIZES = [[1366, 768], [1920, 1080], [390, 844]];

/**
 * A fresh tab on the example, with page errors collected. The browser's
 * saved playgrounds are cleared first, so that no test sees what another
 * saved; `keepStorage` keeps them, for a second tab of the same test.
 * `size` ([width, height]) opens the page on a screen of that size from
 * its first render, as a phone or a laptop would. A playground is handed
 * over drawn whole (see `drawnWhole`); `whole: false` hands it over as
 * soon as it is loaded, for a test of the first screen or of a page that
 * is not a playground.
 */
export async function openPage(session, address = session.example, { keepStorage = false, size, whole } = {}) {
  const page = await session.context.newPage();
  if (size) await page.setViewportSize({ width: size[0], height: size[1] });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (!keepStorage) {
    // Any page of the origin reaches its storage; this one is a 404.
    await page.goto(`${session.served.origin}/storage`);
    await page.evaluate(() => localStorage.clear());
  }
  await page.goto(address);
  const playground = address.startsWith(session.served.url) && !/\.html\b/.test(address);
  if (whole ?? playground) await drawnWhole(page);
  return page;
}

/**
 * Reaches for the page as a learner would (a pointer moved over it) and
 * waits until it says it is drawn whole (`data-drawn="whole"` on its
 * workbench or its embedded panels): the first render draws the first
 * panel of each side and the others' headings, and the others are drawn
 * once the learner reaches for the page and the rest of the page's code
 * has come (web/src/rest_of_page.rs). Read or measure the whole page only
 * after this.
 */
export async function drawnWhole(page) {
  await page.locator('[data-drawn]').waitFor({ state: 'attached' });
  await page.evaluate(() => dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
  await page.locator('[data-drawn="whole"]').waitFor({ state: 'attached' });
}

/** On a phone the header's buttons and sections are in its Menu: opens it. */
export async function openMenuIfFolded(page) {
  await page.locator('header h1').waitFor();
  const menu = page.locator('details.page-menu');
  if (await menu.count() && (await menu.getAttribute('open')) === null) {
    await menu.locator('summary').click();
  }
}

/** A number as the page prints it: "1,250" → 1250. */
export function count(text) {
  return Number(text.replace(/,/g, ''));
}
