// Where the page's wasm goes, by crate and by function family: the page's
// module as the page's build links it (target/…/wasm-release, in
// $CARGO_TARGET_DIR when set), through
// wasm-bindgen and `wasm-opt -Oz` as Trunk runs them but keeping the
// function names (`-g`), read with twiggy. Sizes are the optimised code's
// bytes before compression (names aside); each crate's share of the whole
// applies to the gzipped size page_size.mjs reports. A function counts for
// the crate its path starts with (`<T as Trait>::f` for T's crate); drop
// glue and the data segments are listed apart.
//
// Then the same for the first of the split page's two modules — what the
// page's first load fetches (xtask/src/split.rs) — when `cargo xtask dist`
// has left its profile in target/page-split: the split made again from
// the same profile, keeping the names.
//
//   node tests/e2e/bench/wasm_breakdown.mjs [page.wasm]   (needs wasm-bindgen, wasm-opt, twiggy on PATH;
//                                                          WASM_SPLIT, else /usr/bin/wasm-split)

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const linked = process.argv[2] ?? join(targetDir, 'wasm32-unknown-unknown', 'wasm-release', 'ddbplay_page.wasm');
const work = mkdtempSync(join(tmpdir(), 'ddbplay-wasm-'));
const run = (program, args) => execFileSync(program, args, { maxBuffer: 1 << 30 }).toString();
// twiggy writes the split's escaped names (`\20` for a space) into its JSON as they are.
const rows = (wasm) => JSON.parse(run('twiggy', ['top', '-n', '1000000', '--format', 'json', wasm])
  .replace(/\\(?!["\\/bfnrtu])/g, '\\\\'));
const FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals'];
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', work, '--out-name', 'page', linked]);
const optimised = join(work, 'page.wasm');
run('wasm-opt', ['-Oz', '-g', ...FEATURES, '-o', optimised, join(work, 'page_bg.wasm')]);
const whole = rows(optimised);

// The first module, when the split's profile is there.
const split = join(targetDir, 'page-split');
const profile = join(split, 'merged.profile');
const bound = join(split, 'bound', 'ddbplay-page_bg.wasm');
let first = null;
if (existsSync(profile) && existsSync(bound)) {
  const [primary, secondary] = [join(work, 'first.wasm'), join(work, 'rest.wasm')];
  run(process.env.WASM_SPLIT ?? '/usr/bin/wasm-split',
    ['--split', '-g', ...FEATURES, `--profile=${profile}`, bound, '-o1', primary, '-o2', secondary]);
  run('wasm-opt', ['-Oz', '-g', ...FEATURES, '-o', primary, primary]);
  first = rows(primary);
}
rmSync(work, { recursive: true, force: true });

/** The crate a function belongs to, or the kind of item it is. */
function crateOf(name) {
  if (/^"?function names"? subsection|^"?\w+ names"? subsection/.test(name) || name.includes('names" subsection')) return null;
  if (name.startsWith('data segment')) return '(data: strings and tables)';
  if (name.startsWith('core::ptr::drop_in_place<')) return '(drop glue)';
  const path = name.replace(/^[<&*]+/, '').replace(/^(mut |dyn |const )/, '');
  const crate = path.match(/^([A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9a-f]+\])?::/);
  return crate ? crate[1] : '(other: glue, shims, tables)';
}

/** A family: the crate and the first module or two below it. */
function familyOf(name, crate) {
  const path = name.replace(/^[<&*]+/, '').split(/ as |[<>]/)[0].split('::');
  const deep = ['api', 'ops', 'components', 'model', 'store', 'share', 'interchange', 'expr', 'dom_bundle', 'html'];
  return path.slice(0, deep.includes(path[1]) ? 3 : 2).join('::').replace(/::h[0-9a-f]{16}$/, '') || crate;
}

/** Prints and reports where `items` (twiggy's rows) go, by crate and by family, under `id`. */
function breakdown(items, title, id) {
  const byCrate = new Map();
  const byFamily = new Map();
  let total = 0;
  for (const { name, shallow_size: size } of items) {
    const crate = crateOf(name);
    if (crate === null) continue;
    total += size;
    byCrate.set(crate, (byCrate.get(crate) ?? 0) + size);
    if (!crate.startsWith('(')) {
      const family = familyOf(name, crate);
      byFamily.set(family, (byFamily.get(family) ?? 0) + size);
    }
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
  const pct = (n) => `${((100 * n) / total).toFixed(1)}%`.padStart(6);
  console.log(`${title}, optimised, names aside: ${kb(total).trim()}`);
  console.log('by crate:');
  report(`${id}/total`, 'bytes', total);
  for (const [crate, size] of [...byCrate].sort((a, b) => b[1] - a[1]).filter(([, s]) => s >= 1024)) {
    console.log(`  ${kb(size)} ${pct(size)}  ${crate}`);
    if (size >= 10 * 1024) report(`${id}/crate/${crate}`, 'bytes', size);
  }
  console.log('largest function families:');
  for (const [family, size] of [...byFamily].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`  ${kb(size)} ${pct(size)}  ${family}`);
    report(`${id}/family/${family}`, 'bytes', size);
  }
}

breakdown(whole, 'page wasm', 'wasm');
if (first) breakdown(first, 'the first module (what the first load fetches)', 'wasm/first');
