// The join-api bench's figures file (bench/bench.mjs): <repo>/.bench/join-api.json, whose flat `figures` (with their
// goals and the ones missed) the root table of scripts/bench-join.mjs shows; `byDatabase`, `scaleOut` and `run` keep
// the rest for the next run's "previous".
import fs from 'node:fs';
import os from 'node:os';
import { STATEMENTS_GOAL } from '../statements.mjs';
import { CPU_PER_PARENT_GOAL_MS, OPEN_LOOP_RATE_GOAL, p99GoalAt } from '../open-loop.mjs';
import { PAYING_CALLS } from '../join-flow.mjs';

/** The goal per figure and database (docs/performance/join-api.md): [comparison, value]. */
export const GOALS = {
  packagesToHelloRatio: { pglite: ['≥', 0.5], postgres: ['≥', 0.5] },
  signupsP99Ms: { pglite: ['≤', 800], postgres: ['≤', 250] },
  ordersP99Ms: { pglite: ['≤', 100], postgres: ['≤', 400] },
};

/**
 * Writes `outFile`: the flat figures per database (suffix Pglite / Postgres), statements and CPU per parent on Postgres,
 * the open loop's highest sustained rate and worst p99 per rate (ms), the scale-out's figures, and each database's
 * details. `postgres`: the server the run used (undefined on PGlite only).
 */
export function writeFigures(outFile, { databases: DATABASES, results, postgres, scaleOut }) {
  const counted = results.postgres?.statementsPerCall;
  const looped = DATABASES.filter((db) => results[db].openLoop);
  const figures = {};
  const goals = {};
  const missedKeys = [];
  for (const db of DATABASES) {
    const suffix = db === 'pglite' ? 'Pglite' : 'Postgres';
    for (const [key, goal] of Object.entries(GOALS)) {
      const v = results[db].figures[key];
      figures[`${key}${suffix}`] = v;
      goals[`${key}${suffix}`] = `${goal[db][0]} ${goal[db][1]}`;
      if (goal[db][0] === '≥' ? v < goal[db][1] : v > goal[db][1]) missedKeys.push(`${key}${suffix}`);
    }
  }
  if (counted) {
    figures.statementsPerParentPostgres = counted.perParent;
    goals.statementsPerParentPostgres = `≤ ${STATEMENTS_GOAL}`;
    if (counted.perParent > STATEMENTS_GOAL) missedKeys.push('statementsPerParentPostgres');
    const cpu = counted.cpuPerCall;
    const steady = results.postgres.cpuPerParent;
    if (steady || (cpu?.['sign-up'] !== undefined && cpu.order !== undefined)) {
      figures.cpuPerParentMsPostgres = steady?.perParent ?? +(cpu['sign-up'] + cpu.order).toFixed(2);
      goals.cpuPerParentMsPostgres = `≤ ${CPU_PER_PARENT_GOAL_MS}`;
      if (figures.cpuPerParentMsPostgres > CPU_PER_PARENT_GOAL_MS) missedKeys.push('cpuPerParentMsPostgres');
    }
  }
  for (const db of looped) {
    const suffix = db === 'pglite' ? 'Pglite' : 'Postgres';
    const { rates, highestSustained } = results[db].openLoop;
    figures[`openLoopHighestSustainedRate${suffix}`] = highestSustained ?? 0;
    goals[`openLoopHighestSustainedRate${suffix}`] = `≥ ${OPEN_LOOP_RATE_GOAL}`;
    if ((highestSustained ?? 0) < OPEN_LOOP_RATE_GOAL) missedKeys.push(`openLoopHighestSustainedRate${suffix}`);
    for (const r of rates) {
      const key = `openLoop${r.rate}PerSecondWorstP99Ms${suffix}`;
      figures[key] = Math.max(...PAYING_CALLS.map((c) => r.perCall[c].p99 ?? Infinity));
      goals[key] = `≤ ${p99GoalAt(r.rate)}`;
      if (figures[key] > p99GoalAt(r.rate)) missedKeys.push(key);
    }
  }
  if (scaleOut) Object.assign(figures, scaleOut.figures);
  fs.writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        figures,
        goals,
        missed: missedKeys,
        byDatabase: Object.fromEntries(
          DATABASES.map((db) => [
            db,
            {
              figures: results[db].figures,
              statementsPerCall: results[db].statementsPerCall,
              openLoop: results[db].openLoop,
              profile: results[db].profile,
              cpu: results[db].cpu,
            },
          ]),
        ),
        scaleOut: scaleOut && { figures: scaleOut.figures, lines: scaleOut.lines },
        run: {
          at: new Date().toISOString(),
          databases: DATABASES,
          postgres: postgres ? (postgres.external ? 'BENCH_DATABASE_URL' : `Debian ${postgres.version}`) : undefined,
          cpus: os.cpus().length,
          loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
          node: process.version,
        },
      },
      null,
      2,
    )}\n`,
  );
}
