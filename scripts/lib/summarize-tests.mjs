// Sums the per-runner results in a test log into one closing line: "tests: N passed, F failed".
// vitest: "Tests  12 passed | 1 failed (13)"; Playwright: "  4 passed (20.1s)" / "  1 failed".
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [file, status] = process.argv.slice(2);
// turbo prefixes lines with "<package>:test: ", and colours may be present.
const text = stripVTControlCharacters(readFileSync(file, 'utf8'));
let passed = 0;
let failed = 0;
let skipped = 0;
/** Names of failed tests, so the log's last lines say what failed (CI may show only the tail). */
const failures = new Set();
for (const raw of text.split('\n')) {
  const pkg = /^([^\s]+):test:/.exec(raw)?.[1];
  const line = raw.replace(/^[^\s]+:test:\s?/, '');
  // vitest: " FAIL  test/a.test.ts > suite > name"; Playwright: "  1) [chromium] › tests/a.spec.ts:3:1 › name".
  const failure = /^\s*FAIL\s+(.+)$/.exec(line) ?? /^\s+\d+\) (\[\w+\] › .+)$/.exec(line);
  if (failure) failures.add(`${pkg ? `${pkg}: ` : ''}${failure[1].trim()}`);
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    const part = vitest[1];
    passed += Number(/(\d+) passed/.exec(part)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(part)?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(part)?.[1] ?? 0);
    continue;
  }
  const pw = /^\s+(\d+) (passed|failed|flaky|skipped)( \(|$)/.exec(line);
  if (pw) {
    const n = Number(pw[1]);
    if (pw[2] === 'passed') passed += n;
    else if (pw[2] === 'skipped') skipped += n;
    else failed += n;
  }
}
if (status !== '0' && failed === 0) failed = 1; // a runner crashed before reporting
for (const name of failures) console.log(`✗ ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
