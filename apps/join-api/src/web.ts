import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { authTokenOf } from './context.js';
import { currentSubscription, findLiveToken, getUser, subscriptionStatus } from './accounts.js';
import { decodePath } from './lib/path.js';

/** Braintree's environments as join-api's `BRAINTREE_ENVIRONMENT` names them (the npm `braintree` SDK's). */
export type BraintreeEnvironment = 'Sandbox' | 'Production' | 'Development' | 'Qa';

/**
 * Which payment provider the page talks to, for {@link contentSecurityPolicy}: the payments sandbox (its origin
 * frames the card fields and answers the browser; its bank, `acsOrigin`, serves the 3D Secure challenge page on an
 * origin of its own, DESIGN.md §5), or Braintree in one of its environments.
 */
export type CspPaymentsMode =
  | { driver: 'sandbox'; sandboxOrigin: string; acsOrigin: string }
  | { driver: 'braintree'; environment: BraintreeEnvironment; sandboxOrigin: string; acsOrigin: string };

/** Sources per CSP directive that the payment provider adds to the page's policy. */
interface ProviderSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  formAction: readonly string[];
}

/*
 * The hosts braintree-web 3.144 (client, hosted fields, 3D Secure, PayPal Checkout, Venmo, Apple Pay, data collector)
 * loads from or talks to, per Braintree environment. Sources:
 *  [doc] braintree-web's "Using braintree-web with a Content Security Policy" (jsdoc/Home.md of braintree/braintree-web,
 *        https://braintree.github.io/braintree-web/current/#content-security-policy): Basic, PayPal, Apple Pay,
 *        3D Secure and Data Collector directives;
 *  [src] braintree-web@3.144.0 itself: lib/constants.js (CLIENT_API_URLS, ASSETS_URLS, GRAPHQL_URLS, ANALYTICS_URL,
 *        FRAUDNET_URL), paypal-checkout/paypal-checkout.js (loadPayPalSDK's default `https://www.paypal.com/sdk/js`,
 *        the preload request to `https://www.{sandbox.}paypal.com/smart/buttons/preload`),
 *        three-d-secure/external/frameworks/songbird.js (Songbird from the gateway's `cardinalSongbirdUrl`),
 *        data-collector/fraudnet.js (FraudNet's frames and its `b.stats.paypal.com` beacon);
 *  [cardinal] Cardinal's 2026 move of Songbird to cardinaltrusted.com (braintree-web ≥ 3.121 gets it; listed in the
 *        [doc] 3D Secure table; braintree/braintree-web-drop-in#977).
 * Where [doc] writes a wildcard (`*.paypal.com`, `*.cardinalcommerce.com`, `*.braintree-api.com`) the exact hosts of
 * [src] / [cardinal] are listed instead. Not listed, on purpose:
 *  - `'unsafe-inline'` for PayPal's script-src ([doc]): the page allows its own inline scripts by hash only;
 *  - Google Pay's hosts: the product does not use braintree-web/google-payment;
 *  - Venmo: braintree-web opens venmo.com / account.venmo.com (sandbox account.ext.live.venmo.com) as a new window
 *    or app switch, a navigation no CSP directive governs; Apple Pay runs on the browser's ApplePaySession, no host
 *    (applepay.cdn-apple.com of [doc] serves Apple's button script, which the product does not load);
 * 3D Secure 2's challenge: [doc] asks for `frame-src *` and `form-action *` — the challenge frame's document goes to
 * the issuing bank's ACS URL (Songbird posts the CReq there: `Cardinal.continue('cca', { AcsUrl, Payload })`,
 * braintree-web three-d-secure/external/frameworks/songbird.js), and the 3DS Method posts to the ACS too; ACS hosts are
 * the issuers' own, which no list can name. EMV 3DS requires an ACS URL to be HTTPS, so this policy allows
 * {@link THREE_D_SECURE_ACS} (`https:`) in `frame-src` and `form-action` only — never `*` (which also admits `http:`),
 * and nothing else widened: scripts, connections and images keep their exact hosts.
 * `www.paypal.com` is in the Sandbox policy too: braintree-web loads the PayPal JS SDK from it (the client id chooses
 * the sandbox) and posts its analytics there in every environment; `c.paypal.com` serves FraudNet's script in both.
 */
/** Any HTTPS host: where an issuer's ACS may be (frame-src, form-action), see above. */
export const THREE_D_SECURE_ACS = 'https:';

