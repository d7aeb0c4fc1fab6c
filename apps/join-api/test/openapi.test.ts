import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({});
  });
  afterAll(() => t.close());

  it('issue 4: /api/v1/openapi.json is OpenAPI 3.1 covering every DESIGN §4 endpoint, generated from the zod schemas', async () => {
    const doc = (await (await t.call('openapi.json')).json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    expect(doc.openapi).toBe('3.1.0');
    const expected: [string, string][] = [
      ['/countries', 'get'], ['/join/countries', 'get'], ['/packages', 'get'], ['/phone/canadian', 'get'], ['/signups', 'post'],
      ['/coupons', 'get'], ['/parents/{userId}', 'get'], ['/parents/{userId}/pricing-group', 'get'], ['/experiments', 'get'],
      ['/parents/{userId}/terms', 'put'], ['/payments/config', 'get'], ['/orders', 'post'], ['/parents/{userId}/credentials', 'put'],
      ['/parents/{userId}/security-questions', 'put'], ['/security-questions', 'get'], ['/invites/check', 'get'], ['/invites/family', 'get'],
      ['/invites/coupons', 'get'], ['/invites/experiments', 'get'],
    ];
    for (const [p, m] of expected) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    const orderBody = doc.paths['/orders']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(orderBody.properties ?? {})).toEqual(expect.arrayContaining(['packageId', 'paymentMethodNonce', 'billingAddress']));
  });

  it('unknown API routes answer a problem, not HTML', async () => {
    const res = await t.call('nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
