/**
 * The sandbox's own server API, what join-api's `sandbox` gateway driver calls (docs/CONTRACTS.md "Sandbox server
 * API"): client tokens, sales (server-sales.ts), lookups by order id, voids, refunds and the Vault (server-vault.ts). With an API key configured (`SANDBOX_API_KEY`)
 * every request needs `Authorization: Bearer <key>`; without it: 401 problem+json. (Braintree's XML gateway API, in
 * gateway/, checks its own Basic auth.)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Faults } from './faults.js';
import { ERRORS } from './gateway/errors.js';
import { UnsupportedCriterion, searchSubject, searchTransactions } from './gateway/search.js';
import { VOIDABLE, refundTransaction } from './gateway/transactions.js';
import { TransactionRequest, v1Sale } from './server-sales.js';
import { registerServerVault } from './server-vault.js';
import { v1View } from './server-views.js';
import { isSuccessful, type SandboxStore } from './store.js';

export { disputeView, v1View } from './server-views.js';

/** The paths of the server API (each needs the API key when one is configured). */
export const SERVER_API_PATHS = [
  '/v1/client_token',
  '/v1/transactions',
  '/v1/transactions/*',
  '/v1/payment_methods',
  '/v1/payment_methods/*',
  '/v1/customers',
  '/v1/customers/*',
] as const;

