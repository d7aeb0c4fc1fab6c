/**
 * The sandbox's own server API, what join-api's `sandbox` gateway driver calls (docs/CONTRACTS.md "Sandbox server
 * API"): client tokens, sales, lookups by order id and voids. With an API key configured (`SANDBOX_API_KEY`)
 * every request needs `Authorization: Bearer <key>`; without it: 401 problem+json. (Braintree's XML gateway API, in
 * gateway/, checks its own Basic auth.)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { APPROVED, NONCE_ERRORS, gatewayRejected, type StoredCard } from './cards.js';
import type { Faults } from './faults.js';
import { ERRORS } from './gateway/errors.js';
import { consumeNonce, resolveNonce } from './gateway/nonces.js';
import {
  VOIDABLE,
  duplicateOf,
  instrumentType,
  refundTransaction,
  saleOutcome,
  serverApiThreeDSecureRequired,
} from './gateway/transactions.js';
import { UnsupportedCriterion, searchSubject, searchTransactions } from './gateway/search.js';
import { venmoUsername } from './gateway/serialize.js';
import { isSuccessful, randomId, type Dispute, type SandboxStore, type Transaction } from './store.js';

/** The paths of the server API (each needs the API key when one is configured). */
export const SERVER_API_PATHS = ['/v1/client_token', '/v1/transactions', '/v1/transactions/*'] as const;

/**
 * A wallet transaction's account, under the names braintree_node's `Transaction` gives them (`paypalAccount`
 * `payerEmail`, `venmoAccount` `username` — Braintree's, without the @ braintree-web adds —, `applePayCard` `cardType`
 * and `last4`), as the gateway XML has them (`<paypal>`, `<venmo-account>`, `<apple-pay>`, gateway/serialize.ts).
 */
function walletView(card: StoredCard) {
  if (card.kind === 'PayPalAccount') return { paypalAccount: { payerEmail: card.email ?? null } };
  if (card.kind === 'VenmoAccount') return { venmoAccount: { username: venmoUsername(card) } };
  if (card.kind === 'ApplePayCard') return { applePayCard: { cardType: card.cardType, last4: card.lastFour } };
  return {};
}

/**
 * The sandbox server API's view of a transaction (docs/CONTRACTS.md "Sandbox server API"), under braintree_node
 * `Transaction` names: a sale's `refunds` are its credit transactions (`{ id, amount, status }`, oldest first), its
 * `disputes` its chargebacks; `statusHistory` is `[{ status, timestamp, amount }]`, oldest first.
 */
export function v1View(store: SandboxStore, t: Transaction) {
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    processorResponseCode: t.processorResponseCode,
    processorResponseText: t.processorResponseText,
    ...(t.gatewayRejectionReason ? { gatewayRejectionReason: t.gatewayRejectionReason } : {}),
    refundIds: t.refundIds,
    ...(t.refundedTransactionId ? { refundedTransactionId: t.refundedTransactionId } : {}),
    refunds: t.refundIds.flatMap((id) => {
      const refund = store.getTransaction(id);
      return refund ? [{ id: refund.id, amount: refund.amount, status: refund.status }] : [];
    }),
    disputes: t.disputes.map(disputeView),
    statusHistory: t.statusHistory,
    merchantAccountId: t.merchantAccountId,
    creditCard: t.creditCard,
    ...walletView(t.instrument),
    ...(t.threeDSecureInfo ? { threeDSecureInfo: t.threeDSecureInfo } : {}),
    paymentInstrumentType: t.paymentInstrumentType,
    amount: t.amount,
    currencyCode: t.currencyCode,
    orderId: t.orderId,
    paymentMethodNonce: t.paymentMethodNonce,
    deviceDataCaptured: t.deviceDataCaptured,
    createdAt: t.createdAt,
  };
}

/** A dispute as the server API shows it (braintree_node dispute.js names; dates `YYYY-MM-DD`). */
export function disputeView(d: Dispute) {
  return {
    id: d.id,
    transactionId: d.transactionId,
    status: d.status,
    amount: d.amount,
    currencyCode: d.currencyCode,
    reason: d.reason,
    kind: d.kind,
    receivedDate: d.receivedDate,
    replyByDate: d.replyByDate,
    dateOpened: d.dateOpened,
    ...(d.dateWon ? { dateWon: d.dateWon } : {}),
    statusHistory: d.statusHistory,
  };
}

const TransactionRequest = z.object({
  paymentMethodNonce: z.string().min(1).max(255),
  amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'amount must be a decimal string with 2 decimals, e.g. "216.00"'),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  orderId: z.string().min(1).max(255),
  deviceData: z.string().max(10_000).optional(),
  /** The payer, as Braintree's `transaction.customer` (support and tests search by the email). */
  customer: z
    .object({
      email: z.string().max(255).optional(),
      firstName: z.string().max(255).optional(),
      lastName: z.string().max(255).optional(),
    })
    .optional(),
  options: z.object({ submitForSettlement: z.boolean().optional() }).optional(),
});

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

function amountMinor(amount: string): number {
  const [whole, fraction] = amount.split('.');
  return Number(whole) * 100 + Number(fraction);
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
    return faults.apply(c, { sale: true, orderId: request.orderId, customerEmail: request.customer?.email }, () => {
      // no deduplication (DESIGN.md §5): every POST is a new transaction and consumes its nonce, as on Braintree
      const resolved = resolveNonce(store, request.paymentMethodNonce);
      if (!resolved.ok) return c.json({ error: NONCE_ERRORS[resolved.reason] }, 422);
      if (resolved.consumed) return c.json({ error: NONCE_ERRORS.consumed }, 422);
      const { card, threeDSecureInfo } = resolved;
      const minor = amountMinor(request.amount);
      if (minor <= 0) return c.json({ error: { code: '81531', message: 'Amount must be greater than zero.' } }, 422);
      consumeNonce(store, request.paymentMethodNonce, resolved);
      // DESIGN.md §5 "3D Secure policy", applied here as join-api's braintree driver applies it with Braintree
      const required = serverApiThreeDSecureRequired(card, threeDSecureInfo);
      const repeated = duplicateOf(store, {
        card,
        amount: request.amount,
        merchantAccountId: '',
        currencyCode: request.currencyCode,
      });
      let outcome = repeated ? gatewayRejected('duplicate') : saleOutcome(card, minor, threeDSecureInfo, required);
      if (outcome === APPROVED && request.options?.submitForSettlement)
        outcome = { ...APPROVED, status: 'submitted_for_settlement' };
      const now = store.nowIso();
      const transaction: Transaction = {
        id: randomId(8),
        type: 'sale',
        orderId: request.orderId,
        amount: request.amount,
        currencyCode: request.currencyCode,
        merchantAccountId: '',
        paymentMethodNonce: request.paymentMethodNonce,
        paymentInstrumentType: instrumentType(card),
        instrument: card,
        ...outcome,
        creditCard: { cardType: card.cardType, last4: card.lastFour, bin: card.bin },
        threeDSecureInfo,
        customer: { ...request.customer },
        deviceDataCaptured: Boolean(request.deviceData),
        refundIds: [],
        disputes: [],
        statusHistory: [{ status: outcome.status, timestamp: now, amount: request.amount }],
        createdAt: now,
        updatedAt: now,
      };
      store.addTransaction(transaction);
      return c.json({ transaction: v1View(store, transaction) });
    });
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
