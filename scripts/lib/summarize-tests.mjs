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
for (const raw of text.split('\n')) {
  const line = raw.replace(/^[^\s]+:test:\s?/, '');
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
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
