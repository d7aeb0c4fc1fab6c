// A throw-away npm registry (Verdaccio 6) for `pnpm release:check`: the packages are really published to it by
// `changeset publish` and installed from it by scratch consumer projects, as a release would publish them to OFW's
// registry (CONTRIBUTING.md "Releasing").
// - storage and configuration in a temporary folder, removed by `stop()`;
// - listens on 127.0.0.1 on a free port (the kernel picks it: port 0), or on OFW_RELEASE_REGISTRY_PORT when set;
// - no uplinks: `@ofw/*` is publish-only here (an authenticated user publishes, anyone reads) and every other package
//   404s, so nothing is proxied from, or published to, the public registry. Consumers get third-party packages from
//   their normal registry and only `@ofw/*` from this one (`@ofw:registry=…` in their .npmrc);
// - it runs in a child process tied to this one by an IPC channel: the child exits when the channel closes, so the
//   registry stops with its parent, even when the parent is killed (SIGKILL included). `stop()` ends it at once.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

/**
 * Starts a local Verdaccio and creates a throw-away user on it.
 *
 * @param {{ port?: number, node?: string }} options - `port` to listen on (default: OFW_RELEASE_REGISTRY_PORT, else a
 *   free one); `node`, the Node binary that runs Verdaccio (default this process's; Verdaccio 6.10 needs Node ≥ 22)
 * @returns {{ ready: Promise<{ url: string, token: string }>, stop: () => void, pid: number, dir: string }} at once
 *   (`pid`: the registry's process, `dir`: its temporary folder): `ready` resolves once the
 *   registry listens and the user exists — `url` ends with `/` (e.g. `http://127.0.0.1:40123/`), `token` is the
 *   user's bearer token — and rejects (after stopping the registry) when Verdaccio does not start within 120 s or the
 *   user cannot be created; `stop()` kills the registry and removes its storage, also before `ready` settles
 *   (idempotent, synchronous: safe in `finally` and in signal handlers)
 */
export function startLocalRegistry({
  port = Number(process.env.OFW_RELEASE_REGISTRY_PORT ?? 0),
  node = process.execPath,
} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ofw-registry-'));
  const config = path.join(dir, 'config.yaml');
  // JSON is YAML: Verdaccio reads this as its config.yaml (paths relative to it).
  writeFileSync(
    config,
    JSON.stringify({
      storage: './storage',
      auth: { htpasswd: { file: './htpasswd', max_users: 1 } },
      uplinks: {},
      packages: {
        '@ofw/*': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' },
        '**': { access: '$all' },
      },
      web: { enable: false },
      publish: { allow_offline: true },
      log: { type: 'stdout', format: 'pretty', level: 'error' },
    }),
  );
  const child = fork(self, ['--serve', config, String(port)], {
    execPath: node,
    execArgv: [], // not the parent's (e.g. `--input-type`, `--test`)
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_PATH: '' },
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = (async () => {
    const listening = await new Promise((resolve, reject) => {
      // a bound for a hung start, not a speed check: alone on a loaded 2-core machine it took 23 s (Node 26.10.0)
      const timer = setTimeout(() => reject(new Error('Verdaccio did not start within 120 s')), 120_000);
      child.once('message', (m) => (clearTimeout(timer), resolve(m.port)));
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`Verdaccio exited (${code})`))));
    });
    const url = `http://127.0.0.1:${listening}/`;
    // npm's `adduser` call: creates the user and answers its bearer token (Verdaccio htpasswd, max_users 1).
    const name = `release-${randomBytes(4).toString('hex')}`;
    const res = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password: randomBytes(16).toString('hex') }),
    });
    const body = await res.json();
    if (!res.ok || !body.token)
      throw new Error(`Verdaccio: creating a user answered ${res.status} ${JSON.stringify(body)}`);
    return { url, token: body.token };
  })();
  ready.catch(stop);
  return { ready, stop, pid: child.pid, dir };
}

// The child: `node local-registry.mjs --serve <config.yaml> <port>`.
if (process.argv[1] === self && process.argv[2] === '--serve') {
  const { runServer } = await import('verdaccio');
  const [config, port] = process.argv.slice(3);
  const server = await runServer(config);
  server.listen(Number(port), '127.0.0.1', () => process.send({ port: server.address().port }));
  // the parent is gone (exited, crashed or killed): so is its registry
  process.on('disconnect', () => process.exit(0));
}
