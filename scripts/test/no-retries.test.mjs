// No silent retries: a test that passes only on a second try hides a race a parent would meet too. vitest has no
// "flaky" verdict (a retried pass is a plain pass), so no vitest config, suite or test may ask for a retry; Playwright
// reports a retried pass as flaky and, with `failOnFlakyTests` in CI, fails the run (e2e/playwright.config.ts), which
// the CI workflow turns on by setting CI. Run by `pnpm test` (scripts/test.sh): `node --test scripts/test/`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const SKIP = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'playwright-report', 'coverage']);

/** Every file under `dir` (relative to the repository) whose name matches `pattern`, build outputs left out. */
function filesUnder(dir, pattern) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => SKIP.has(part)));
}

const workspaces = ['apps', 'packages', 'tooling'];

test('no vitest config asks for retries (test.retry)', () => {
  const configs = workspaces.flatMap((dir) => filesUnder(dir, /^vitest\.(config|workspace)\.[cm]?[jt]s$/));
  assert.ok(configs.length >= 5, `vitest configs found: ${configs.join(', ')}`);
  for (const file of configs) assert.doesNotMatch(read(file), /\bretry\s*:/, `${file} sets a retry`);
});

test('no vitest suite or test asks for retries (describe/it/test options `{ retry }`)', () => {
  const tests = workspaces.flatMap((dir) => filesUnder(dir, /\.test\.[cm]?[jt]sx?$/));
  assert.ok(tests.length > 50, `test files found: ${tests.length}`);
  const asking = tests.filter((file) =>
    /\b(?:describe|it|test)(?:\.\w+(?:\([^)]*\))?)*\([^;]*?\{\s*(?:[\w]+\s*:[^,}]+,\s*)*retry\s*:/.test(read(file)),
  );
  assert.deepEqual(asking, []);
});

test('Playwright fails a flaky test in CI, and CI sets CI', () => {
  const config = read('e2e/playwright.config.ts');
  assert.match(config, /failOnFlakyTests:\s*!!process\.env\.CI\b/);
  const ci = yaml.load(read('.github/workflows/ci.yml'));
  const env = [ci.env, ...Object.values(ci.jobs).flatMap((job) => [job.env, ...job.steps.map((s) => s.env)])];
  assert.ok(
    env.some((e) => e && String(e.CI) === 'true'),
    'ci.yml sets CI=true (GitHub Actions does too)',
  );
});
