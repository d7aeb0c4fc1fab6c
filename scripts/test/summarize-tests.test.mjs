import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarize } from '../lib/summarize-tests.mjs';

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
  assert.equal(summarize('', '1').line, 'tests: 0 passed, 1 failed');
  assert.equal(summarize('       Tests  3 passed (3)', '0').line, 'tests: 3 passed, 0 failed');
});
