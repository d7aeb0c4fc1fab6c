import { MIN_SALE_TIMEOUT_MS } from './gateway/deadline.js';
import { receiptProductionProblems } from './env-receipts.js';
import { broadProxyRange, databaseUsesTls, publicMetricsHost, smtpTlsProblem } from './env-tls.js';

/** Settings that point at the payments sandbox or Braintree's Development gateway: never in production. */
const SANDBOX_ONLY = /^(SANDBOX_|GATEWAY_(HOST|PORT|SSL)$|TEST_CLOCK_URL$)/;

/** The background jobs' intervals (env.ts, env-money.ts): 0 stops a job, which production never does. */
const JOB_INTERVALS = [
  'RECONCILE_INTERVAL_MS',
  'PAYMENT_EVENTS_POLL_MS',
  'HOUSEKEEPING_INTERVAL_MS',
  'OUTBOX_POLL_MS',
  'RENEWAL_INTERVAL_MS',
];

/** Log levels that drop the warnings security events are logged at (an invalid invite token, a refused webhook). */
const QUIET_LOG_LEVELS = new Set(['error', 'fatal', 'silent']);

/**
 * Whether these settings are production's: `NODE_ENV=production`, or a Braintree `Production` configuration — real
 * cards are charged, so every production rule applies whatever `NODE_ENV` says (and {@link productionProblems}
 * refuses to start until `NODE_ENV=production` is said too: SECURITY.md "Production by default").
 */
export function isProduction(raw: Record<string, string | undefined>): boolean {
  return raw.NODE_ENV === 'production' || raw.BRAINTREE_ENVIRONMENT === 'Production';
}

/**
 * Production fails closed (SECURITY.md "Production by default"): in production ({@link isProduction}) every setting
 * that would take payments, mail, rate limits or the service's defences into a test or weaker mode is refused, each
 * named. Reads the raw settings, so a value left unset is told apart from a default.
 * @returns one line per problem (empty when none, or outside production).
 */
export function productionProblems(raw: Record<string, string | undefined>): string[] {
  if (!isProduction(raw)) return [];
  const problems: string[] = [];
  const say = (key: string, message: string) => problems.push(`  ${key}: ${message}`);
  if (raw.NODE_ENV !== 'production')
    say('NODE_ENV', 'must be production when BRAINTREE_ENVIRONMENT=Production (real cards are charged)');
  if (raw.PAYMENTS_DRIVER !== 'braintree') say('PAYMENTS_DRIVER', 'must be braintree when NODE_ENV=production');
  else if (raw.BRAINTREE_ENVIRONMENT !== 'Production')
    say('BRAINTREE_ENVIRONMENT', 'must be Production when NODE_ENV=production');
  for (const key of Object.keys(raw)
    .filter((k) => SANDBOX_ONLY.test(k))
    .sort())
    say(key, 'sandbox / Development gateway setting; unset it when NODE_ENV=production');
  if (!raw.PUBLIC_URL) say('PUBLIC_URL', 'is required when NODE_ENV=production (https://…)');
  else if (!/^https:\/\//i.test(raw.PUBLIC_URL)) say('PUBLIC_URL', 'must be https://… when NODE_ENV=production');
  mailProblems(raw, say);
  if (raw.SEED_DEMO === 'true') say('SEED_DEMO', 'demo data cannot be seeded when NODE_ENV=production');
  if (raw.RATE_LIMIT_FACTOR !== undefined && Number(raw.RATE_LIMIT_FACTOR) !== 1)
    say('RATE_LIMIT_FACTOR', 'must be 1 (or unset) when NODE_ENV=production');
  if (!raw.OPS_EMAIL) say('OPS_EMAIL', 'is required when NODE_ENV=production: disputes must reach an operator');
  if (raw.GATEWAY_TIMEOUT_MS !== undefined && Number(raw.GATEWAY_TIMEOUT_MS) < MIN_SALE_TIMEOUT_MS)
    say('GATEWAY_TIMEOUT_MS', `must be at least ${MIN_SALE_TIMEOUT_MS} (a sale's 60 s) when NODE_ENV=production`);
  if (!raw.TRUSTED_PROXIES)
    say('TRUSTED_PROXIES', "is required when NODE_ENV=production: the load balancers' CIDRs, or none");
  else {
    for (const entry of raw.TRUSTED_PROXIES.split(',').map((p) => p.trim())) {
      const broad = broadProxyRange(entry);
      if (broad) say('TRUSTED_PROXIES', `${broad}; name the load balancers' own CIDRs`);
    }
  }
  defenceProblems(raw, say);
  return [...problems, ...receiptProductionProblems(raw)];
}

type Say = (key: string, message: string) => void;

/** SMTP with TLS as nodemailer reads the URL (env-tls.ts `smtpTlsProblem`), and a From of production's own. */
function mailProblems(raw: Record<string, string | undefined>, say: Say): void {
  if (!raw.SMTP_URL) say('SMTP_URL', 'is required when NODE_ENV=production (smtps://… or smtp://…?requireTLS=true)');
  else if (URL.canParse(raw.SMTP_URL) && smtpTlsProblem(raw.SMTP_URL))
    say('SMTP_URL', 'must use TLS when NODE_ENV=production: smtps://… or smtp://…?requireTLS=true (STARTTLS)');
  if (!raw.MAIL_FROM)
    say('MAIL_FROM', 'is required when NODE_ENV=production: the default is a reserved .example address');
}

/** The settings that turn one of the service's defences off: cookies, metrics, the database link, jobs, shedding, logs. */
function defenceProblems(raw: Record<string, string | undefined>, say: Say): void {
  if (raw.COOKIE_SECURE === 'false' || raw.COOKIE_SECURE === '0')
    say('COOKIE_SECURE', 'cannot be false when NODE_ENV=production: it turns HSTS off');
  const metricsHost = raw.METRICS_PORT !== '0' ? publicMetricsHost(raw.METRICS_HOST ?? '127.0.0.1') : undefined;
  if (metricsHost) say('METRICS_HOST', `${metricsHost}; bind it to loopback or a private interface`);
  if (raw.DATABASE_URL && URL.canParse(raw.DATABASE_URL) && !databaseUsesTls(raw.DATABASE_URL, raw.PGSSLMODE))
    say(
      'DATABASE_URL',
      'must use TLS when NODE_ENV=production: sslmode=require, verify-ca or verify-full (or ssl=true)',
    );
  for (const key of JOB_INTERVALS.filter((k) => raw[k] !== undefined && Number(raw[k]) === 0))
    say(key, 'cannot be 0 when NODE_ENV=production: the job would never run (raise the interval instead)');
  if (raw.ORDER_SEARCH_GRACE_MS !== undefined && Number(raw.ORDER_SEARCH_GRACE_MS) === 0)
    say('ORDER_SEARCH_GRACE_MS', 'cannot be 0 when NODE_ENV=production: an order could be failed while its sale lands');
  for (const key of ['LOAD_SHED_MAX_IN_FLIGHT', 'LOAD_SHED_EVENT_LOOP_DELAY_MS'])
    if (raw[key] !== undefined && Number(raw[key]) === 0)
      say(key, 'cannot be 0 when NODE_ENV=production: an overloaded process would queue every request');
  if (raw.LOG_LEVEL && QUIET_LOG_LEVELS.has(raw.LOG_LEVEL))
    say('LOG_LEVEL', 'must be warn or more verbose when NODE_ENV=production: security events are logged at warn');
}
