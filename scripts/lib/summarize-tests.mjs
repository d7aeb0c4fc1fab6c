// Sums the per-runner results in a test log into one closing line: "tests: N passed, F failed[, K flaky][, S skipped]".
// vitest: "Tests  12 passed | 1 failed (13)"; Playwright: "  4 passed (20.1s)" / "  1 failed" / "  1 flaky";
// node --test (spec reporter, the repository checks): "ℹ pass 6" / "ℹ fail 0" / "ℹ skipped 0" / "ℹ cancelled 0".
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

/**
 * The counts of a test log.
 * @param {string} log the runners' output (turbo's "<package>:test: " prefixes and colours allowed).
 * @param {string | number} status the exit status of the runs ("0" when every runner exited 0).
 * @returns {{ passed: number; failed: number; flaky: number; skipped: number; failures: string[]; line: string }}
 *   A flaky test (failed, then passed on retry) is counted as flaky, not failed; a non-zero status with nothing
 *   reported failed or flaky means a runner crashed before reporting, and counts as 1 failed — never "0 failed".
 */
export function summarize(log, status) {
  const text = stripVTControlCharacters(log);
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  let skipped = 0;
  /** Names of failed tests, so the log's last lines say what failed (CI may show only the tail). */
  const failures = new Set();
  for (const raw of text.split('\n')) {
    const pkg = /^([^\s]+):test:/.exec(raw)?.[1];
    const line = raw.replace(/^[^\s]+:test:\s?/, '');
    // vitest: " FAIL  test/a.test.ts > suite > name"; Playwright: "  1) [chromium] › tests/a.spec.ts:3:1 › name".
    const failure = /^\s*FAIL\s+(.+)$/.exec(line) ?? /^\s+\d+\) (\[[\w-]+\] › .+)$/.exec(line);
    if (failure) failures.add(`${pkg ? `${pkg}: ` : ''}${failure[1].trim()}`);
    const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (vitest) {
      const part = vitest[1];
      passed += Number(/(\d+) passed/.exec(part)?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(part)?.[1] ?? 0);
      skipped += Number(/(\d+) skipped/.exec(part)?.[1] ?? 0);
      continue;
    }
    const node = /^ℹ (pass|fail|skipped|cancelled|todo) (\d+)\s*$/.exec(line);
    if (node) {
      const n = Number(node[2]);
      if (node[1] === 'pass') passed += n;
      else if (node[1] === 'fail' || node[1] === 'cancelled') failed += n;
      else skipped += n;
      continue;
    }
    const pw = /^\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)( \(|$)/.exec(line);
    if (pw) {
      const n = Number(pw[1]);
      if (pw[2] === 'passed') passed += n;
      else if (pw[2] === 'skipped' || pw[2] === 'did not run') skipped += n;
      else if (pw[2] === 'flaky') flaky += n;
      else failed += n;
    }
  }
  if (String(status) !== '0' && failed === 0 && flaky === 0) failed = 1; // a runner crashed before reporting
  const line = `tests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, flaky, skipped, failures: [...failures], line };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, status] = process.argv.slice(2);
  const result = summarize(readFileSync(file, 'utf8'), status ?? '0');
  for (const name of result.failures) console.log(`✗ ${name}`);
  console.log(result.line);
}
