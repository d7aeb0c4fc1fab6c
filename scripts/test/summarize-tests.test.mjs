import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exitMarker, summarize } from '../lib/summarize-tests.mjs';

// The closing line of `pnpm test` sums every runner; it must never report less than what ran, nor "0 failed" for a
// run that failed.

const VITEST = [
  '@ofw/domain:test:       Tests  12 passed | 1 skipped (13)',
  'join-api:test:  FAIL  test/orders.test.ts > POST /orders > replays',
  'join-api:test:       Tests  1 failed | 200 passed (201)',
].join('\n');
const NODE_TEST = [
  '✔ summarize (1ms)',
  'ℹ tests 7',
  'ℹ suites 0',
  'ℹ pass 6',
  'ℹ fail 1',
  'ℹ cancelled 0',
  'ℹ skipped 0',
].join('\n');
const PLAYWRIGHT = [
  'e2e:test:   1) [en-US-360] › tests/flows/gb.spec.ts:16:1 › regular join from GB',
  'e2e:test:   1 flaky',
  'e2e:test:   45 passed (2.1m)',
].join('\n');

test('vitest, node --test (the repository checks) and Playwright are all counted', () => {
  const r = summarize([VITEST, NODE_TEST, PLAYWRIGHT].join('\n'), '1');
  assert.equal(r.passed, 12 + 200 + 6 + 45);
  assert.equal(r.failed, 1 + 1);
  assert.equal(r.flaky, 1);
  assert.equal(r.skipped, 1);
  assert.equal(r.line, 'tests: 263 passed, 2 failed, 1 flaky, 1 skipped');
  assert.ok(r.failures.includes('join-api: test/orders.test.ts > POST /orders > replays'));
});

test('a flaky Playwright test (failed, then passed on retry) is flaky, not failed', () => {
  const r = summarize('  1 flaky\n  10 passed (30s)', '1');
  assert.equal(r.failed, 0);
  assert.equal(r.flaky, 1);
});

test('a runner that crashed before reporting is never "0 failed"', () => {
  assert.equal(summarize('@ofw/ui:test:       Tests  3 passed (3)\nSegmentation fault', '139').failed, 1);
  assert.equal(summarize('', '1').line, 'tests: 0 passed, 1 failed; crashed: a runner (exit 1)');
  assert.equal(summarize('       Tests  3 passed (3)', '0').line, 'tests: 3 passed, 0 failed');
});

// What `turbo run test --continue` prints when one package's runner dies before its report (e.g. out of memory) while
// the others pass: each package's lines under its prefix, then turbo's error line naming the task and its status.
const CRASHED_RUN = [
  '@ofw/domain:test:       Tests  12 passed (12)',
  'join-api:test: <--- Last few GCs --->',
  'join-api:test: FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
  'e2e:test:   45 passed (2.1m)',
  'join-api#test:  ERROR  command (/repo/apps/join-api) /usr/bin/pnpm run test exited (134)',
  '',
  ' Tasks:    2 successful, 3 total',
  'Failed:    join-api#test',
].join('\n');

test('a runner that exits non-zero without a report is a failure, and the line names it', () => {
  const r = summarize(CRASHED_RUN, '1');
  assert.equal(r.passed, 12 + 45);
  assert.equal(r.failed, 1);
  assert.deepEqual(r.crashed, ['join-api#test (exit 134)']);
  assert.equal(r.line, 'tests: 57 passed, 1 failed; crashed: join-api#test (exit 134)');
});

test('a runner that exits non-zero with only passes in its report (an error outside the tests) crashed too', () => {
  const log = [
    'join-web:test:       Tests  30 passed (30)',
    'join-web:test:       Errors  1 error',
    'join-web#test:  ERROR  command (/repo/apps/join-web) /usr/bin/pnpm run test exited (1)',
  ].join('\n');
  assert.equal(summarize(log, '1').line, 'tests: 30 passed, 1 failed; crashed: join-web#test (exit 1)');
});

test('a runner whose report has its failed tests did not crash: they are counted once, nothing added', () => {
  const log = [
    'join-api:test:  FAIL  test/orders.test.ts > replays',
    'join-api:test:       Tests  1 failed | 20 passed (21)',
    'join-api#test:  ERROR  command (/repo/apps/join-api) /usr/bin/pnpm run test exited (1)',
  ].join('\n');
  const r = summarize(log, '1');
  assert.deepEqual([r.failed, r.crashed], [1, []]);
  assert.equal(r.line, 'tests: 20 passed, 1 failed');
});

test("the repository checks' runner (started by scripts/test.sh, marked in the log) is named when it crashes", () => {
  const log = [
    '@ofw/ui:test:       Tests  3 passed (3)',
    'node:internal/modules/cjs/loader:1228',
    exitMarker('repository-checks', 1),
  ];
  assert.equal(summarize(log.join('\n'), '1').line, 'tests: 3 passed, 1 failed; crashed: repository-checks (exit 1)');
  // with its report's failures it did not crash
  const failing = [...NODE_TEST.split('\n'), exitMarker('repository-checks', 1)].join('\n');
  assert.deepEqual(summarize(failing, '1').crashed, []);
});
