import pino, { type Logger } from 'pino';

/**
 * Paths pino redacts: card data, nonces, tokens, passwords and security answers never reach the logs
 * (DESIGN.md §4: "nothing about the card beyond brand and last four is stored or logged").
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
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
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** Removes secret query parameters (tokens, keys) from a logged URL. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:registrationKey|token|inviteToken|phoneNumber)=)[^&]*/gi, '$1[redacted]');
}

export type { Logger };
