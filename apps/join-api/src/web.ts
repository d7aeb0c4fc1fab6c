import fs from 'node:fs';
import path from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { authTokenOf } from './context.js';
import { currentSubscription, findLiveToken, getUser, subscriptionStatus } from './accounts.js';

/** Braintree origins the browser needs when PAYMENTS_DRIVER=braintree (braintree-web docs, CSP section). */
const BRAINTREE_ORIGINS = {
  script: [
    'https://js.braintreegateway.com',
    'https://assets.braintreegateway.com',
    'https://www.paypalobjects.com',
    'https://pay.google.com',
  ],
  frame: ['https://assets.braintreegateway.com', 'https://c.paypal.com', 'https://*.cardinalcommerce.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://*.braintree-api.com',
    'https://*.paypal.com',
    'https://*.cardinalcommerce.com',
  ],
};

/** A strict CSP allowing only this origin and the payment provider's (DESIGN.md §4 / §6). */
export function contentSecurityPolicy(driver: 'sandbox' | 'braintree', sandboxOrigin: string): string {
  const provider =
    driver === 'sandbox' ? { script: [], frame: [sandboxOrigin], connect: [sandboxOrigin] } : BRAINTREE_ORIGINS;
  return [
    "default-src 'self'",
    `script-src 'self' ${provider.script.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${provider.connect.join(' ')}`,
    `frame-src ${provider.frame.join(' ')}`,
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Security headers on every answer; the CSP on HTML pages. */
export function securityHeaders(csp: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'strict-origin-when-cross-origin');
    c.header('x-frame-options', 'DENY');
    c.header('cross-origin-opener-policy', 'same-origin');
    c.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if ((c.res.headers.get('content-type') ?? '').includes('text/html')) c.header('content-security-policy', csp);
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

/**
 * The built SPA from `webDist` (hashed assets cached for a year, index.html for client routes such as
 * /join, /join/pro and /invite/…) and `GET /ofw/home.form`, the main app's placeholder.
 */
export function webRoutes(webDist: string) {
  const r = new Hono<AppEnv>();
  const root = path.resolve(webDist);

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
    const reqPath = decodeURIComponent(c.req.path);
    if (reqPath.startsWith('/api/')) return next();
    const file = path.resolve(root, `.${reqPath}`);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const ext = path.extname(file);
      const immutable = reqPath.startsWith('/assets/');
      return c.body(fs.readFileSync(file), 200, {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (path.extname(reqPath) && reqPath !== '/') return c.notFound();
    const index = path.join(root, 'index.html');
    c.header('cache-control', 'no-cache');
    return c.html(fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : FALLBACK_INDEX);
  });
  return r;
}
