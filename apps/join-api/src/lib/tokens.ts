import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A new opaque token: 256 bits from the CSPRNG, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new random id with a prefix, e.g. `ord_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}

/** SHA-256 of a canonical JSON rendering (sorted keys): the fingerprint of an idempotent request. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Bearer token from `Authorization`, or undefined. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,256})$/i.exec(header?.trim() ?? '');
  return m?.[1];
}

/**
 * The browser's session cookie: `__Host-` prefixed, so browsers accept it only when `Secure`, with
 * `Path=/` and no `Domain` (no subdomain can set or shadow it). Browsers treat http://localhost and http://127.0.0.1
 * as secure contexts and keep it there too. Here, beside the tokens it carries, so the load shedder and the context
 * both read it without importing each other.
 */
export const SESSION_COOKIE = '__Host-ofw_session';
