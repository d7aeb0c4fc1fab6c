import { termDate } from '@ofw/domain';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { authTokenOf } from './context.js';
import { currentSubscription, findLiveToken, getUser, subscriptionStatus } from './accounts.js';
import { decodePath } from './lib/path.js';

import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from './csp.js';
import type { Env } from './env.js';

export { contentSecurityPolicy, THREE_D_SECURE_ACS, type BraintreeEnvironment, type CspPaymentsMode } from './csp.js';

/** Where Apple fetches the domain verification file (Apple Pay on the Web, "Verify your domain"). */
export const APPLE_PAY_WELL_KNOWN = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * The Apple Pay domain association file's content from the settings: `APPLE_PAY_DOMAIN_ASSOCIATION` (the content
 * itself), else the file at `APPLE_PAY_DOMAIN_ASSOCIATION_FILE`, read once on first use.
 * @returns a reader answering undefined when neither is set, or when the file cannot be read (logged by the caller as a 404).
 */
export function applePayDomainAssociation(
  env: Pick<Env, 'APPLE_PAY_DOMAIN_ASSOCIATION' | 'APPLE_PAY_DOMAIN_ASSOCIATION_FILE'>,
): () => string | undefined {
  if (env.APPLE_PAY_DOMAIN_ASSOCIATION) {
    const content = env.APPLE_PAY_DOMAIN_ASSOCIATION;
    return () => content;
  }
  const file = env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE;
  if (!file) return () => undefined;
  let content: string | undefined;
  return () => {
    if (content === undefined) {
      try {
        content = fs.readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    }
    return content;
  };
}

/**
 * Inline scripts a page served by {@link webRoutes} carries, as CSP hash sources (`'sha256-…'`), by request:
 * {@link securityHeaders} adds them to that response's `script-src` only.
 */
const inlineScriptSources = new WeakMap<Request, readonly string[]>();

/**
 * The CSP hash sources of the inline `<script>` elements of an HTML page (CSP Level 3 "hash-source": sha256 of the
 * element's text as UTF-8, base64). Scripts with a `src` are left to `'self'`.
 * @returns e.g. `["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]`; empty when the page has none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** `csp` with `sources` appended to its `script-src` directive (unchanged when there are none). */
export function withScriptSources(csp: string, sources: readonly string[]): string {
  if (!sources.length) return csp;
  return csp
    .split('; ')
    .map((d) => (d.startsWith('script-src ') ? `${d} ${sources.join(' ')}` : d))
    .join('; ');
}

/** The HSTS policy sent when cookies are `Secure`. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer; the CSP on HTML pages, with the hashes of the page's own inline scripts when
 * {@link webRoutes} served one (never `'unsafe-inline'`).
 */
export function securityHeaders(csp: string, opts: { hsts?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const scripts = inlineScriptSources.get(c.req.raw) ?? [];
    // behind HTTPS (COOKIE_SECURE, on by default in production): browsers keep to HTTPS for a year (ASVS 3.4.1)
    if (opts.hsts) c.header('strict-transport-security', HSTS);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'strict-origin-when-cross-origin');
    c.header('x-frame-options', 'DENY');
    // Not 'same-origin': that severs window.opener in the PayPal / Venmo windows the payment step opens (another
    // origin), so their approval could never reach the page. PayPal's docs ask for 'same-origin-allow-popups'.
    c.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    c.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if ((c.res.headers.get('content-type') ?? '').includes('text/html')) {
      c.header('content-security-policy', withScriptSources(csp, scripts));
      // the endpoint of the policy's `report-to` (Reporting API)
      c.header('reporting-endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
    }
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OFW Join</title></head><body><main><h1>OFW Join API</h1><p>The web app is not built: run <code>pnpm --filter join-web build</code>. The API is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></main></body></html>`;

/** The page join-web prerendered for `GET /join` (its README "First paint"), and the one path it is served for. */
const PRERENDERED = { path: '/join', file: 'join.html' } as const;

/** Types worth compressing (text); images and fonts in dist are already compressed. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest']);

interface CachedFile {
  body: Buffer;
  /** gzip (level 9) of `body`, for compressible types over 1 kB. */
  gzip?: Buffer;
  /** brotli of `body` precompressed by the build (`<file>.br` beside it), when it decodes to exactly `body`. */
  br?: Buffer;
  /** CSP hash sources of an HTML page's inline scripts. */
  scripts: string[];
}

/**
 * The build's brotli copy of `file` (`<file>.br`, written by join-web's scripts/precompress.mjs at quality 11 —
 * too slow to run per request), used only when it decodes to exactly `body`: a stale or broken copy (a rebuild that
 * stopped half-way) is ignored rather than served.
 */
function precompressedBrotli(file: string, body: Buffer): Buffer | undefined {
  let br: Buffer;
  try {
    br = fs.readFileSync(`${file}.br`);
  } catch {
    return undefined;
  }
  try {
    return brotliDecompressSync(br).equals(body) ? br : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Files of the built SPA read (and compressed) once per version (size and mtime), so a rebuild is picked up
 * without a restart. Bounded by the size of dist.
 */
function fileCache() {
  const files = new Map<string, CachedFile & { key: string }>();
  return (file: string): CachedFile | undefined => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    const key = `${stat.size}:${stat.mtimeMs}`;
    let cached = files.get(file);
    if (cached?.key !== key) {
      const body = fs.readFileSync(file);
      const ext = path.extname(file);
      const compressible = COMPRESSIBLE.has(ext) && body.length > 1024;
      const br = compressible ? precompressedBrotli(file, body) : undefined;
      cached = {
        key,
        body,
        ...(compressible ? { gzip: gzipSync(body, { level: 9 }) } : {}),
        ...(br ? { br } : {}),
        scripts: ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
      };
      files.set(file, cached);
    }
    return cached;
  };
}

/** The content codings join-api sends the SPA's files in (RFC 9110 §8.4.1), smallest first. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send, of those `offered` (in order of preference: the first is the smallest), by an
 * Accept-Encoding header (RFC 9110 §12.5.3): the one with the highest q-value above 0, a tie going to the earlier
 * of `offered`; `*` stands for any coding the header does not name; `br;q=0` or `gzip;q=0` refuses that one.
 * @returns `undefined` when none is acceptable (send the file as it is, identity).
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding | undefined {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(coding.trim(), weight === undefined ? 1 : Number(weight.slice(2)) || 0);
  }
  let best: ContentCoding | undefined;
  let bestQ = 0;
  for (const coding of offered) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) [best, bestQ] = [coding, weight];
  }
  return best;
}

/**
 * The built SPA from `webDist`, compressed when the browser accepts it (the build's brotli copy, else gzip; see
 * {@link negotiateEncoding}): hashed assets cached for a year;
 * `GET /join` (any query string) gets `join.html`, the first screen prerendered by join-web, with its inline shell
 * guard allowed by hash in that answer's CSP; other client routes (/join/pro, /invite/…) and /join without
 * `join.html` get index.html. `join.html` is not served under its own name. A path with a file extension that is
 * no file of the build is 404, never index.html. Also `GET /ofw/home.form`, the main app's placeholder, and Apple
 * Pay's domain association file ({@link APPLE_PAY_WELL_KNOWN}) from `opts.applePayDomainAssociation` (404 when it
 * gives none).
 */
export function webRoutes(webDist: string, opts: { applePayDomainAssociation?: () => string | undefined } = {}) {
  const r = new Hono<AppEnv>();
  const root = path.resolve(webDist);
  const cache = fileCache();

  r.get(APPLE_PAY_WELL_KNOWN, (c) => {
    const content = opts.applePayDomainAssociation?.();
    if (content === undefined) return c.notFound();
    return c.body(content, 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
  });

  /**
   * The term line of the home page, worded as the terms step words the choice (docs/RENEWAL.md): a subscription that
   * renews automatically "renews automatically on" its end date, one that does not "expires on" it — the date in the
   * parent's time zone, as the receipt prints it (spec §3 parent.timeZone).
   */
  const termLine = (sub: { packageId: number; expiresAt: Date; autoRenew: boolean }, timeZone: string) =>
    `Package ${sub.packageId}, ${sub.autoRenew ? 'renews automatically on' : 'expires on'} ${escapeHtml(termDate(sub.expiresAt, timeZone))}`;

  r.get('/ofw/home.form', async (c) => {
    const s = c.get('services');
    const token = authTokenOf(c);
    const row = await findLiveToken(s.db, 'auth', token, s.now());
    const user = row?.userId ? await getUser(s.db, row.userId) : undefined;
    if (!user) return c.redirect('/join', 302);
    const status = await subscriptionStatus(s.db, user.id, s.now());
    const sub = await currentSubscription(s.db, user.id, s.now());
    const statusText =
      status === 'current' ? 'Active subscription' : status === 'expired' ? 'Subscription expired' : 'No subscription';
    const name = escapeHtml(`${user.firstName} ${user.lastName}`);
    c.header('cache-control', 'no-store');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>OurFamilyWizard — Home</title></head>
<body><main>
<h1>Welcome, ${name}</h1>
<p data-testid="subscription-status">${statusText}</p>
${sub && status === 'current' ? `<p data-testid="subscription-term">${termLine(sub, user.timeZone)}</p>` : ''}
<p>This page stands in for the OurFamilyWizard app home.</p>
</main></body></html>`);
  });

  r.get('*', async (c, next) => {
    // Hono decoded the path once; a second decoding of `%25ZZ` (→ `%ZZ`) must not throw: 400, not 500
    const reqPath = decodePath(c.req.path);
    if (reqPath.startsWith('/api/')) return next();
    // join.html only as /join; the build's brotli copies only as an encoding of their file
    if (reqPath === `/${PRERENDERED.file}` || reqPath.endsWith('.br')) return c.notFound();
    const send = (entry: CachedFile, type: string, cacheControl: string) => {
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': cacheControl };
      if (entry.scripts.length) inlineScriptSources.set(c.req.raw, entry.scripts);
      if (!entry.gzip) return c.body(new Uint8Array(entry.body), 200, headers);
      headers.vary = 'Accept-Encoding';
      const coding = negotiateEncoding(c.req.header('accept-encoding'), entry.br ? ['br', 'gzip'] : ['gzip']);
      if (!coding) return c.body(new Uint8Array(entry.body), 200, headers);
      return c.body(new Uint8Array(coding === 'br' ? entry.br! : entry.gzip), 200, {
        ...headers,
        'content-encoding': coding,
      });
    };
    if (reqPath === PRERENDERED.path) {
      const page = cache(path.join(root, PRERENDERED.file));
      if (page) return send(page, TYPES['.html']!, 'no-cache');
    }
    const file = path.resolve(root, `.${reqPath}`);
    const asset = file.startsWith(root + path.sep) ? cache(file) : undefined;
    if (asset) {
      const immutable = reqPath.startsWith('/assets/');
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      return send(asset, type, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (path.extname(reqPath) && reqPath !== '/') return c.notFound();
    const index = cache(path.join(root, 'index.html'));
    if (index) return send(index, TYPES['.html']!, 'no-cache');
    c.header('cache-control', 'no-cache');
    return c.html(FALLBACK_INDEX);
  });
  return r;
}
