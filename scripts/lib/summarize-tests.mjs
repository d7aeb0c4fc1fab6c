// Sums the per-runner results in a test log into one closing line:
// "tests: N passed, F failed[, K flaky][, S skipped][; crashed: <runner>, …]".
// vitest: "Tests  12 passed | 1 failed (13)"; Playwright: "  4 passed (20.1s)" / "  1 failed" / "  1 flaky";
// node --test (spec reporter, the repository checks): "ℹ pass 6" / "ℹ fail 0" / "ℹ skipped 0" / "ℹ cancelled 0".
// Which runner exited non-zero: turbo's "<package>#<task>:  ERROR  command (…) exited (N)" line, or the marker
// scripts/test.sh writes for a runner turbo does not start ("› runner exited: <name> <N>", {@link exitMarker}).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

/**
 * The line scripts/test.sh appends to the log when a runner it starts itself exits non-zero.
 * @param {string} runner a name without spaces (e.g. `repository-checks`).
 * @param {string | number} code the exit status.
 */
export function exitMarker(runner, code) {
  return `› runner exited: ${runner} ${code}`;
}

/** @typedef {{ passed: number; failed: number; flaky: number; skipped: number }} Counts */

const zero = () => ({ passed: 0, failed: 0, flaky: 0, skipped: 0 });

/**
 * The counts one report line adds, or undefined when the line is not a runner's count line.
 * @param {string} line a log line without its turbo prefix.
 * @returns {Partial<Counts> | undefined}
 */
function countsOf(line) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    const n = (/** @type {string} */ word) => Number(new RegExp(`(\\d+) ${word}`).exec(vitest[1])?.[1] ?? 0);
    return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') };
  }
  const node = /^ℹ (pass|fail|skipped|cancelled|todo) (\d+)\s*$/.exec(line);
  if (node) {
    const n = Number(node[2]);
    if (node[1] === 'pass') return { passed: n };
    return node[1] === 'fail' || node[1] === 'cancelled' ? { failed: n } : { skipped: n };
  }
  const pw = /^\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)( \(|$)/.exec(line);
  if (!pw) return undefined;
  const n = Number(pw[1]);
  if (pw[2] === 'passed') return { passed: n };
  if (pw[2] === 'skipped' || pw[2] === 'did not run') return { skipped: n };
  return pw[2] === 'flaky' ? { flaky: n } : { failed: n };
}

/**
 * Reads a log line by line: the counts per runner (turbo's `<package>:<task>:` prefix, else the runner whose section
 * the line is in — `›` headings of scripts/test.sh name none, so unprefixed lines are one runner, `''`), the failed
 * tests' names and the runners that exited non-zero.
 * @param {string} text the log without colours.
 */
function readLog(text) {
  /** @type {Map<string, Counts>} */
  const runners = new Map();
  /** @type {Map<string, string>} runner → exit status, for the runners that exited non-zero */
  const exits = new Map();
  const failures = new Set();
  for (const raw of text.split('\n')) {
    const turboExit = /^([^\s#]+)#([^\s:]+):\s+ERROR\s+command \(.*\).* exited \((\d+)\)\s*$/.exec(raw);
    if (turboExit) {
      exits.set(`${turboExit[1]}#${turboExit[2]}`, turboExit[3]);
      continue;
    }
    const marker = /^› runner exited: (\S+) (\d+)\s*$/.exec(raw);
    if (marker) {
      exits.set(marker[1], marker[2]);
      continue;
    }
    const prefix = /^([^\s:]+):([^\s:]+):/.exec(raw);
    const runner = prefix ? `${prefix[1]}#${prefix[2]}` : '';
    const line = prefix ? raw.slice(prefix[0].length).replace(/^\s/, '') : raw;
    // vitest: " FAIL  test/a.test.ts > suite > name"; Playwright: "  1) [chromium] › tests/a.spec.ts:3:1 › name".
    const failure = /^\s*FAIL\s+(.+)$/.exec(line) ?? /^\s+\d+\) (\[[\w-]+\] › .+)$/.exec(line);
    if (failure) failures.add(`${prefix ? `${prefix[1]}: ` : ''}${failure[1].trim()}`);
    const counts = countsOf(line);
    if (!counts) continue;
    const total = runners.get(runner) ?? zero();
    for (const [key, n] of Object.entries(counts)) total[/** @type {keyof Counts} */ (key)] += n ?? 0;
    runners.set(runner, total);
  }
  return { runners, exits, failures };
}

/**
 * The counts of a test log.
 * @param {string} log the runners' output (turbo's "<package>:test: " prefixes and colours allowed).
 * @param {string | number} status the exit status of the runs ("0" when every runner exited 0).
 * @returns {{ passed: number; failed: number; flaky: number; skipped: number; crashed: string[]; failures: string[]; line: string }}
 *   A flaky test (failed, then passed on retry) is counted as flaky, not failed. A runner that exited non-zero with
 *   no failed or flaky test in its report (none parsed, or only passes) crashed: it counts as 1 failed and is named
 *   in `crashed` and on the line. A non-zero `status` with no runner to blame and nothing failed counts as 1 failed
 *   too ("a runner"): never "0 failed" for a run that failed.
 */
export function summarize(log, status) {
  const { runners, exits, failures } = readLog(stripVTControlCharacters(log));
  const total = zero();
  for (const counts of runners.values())
    for (const key of /** @type {(keyof Counts)[]} */ (Object.keys(total))) total[key] += counts[key];
  const crashed = [];
  for (const [runner, code] of exits) {
    // turbo names a task `<package>#<task>`; the marker's runners have no task, their report is unprefixed
    const report = runners.get(runner.includes('#') ? runner : '') ?? zero();
    if (report.failed === 0 && report.flaky === 0) crashed.push(`${runner} (exit ${code})`);
  }
  if (String(status) !== '0' && exits.size === 0 && total.failed === 0 && total.flaky === 0)
    crashed.push(`a runner (exit ${status})`);
  total.failed += crashed.length;
  const { passed, failed, flaky, skipped } = total;
  const line =
    `tests: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}` +
    (crashed.length ? `; crashed: ${crashed.join(', ')}` : '');
  return { passed, failed, flaky, skipped, crashed, failures: [...failures], line };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, status] = process.argv.slice(2);
  const result = summarize(readFileSync(file, 'utf8'), status ?? '0');
  for (const name of result.failures) console.log(`✗ ${name}`);
  for (const runner of result.crashed) console.log(`✗ crashed without a failing test reported: ${runner}`);
  console.log(result.line);
}
