import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('issue 4: /api/v1/openapi.json is OpenAPI 3.1 covering every DESIGN §4 endpoint, generated from the zod schemas', async () => {
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
    const expected: [string, string][] = [
      ['/countries', 'get'],
      ['/join/countries', 'get'],
      ['/packages', 'get'],
      ['/phone/canadian', 'get'],
      ['/signups', 'post'],
      ['/coupons', 'get'],
      ['/parents/{userId}', 'get'],
      ['/parents/{userId}/pricing-group', 'get'],
      ['/experiments', 'get'],
      ['/parents/{userId}/terms', 'put'],
      ['/payments/config', 'get'],
      ['/orders', 'post'],
      ['/parents/{userId}/credentials', 'put'],
      ['/parents/{userId}/security-questions', 'put'],
      ['/security-questions', 'get'],
      ['/invites/check', 'get'],
      ['/invites/family', 'get'],
      ['/invites/coupons', 'get'],
      ['/invites/experiments', 'get'],
    ];
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
      expect.arrayContaining(['proratedPriceInfo', 'creditAmount']),
    );
    expect(Object.keys(ok('/packages', 'get', '200').properties)).toEqual(
      expect.arrayContaining(['packages', 'byo', 'upgradeOptions']),
    );
  });

  it('unknown API routes answer a problem, not HTML', async () => {
    const res = await t.call('nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
