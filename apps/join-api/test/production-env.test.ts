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

describe('NODE_ENV=production fails closed (DESIGN.md §5)', () => {
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