const ClientTokenRequest = z.object({
  merchantAccountId: z.string().min(1).max(255).optional(),
  customerId: z.string().min(1).max(36).optional(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Middleware refusing a request whose `Authorization` is not `Bearer <apiKey>`: 401 `application/problem+json`
 * (RFC 9457) with `WWW-Authenticate: Bearer`. The key is compared in constant time (as SHA-256 digests).
 */
export function requireApiKey(apiKey: string): MiddlewareHandler {
  const expected = digest(apiKey);
  return async (c, next) => {
    const presented = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (presented && timingSafeEqual(digest(presented), expected)) return next();
    c.header('WWW-Authenticate', 'Bearer realm="payments-sandbox"');
    return c.body(
      JSON.stringify({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'The sandbox server API needs the header Authorization: Bearer <SANDBOX_API_KEY>.',
      }),
      401,
      { 'Content-Type': 'application/problem+json' },
    );
  };
}

/**
 * Registers the server API: `POST /v1/client_token`, `POST /v1/transactions`, `GET /v1/transactions?orderId=`,
 * `GET /v1/transactions/:id`, `POST /v1/transactions/search` `{ criteria }`, `POST /v1/transactions/:id/void` and
 * `/refund` (amounts are decimal strings in major units, e.g. "216.00"). With `apiKey`, each
 * checks the key first ({@link requireApiKey}).
 */
export function registerServerApi(
  app: Hono,
  { store, faults, apiKey }: { store: SandboxStore; faults: Faults; apiKey?: string | undefined },
): void {
  if (apiKey !== undefined) {
    const check = requireApiKey(apiKey);
    for (const path of SERVER_API_PATHS) app.use(path, check);
  }

  registerServerVault(app, { store, faults });

  // Braintree's `gateway.clientToken.generate()`: a client token for one checkout (3D Secure needs one).
  app.post('/v1/client_token', async (c) => {
    const text = await c.req.text();
    const parsed = ClientTokenRequest.safeParse(text.trim() === '' ? {} : safeJson(text));
    if (!parsed.success) {
      return c.json({ error: { code: 'invalid_request', message: 'There was a problem with your request.' } }, 400);
    }
    return faults.apply(c, {}, () => {
      const clientToken = store.clientTokens.issue(new URL(c.req.url).origin, parsed.data);
      c.header('Cache-Control', 'no-store');
      return c.json({ clientToken });
    });
  });

  app.post('/v1/transactions', async (c) => {
    const parsed = TransactionRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json(
        {
          error: {
            code: 'invalid_request',
            message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          },
        },
        400,
      );
    }
    const request = parsed.data;
    return faults.apply(
      c,
      {
        sale: true,
        orderId: request.orderId,
        customerEmail: request.customer?.email ?? store.vault.emailOfToken(request.paymentMethodToken),
      },
      () => {
        const result = v1Sale(store, request);
        if ('error' in result)
          return c.json({ error: { code: result.error.code, message: result.error.message } }, 422);
        return c.json({ transaction: v1View(store, result.transaction) });
      },
    );
  });

  app.get('/v1/transactions', (c) => {
    const orderId = c.req.query('orderId');
    if (!orderId) return c.json({ error: { code: 'invalid_request', message: 'orderId is required' } }, 400);
    return faults.apply(c, { orderId }, () => {
      // a search: it lags behind new sales as the gateway's does (store.ts `Simulation.searchLagMs`)
      const list = store.transactionsFor(orderId).filter((t) => t.type === 'sale' && store.searchable(t));
      const transaction = list.find(isSuccessful) ?? list.at(-1);
      if (!transaction)
        return c.json({ error: { code: 'not_found', message: `No transaction for order ${orderId}` } }, 404);
      return c.json({ transaction: v1View(store, transaction), transactions: list.map((t) => v1View(store, t)) });
    });
  });

  // One transaction by id, at once (Braintree transaction.find: no search lag).
  app.get('/v1/transactions/:id', (c) => {
    const transaction = store.getTransaction(c.req.param('id'));
    if (!transaction)
      return c.json({ error: { code: 'not_found', message: `No transaction ${c.req.param('id')}` } }, 404);
    return faults.apply(c, { orderId: transaction.orderId }, () => c.json({ transaction: v1View(store, transaction) }));
  });
  registerTransactionOperations(app, { store, faults });
}

/** `POST /v1/transactions/search`, `/v1/transactions/{id}/void` and `/refund` (the caller checks the API key). */
function registerTransactionOperations(app: Hono, { store, faults }: { store: SandboxStore; faults: Faults }): void {
  // Braintree's transaction.search with the gateway's criteria language (gateway/search.ts), camelCase: sales and
  // credits, oldest first, behind the search lag; an unknown criterion is 400, never ignored.
  app.post('/v1/transactions/search', async (c) => {
    const body = (await c.req.json().catch(() => undefined)) as { criteria?: unknown } | undefined;
    const criteria = body?.criteria;
    if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria))
      return c.json({ error: { code: 'invalid_request', message: 'criteria must be an object' } }, 400);
    const record = criteria as Record<string, unknown>;
    return faults.apply(c, searchSubject(record), () => {
      try {
        const found = searchTransactions(
          store.allTransactions().filter((t) => store.searchable(t)),
          record,
        );
        return c.json({ transactions: found.map((t) => v1View(store, t)) });
      } catch (error) {
        if (error instanceof UnsupportedCriterion)
          return c.json({ error: { code: 'invalid_request', message: error.message } }, 400);
        throw error;
      }
    });
  });

  // Voids an authorized / submitted_for_settlement sale (Braintree transaction.void; 91504 otherwise).
  app.post('/v1/transactions/:id/void', (c) => {
    const transaction = store.getTransaction(c.req.param('id'));
    if (!transaction)
      return c.json({ error: { code: 'not_found', message: `No transaction ${c.req.param('id')}` } }, 404);
    return faults.apply(c, { orderId: transaction.orderId }, () => {
      if (!VOIDABLE.has(transaction.status)) {
        return c.json({ error: ERRORS.cannotBeVoided }, 422);
      }
      store.setStatus(transaction, 'voided');
      return c.json({ transaction: v1View(store, transaction) });
    });
  });

  // Refunds a settling / settled sale in full (Braintree transaction.refund: 91506 unless settled, 91512 when already
  // refunded); the refund is a `credit` transaction with the sale's orderId, never listed among the order's sales.
  app.post('/v1/transactions/:id/refund', (c) => {
    const transaction = store.getTransaction(c.req.param('id'));
    if (!transaction || transaction.type !== 'sale')
      return c.json({ error: { code: 'not_found', message: `No sale ${c.req.param('id')}` } }, 404);
    return faults.apply(c, { orderId: transaction.orderId }, () => {
      const result = refundTransaction(store, transaction, undefined);
      if ('errors' in result) {
        const first = result.errors[0]!;
        return c.json({ error: { code: first.code, message: first.message } }, 422);
      }
      return c.json({ transaction: v1View(store, result.transaction) });
    });
  });
}
