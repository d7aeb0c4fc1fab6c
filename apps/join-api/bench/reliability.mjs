// join-api reliability figures: runs the reliability tests (RELIABILITY_TESTS) — the figures come from the same code
// the tests assert on, each file writing its own (test/reliability-figures.ts) — and prints
//   1. the heap growth after 100 000 requests with distinct Accept-Language tags (goal < 50 MB);
//   2. the web/header/body-size fuzz: cases run and answers ≥ 500 (goal 0);
//   3. database connections killed mid-signup, mid-registration step and mid-order whose retry completed (goal 3 of 3;
//      Postgres only: TEST_DATABASE_URL, or a throw-away cluster from scripts/lib/ensure-postgres.sh when Debian's
//      PostgreSQL is installed);
// each beside the previous run's value, and writes them to <repo>/.bench/join-api-reliability.json
// ({ figures: { heapGrowthMbAfter100kAcceptLanguage, acceptLanguageRequestsPerSecond, webFuzzCases, webFuzz5xx,
// dbKillRecoveriesOk }, goals, missed }) for the root join benchmark's table, which shows each beside its goal.
// Run: pnpm --filter join-api bench   (or node bench/reliability.mjs in apps/join-api)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const out = path.join(repo, '.bench', 'join-api-reliability.json');
const previous = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')).figures ?? {}) : {};

/** A throw-away Postgres (scripts/lib/ensure-postgres.sh) when none is given and the binaries are installed. */
function startPostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  const installed = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;
  if (!installed) return undefined;
  const lib = path.join(repo, 'scripts/lib/ensure-postgres.sh');
  const port = String(55000 + (process.pid % 1000));
  const started = execFileSync(
    'bash',
    ['-c', `source "${lib}" && ensure_postgres >&2 && printf '%s\\n%s\\n%s' "$TEST_DATABASE_URL" "$PG_TMP" "$PG_BIN"`],
    { env: { ...process.env, OFW_TEST_PG_PORT: port }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [url, tmp, bin] = started.trim().split('\n');
  return {
    url,
    stop: () =>
      execFileSync('bash', ['-c', `source "${lib}" && PG_TMP="${tmp}" PG_BIN="${bin}" stop_postgres`], {
        stdio: 'inherit',
      }),
  };
}

/** The test files whose figures these are: the heap, the web fuzz and the database connection killed mid-request. */
const RELIABILITY_TESTS = [
  'test/reliability-heap.test.ts',
  'test/reliability-fuzz.test.ts',
  'test/reliability-db-kill.test.ts',
];
const figuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-api-reliability-'));
const postgres = startPostgres();
let run;
try {
  run = spawnSync(path.join(here, 'node_modules/.bin/vitest'), ['run', ...RELIABILITY_TESTS], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: {
      ...process.env,
      RELIABILITY_FIGURES_DIR: figuresDir,
      ...(postgres ? { TEST_DATABASE_URL: postgres.url } : {}),
    },
  });
} finally {
  postgres?.stop();
}
const figures = Object.assign(
  {},
  ...fs.readdirSync(figuresDir).map((f) => JSON.parse(fs.readFileSync(path.join(figuresDir, f), 'utf8'))),
);
const was = (k, unit = '') => (previous[k] === undefined ? '' : `; previous ${previous[k]}${unit}`);

console.log('\njoin-api reliability');
console.log(
  `heap growth after 100k Accept-Language tags: ${figures.heapGrowthMbAfter100kAcceptLanguage ?? '—'} MB ` +
    `(goal < 50${was('heapGrowthMbAfter100kAcceptLanguage', ' MB')}) at ${figures.acceptLanguageRequestsPerSecond ?? '—'} req/s`,
);
console.log(
  `web/header/body-size fuzz: ${figures.webFuzzCases ?? '—'} cases run, ${figures.webFuzz5xx ?? '—'} answered 5xx ` +
    `(goal 0${was('webFuzz5xx')})`,
);
console.log(
  figures.dbKillRecoveriesOk === undefined
    ? 'DB-kill recoveries: not run (no Postgres: set TEST_DATABASE_URL or install Debian postgresql)'
    : `DB-kill recoveries ok: ${figures.dbKillRecoveriesOk} of 3 (signup, registration step, order; goal 3${was('dbKillRecoveriesOk')})`,
);
// the goals, and the figures that missed them, for the root benchmark's table (scripts/bench-join.mjs marks them)
const GOALS = {
  heapGrowthMbAfter100kAcceptLanguage: ['< 50 MB', (v) => v < 50],
  webFuzz5xx: ['0', (v) => v === 0],
  dbKillRecoveriesOk: ['3 of 3', (v) => v === 3],
};
const goals = Object.fromEntries(Object.entries(GOALS).map(([k, [goal]]) => [k, goal]));
const missed = Object.entries(GOALS)
  .filter(([k, [, met]]) => typeof figures[k] === 'number' && !met(figures[k]))
  .map(([k]) => k);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ figures, goals, missed, run: { at: new Date().toISOString(), postgres: Boolean(postgres), cpus: os.cpus().length, node: process.version } }, null, 2)}\n`,
);
console.log(`Figures written to ${path.relative(repo, out)}`);
if (run.status !== 0) {
  console.log(`✗ ${RELIABILITY_TESTS.join(', ')} failed:\n${run.stdout.slice(-4000)}${run.stderr.slice(-2000)}`);
  process.exitCode = 1;
}
