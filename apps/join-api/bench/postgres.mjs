// The bench's Postgres: BENCH_DATABASE_URL when set, otherwise a throw-away Debian PostgreSQL started exactly as the
// test command starts it (scripts/lib/ensure-postgres.sh: installs `postgresql` when missing, initdb in a temp folder,
// 127.0.0.1, fsync off, max_connections 300), on a free port so it never meets a test run's cluster. The cluster is
// restarted once with `pg_stat_statements` preloaded (the bench's per-statement profile) and is stopped and removed
// when the bench calls stop() — or when the bench dies, since the helper shell exits once its stdin closes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

const SCRIPT = `
set -euo pipefail
source "$1"
trap stop_postgres EXIT
ensure_postgres >&2
run=()
[[ $(id -u) -eq 0 ]] && run=(runuser -u postgres --)
# pg_stat_statements for the bench's profile: preload it and restart (pg_ctl reuses the start options)
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$OFW_TEST_PG_PORT" -U postgres -c "alter system set shared_preload_libraries = 'pg_stat_statements'" >&2
"\${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -w -m fast restart >/dev/null
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$OFW_TEST_PG_PORT" -U postgres -c "create extension if not exists pg_stat_statements" >&2
echo "URL $TEST_DATABASE_URL"
read -r _ || true
`;

/**
 * Starts the bench's Postgres (see the file comment).
 * @returns `{ url, version, stop() }`; `stop()` is a no-op for BENCH_DATABASE_URL.
 */
export async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, external: true, stop: async () => undefined };
  }
  const port = await freePort();
  const child = spawn('bash', ['-c', SCRIPT, 'bench-postgres', path.join(repo, 'scripts/lib/ensure-postgres.sh')], {
    env: { ...process.env, OFW_TEST_PG_PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^URL (\S+)$/m.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`Postgres for the bench did not start (exit ${code}):\n${err}`)));
  });
  const version = /PostgreSQL (\S+)/.exec(err)?.[1] ?? '?';
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    version,
    external: false,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * A fresh database on the server of `url` (so each run starts empty, like PGlite's fresh folder).
 * @returns the new database's URL
 */
export async function freshDatabase(url, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
