/**
 * The hosted-field frames (DESIGN.md §5): the frame page at the protocol's `FRAME_PATH` (only for parent origins in
 * `SANDBOX_ALLOWED_ORIGINS`, framed only by that origin) and the frame script it loads.
 */
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { FRAME_PATH, isHostedFieldKey } from '@ofw/payments/protocol';
import { errorPage, hostedFieldPage } from './pages.js';

function loadFrameScript(): string {
  const candidates = ['./public/hosted-field.js', '../dist/public/hosted-field.js'];
  for (const candidate of candidates) {
    try {
      return readFileSync(new URL(candidate, import.meta.url), 'utf8');
    } catch {
      // try the next location (dist/ when running built, src/ under vitest)
    }
  }
  throw new Error('payments-sandbox: frame script missing; run `pnpm --filter payments-sandbox build`.');
}

/**
 * Registers `GET FRAME_PATH` (400 for an unknown field or channel, 403 for a parent origin not allowed) and
 * `GET /hosted-fields/frame.js` (`frameScript`, or the built `dist/public/hosted-field.js`, read on first use).
 * @throws Error (on the first frame.js request) when no frame script was given and none is built.
 */
export function registerHostedFieldFrames(
  app: Hono,
  { allowedOrigins, frameScript }: { allowedOrigins: readonly string[]; frameScript?: string | undefined },
): void {
  let script = frameScript;
  app.get(FRAME_PATH, (c) => {
    const field = c.req.query('field');
    const channel = c.req.query('channel') ?? '';
    const originParam = c.req.query('origin') ?? '';
    const locale = (c.req.query('locale') ?? 'en').toLowerCase().startsWith('es') ? 'es' : 'en';
    if (!isHostedFieldKey(field) || !/^[A-Za-z0-9_-]{8,64}$/.test(channel)) {
      return c.html(errorPage('Invalid hosted field', 'Unknown field or channel.'), 400);
    }
    let origin: string;
    try {
      origin = new URL(originParam).origin;
    } catch {
      return c.html(errorPage('Invalid hosted field', 'The origin parameter is missing.'), 400);
    }
    if (!allowedOrigins.includes(origin)) {
      return c.html(errorPage('Origin not allowed', `${origin} is not in SANDBOX_ALLOWED_ORIGINS.`), 403);
    }
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${origin}`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(hostedFieldPage({ field, channel, origin, locale }));
  });

  app.get('/hosted-fields/frame.js', (c) => {
    script ??= loadFrameScript();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(script);
  });
}
