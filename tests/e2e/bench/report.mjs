// Reports a figure to `cargo xtask bench`, which writes docs/performance.md
// from them: one JSON line appended to the file DDBPLAY_BENCH_OUT names
// (nothing when it is not set). The words and the target of each figure
// live in xtask/src/bench/figures.rs; a benchmark gives only its id, its
// unit (ns, ms, bytes or ratio) and its runs.

import { appendFileSync } from 'node:fs';

export function report(id, unit, runs) {
  const out = process.env.DDBPLAY_BENCH_OUT;
  if (!out) return;
  const values = (Array.isArray(runs) ? runs : [runs]).map(Number);
  appendFileSync(out, `${JSON.stringify({ id, unit, runs: values })}\n`);
}
