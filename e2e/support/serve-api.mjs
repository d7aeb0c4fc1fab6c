// Starts join-api for the e2e suite as `pnpm start` does (its built dist/main.js, fresh PGlite folder) and keeps the
// demo links join-api prints at start-up (README "Run": tokens are stored only as hashes, so the printed links are
// the only way to reach the seeded pro referral and invites). The links are written to DEMO_LINKS_FILE as JSON for
// the specs (support/demo.ts). Output is passed through; SIGINT/SIGTERM are forwarded so PGlite closes cleanly.
// join-web's build (WEB_DIST) is served from a copy taken at start (`<data dir>-web`).
//
// The pro referral and the invite are single-use, and the matrix runs each of those flows in four cells (plus a spare
// for a retry of each), so before join-api starts this script opens the same PGlite folder with join-api's library
// (`openDatabase`, `seedReference`, `seedDemo`, as main.js uses them) and seeds the demo data E2E_DEMO_COPIES − 1
// more times. seedDemo is idempotent by e-mail and revokes only the invites of the co-parent it (re)uses, so the
// invited co-parent's e-mail is moved aside after each round: the next round invites a new "Sam Demo" into Alex Demo's
// family and the earlier invites stay live. seedDemo revokes the earlier demo pro referrals, so each round's is taken
// out of the demo set (its `demo` mark removed) before the next. join-api's own start adds the last set.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [main, dataDir, linksFile] = process.argv.slice(2);
if (!main || !dataDir || !linksFile) {
  console.error('usage: serve-api.mjs <join-api main.js> <data dir> <demo links file>');
  process.exit(2);
}
const copies = Number(process.env.E2E_DEMO_COPIES ?? 8);
rmSync(dataDir, { recursive: true, force: true });
rmSync(linksFile, { force: true });
mkdirSync(path.dirname(linksFile), { recursive: true });

/** Demo links as paths (the specs use them relative to baseURL). */
const toPath = (link) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const links = { pro: [], invite: [], inviteEmptyFamily: '' };

const lib = await import(pathToFileURL(path.join(path.dirname(main), 'index.js')).href);
const database = await lib.openDatabase({ dataDir });
try {
  await lib.seedReference(database.db);
  for (let round = 1; round < copies; round++) {
    const seeded = await lib.seedDemo(database.db, 'http://127.0.0.1');
    links.pro.push(toPath(seeded.pro));
    links.invite.push(toPath(seeded.invite));
    await database.db.$client.query(`update users set email = $1 where email = 'sam.demo@example.com'`, [
      `sam.demo+${round}@example.com`,
    ]);
    // seedDemo revokes the earlier demo pro referrals (a reseed kills the old links); this round's link is
    // taken out of the demo set so that the next round keeps it live.
    await database.db.$client.query(
      `update tokens set data = data - 'demo' where kind = 'pro_referral' and data->>'demo' = 'true' and revoked_at is null`,
    );
  }
} finally {
  await database.close();
}

// join-api serves a snapshot of join-web's build: a rebuild of apps/join-web/dist during the run (new chunk names,
// old ones deleted) must not break the pages already open.
const env = { ...process.env };
if (env.WEB_DIST) {
  const snapshot = `${dataDir}-web`;
  rmSync(snapshot, { recursive: true, force: true });
  cpSync(env.WEB_DIST, snapshot, { recursive: true });
  env.WEB_DIST = snapshot;
}
const child = spawn(process.execPath, [main], { stdio: ['ignore', 'pipe', 'inherit'], env });
const names = {
  'Pro-referred join': 'pro',
  'Invited co-parent': 'invite',
  'Invite, empty family': 'inviteEmptyFamily',
};
const printed = new Set();
let buffered = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  buffered += chunk.toString('utf8');
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    const m = /^\s*([^:]+):\s+(https?:\/\/\S+)\s*$/.exec(line);
    const key = m && names[m[1].trim()];
    if (!key) continue;
    if (key === 'inviteEmptyFamily') links.inviteEmptyFamily = toPath(m[2]);
    else links[key].push(toPath(m[2]));
    printed.add(key);
    if (printed.size === Object.keys(names).length) writeFileSync(linksFile, JSON.stringify(links));
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
