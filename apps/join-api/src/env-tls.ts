import ipaddr from 'ipaddr.js';

/**
 * How the clients join-api hands its URLs to read them — so a production check judges the setting the client will
 * act on, not a guess at it.
 */

/** A query value as nodemailer's `parseConnectionUrl` makes it (lib/shared/index.js): numbers, booleans, or as is. */
function nodemailerValue(values: string[]): unknown {
  // repeated keys become an array (querystring.parse), which is truthy whatever it holds
  if (values.length > 1) return values;
  const value = values[0]!;
  if (!Number.isNaN(Number(value))) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Why nodemailer (outbox.ts `smtpMailer`, `createTransport({ url })`) would NOT talk verified TLS to this `SMTP_URL`,
 * or undefined when it would. Read as nodemailer 10 reads it: `parseConnectionUrl` (lib/shared/index.js) sets
 * `secure` from the scheme (`smtps:` TLS from the first byte, `smtp:` not — a `secure` query parameter cannot change
 * it) and every other query parameter as a transport option (`1` is 1, `true` is true, `tls.*` nested), and
 * smtp-connection (lib/smtp-connection/index.js) only insists on STARTTLS with a truthy `requireTLS`. Refused besides:
 * `ignoreTLS` / `opportunisticTLS` beside it (smtp-connection 10 lets `requireTLS` win; older releases let `ignoreTLS`
 * skip STARTTLS — a contradictory setting is refused whatever the version), `tls.rejectUnauthorized` falsy (no
 * certificate check), `secured` (a socket said to be TLS already) and `service` (nodemailer's well-known list would
 * supply host, port and TLS instead of the URL).
 */
export function smtpTlsProblem(url: string): string | undefined {
  const u = new URL(url);
  const keys = [...new Set(u.searchParams.keys())];
  const option = (key: string) => (keys.includes(key) ? nodemailerValue(u.searchParams.getAll(key)) : undefined);
  if (keys.includes('service')) return 'service=… takes the host and TLS from nodemailer’s well-known list';
  if (keys.includes('secured')) return 'secured=… says the connection is TLS without making it so';
  if (keys.includes('tls.rejectUnauthorized') && !option('tls.rejectUnauthorized'))
    return 'tls.rejectUnauthorized turns the certificate check off';
  if (option('ignoreTLS') || option('opportunisticTLS')) return 'ignoreTLS / opportunisticTLS skip or give up STARTTLS';
  if (u.protocol === 'smtps:') return undefined;
  return option('requireTLS') ? undefined : 'smtp: without requireTLS sends in plain text when STARTTLS is not offered';
}

/** Whether nodemailer talks verified TLS to this `SMTP_URL` ({@link smtpTlsProblem}). */
export function smtpUsesTls(url: string): boolean {
  return smtpTlsProblem(url) === undefined;
}

/** `sslmode` values that encrypt and never fall back to plain text (libpq "SSL Mode Descriptions"). */
const TLS_SSLMODES = new Set(['require', 'verify-ca', 'verify-full']);

/**
 * Whether node-postgres connects to this `DATABASE_URL` with TLS, as pg-connection-string 2 parses it (the last of a
 * repeated parameter wins): `sslmode` decides when present (`require`, `verify-ca`, `verify-full`; not `disable`,
 * `prefer` — libpq may then go plain text — nor `no-verify`, no certificate check); else `ssl=true`/`1` or
 * `sslnegotiation=direct`; else the environment's `PGSSLMODE`, which pg reads when the URL says nothing of TLS.
 */
export function databaseUsesTls(url: string, pgSslMode: string | undefined): boolean {
  const q = new URL(url).searchParams;
  const last = (key: string) => q.getAll(key).at(-1);
  const sslmode = last('sslmode');
  if (sslmode !== undefined) return TLS_SSLMODES.has(sslmode);
  const ssl = last('ssl');
  if (ssl !== undefined) return ssl === 'true' || ssl === '1';
  if (last('sslnegotiation') === 'direct') return true;
  return pgSslMode !== undefined && TLS_SSLMODES.has(pgSslMode);
}

/**
 * Why a `TRUSTED_PROXIES` entry trusts far too much, or undefined: a CIDR of IPv4 shorter than /8 or IPv6 shorter
 * than /32 — `0.0.0.0/0` and `::/0` above all, which let any client name its own address in `X-Forwarded-For` and
 * step out of every per-address limit. IPv4-mapped IPv6 ranges are judged as the IPv4 range they map.
 */
export function broadProxyRange(entry: string): string | undefined {
  if (!entry.includes('/') || !ipaddr.isValidCIDR(entry)) return undefined;
  const [addr, bits] = ipaddr.parseCIDR(entry);
  const v4 = addr.kind() === 'ipv4' || (addr as ipaddr.IPv6).isIPv4MappedAddress();
  const prefix = addr.kind() === 'ipv6' && v4 ? bits - 96 : bits;
  const floor = v4 ? 8 : 32;
  return prefix < floor
    ? `${entry} trusts every client behind it to name its own address (shorter than /${floor})`
    : undefined;
}

/**
 * Why `METRICS_HOST` would expose `/metrics` beyond a private network, or undefined: every interface (`0.0.0.0`,
 * `::`), a public address, or a host name (it may resolve to anything); `localhost`, loopback and private, unique-local
 * or link-local addresses pass.
 */
export function publicMetricsHost(host: string): string | undefined {
  if (host === 'localhost') return undefined;
  if (!ipaddr.isValid(host)) return `${host} is a name, not the address of a private interface`;
  const range = ipaddr.process(host).range();
  if (range === 'unspecified') return `${host} listens on every interface: /metrics would be public`;
  const privateRanges = ['loopback', 'private', 'uniqueLocal', 'linkLocal', 'carrierGradeNat'];
  return privateRanges.includes(range) ? undefined : `${host} is a public address: /metrics would be public`;
}