const BRAINTREE_SOURCES: Record<'sandbox' | 'production', ProviderSources> = {
  sandbox: {
    script: [
      'https://js.braintreegateway.com', // [doc] Basic
      'https://assets.braintreegateway.com', // [doc] Basic; [src] ASSETS_URLS.sandbox
      'https://www.paypal.com', // [src] loadPayPalSDK: the PayPal JS SDK
      'https://www.paypalobjects.com', // [doc] PayPal: the SDK's assets
      'https://c.paypal.com', // [src] FRAUDNET_URL (fb.js)
      'https://songbirdstag.cardinalcommerce.com', // [doc] 3D Secure: Songbird
      'https://cas.static.client.cardinaltrusted.com', // [doc] 3D Secure; [cardinal]: Songbird v2
    ],
    frame: [
      'https://assets.braintreegateway.com', // [doc] Basic: hosted-field frames
      'https://www.sandbox.paypal.com', // [doc] PayPal: buttons and checkout frames of a sandbox client id
      'https://c.paypal.com', // [doc] Data Collector; [src] fraudnet.js frames
      'https://c.sandbox.paypal.com', // [doc] Data Collector: FraudNet with `sandbox: true`
      'https://centinelapistag.cardinalcommerce.com', // [doc] 3D Secure: Songbird's collect and step-up frames
      'https://cas.client.cardinaltrusted.com', // [cardinal]: Songbird v2's frames
      THREE_D_SECURE_ACS, // [doc] 3D Secure: the issuer's ACS page
    ],
    connect: [
      'https://api.sandbox.braintreegateway.com', // [doc] Basic; [src] CLIENT_API_URLS.sandbox
      'https://payments.sandbox.braintree-api.com', // [doc] Basic (*.braintree-api.com); [src] GRAPHQL_URLS.sandbox
      'https://client-analytics.sandbox.braintreegateway.com', // [doc] Basic
      'https://www.paypal.com', // [src] ANALYTICS_URL (xoplatform logger), every environment
      'https://www.sandbox.paypal.com', // [src] PayPal SDK preload; the SDK's own calls
      'https://t.paypal.com', // PayPal SDK's logging
      'https://c.paypal.com', // [src] FraudNet
      'https://c.sandbox.paypal.com', // FraudNet with `sandbox: true`
      'https://songbirdstag.cardinalcommerce.com', // [doc] 3D Secure (*.cardinalcommerce.com)
      'https://centinelapistag.cardinalcommerce.com', // [doc] 3D Secure (*.cardinalcommerce.com): Cardinal's API
      'https://cas.client.cardinaltrusted.com', // [doc] 3D Secure (*.cardinaltrusted.com)
    ],
    img: [
      'https://assets.braintreegateway.com', // [doc] Basic
      'https://checkout.paypal.com', // [doc] PayPal
      'https://www.paypalobjects.com', // PayPal button artwork
      'https://t.paypal.com', // PayPal SDK's tracking pixel
      'https://b.stats.paypal.com', // [src] fraudnet.js beacon
    ],
    formAction: [
      'https://centinelapistag.cardinalcommerce.com', // [doc] 3D Secure: Songbird posts into its frames
      'https://cas.client.cardinaltrusted.com', // [cardinal]
      THREE_D_SECURE_ACS, // [doc] 3D Secure: the CReq and the 3DS Method go to the issuer's ACS
    ],
  },
  production: {
    script: [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
      'https://songbird.cardinalcommerce.com',
      'https://static.client.cardinaltrusted.com',
    ],
    frame: [
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://c.paypal.com',
      'https://centinelapi.cardinalcommerce.com',
      'https://client.cardinaltrusted.com',
      THREE_D_SECURE_ACS,
    ],
    connect: [
      'https://api.braintreegateway.com',
      'https://payments.braintree-api.com',
      'https://client-analytics.braintreegateway.com',
      'https://www.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
      'https://songbird.cardinalcommerce.com',
      'https://centinelapi.cardinalcommerce.com',
      'https://client.cardinaltrusted.com',
    ],
    img: [
      'https://assets.braintreegateway.com',
      'https://checkout.paypal.com',
      'https://www.paypalobjects.com',
      'https://t.paypal.com',
      'https://b.stats.paypal.com',
    ],
    formAction: ['https://centinelapi.cardinalcommerce.com', 'https://client.cardinaltrusted.com', THREE_D_SECURE_ACS],
  },
};

/**
 * The sandbox's sources: its origin frames the card fields, the 3DS step-up and wallet pages and answers the browser;
 * its bank's origin (`acsOrigin`) is where the challenge frame's document goes (DESIGN.md §5) — framed, never fetched
 * nor posted to from the page (the provider's frame posts the CReq).
 */
