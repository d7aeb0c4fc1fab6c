// Starts join-api for the e2e suite as `pnpm start` does (its built dist/main.js, fresh PGlite folder) and keeps the
// demo links join-api prints at start-up (README "Run": tokens are stored only as hashes, so the printed links are
// the only way to reach the seeded pro referral and invites). The links are written to DEMO_LINKS_FILE as JSON for
// the specs (support/demo.ts). Output is passed through; SIGINT/SIGTERM are forwarded so PGlite closes cleanly.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [main, dataDir, linksFile] = process.argv.slice(2);
if (!main || !dataDir || !linksFile) {
  console.error('usage: serve-api.mjs <join-api main.js> <data dir> <demo links file>');
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(linksFile, { force: true });
mkdirSync(path.dirname(linksFile), { recursive: true });

const child = spawn(process.execPath, [main], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
const names = {
  'Pro-referred join': 'pro',
  'Invited co-parent': 'invite',
  'Invite, empty family': 'inviteEmptyFamily',
};
const links = {};
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
    const url = new URL(m[2]);
    links[key] = `${url.pathname}${url.search}`;
    if (Object.keys(links).length === Object.keys(names).length) writeFileSync(linksFile, JSON.stringify(links));
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
