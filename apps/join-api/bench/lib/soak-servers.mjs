// The money soak's servers (bench/soak.mjs): the payments sandbox in-process, braintree mode's late proxy in front of
// its gateway API, and join-api's production entry as a child process.
import fs from 'node:fs';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { untilAnswering } from '../join-api-process.mjs';
import { loadSandbox } from '../sandbox.mjs';
import { PAGE_ORIGIN, payers } from '../soak-payers.mjs';
import { LAND_LATE_MAX_MS, RECONCILE_MS, SEARCH_LAG_MS, TIMEOUT_MS, appDir } from './soak-config.mjs';

/**
 * The real payments sandbox (fault control and control panel on) served in-process on a free 127.0.0.1 port, its bank
 * (the 3D Secure ACS) on another; its webhook notifications are posted to `webhookUrl` (join-api's, on a port chosen
 * before join-api starts, so every restart listens there again), a refused delivery retried after 250 ms, doubling.
 */
export async function startSandbox(webhookUrl) {
  const { startSandbox: start, FAKE_NONCES, answerChallenge } = await loadSandbox();
  const sandbox = await start({
    port: 0,
    host: '127.0.0.1',
    nodeEnv: 'development',
    allowedOrigins: [PAGE_ORIGIN],
    webhookUrls: [webhookUrl],
    webhookRetryBaseMs: 250,
  });
  return { ...sandbox, payers: payers(sandbox, { answerChallenge, FAKE_NONCES }) };
}

/**
 * braintree mode: join-api's gateway traffic passes through this proxy, which can hold a parent's sale BEFORE it
 * reaches the gateway and forward it even after join-api gave up (closed the connection): the charge really lands
 * after the gateway timeout, not just its answer (the sandbox's `delayMs` makes the charge at once and holds the
 * answer back). `holds` maps a customer email to the hold (ms) of each of its next sales.
 */
export async function startLateProxy(target) {
  const holds = new Map();
  let held = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let hold = 0;
      if (req.method === 'POST' && /\/transactions$/.test(req.url ?? '')) {
        try {
          const email = JSON.parse(body.toString()).transaction?.customer?.email;
          const queue = holds.get(email);
          if (queue?.length) {
            hold = queue.shift();
            held++;
          }
        } catch {
          /* not JSON: passed through */
        }
      }
      setTimeout(() => {
        const up = http.request(
          { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            if (res.destroyed) return void answer.resume();
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        up.on('error', () => res.destroy());
        up.end(body);
      }, hold);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    holds,
    held: () => held,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * join-api's production entry as a child process (its reconciler included); stops itself if this process dies.
 * `port` (default a free one) and `logs` (parsed log lines, appended to) let a restart take over from a killed one.
 */
export async function startJoinApi({
  driver,
  sandbox,
  gatewayPort,
  smtpUrl,
  dataDir,
  logFile,
  port,
  append,
  logs = [],
}) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // not `production`: production refuses the payments sandbox and a rate-limit factor (docs/PAYMENTS.md); the
    // production defaults that matter here are set instead
    NODE_ENV: 'test',
    COOKIE_SECURE: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    SANDBOX_URL: sandbox.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // the outbox delivers to the soak's mailbox (bench/lib/mailbox.mjs): the parents' e-mail codes, which they read
    // before paying (docs/IDENTITY.md), and the receipts — beside the requests, never on their path
    SMTP_URL: smtpUrl,
    OUTBOX_POLL_MS: '100',
    RATE_LIMIT_FACTOR: '1000',
    HOUSEKEEPING_INTERVAL_MS: '0',
    GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS),
    RECONCILE_INTERVAL_MS: String(RECONCILE_MS),
    PAYMENTS_DRIVER: driver,
    // the payment events (webhooks, refunds found by search) handled every 500 ms besides each delivery's own kick;
    // disputes opened are e-mailed here (queued in the outbox, counted)
    PAYMENT_EVENTS_POLL_MS: '500',
    OPS_EMAIL: 'ops@example.com',
    // a search that finds nothing rules a sale out only once it could no longer appear: this soak's sales land up to
    // LAND_LATE_MAX_MS after the lease and show in search SEARCH_LAG_MS after they land
    ORDER_SEARCH_GRACE_MS: String(SEARCH_LAG_MS + LAND_LATE_MAX_MS + 2000),
    SOAK_CHILD_MAX_MS: '300000',
    ...(driver === 'braintree'
      ? {
          BRAINTREE_ENVIRONMENT: 'Development',
          BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
          BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
          BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
          BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd,GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
          GATEWAY_HOST: '127.0.0.1',
          GATEWAY_PORT: String(gatewayPort),
          GATEWAY_SSL: 'false',
        }
      : {}),
  };
  const child = spawn(
    process.execPath,
    ['--import', fileURLToPath(new URL('../watchdog.mjs', import.meta.url)), 'dist/main.js'],
    { cwd: appDir, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const log = fs.createWriteStream(logFile, { flags: append ? 'a' : 'w' });
  const lines = logs;
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    log.write(chunk);
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop();
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
  });
  child.stderr.on('data', (chunk) => log.write(chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(child, url, logFile, 30);
  let stopping;
  return {
    url,
    port,
    logs: lines,
    /** SIGKILL: no graceful shutdown, whatever is in flight is cut. */
    kill: () =>
      (stopping ??= (async () => {
        child.kill('SIGKILL');
        await exited;
        await new Promise((r) => log.end(r));
      })()),
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        await new Promise((r) => log.end(r));
      })()),
  };
}
