import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, contract, ProblemCodeSchema, type Operation } from '@ofw/api-client';
import { honoPath } from '../src/lib/operation.js';
import { openApiDocument } from '../src/openapi.js';
import { testApp, type TestApp } from './helpers.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('/api/v1/openapi.json is OpenAPI 3.1 covering every docs/CONTRACTS.md "HTTP API" endpoint, generated from the zod schemas', async () => {
    const doc = (await (await t.call('openapi.json')).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    // every operation of the contract table (not a list of its own that could fall behind it)
    const expected = Object.values(contract).map((op) => [op.path, op.method.toLowerCase()] as const);
    expect(expected).toHaveLength(Object.keys(contract).length);
    for (const [p, m] of expected) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    const orderBody = doc.paths['/orders']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(orderBody.properties ?? {})).toEqual(
      expect.arrayContaining(['packageId', 'paymentMethodNonce', 'billingAddress']),
    );
    // §4 purchase flow: the order answer names it; the packages answer carries the upgrade options.
    const ok = (p: string, m: string, status: string) =>
      (
        doc.paths[p]![m] as unknown as {
          responses: Record<
            string,
            {
              content: Record<
                string,
                {
                  schema: { properties: Record<string, { properties?: Record<string, unknown> }>; required?: string[] };
                }
              >;
            }
          >;
        }
      ).responses[status]!.content['application/json']!.schema;
    const orderOk = ok('/orders', 'post', '201');
    expect(orderOk.required).toContain('purchaseFlow');
    expect(orderOk.properties.purchaseFlow).toMatchObject({ enum: ['purchase', 'upgrade'] });
    expect(Object.keys(orderOk.properties.receipt!.properties!)).toEqual(
      expect.arrayContaining(['proratedPriceInfo', 'creditAmount', 'paymentMethod']),
    );
    expect(Object.keys(ok('/packages', 'get', '200').properties)).toEqual(
      expect.arrayContaining(['packages', 'byo', 'upgradeOptions']),
    );
  });

  it('docs/CONTRACTS.md "HTTP API": a required header the contract declares with a schema is refused by operation() with a catalogued code', () => {
    for (const [id, op] of Object.entries(contract) as [string, Operation][])
      for (const h of op.headers ?? [])
        if (h.schema && h.required)
          expect(ProblemCodeSchema.options, `${id} ${h.name}`).toContain(
            `${h.name.toLowerCase().replace(/-/g, '_')}_required`,
          );
  });

  it('unknown API routes answer a problem, not HTML', async () => {
    const res = await t.call('nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('the routes are the contract table: every operation registered at its method and path, no other API route', () => {
    const registered = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    for (const [id, op] of Object.entries(contract))
      expect(registered.has(`${op.method} ${API_PREFIX}${honoPath(op.path)}`), id).toBe(true);
    // Besides the contract: the document itself, the benchmark's hello-world (not part of the API) and Braintree's
    // webhook endpoint, whose body is Braintree's own (bt_signature, bt_payload), verified by the SDK, never a client's;
    // and the CSP report endpoint, whose body is the browser's own report (csp.ts `report-uri` / `report-to`).
    const meta = new Set([
      `GET ${API_PREFIX}/openapi.json`,
      `GET ${API_PREFIX}/hello`,
      `POST ${API_PREFIX}/webhooks/braintree`,
      `POST ${API_PREFIX}/csp-reports`,
    ]);
    const inTable = new Set(Object.values(contract).map((op) => `${op.method} ${API_PREFIX}${honoPath(op.path)}`));
    const extra = [...registered].filter((r) => r.includes(` ${API_PREFIX}/`) && !inTable.has(r) && !meta.has(r));
    expect(extra).toEqual([]);
  });

  it('the document comes from the contract table: one operation per entry, operationId = its key', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>;
    };
    const operations = Object.values(doc.paths).flatMap((item) => Object.entries(item));
    expect(operations).toHaveLength(Object.keys(contract).length);
    for (const [id, op] of Object.entries(contract)) {
      const documented = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(documented?.operationId, id).toBe(id);
      expect(documented?.security, id).toEqual(op.auth === 'none' ? [] : expect.any(Array));
    }
  });
});

describe('the OpenAPI document as another team consumes it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ofw-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('redocly lint (recommended rules) reports no error and no warning', async () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const { stdout } = await run(
      process.execPath,
      [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((e: { stdout: string }) => e);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('openapi-typescript generates types from it that compile, and a client snippet type-checks with them', async () => {
    const types = astToString(await openapiTS(JSON.stringify(openApiDocument())));
    writeFileSync(path.join(dir, 'api.d.ts'), types);
    writeFileSync(
      path.join(dir, 'usage.ts'),
      [
        "import type { operations, paths } from './api';",
        "type Signup = paths['/signups']['post']['requestBody']['content']['application/json'];",
        "const body: Signup = { flow: 'join', languageLocale: 'en-US', address: { country: 'US' },",
        "  parent: { firstName: 'Pat', lastName: 'Parent', email: 'pat@example.com', phoneCountryCode: '+1',",
        "    phoneNumber: '2065550123', timeZone: 'America/New_York' } };",
        "type Order = operations['createOrder']['responses'][201]['content']['application/json'];",
        "const flow: Order['purchaseFlow'] = 'upgrade';",
        "type Problem = operations['createOrder']['responses'][402]['content']['application/problem+json'];",
        "const code: Problem['code'] = 'processor_declined';",
        'export const used = [body, flow, code];',
        '',
      ].join('\n'),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    // the consumer's own compile: only these files and flags (TypeScript 6 refuses files on the command line beside
    // the package's tsconfig.json unless told to ignore it)
    const args = [
      '--ignoreConfig',
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--skipLibCheck',
      'false',
    ];
    const result = await run(process.execPath, [
      tsc,
      ...args,
      path.join(dir, 'api.d.ts'),
      path.join(dir, 'usage.ts'),
    ]).catch((e: { stdout: string }) => e);
    expect(result.stdout).toBe('');
  }, 60_000);
});
