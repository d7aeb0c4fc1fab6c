import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers.js';
import type { AppEnv } from '../src/context.js';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  negotiateEncoding,
  securityHeaders,
  webRoutes,
} from '../src/web.js';

// The static part of the web answer (docs/CONTRACTS.md "HTTP API" and docs/QUALITY.md strict CSP; the prerendered /join first screen).
const GUARD = "(function(){document.documentElement.setAttribute('data-shell','off')})()";
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
const JOIN = `<!doctype html><html><head><script>${GUARD}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"><div data-prerendered inert><main>Your details</main></div></div></body></html>`;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const GUARD_HASH = `'sha256-${createHash('sha256').update(GUARD).digest('base64')}'`;

function scriptSrc(csp: string | null): string {
  return (csp ?? '').split('; ').find((d) => d.startsWith('script-src ')) ?? '';
}

describe('web: prerendered /join and the CSP', () => {
  let dist: string;
  let app: Hono<AppEnv>;
  const csp = contentSecurityPolicy({
    driver: 'sandbox',
    sandboxOrigin: 'http://127.0.0.1:3210',
    acsOrigin: 'http://127.0.0.1:3211',
  });
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'join.html'), JOIN);
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'big.js'), BIG_JS);
    // join-web's build writes a brotli copy beside each text file (scripts/precompress.mjs)
    fs.writeFileSync(path.join(dist, 'assets', 'packed.js'), BIG_JS);
    fs.writeFileSync(path.join(dist, 'assets', 'packed.js.br'), brotliCompressSync(BIG_JS));
    // a copy left by another build: it does not decode to the file beside it
    fs.writeFileSync(path.join(dist, 'assets', 'stale.js'), BIG_JS);
    fs.writeFileSync(path.join(dist, 'assets', 'stale.js.br'), brotliCompressSync(`${BIG_JS}\n// older`));
    app = new Hono<AppEnv>();
    app.use('*', securityHeaders(csp));
    app.route('/', webRoutes(dist));
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('GET /join (with or without a query string) gets join.html, its inline script allowed by its sha256', async () => {
    for (const url of ['/join', '/join?utm_source=mail&lang=x']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(JOIN);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const policy = res.headers.get('content-security-policy');
      expect(scriptSrc(policy).split(' ')).toContain(GUARD_HASH);
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // §4 wallet flows: PayPal's and Venmo's windows (another origin) must keep their opener to hand back the nonce.
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
  });

  it('other client routes get index.html under the CSP without any script hash', async () => {
    for (const url of ['/join/pro', '/join/pro?referral=abc', '/invite/tok123', '/', '/join/']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toBe(INDEX);
      const policy = res.headers.get('content-security-policy');
      expect(policy, url).toBe(csp);
      expect(scriptSrc(policy), url).not.toMatch(/sha256|'unsafe-inline'/);
    }
  });

  it('join.html is not served under its own name; assets still are', async () => {
    expect((await app.request('/join.html')).status).toBe(404);
    const asset = await app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('a rebuilt join.html is served with the hash of its new script', async () => {
    const other = '(function(){var changed=1})()';
    const file = path.join(dist, 'join.html');
    fs.writeFileSync(file, JOIN.replace(GUARD, other));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    try {
      const res = await app.request('/join');
      const sources = scriptSrc(res.headers.get('content-security-policy')).split(' ');
      expect(sources).toContain(`'sha256-${createHash('sha256').update(other).digest('base64')}'`);
      expect(sources).not.toContain(GUARD_HASH);
    } finally {
      fs.writeFileSync(file, JOIN);
    }
  });

  it('without join.html (an older build) /join falls back to index.html', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.writeFileSync(path.join(bare, 'index.html'), INDEX);
    const plain = new Hono<AppEnv>();
    plain.use('*', securityHeaders(csp));
    plain.route('/', webRoutes(bare));
    try {
      const res = await plain.request('/join');
      expect(await res.text()).toBe(INDEX);
      expect(res.headers.get('content-security-policy')).toBe(csp);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('inlineScriptHashes hashes inline scripts only (CSP hash-source: sha256 of the text, base64)', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([]);
    expect(inlineScriptHashes(JOIN)).toEqual([GUARD_HASH]);
    // The empty script's well-known hash.
    expect(inlineScriptHashes('<script></script>')).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
  });

  it('text over 1 kB goes gzip-compressed to a browser that accepts it, byte-identical once decoded', async () => {
    const gz = await app.request('/assets/big.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await gz.arrayBuffer());
    expect(bytes.length).toBeLessThan(BIG_JS.length / 3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(BIG_JS);

    const plain = await app.request('/assets/big.js', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);

    // A small file is not worth a compression frame.
    const small = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('the build’s brotli copy goes to a browser that accepts br (Chromium sends "gzip, deflate, br, zstd", also on http://127.0.0.1), byte-identical once decoded', async () => {
    const br = await app.request('/assets/packed.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(BIG_JS);

    // a client without br still gets gzip, one without either the file itself
    const gz = await app.request('/assets/packed.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(BIG_JS);
    const plain = await app.request('/assets/packed.js', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
  });

  it('a brotli copy that does not decode to its file (another build’s) is never sent: gzip of the file instead', async () => {
    const res = await app.request('/assets/stale.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(BIG_JS);
  });

  it('the brotli copies are not served under their own names', async () => {
    expect((await app.request('/assets/packed.js.br')).status).toBe(404);
  });

  it('negotiateEncoding follows Accept-Encoding q-values (RFC 9110 §12.5.3), preferring the smaller coding on a tie', () => {
    const both = ['br', 'gzip'] as const;
    expect(negotiateEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=1.0, gzip;q=0.8', both)).toBe('br');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('gzip, *;q=0', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, *', both)).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0', ['gzip'])).toBeUndefined();
    expect(negotiateEncoding('identity', both)).toBeUndefined();
    expect(negotiateEncoding(undefined, both)).toBeUndefined();
  });
});

describe('the served page’s CSP names the sandbox’s bank (SANDBOX_ACS_URL; docs/PAYMENTS.md)', () => {
  it('sandbox driver: the challenge frame may go to the bank’s origin, which is neither fetched nor posted to', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const t = await testApp({
      sandboxUrl: 'http://127.0.0.1:3210',
      env: { PAYMENTS_DRIVER: 'sandbox', WEB_DIST: dist, SANDBOX_ACS_URL: 'http://127.0.0.1:4211/acs' },
    });
    try {
      const csp = (await t.call('/')).headers.get('content-security-policy') ?? '';
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      expect(directive('frame-src')).toBe('frame-src http://127.0.0.1:3210 http://127.0.0.1:4211');
      expect(directive('connect-src')).toBe("connect-src 'self' http://127.0.0.1:3210");
      expect(directive('form-action')).toBe("form-action 'self'");
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
