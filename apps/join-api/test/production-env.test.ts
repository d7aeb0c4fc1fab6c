import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/env.js';
import { PRODUCTION_ENV as PROD } from './helpers.js';
import { DEV_RECEIPT_LINK_SECRET } from '../src/env-receipts.js';

const RECEIPT_LINES = ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_NUMBER', 'RECEIPT_LINK_SECRET'].map(
  (key) => `  ${key}: is required when NODE_ENV=production (docs/RECEIPTS.md)`,
);

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The lines of the EnvError `loadEnv(env)` throws. */
function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadEnv(env);
  } catch (e) {
    if (e instanceof EnvError) return e.message.split('\n').slice(1);
    throw e;
  }
  return [];
}

describe('NODE_ENV=production fails closed (SECURITY.md "Production by default")', () => {
  it('a complete production environment passes; its defaults are the production ones', () => {
    expect(problems(PROD)).toEqual([]);
    expect(loadEnv(PROD)).toMatchObject({ SEED_DEMO: 'false', COOKIE_SECURE: true, RATE_LIMIT_FACTOR: 1 });
    // an explicit factor of 1 and `none` (no load balancer) are production settings too
    expect(loadEnv({ ...PROD, RATE_LIMIT_FACTOR: '1', TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES).toEqual([]);
  });

  it('the sandbox driver (it approves test cards) is refused', () => {
    expect(problems({ ...PROD, PAYMENTS_DRIVER: 'sandbox' })).toEqual([
      '  PAYMENTS_DRIVER: must be braintree when NODE_ENV=production',
    ]);
    expect(problems({ ...PROD, PAYMENTS_DRIVER: undefined })).toEqual([
      '  PAYMENTS_DRIVER: must be braintree when NODE_ENV=production',
    ]);
  });

  it.each(['Sandbox', 'Development', 'Qa'])('BRAINTREE_ENVIRONMENT=%s (not real money) is refused', (environment) => {
    expect(problems({ ...PROD, BRAINTREE_ENVIRONMENT: environment })).toEqual([
      '  BRAINTREE_ENVIRONMENT: must be Production when NODE_ENV=production',
    ]);
  });

  it.each(['GATEWAY_HOST', 'GATEWAY_PORT', 'GATEWAY_SSL', 'SANDBOX_URL', 'SANDBOX_API_KEY', 'SANDBOX_PORT'])(
    '%s (the sandbox / Development gateway) is refused',
    (key) => {
      const value =
        key === 'GATEWAY_PORT' || key === 'SANDBOX_PORT'
          ? '3010'
          : key === 'GATEWAY_SSL'
            ? 'true'
            : key === 'SANDBOX_URL'
              ? 'http://x.example'
              : 'x'.repeat(20);
      expect(problems({ ...PROD, [key]: value })).toEqual([
        `  ${key}: sandbox / Development gateway setting; unset it when NODE_ENV=production`,
      ]);
    },
  );

  it('GATEWAY_TIMEOUT_MS bounds Braintree calls in production too: allowed from the 60 s braintree_node config.js gives a call (a sale given up sooner may still land), refused below', () => {
    expect(loadEnv(PROD).GATEWAY_TIMEOUT_MS).toBe(60_000);
    expect(loadEnv({ ...PROD, GATEWAY_TIMEOUT_MS: '90000' }).GATEWAY_TIMEOUT_MS).toBe(90_000);
    expect(problems({ ...PROD, GATEWAY_TIMEOUT_MS: '15000' })).toEqual([
      "  GATEWAY_TIMEOUT_MS: must be at least 60000 (a sale's 60 s) when NODE_ENV=production",
    ]);
    // outside production (tests, local runs) a shorter bound is taken as given
    expect(loadEnv({ GATEWAY_TIMEOUT_MS: '600' }).GATEWAY_TIMEOUT_MS).toBe(600);
  });

  it('PUBLIC_URL is required and https: (links in e-mails, the CSRF origin check)', () => {
    expect(problems({ ...PROD, PUBLIC_URL: undefined })).toEqual([
      '  PUBLIC_URL: is required when NODE_ENV=production (https://…)',
    ]);
    expect(problems({ ...PROD, PUBLIC_URL: 'http://join.example' })).toEqual([
      '  PUBLIC_URL: must be https://… when NODE_ENV=production',
    ]);
  });

  it.each([
    'smtp://mail.example:25',
    'smtp://mail.example:587?requireTLS=false',
    'smtps://mail.example:465?tls.rejectUnauthorized=false',
    'smtp://mail.example:587?requireTLS=true&ignoreTLS=true',
    // as nodemailer's parseConnectionUrl reads a query (lib/shared/index.js): 1 is a number, truthy
    'smtp://mail.example:587?requireTLS=true&ignoreTLS=1',
    'smtp://mail.example:587?requireTLS=1&opportunisticTLS=true',
    'smtp://mail.example:587?requireTLS=0',
    'smtp://mail.example:587?requireTLS=',
    'smtp://mail.example:587?requiretls=true',
    'smtp://mail.example:465?secure=true',
    'smtps://mail.example:465?tls.rejectUnauthorized=0',
    'smtps://mail.example:465?secured=true',
    'smtp://mail.example?service=SendPulse&requireTLS=true',
  ])('SMTP_URL %s (plain text or unverified, as nodemailer reads it) is refused', (url) => {
    expect(problems({ ...PROD, SMTP_URL: url })).toEqual([
      '  SMTP_URL: must use TLS when NODE_ENV=production: smtps://… or smtp://…?requireTLS=true (STARTTLS)',
    ]);
  });

  it('SMTP_URL is required; smtps: and STARTTLS required by nodemailer (requireTLS=true) pass', () => {
    expect(problems({ ...PROD, SMTP_URL: undefined })).toEqual([
      '  SMTP_URL: is required when NODE_ENV=production (smtps://… or smtp://…?requireTLS=true)',
    ]);
    expect(problems({ ...PROD, SMTP_URL: 'smtp://user:pass@mail.example:587?requireTLS=true' })).toEqual([]);
  });

  it('SEED_DEMO=true (demo links complete accounts without paying) is refused', () => {
    expect(problems({ ...PROD, SEED_DEMO: 'true' })).toEqual([
      '  SEED_DEMO: demo data cannot be seeded when NODE_ENV=production',
    ]);
    expect(problems({ ...PROD, SEED_DEMO: 'false' })).toEqual([]);
  });

  it.each(['100', '0.5'])('RATE_LIMIT_FACTOR=%s (limits other than the documented ones) is refused', (factor) => {
    expect(problems({ ...PROD, RATE_LIMIT_FACTOR: factor })).toEqual([
      '  RATE_LIMIT_FACTOR: must be 1 (or unset) when NODE_ENV=production',
    ]);
  });

  it('TRUSTED_PROXIES must be said: a CIDR list, or none explicitly', () => {
    expect(problems({ ...PROD, TRUSTED_PROXIES: undefined })).toEqual([
      "  TRUSTED_PROXIES: is required when NODE_ENV=production: the load balancers' CIDRs, or none",
    ]);
    expect(problems({ ...PROD, TRUSTED_PROXIES: 'none,10.0.0.0/8' })[0]).toMatch(/^ {2}TRUSTED_PROXIES: "none"/);
  });

  it('one EnvError lists every problem at once, one line each', () => {
    expect(
      problems({ NODE_ENV: 'production', SEED_DEMO: 'true', RATE_LIMIT_FACTOR: '20', SANDBOX_URL: 'http://s.example' }),
    ).toEqual([
      '  PAYMENTS_DRIVER: must be braintree when NODE_ENV=production',
      '  SANDBOX_URL: sandbox / Development gateway setting; unset it when NODE_ENV=production',
      '  PUBLIC_URL: is required when NODE_ENV=production (https://…)',
      '  SMTP_URL: is required when NODE_ENV=production (smtps://… or smtp://…?requireTLS=true)',
      '  MAIL_FROM: is required when NODE_ENV=production: the default is a reserved .example address',
      '  SEED_DEMO: demo data cannot be seeded when NODE_ENV=production',
      '  RATE_LIMIT_FACTOR: must be 1 (or unset) when NODE_ENV=production',
      '  OPS_EMAIL: is required when NODE_ENV=production: disputes must reach an operator',
      "  TRUSTED_PROXIES: is required when NODE_ENV=production: the load balancers' CIDRs, or none",
      ...RECEIPT_LINES,
    ]);
  });

  it('§9 a GBP VAT invoice names the real seller, and receipt links are signed with a key of production’s own', () => {
    expect(problems({ ...PROD, SELLER_VAT_NUMBER: undefined, RECEIPT_LINK_SECRET: DEV_RECEIPT_LINK_SECRET })).toEqual([
      '  SELLER_VAT_NUMBER: is required when NODE_ENV=production (docs/RECEIPTS.md)',
      '  RECEIPT_LINK_SECRET: is required when NODE_ENV=production (docs/RECEIPTS.md)',
    ]);
    expect(() => loadEnv({ SELLER_VAT_NUMBER: '123456789' })).toThrow(/SELLER_VAT_NUMBER: must be GB followed by/);
    expect(() => loadEnv({ RECEIPT_LINK_SECRET: 'short' })).toThrow(/RECEIPT_LINK_SECRET/);
  });

  it('OPS_EMAIL must be said: a dispute opened is e-mailed there, and lost by default when nobody answers it', () => {
    expect(problems({ ...PROD, OPS_EMAIL: undefined })).toEqual([
      '  OPS_EMAIL: is required when NODE_ENV=production: disputes must reach an operator',
    ]);
  });

  it('outside production none of these apply (development defaults stay)', () => {
    expect(problems({ NODE_ENV: 'development', SEED_DEMO: 'true', RATE_LIMIT_FACTOR: '20' })).toEqual([]);
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual([]);
  });

  it('SMTP_URL passes as nodemailer would insist on TLS: smtps:, or a truthy requireTLS (1, true)', () => {
    for (const url of [
      'smtps://mail.example',
      'smtp://mail.example:587?requireTLS=1',
      'smtp://u:p@mail.example:587?requireTLS=true&tls.rejectUnauthorized=true',
    ])
      expect(problems({ ...PROD, SMTP_URL: url })).toEqual([]);
  });

  it('a Braintree Production configuration is production whatever NODE_ENV says: every rule applies, and NODE_ENV=production must be said', () => {
    expect(problems({ ...PROD, NODE_ENV: undefined })).toEqual([
      '  NODE_ENV: must be production when BRAINTREE_ENVIRONMENT=Production (real cards are charged)',
    ]);
    expect(problems({ ...PROD, NODE_ENV: 'development', SEED_DEMO: 'true', COOKIE_SECURE: 'false' })).toEqual([
      '  NODE_ENV: must be production when BRAINTREE_ENVIRONMENT=Production (real cards are charged)',
      '  SEED_DEMO: demo data cannot be seeded when NODE_ENV=production',
      '  COOKIE_SECURE: cannot be false when NODE_ENV=production: it turns HSTS off',
    ]);
  });

  it.each(['false', '0'])('COOKIE_SECURE=%s (HSTS off) is refused', (value) => {
    expect(problems({ ...PROD, COOKIE_SECURE: value })).toEqual([
      '  COOKIE_SECURE: cannot be false when NODE_ENV=production: it turns HSTS off',
    ]);
  });

  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/8,0.0.0.0/1', '::ffff:0.0.0.0/96', '2000::/3'])(
    'TRUSTED_PROXIES=%s (any client could name its own address) is refused',
    (value) => {
      expect(problems({ ...PROD, TRUSTED_PROXIES: value })).toHaveLength(1);
      expect(problems({ ...PROD, TRUSTED_PROXIES: value })[0]).toMatch(/^ {2}TRUSTED_PROXIES: .* trusts every client/);
    },
  );

  it.each([
    ['0.0.0.0', 'listens on every interface'],
    ['::', 'listens on every interface'],
    ['203.0.113.7', 'is a public address'],
    ['metrics.example', 'is a name'],
  ])('METRICS_HOST=%s (/metrics exposed publicly) is refused', (host, why) => {
    const lines = problems({ ...PROD, METRICS_HOST: host });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`  METRICS_HOST: ${host} ${why}`);
    // no metrics endpoint at all, or a private interface, passes
    expect(problems({ ...PROD, METRICS_HOST: host, METRICS_PORT: '0' })).toEqual([]);
  });

  it('METRICS_HOST on loopback or a private interface passes', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '10.1.2.3', 'fd00::5'])
      expect(problems({ ...PROD, METRICS_HOST: host })).toEqual([]);
  });

  it.each([
    'postgres://u:p@db.internal/join',
    'postgres://u:p@db.internal/join?sslmode=disable',
    'postgres://u:p@db.internal/join?sslmode=prefer',
    'postgres://u:p@db.internal/join?sslmode=no-verify',
    'postgres://u:p@db.internal/join?ssl=false',
    'postgres://u:p@db.internal/join?sslmode=require&sslmode=disable',
  ])('DATABASE_URL %s (no TLS, or no certificate check, as pg-connection-string reads it) is refused', (url) => {
    expect(problems({ ...PROD, DATABASE_URL: url })).toEqual([
      '  DATABASE_URL: must use TLS when NODE_ENV=production: sslmode=require, verify-ca or verify-full (or ssl=true)',
    ]);
  });

  it('DATABASE_URL with sslmode=require / verify-full, ssl=true, or PGSSLMODE=require for a URL silent on TLS passes', () => {
    for (const url of ['?sslmode=require', '?sslmode=verify-full', '?ssl=true', '?ssl=1'])
      expect(problems({ ...PROD, DATABASE_URL: `postgres://u:p@db.internal/join${url}` })).toEqual([]);
    expect(problems({ ...PROD, DATABASE_URL: 'postgres://u:p@db.internal/join', PGSSLMODE: 'require' })).toEqual([]);
  });

  it.each(['RECONCILE_INTERVAL_MS', 'PAYMENT_EVENTS_POLL_MS', 'HOUSEKEEPING_INTERVAL_MS', 'OUTBOX_POLL_MS'])(
    '%s=0 (a background job that never runs) is refused',
    (key) => {
      expect(problems({ ...PROD, [key]: '0' })).toEqual([
        `  ${key}: cannot be 0 when NODE_ENV=production: the job would never run (raise the interval instead)`,
      ]);
    },
  );

  it('no search grace, no in-flight cap or event-loop threshold, and logs without warnings are refused', () => {
    expect(
      problems({
        ...PROD,
        ORDER_SEARCH_GRACE_MS: '0',
        LOAD_SHED_MAX_IN_FLIGHT: '0',
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'error',
      }),
    ).toEqual([
      '  ORDER_SEARCH_GRACE_MS: cannot be 0 when NODE_ENV=production: an order could be failed while its sale lands',
      '  LOAD_SHED_MAX_IN_FLIGHT: cannot be 0 when NODE_ENV=production: an overloaded process would queue every request',
      '  LOAD_SHED_EVENT_LOOP_DELAY_MS: cannot be 0 when NODE_ENV=production: an overloaded process would queue every request',
      '  LOG_LEVEL: must be warn or more verbose when NODE_ENV=production: security events are logged at warn',
    ]);
  });

  it('the server process exits 1 and prints the problem line, before opening anything', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(here, '..'),
      env: { PATH: process.env.PATH, ...PROD, SMTP_URL: 'smtp://mail.example:25', DATA_DIR: 'memory://' },
      timeout: 30_000,
    }).then(
      () => undefined,
      (e: { code?: number; stderr?: string; stdout?: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      '  SMTP_URL: must use TLS when NODE_ENV=production: smtps://… or smtp://…?requireTLS=true (STARTTLS)',
    );
    expect(failed?.stdout).not.toMatch(/listening/);
  }, 40_000);
});
