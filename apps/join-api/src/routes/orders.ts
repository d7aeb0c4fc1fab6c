import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IdempotencyKeySchema, OrderRequestSchema } from '@ofw/api-client';
import type { AppEnv } from '../context.js';
import { requireParent } from '../context.js';
import { HttpProblem } from '../lib/problem.js';
import { jsonBody } from '../lib/validate.js';
import { placeOrder } from '../orders.js';

export function orderRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/orders', async (c) => {
    const s = c.get('services');
    const user = await requireParent(c);
    const rawKey = c.req.header('idempotency-key');
    if (rawKey === undefined) {
      throw new HttpProblem(
        400,
        'idempotency_key_required',
        'Send an Idempotency-Key header (e.g. a UUID) with every order.',
        {
          errors: [{ field: 'header.Idempotency-Key', message: 'Required' }],
        },
      );
    }
    const key = IdempotencyKeySchema.safeParse(rawKey);
    if (!key.success) {
      throw new HttpProblem(400, 'validation_failed', 'The Idempotency-Key must be 8–255 visible ASCII characters.', {
        errors: [{ field: 'header.Idempotency-Key', message: 'Invalid format' }],
      });
    }
    const body = await jsonBody(c, OrderRequestSchema);
    const answer = await placeOrder(s, user, key.data, body);
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (answer.replayed) headers['idempotent-replayed'] = 'true';
    if (answer.status >= 400) headers['content-type'] = 'application/problem+json';
    else headers['content-type'] = 'application/json';
    return c.body(JSON.stringify(answer.body), answer.status as ContentfulStatusCode, headers);
  });
  return r;
}
