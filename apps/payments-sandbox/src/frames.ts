/**
 * The hosted-field frames (docs/PAYMENTS.md): the frame page at the protocol's `FRAME_PATH` (only for parent origins in
 * `SANDBOX_ALLOWED_ORIGINS`, framed only by that origin) and the frame script it loads.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Hono } from 'hono';
import { FRAME_PATH, isHostedFieldKey } from '@ofw/payments/protocol';
import { errorPage, hostedFieldPage } from './pages.js';

const FRAME_SCRIPT_CANDIDATES = ['./public/hosted-field.js', '../dist/public/hosted-field.js'];

/** The built frame script's location: dist/ when running built, next to src/ under vitest or `tsx watch`. */
function frameScriptFile(): URL {
  for (const candidate of FRAME_SCRIPT_CANDIDATES) {
    const file = new URL(candidate, import.meta.url);
    try {
      statSync(file);
      return file;
    } catch {
      // try the next location
    }
  }
  throw new Error('payments-sandbox: frame script missing; run `pnpm --filter payments-sandbox build`.');
}

/**
 * The frame script, read from `file` (default: the build's) once — or, when `live`, again whenever the file changes
 * (its modification time and size; `pnpm dev` rebuilds it on every edit of src/frame/).
 */
function frameScriptReader(file: URL | string | undefined, live: boolean): () => string {
  let cached: { key: string; text: string } | undefined;
  return () => {
    const at = file ?? frameScriptFile();
    if (cached && !live) return cached.text;
    const stat = statSync(at);
    const key = `${stat.mtimeMs}:${stat.size}`;
    if (cached?.key !== key) cached = { key, text: readFileSync(at, 'utf8') };
    return cached.text;
  };
}

/**
 * Registers `GET FRAME_PATH` (400 for an unknown field or channel, 403 for a parent origin not allowed) and
 * `GET /hosted-fields/frame.js` (`frameScript`, or the built `dist/public/hosted-field.js` — or `frameScriptFile` —
 * read on first use; with `liveFrameScript` read again after every change of the file and sent `no-cache`, for
 * `pnpm dev`).
 * @throws Error (on the first frame.js request) when no frame script was given and none is built.
 */
export function registerHostedFieldFrames(
  app: Hono,
  {
    allowedOrigins,
    frameScript,
    frameScriptFile: file,
    liveFrameScript = false,
  }: {
    allowedOrigins: readonly string[];
    frameScript?: string | undefined;
    frameScriptFile?: URL | string | undefined;
    liveFrameScript?: boolean | undefined;
  },
): void {
  const readScript = frameScriptReader(file, liveFrameScript);
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
    const script = frameScript ?? readScript();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', liveFrameScript ? 'no-cache' : 'public, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(script);
  });
}
