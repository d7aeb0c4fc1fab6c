import pino, { type Logger } from 'pino';

/**
 * Paths pino redacts: card data, nonces, tokens, passwords and security answers never reach the logs
 * (docs/CONTRACTS.md "HTTP API": "nothing about the card beyond brand and last four is stored or logged").
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'authorization',
  'cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.authToken',
  '*.inviteToken',
  '*.proReferralToken',
  '*.registrationKey',
  '*.token',
  '*.paymentMethodNonce',
  '*.nonce',
  '*.deviceData',
  '*.number',
  '*.cardNumber',
  '*.cvv',
  '*.answer',
  '*.answers',
  '*.bin',
];

/** Secret keys redacted at the top level and one level down. */
const SECRET_KEYS = [
  'password',
  'authToken',
  'inviteToken',
  'proReferralToken',
  'registrationKey',
  'token',
  'paymentMethodNonce',
  'nonce',
  'deviceData',
  'cvv',
  'number',
];
for (const k of SECRET_KEYS) if (!REDACT_PATHS.includes(k)) REDACT_PATHS.push(k);

/** The join-api logger (JSON lines on stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'join-api' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // every `err` logged goes through safeError: no query parameters, messages redacted
      serializers: { err: safeError },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Removes secret query parameters (tokens, keys) from a logged URL. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:registrationKey|token|inviteToken|phoneNumber)=)[^&]*/gi, '$1[redacted]');
}

/**
 * A message with its likely personal data removed: everything after Drizzle's `params:` line, quoted values
 * (`"…"`, `'…'`, `(…)=(…)` key details), e-mail addresses and runs of 4+ digits (Drizzle's query errors
 * carry the bound parameters — e-mails, phones, addresses, hashes).
 */
export function redactMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
    .replace(/"[^"]*"|'[^']*'/g, '[redacted]')
    .replace(/=\([^)]*\)/g, '=([redacted])')
    .replace(/[^\s@]+@[^\s@]+/g, '[redacted]')
    .replace(/\d{4,}/g, '[redacted]')
    .slice(0, 500);
}

/**
 * How an unhandled error is logged: its class, a code (the Postgres SQLSTATE of a failed query, or the error's own
 * `code`), a redacted message and the stack frames only — never `err.message` nor the stack's first line, which
 * repeat a query's parameters.
 */
export function safeError(err: unknown): { type: string; code?: string; message: string; frames?: string[] } {
  if (typeof err === 'string') return { type: 'string', message: redactMessage(err) };
  if (!(err instanceof Error)) return { type: typeof err, message: '[redacted]' };
  const cause = (err as { cause?: unknown }).cause;
  const codeOf = (e: unknown): string | undefined => {
    const c = (e as { code?: unknown } | undefined)?.code;
    return typeof c === 'string' || typeof c === 'number' ? String(c) : undefined;
  };
  const code = codeOf(err) ?? codeOf(cause);
  const query = (err as { query?: unknown }).query;
  const message =
    typeof query === 'string'
      ? `Failed query: ${query.replace(/'[^']*'/g, '[redacted]').slice(0, 500)}${cause instanceof Error ? ` (${cause.constructor.name}: ${redactMessage(cause.message)})` : ''}`
      : redactMessage(err.message);
  const frames = err.stack
    ?.split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 10)
    .map((l) => l.trim());
  return { type: err.constructor.name, ...(code ? { code } : {}), message, ...(frames ? { frames } : {}) };
}

export type { Logger };
