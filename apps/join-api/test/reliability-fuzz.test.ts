import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signup, startFakeSandbox, testApp, type FakeSandbox, type TestApp } from './helpers.js';
import { reliabilityFigures } from './reliability-figures.js';

/*
 * reliability, beside fuzz.test.ts: fuzzed web paths, headers and body sizes. The cases run and the 5xx answers are
 * reliability figures (reliability-figures.ts; bench/reliability.mjs prints them).
 */
const figures = reliabilityFigures('web-fuzz');

describe('fuzzed web paths, headers and body sizes never answer 5xx', () => {
  let t!: TestApp;
  let sandbox!: FakeSandbox;
  let webDist!: string;
  let auth!: { authToken: string; userId: number };
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    sandbox = await startFakeSandbox();
    t = await testApp({
      sandboxUrl: sandbox.url,
      env: { WEB_DIST: webDist, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100000' },
    });
    auth = await signup(t);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));
  const segment = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{0,16}$/),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
    fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', '%ZZ', '%', '%E0%A4%A', '%C3%28', 'index.html', '~'),
  );
  const prefix = fc.constantFrom(
    '',
    '/join',
    '/join/pro',
    '/invite',
    '/assets',
    '/ofw/home.form',
    '/healthz',
    '/api/v1',
    '/api/v1/parents',
    '/api/v1/orders',
    '/api/v1/signups',
    '/api/v1/invites',
    '/api/v1/packages',
  );
  const webPath = fc.oneof(
    fc.tuple(prefix, fc.array(segment, { maxLength: 4 })).map(([p, segs]) => `${p}/${segs.join('/')}`),
    fc.webPath(),
  );
  const query = fc.oneof(
    fc.constant(''),
    printable(60).map((q) => `?${q.replace(/#/g, '')}`),
  );
  const headerNames = [
    'accept-language',
    'content-type',
    'cookie',
    'authorization',
    'x-forwarded-for',
    'accept-encoding',
    'origin',
    'idempotency-key',
    'x-request-id',
    'if-none-match',
    'range',
    'accept',
  ] as const;
  const headerValue = fc.oneof(
    printable(120),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'multipart/form-data; boundary=x',
      'gzip, br',
      'bytes=0-1,5-',
      'null',
    ),
  );
  const headers = fc.dictionary(fc.constantFrom(...headerNames), headerValue, { maxKeys: 6 });
  /** Body sizes around the 64 KiB API limit and well beyond it. */
  const bodySize = fc.constantFrom(0, 1, 1_000, 65_535, 65_536, 65_537, 200_000, 1_000_000);
  const body = fc
    .tuple(bodySize, fc.constantFrom('json', 'junk'))
    .map(([n, kind]) =>
      n === 0 ? undefined : kind === 'json' ? JSON.stringify({ pad: 'x'.repeat(Math.max(0, n - 10)) }) : 'z'.repeat(n),
    );
  const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

  it('2 000 generated requests to web and API paths with odd headers and bodies up to 1 MB: no 5xx', async () => {
    let cases = 0;
    let fivexx = 0;
    await fc.assert(
      fc.asyncProperty(method, webPath, query, headers, body, fc.boolean(), async (m, p, q, h, b, signedIn) => {
        cases++;
        const init: RequestInit = { method: m, headers: new Headers(h) };
        if (signedIn && !h.authorization) (init.headers as Headers).set('authorization', `Bearer ${auth.authToken}`);
        if (b !== undefined && m !== 'GET' && m !== 'HEAD') init.body = b;
        const res = await t.app.request(`${p.startsWith('/') ? p : `/${p}`}${q}`, init);
        await res.arrayBuffer();
        if (res.status >= 500) fivexx++;
        expect([m, p, q, res.status]).toEqual([m, p, q, expect.any(Number)]);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 2_000 },
    );
    figures.webFuzzCases = cases;
    figures.webFuzz5xx = fivexx;
    expect(t.logs.lines.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  }, 240_000);
});
