// The repository stands alone (docs/QUALITY.md "Two commands"): a maintainer who clones it finds every document the
// code cites inside it. No tracked file points outside the repository (a sibling folder, a design page or toolchain
// notes that live elsewhere, a machine's absolute path) or names a command the repository does not have; the sources
// cite the spec as "spec §N" and the design as docs/… sections, and the root README is a front door: at most 80
// lines, its start command within the first 20. Run by `pnpm test` (scripts/test.sh): `node --test`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const root = new URL('../../', import.meta.url);
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(new URL(file, root)));
const text = (file) => readFileSync(new URL(file, root), 'utf8');
const textFiles = tracked.filter((file) => !/\.(png|jpe?g|gif|ico|woff2?|wasm)$|^pnpm-lock\.yaml$/.test(file));
// This file names what it forbids.
const self = 'scripts/test/standalone.test.mjs';

/** Lines of the tracked text files matching `pattern`, as `file:line: text`. */
function offending(pattern, files = textFiles) {
  return files
    .filter((file) => file !== self)
    .flatMap((file) =>
      text(file)
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 140)}`] : [])),
    );
}

describe('the repository stands alone', () => {
  // "DESIGN §N" without the extension names the same outside page
  it('no file points outside the repository', () => {
    assert.deepEqual(offending(/\.\.\/shared\b|\bDESIGN(\.md\b| §)|\bTOOLCHAIN\.md\b|\/work\//), []);
  });

  it('no file tells a maintainer to run a command the repository does not have', () => {
    assert.deepEqual(offending(/\bduplicates --change\b|\bissues (resolved|note)\b/), []);
  });

  // a tracker's numbers mean nothing to whoever reads the clone: a README or doc says what the rule is instead
  it('sources, test titles and docs cite the spec or docs/, never an issue number (commit messages carry those)', () => {
    const sources = textFiles.filter(
      (file) =>
        /\.(ts|tsx|mjs|cjs|js|sh|md)$/.test(file) &&
        !file.endsWith('.gen.ts') &&
        !file.startsWith('.changeset/') &&
        !file.endsWith('CHANGELOG.md'),
    );
    assert.deepEqual(offending(/\b[Ii]ssues? ?#?\d+\b/, sources), []);
  });

  it('every docs/ file a source cites exists', () => {
    const cited = new Set(
      textFiles.flatMap((file) => [...text(file).matchAll(/(?<![\w/.:-])docs\/([\w./-]+\.md)\b/g)].map((m) => m[1])),
    );
    const missing = [...cited].filter((doc) => !existsSync(new URL(`docs/${doc}`, root)));
    assert.deepEqual(missing, []);
  });
});

describe('the root README is a front door', () => {
  const readme = text('README.md').split('\n');
  it('has at most 80 lines', () => {
    assert.ok(readme.length <= 80, `README.md has ${readme.length} lines`);
  });
  it('gives the start command within its first 20 lines', () => {
    const line = readme.findIndex((l) => /pnpm install && pnpm start$/.test(l));
    assert.ok(line >= 0 && line < 20, `the start command is on line ${line + 1}`);
  });
});
