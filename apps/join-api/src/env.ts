import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CURRENCIES, type Currency } from '@ofw/domain';
import { parseTrustedProxies } from './lib/client-ip.js';
import { MIN_SALE_TIMEOUT_MS } from './gateway/deadline.js';
import { RECEIPT_ENV } from './env-receipts.js';
import { productionProblems } from './env-production.js';
import { MONEY_AFTER_SALE_ENV } from './env-money.js';
import { RENEWAL_ENV } from './env-renewal.js';
import { SERVER_ENV } from './env-server.js';

/** The monorepo root: the nearest ancestor of this module holding `pnpm-workspace.yaml`. */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Like {@link bool}, but unset stays `undefined` (its default depends on other settings). */
const optionalBool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** The currencies of the catalogue (§9, @ofw/domain's `CURRENCIES`): each needs a merchant account in Braintree mode. */
export const CHARGED_CURRENCIES = CURRENCIES;
type ChargedCurrency = Currency;

/** `USD:ofw_usd,GBP:ofw_gbp,…` → `{ USD: 'ofw_usd', … }`; every currency of {@link CHARGED_CURRENCIES} once. */
const merchantAccounts = z.string().transform((value, ctx) => {
  const out: Partial<Record<ChargedCurrency, string>> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Z]{3}):([A-Za-z0-9_-]{1,255})$/.exec(part);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not CURRENCY:merchantAccountId` });
      return z.NEVER;
    }
    const currency = m[1] as ChargedCurrency;
    if (!(CHARGED_CURRENCIES as readonly string[]).includes(currency)) {
      ctx.addIssue({ code: 'custom', message: `${currency} is not a currency the catalogue sells` });
      return z.NEVER;
    }
    if (out[currency]) {
      ctx.addIssue({ code: 'custom', message: `${currency} is listed twice` });
      return z.NEVER;
    }
    out[currency] = m[2]!;
  }
  const missing = CHARGED_CURRENCIES.filter((c) => !out[c]);
  if (missing.length) {
    ctx.addIssue({ code: 'custom', message: `no merchant account for ${missing.join(', ')}` });
    return z.NEVER;
  }
  return out as Record<ChargedCurrency, string>;
});

/**
 * The address of a legal document the terms list links to: http(s), where `{locale}` stands for the page's UI locale
 * (`en-US`, `en-GB`, `es-US`, `es-MX`), so one setting gives each locale its own address.
 */
const legalUrl = z.string().refine((v) => {
  const url = URL.canParse(v.replaceAll('{locale}', 'en-US')) ? new URL(v.replaceAll('{locale}', 'en-US')) : null;
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
}, 'must be an http(s) URL; {locale} stands for the UI locale');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * Postgres: most connections of this process's pool (README "Performance"). N instances open up to N × this:
     * keep it under the server's `max_connections` (less the superuser reserve).
     */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
    DATA_DIR: z.string().min(1).optional(),
    /**
     * PGlite (no `DATABASE_URL`): `true` runs it in a worker thread, off the HTTP event loop (README "Performance":
     * no gain measured on the project's 2-core machine, hence the default `false`, PGlite on the event loop).
     */
    PGLITE_WORKER: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    PAYMENTS_DRIVER: z.enum(['sandbox', 'braintree']).default('sandbox'),
    SANDBOX_URL: z.url().default('http://localhost:3010'),
    /**
     * The payments sandbox's bank (its 3D Secure ACS listener, `SANDBOX_ACS_PORT`): the challenge frame goes there, so
     * the page's CSP `frame-src` names it with the sandbox's and Braintree `Development` modes (docs/PAYMENTS.md).
     */
    SANDBOX_ACS_URL: z.url().default('http://127.0.0.1:3011'),
    /** The payments sandbox's server API key, sent by the `sandbox` driver as `Authorization: Bearer`. */
    SANDBOX_API_KEY: z.string().min(16).optional(),
    /**
     * How long join-api waits for ONE payment gateway call (ms): the sandbox driver's fetch timeout and the braintree
     * SDK's `gateway.config.timeout`. Default and production floor: the SDK's own 60 s (gateway/deadline.ts
     * `MIN_SALE_TIMEOUT_MS`); less only outside production (tests). An order's charge lease is derived from it
     * (charge-lease.ts `chargeLeaseMs`).
     */
    GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(MIN_SALE_TIMEOUT_MS),
    ...MONEY_AFTER_SALE_ENV,
    /** The Terms of Service the terms list links to (§2), per UI locale (`{locale}`); GET /payments/config `legal`. */
    TERMS_OF_SERVICE_URL: legalUrl.default('https://www.ourfamilywizard.com/terms-of-service?locale={locale}'),
    /** The Privacy Policy the terms list links to (§2), per UI locale (`{locale}`); GET /payments/config `legal`. */
    PRIVACY_POLICY_URL: legalUrl.default('https://www.ourfamilywizard.com/privacy-policy?locale={locale}'),
    BRAINTREE_ENVIRONMENT: z.enum(['Sandbox', 'Production', 'Development', 'Qa']).optional(),
    BRAINTREE_MERCHANT_ID: z.string().min(1).optional(),
    BRAINTREE_PUBLIC_KEY: z.string().min(1).optional(),
    BRAINTREE_PRIVATE_KEY: z.string().min(1).optional(),
    /**
     * One Braintree merchant account per currency (`USD:acct_usd,GBP:acct_gbp,…`): a merchant account settles in one
     * currency, so every currency the catalogue sells needs its own (Braintree "Merchant accounts" docs).
     */
    BRAINTREE_MERCHANT_ACCOUNTS: merchantAccounts.optional(),
    /** `BRAINTREE_ENVIRONMENT=Development` only: where the gateway runs (apps/payments-sandbox), as the SDK's own env names. */
    GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(3010),
    GATEWAY_SSL: bool,
    WEB_DIST: z.string().min(1).optional(),
    /**
     * Apple Pay domain verification (Apple Pay on the Web): the content of Apple's
     * `apple-developer-merchantid-domain-association` file, or the path of that file, served at
     * `/.well-known/apple-developer-merchantid-domain-association` (404 when neither is set; the content wins).
     */
    APPLE_PAY_DOMAIN_ASSOCIATION: z.string().min(1).optional(),
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Public origin of the app, used in printed demo links (default `http://<HOST>:<PORT>`). */
    PUBLIC_URL: z.url().optional(),
    /**
     * Set to `false` to skip seeding demo parents/invites (reference data is always seeded). Default `true`, but
     * `false` when `NODE_ENV=production` (demo links complete accounts without paying).
     */
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    /**
     * Answers carry HSTS when true (behind HTTPS). Default `false`, but `true` when `NODE_ENV=production`.
     * The session cookie is `Secure` whatever this says (its `__Host-` prefix requires it; browsers keep Secure
     * cookies on http://localhost and http://127.0.0.1).
     */
    COOKIE_SECURE: optionalBool,
    /**
     * Proxies whose `X-Forwarded-For` is believed (comma-separated IPs / CIDRs, or `loopback`, `linklocal`,
     * `uniquelocal`; `none` = trust nobody): the client address of rate limits comes from that header only through
     * them. Required in production, where `none` must be said explicitly (SECURITY.md "Production by default").
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        try {
          return parseTrustedProxies(value);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * How long `GET /packages` reuses the auto-applied coupons it read (ms; 0 = read them on every request). The
     * priced catalogue itself is code and is kept in memory (README "Performance").
     */
    CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /**
     * Port of the Prometheus metrics endpoint (`GET /metrics`, lib/metrics.ts), never the public port; 0 turns it off
     * (tests, and every instance but one on a machine).
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /** Interface the metrics endpoint binds to: this machine only unless a scraper elsewhere needs it. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /**
     * Load shedding (README "Overload", lib/load-shedding.ts): while this process's event loop lags more than this
     * (ms), new API requests are refused at once with 503 `overloaded` and `Retry-After` — a lag this long means a
     * new request would wait about as long before its first statement. 0 turns it off.
     */
    LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
    /**
     * Load shedding: API requests in flight at most in this process; the next one is refused at once (503). Sized so
     * that a full house is served within about a second on one core (≈ 3–5 ms of CPU per request). 0 turns it off.
     */
    LOAD_SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(200),
    /**
     * Load shedding: while every API request answered in the last two 100 ms windows took longer than this (ms), new
     * ones are refused at once (503) — requests that take a few ms all taking this long are waiting in a queue the
     * event loop does not show (PGlite's one connection, the pool's waiting list). 0 turns it off.
     */
    LOAD_SHED_QUEUE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /**
     * Load shedding: while a probe statement (`select 1`, one per 100 ms window while requests are in flight) waited
     * longer than this (ms) for the database in two windows in a row, new API requests are refused at once (503) —
     * every statement waits as long for PGlite's one connection or a pooled Postgres one, and a payment runs ten. 0
     * turns it off.
     */
    LOAD_SHED_DATABASE_QUEUE_MS: z.coerce.number().int().min(0).max(60_000).default(50),
    /** The `Retry-After` (s) of a request refused by the load shedder. */
    LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
    /** Multiplies every rate limit (tests and the bench raise it); 1 (or unset) in production. */
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    /** How often expired rate-limit and idempotency rows are purged (ms; 0 turns the timer off). */
    HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    /**
     * Where the outbox worker delivers e-mail (nodemailer): `smtp://host:port` or `smtps://user:pass@host:465`.
     * Required in production, with TLS (env-tls.ts `smtpTlsProblem`); elsewhere the local catcher `pnpm start` runs (maildev, SMTP on 127.0.0.1:3026).
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp://… or smtps://…' }).optional(),
    /** The From header of every e-mail. */
    MAIL_FROM: z.string().min(3).default('OurFamilyWizard <no-reply@ourfamilywizard.example>'),
    /** How often the outbox worker looks for due e-mails (ms; 0 = this process sends none, another one does). */
    OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(1_000),
    /** First retry delay of a failed send (ms), doubled per attempt up to 15 min. */
    OUTBOX_BACKOFF_MS: z.coerce.number().int().positive().default(5_000),
    /** Attempts before an e-mail is marked failed. */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(20),
    ...RECEIPT_ENV,
    ...RENEWAL_ENV,
    ...SERVER_ENV,
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS (Node refuses it)',
      });
    if (env.PAYMENTS_DRIVER === 'braintree') {
      for (const key of [
        'BRAINTREE_ENVIRONMENT',
        'BRAINTREE_MERCHANT_ID',
        'BRAINTREE_PUBLIC_KEY',
        'BRAINTREE_PRIVATE_KEY',
        'BRAINTREE_MERCHANT_ACCOUNTS',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when PAYMENTS_DRIVER=braintree` });
      }
    }
  });

/** Validated configuration of join-api (docs/CONTRACTS.md "Ports, origins and environment"). */
export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'COOKIE_SECURE'> & {
  SEED_DEMO: 'true' | 'false';
  COOKIE_SECURE: boolean;
  DATA_DIR: string;
  WEB_DIST: string;
  PUBLIC_URL: string;
  SMTP_URL: string;
};

/** The local catcher's SMTP (maildev, started by `pnpm start` / `pnpm dev`): the default outside production. */
export const DEV_SMTP_URL = 'smtp://127.0.0.1:3026';

/** `SMTP_URL` without its password, for logs and the start-up line. */
export function redactSmtpUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString().replace(/\/$/, '');
}

export { isProduction, productionProblems } from './env-production.js';
export { smtpUsesTls } from './env-tls.js';

/** Thrown by {@link loadEnv} with one line per bad setting. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/**
 * Reads and validates join-api's environment (create-t3-turbo style: one module, zod).
 * Paths default relative to the repo root so the server runs the same from the root or apps/join-api.
 * @throws EnvError naming each missing or invalid setting, and with `NODE_ENV=production` each of
 * {@link productionProblems}.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...productionProblems(cleaned),
  ];
  if (!parsed.success || lines.length) throw new EnvError(`Invalid join-api environment:\n${lines.join('\n')}`);
  const root = repoRoot();
  const e = parsed.data;
  const host = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  // a Braintree Production configuration without NODE_ENV=production never gets here (env-production.ts)
  const production = e.NODE_ENV === 'production';
  return {
    ...e,
    SEED_DEMO: e.SEED_DEMO ?? (production ? 'false' : 'true'),
    COOKIE_SECURE: e.COOKIE_SECURE ?? production,
    // `memory://` is PGlite's in-memory database, not a folder name
    DATA_DIR: e.DATA_DIR?.startsWith('memory://') ? e.DATA_DIR : path.resolve(root, e.DATA_DIR ?? '.data/pglite'),
    WEB_DIST: path.resolve(root, e.WEB_DIST ?? 'apps/join-web/dist'),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://${host}:${e.PORT}`).replace(/\/$/, ''),
    SMTP_URL: e.SMTP_URL ?? DEV_SMTP_URL,
  };
}
