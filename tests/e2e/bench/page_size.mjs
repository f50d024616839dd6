// What the page's first load fetches, gzipped at level 9, file by file:
// index.html and every file it names (stylesheet, module, its snippets,
// the wasm), read from a built dist/ (`cargo xtask dist`). Modules the
// page fetches later are listed apart and not counted: the rest of the
// page's own wasm (split off by xtask/src/split.rs), fetched once the
// learner reaches for the page (web/src/rest_of_page.rs); the console;
// the exports and imports, each when first used. With --check,
// exits 1 when the first load is over the 500 KB target (issue: the page
// on a student's phone).
//
//   node tests/e2e/bench/page_size.mjs [dist] [--check]

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './report.mjs';

const TARGET_BYTES = 500 * 1024;
const args = process.argv.slice(2);
const check = args.includes('--check');
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const index = readFileSync(join(dist, 'index.html'), 'utf8');
const named = [...index.matchAll(/(?:href|src)="\.\/([^"]+)"/g)].map((m) => m[1]);
const firstLoad = ['index.html', ...new Set(named)];
const rows = firstLoad.map((file) => [file, readFileSync(join(dist, file)).length, gz(file)]);
const total = rows.reduce((sum, [, , g]) => sum + g, 0);

console.log('first load (gzipped, level 9):');
for (const [file, raw, g] of rows.sort((a, b) => b[2] - a[2])) {
  console.log(`  ${kb(g).padStart(10)}  (${kb(raw)} raw)  ${file}`);
}
console.log(`  ${kb(total).padStart(10)}  in all; target <= ${kb(TARGET_BYTES)}: ${total <= TARGET_BYTES ? 'met' : 'not met'}`);
report('page/first_load', 'bytes', total);
const lazy = readdirSync(dist).filter((f) => /^ddbplay-(console|interchange)-.*\.(wasm|js)$|^ddbplay-page-.*_rest\.wasm$/.test(f));
console.log('fetched when first used (not counted):');
for (const file of lazy) console.log(`  ${kb(gz(file)).padStart(10)}  ${file}`);
for (const [name, id] of [['page', 'page/rest_module'], ['console', 'page/console_module'], ['interchange', 'page/interchange_module']]) {
  const files = lazy.filter((f) => f.startsWith(`ddbplay-${name}-`));
  if (files.length > 0) report(id, 'bytes', files.reduce((sum, f) => sum + gz(f), 0));
}
if (check && total > TARGET_BYTES) {
  console.error(`page size: ${kb(total)} gzipped on first load, over the target of ${kb(TARGET_BYTES)}`);
  process.exit(1);
}
