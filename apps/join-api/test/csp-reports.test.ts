import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterValue, testApp, type TestApp } from './helpers.js';

// The page's CSP reports its violations to join-api (csp.ts `report-uri` / `report-to`), Apple Pay's domain
// verification file is served from a setting, and a path with a file extension is never the SPA's index.html.

const CSP2_REPORT = {
  'csp-report': {
    'document-uri': 'https://join.example.com/join',
    'blocked-uri': 'https://songbird.cardinalcommerce.com/edge/v1/songbird.js',
    'effective-directive': 'script-src-elem',
    'violated-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'source-file': 'https://join.example.com/assets/app.js',
    'line-number': 12,
  },
};

const REPORTING_API_BATCH = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://join.example.com/join',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://join.example.com/join',
      blockedURL: 'https://acs.bank.example/challenge',
      effectiveDirective: 'frame-src',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', url: 'https://join.example.com/join', body: { id: 'x' } },
];

function post(t: TestApp, body: string, contentType: string, address = '203.0.113.7') {
  return t.call('csp-reports', { method: 'POST', body, headers: { 'content-type': contentType }, address });
}

describe('POST /api/v1/csp-reports: the browser reports CSP violations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(() => t.close());

  it('application/csp-report (report-uri): 204, logged with its fields, counted by effective directive', async () => {
    const res = await post(t, JSON.stringify(CSP2_REPORT), 'application/csp-report', '203.0.113.1');
    expect(res.status).toBe(204);
    expect(await counterValue(t.deps.metrics.cspViolationsTotal, { directive: 'script-src-elem' })).toBe(1);
    const line = t.logs.lines.find((l) => l.msg === 'csp violation');
    expect(line?.cspViolation).toMatchObject({
      blockedUrl: 'https://songbird.cardinalcommerce.com/edge/v1/songbird.js',
      directive: 'script-src-elem',
      lineNumber: 12,
    });
  });

  it('application/reports+json (report-to): each csp-violation of the batch counted, other report types ignored', async () => {
    const res = await post(t, JSON.stringify(REPORTING_API_BATCH), 'application/reports+json', '203.0.113.2');
    expect(res.status).toBe(204);
    expect(await counterValue(t.deps.metrics.cspViolationsTotal, { directive: 'frame-src' })).toBe(1);
  });

  it('a directive outside the known set is counted as other (the metric keeps few series)', async () => {
    const report = { 'csp-report': { ...CSP2_REPORT['csp-report'], 'effective-directive': 'made-up-directive' } };
    expect((await post(t, JSON.stringify(report), 'application/csp-report', '203.0.113.3')).status).toBe(204);
    expect(await counterValue(t.deps.metrics.cspViolationsTotal, { directive: 'other' })).toBe(1);
  });

  it('size-limited: a body over 16 KiB is refused 413 and counted nowhere', async () => {
    const before = await counterValue(t.deps.metrics.cspViolationsTotal);
    const big = JSON.stringify({ 'csp-report': { ...CSP2_REPORT['csp-report'], 'script-sample': 'x'.repeat(20_000) } });
    expect((await post(t, big, 'application/csp-report', '203.0.113.4')).status).toBe(413);
    expect(await counterValue(t.deps.metrics.cspViolationsTotal)).toBe(before);
  });

  it('another content type is 415, a body that is no report 400', async () => {
    expect((await post(t, JSON.stringify(CSP2_REPORT), 'application/json', '203.0.113.5')).status).toBe(415);
    expect((await post(t, '{"nope":1}', 'application/csp-report', '203.0.113.5')).status).toBe(400);
    expect((await post(t, 'not json', 'application/reports+json', '203.0.113.5')).status).toBe(400);
  });

  it('rate-limited per client address: past 60 reports a minute, 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await post(t, JSON.stringify(CSP2_REPORT), 'application/csp-report', '198.51.100.9')).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    // another address is not held back
    expect((await post(t, JSON.stringify(CSP2_REPORT), 'application/csp-report', '198.51.100.10')).status).toBe(204);
  });
});

describe('the web routes: Apple Pay domain association, unknown files, Reporting-Endpoints', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'join-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  const WELL_KNOWN = '/.well-known/apple-developer-merchantid-domain-association';

  it('GET the Apple Pay domain association: 404 when no setting names it', async () => {
    const t = await testApp({ env: { WEB_DIST: dist } });
    const res = await t.call(WELL_KNOWN);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('id="root"');
    await t.close();
  });

  it('GET the Apple Pay domain association: the content of APPLE_PAY_DOMAIN_ASSOCIATION, as text', async () => {
    const t = await testApp({ env: { WEB_DIST: dist, APPLE_PAY_DOMAIN_ASSOCIATION: '7B2270737022...' } });
    const res = await t.call(WELL_KNOWN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('7B2270737022...');
    await t.close();
  });

  it('GET the Apple Pay domain association: the file at APPLE_PAY_DOMAIN_ASSOCIATION_FILE', async () => {
    const file = path.join(dist, 'association.txt');
    fs.writeFileSync(file, 'from-a-file');
    const t = await testApp({ env: { WEB_DIST: dist, APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file } });
    expect(await (await t.call(WELL_KNOWN)).text()).toBe('from-a-file');
    await t.close();
  });

  it('an unknown path with a file extension is 404, not the SPA; a client route still gets index.html with Reporting-Endpoints', async () => {
    const t = await testApp({ env: { WEB_DIST: dist } });
    for (const p of ['/favicon.ico', '/robots.txt', '/wp-login.php', '/join/missing.js', '/.well-known/unknown.json']) {
      const res = await t.call(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('id="root"');
    }
    const page = await t.call('/join/pro');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    expect(page.headers.get('reporting-endpoints')).toBe('csp="/api/v1/csp-reports"');
    expect(page.headers.get('content-security-policy')).toContain('report-to csp');
    await t.close();
  });
});