function sandboxSources(sandboxOrigin: string, acsOrigin: string): ProviderSources {
  return { script: [], frame: [sandboxOrigin, acsOrigin], connect: [sandboxOrigin], img: [], formAction: [] };
}

/**
 * The provider's sources for a payments mode. Braintree's `Development` environment is the local one (the npm
 * `braintree` SDK against the payments sandbox's gateway API): the browser keeps the sandbox's fields there, because
 * braintree-web's hosted-field frames are served only by Braintree, so the page gets the sandbox's sources. `Qa` is
 * a Braintree-internal pre-production environment: it gets the Sandbox hosts, never production's.
 */
function providerSources(mode: CspPaymentsMode): ProviderSources {
  if (mode.driver === 'sandbox' || mode.environment === 'Development')
    return sandboxSources(mode.sandboxOrigin, mode.acsOrigin);
  return BRAINTREE_SOURCES[mode.environment === 'Production' ? 'production' : 'sandbox'];
}

/**
 * A strict CSP allowing only this origin and the payment provider's exact hosts (DESIGN.md §4 / §6): no wildcard,
 * no scheme source but `data:` images and — with Braintree itself — `https:` in `frame-src` / `form-action` for the
 * issuer's 3D Secure ACS page, no `'unsafe-eval'`, `frame-ancestors 'none'`.
 * @param mode the payments driver, and for `braintree` its environment (see {@link CspPaymentsMode}).
 * @returns the policy, directives joined by `; ` ({@link withScriptSources} adds a page's inline-script hashes).
 * @example contentSecurityPolicy({ driver: 'sandbox', sandboxOrigin: 'http://localhost:3010', acsOrigin: 'http://127.0.0.1:3011' })
 */
export function contentSecurityPolicy(mode: CspPaymentsMode): string {
  const p = providerSources(mode);
  const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${list(p.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${list(p.img)}`,
    "font-src 'self'",
    `connect-src 'self'${list(p.connect)}`,
    `frame-src${p.frame.length ? list(p.frame) : " 'none'"}`,
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${list(p.formAction)}`,
    "frame-ancestors 'none'",
  ].join('; ');
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

/** The HSTS policy sent when cookies are `Secure` (issue 12). */
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
    if ((c.res.headers.get('content-type') ?? '').includes('text/html'))
      c.header('content-security-policy', withScriptSources(csp, scripts));
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
  /** CSP hash sources of an HTML page's inline scripts. */
  scripts: string[];
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
      cached = {
        key,
        body,
        ...(COMPRESSIBLE.has(ext) && body.length > 1024 ? { gzip: gzipSync(body, { level: 9 }) } : {}),
        scripts: ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
      };
      files.set(file, cached);
    }
    return cached;
  };
}

/** Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3; `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The built SPA from `webDist`, gzip-compressed when the browser accepts it: hashed assets cached for a year;
 * `GET /join` (any query string) gets `join.html`, the first screen prerendered by join-web, with its inline shell
 * guard allowed by hash in that answer's CSP; other client routes (/join/pro, /invite/…) and /join without
 * `join.html` get index.html. `join.html` is not served under its own name. Also `GET /ofw/home.form`, the main
 * app's placeholder.
 */
export function webRoutes(webDist: string) {
  const r = new Hono<AppEnv>();
  const root = path.resolve(webDist);
  const cache = fileCache();

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
${sub && status === 'current' ? `<p>Package ${sub.packageId}, renews ${escapeHtml(sub.expiresAt.toISOString().slice(0, 10))}</p>` : ''}
<p>This page stands in for the OurFamilyWizard app home.</p>
</main></body></html>`);
  });

  r.get('*', async (c, next) => {
    // Hono decoded the path once; a second decoding of `%25ZZ` (→ `%ZZ`) must not throw (issue 12): 400, not 500
    const reqPath = decodePath(c.req.path);
    if (reqPath.startsWith('/api/')) return next();
    if (reqPath === `/${PRERENDERED.file}`) return c.notFound();
    const send = (entry: CachedFile, type: string, cacheControl: string) => {
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': cacheControl };
      if (entry.scripts.length) inlineScriptSources.set(c.req.raw, entry.scripts);
      if (!entry.gzip) return c.body(new Uint8Array(entry.body), 200, headers);
      headers.vary = 'Accept-Encoding';
      if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(new Uint8Array(entry.body), 200, headers);
      return c.body(new Uint8Array(entry.gzip), 200, { ...headers, 'content-encoding': 'gzip' });
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
