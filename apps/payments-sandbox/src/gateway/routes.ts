/**
 * Braintree's XML gateway API under `/merchants/ofw_sandbox/…`, as the npm `braintree` SDK 3.40 calls it
 * (docs/CONTRACTS.md "Braintree gateway API (sandbox)"). Every call needs HTTP Basic auth with the sandbox's key pair
 * (401 → the SDK's AuthenticationError; an unknown merchant id in the path also answers 401, as braintree_node
 * merchant_account_gateway_spec expects for "nonexistantmerchant") and the `X-ApiVersion` header the SDK always
 * sends (config.js `apiVersion` "6"; without it 426 → the SDK's UpgradeRequired). Bodies are JSON with snake_case
 * keys (util.js `convertObjectKeysToUnderscores`); answers are XML (xml.ts).
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Faults, GatewayCall } from '../faults.js';
import type { SandboxStore, Transaction } from '../store.js';
import type { WebhookQueue } from '../webhooks.js';
import { ERRORS, errorResponseXml, gatewayError, type GatewayError } from './errors.js';
import { MERCHANT_ID, PRIVATE_KEY, PUBLIC_KEY, isMerchantAccount } from './merchant.js';
import { resolveNonce } from './nonces.js';
import { PAGE_SIZE, UnsupportedCriterion, searchSubject, searchTransactions } from './search.js';
import { basicCredentials, jsonBody, messageOf, xml } from './http.js';
import { SaleRequest, sale } from './sale.js';
import { disputeXml, nonceXml, transactionXml } from './serialize.js';
import {
  declineSettlement,
  refundTransaction,
  settleTransaction,
  voidTransaction,
  type SaleResult,
} from './transactions.js';
import { XmlArray, XmlCollection, toXml } from './xml.js';

/** Every gateway path starts so (`/merchants/ofw_sandbox/…`). */
export const BASE = '/merchants/:merchantId';
/** API versions the SDKs send (braintree_node config.js: "6"). */
const SUPPORTED_API_VERSIONS: ReadonlySet<string> = new Set(['4', '5', '6']);

/** A sale / void / refund / settle result: the transaction (201/200) or `<api-error-response>` (422). */
function transactionAnswer(
  c: Context,
  result: SaleResult,
  params: unknown,
  status: ContentfulStatusCode = 200,
): Response {
  if ('errors' in result) {
    return xml(c, errorResponseXml({ errors: result.errors, message: messageOf(result.errors), params }), 422);
  }
  const t = result.transaction;
  if (t.status === 'processor_declined' || t.status === 'failed' || t.status === 'gateway_rejected') {
    // a declined or rejected sale is an error result that carries the transaction (error_response.js)
    const message =
      t.status === 'gateway_rejected' ? `Gateway Rejected: ${t.gatewayRejectionReason ?? ''}` : t.processorResponseText;
    return xml(c, errorResponseXml({ message, params, transaction: transactionXml(t) }), 422);
  }
  return xml(c, toXml('transaction', transactionXml(t)), status);
}

/** What a search sees: every transaction past the simulated search lag (store.ts `Simulation.searchLagMs`). */
function searchable(store: SandboxStore): Transaction[] {
  return store.allTransactions().filter((t) => store.searchable(t));
}

function callOf(t: Transaction): GatewayCall {
  return { orderId: t.orderId || undefined, customerEmail: t.customer.email };
}

/** What the gateway routes use: the sandbox's state, its fault injection and its webhook queue. */
interface GatewayDeps {
  store: SandboxStore;
  faults: Faults;
  webhooks: WebhookQueue;
}

/**
 * Registers the XML gateway API. `testing.settle` / `testing.settlementDecline` also send `transaction_settled` /
 * `transaction_settlement_declined` through `webhooks` (Braintree sends these for ACH only; the sandbox for every
 * instrument, so that the product's handler can be exercised with cards).
 */
export function registerGateway(app: Hono, deps: GatewayDeps): void {
  requireCredentials(app);
  registerClientTokens(app, deps);
  registerNonceLookup(app, deps);
  registerSaleAndFind(app, deps);
  registerSearch(app, deps);
  registerTransactionOperations(app, deps);
  registerDisputeLookup(app, deps);
}

/** Basic auth with the sandbox's key pair, the merchant id of the path and a supported `X-ApiVersion` (module doc). */
function requireCredentials(app: Hono): void {
  app.use(`${BASE}/*`, async (c, next) => {
    if (c.req.path.startsWith(`/merchants/${MERCHANT_ID}/client_api/`)) return next();
    const credentials = basicCredentials(c.req.header('authorization'));
    if (!credentials || credentials[0] !== PUBLIC_KEY || credentials[1] !== PRIVATE_KEY) return c.body(null, 401);
    if (c.req.param('merchantId') !== MERCHANT_ID) return c.body(null, 401);
    if (!SUPPORTED_API_VERSIONS.has(c.req.header('x-apiversion') ?? '')) return c.body(null, 426);
    return next();
  });
}

/** clientToken.generate (client_token_gateway.js): `<client-token><value>…</value></client-token>`. */
function registerClientTokens(app: Hono, { store, faults }: GatewayDeps): void {
  app.post(`${BASE}/client_token`, async (c) => {
    const body = await jsonBody(c);
    const params = (body.clientToken ?? {}) as { merchantAccountId?: unknown; customerId?: unknown };
    return faults.apply(c, {}, () => {
      const errors: GatewayError[] = [];
      const merchantAccountId = typeof params.merchantAccountId === 'string' ? params.merchantAccountId : undefined;
      if (merchantAccountId !== undefined && !isMerchantAccount(merchantAccountId))
        errors.push(gatewayError(['clientToken'], 'merchant_account_id', ERRORS.clientTokenMerchantAccount));
      const customerId = typeof params.customerId === 'string' ? params.customerId : undefined;
      if (params.customerId !== undefined && !(customerId !== undefined && store.getCustomer(customerId)))
        errors.push(gatewayError(['clientToken'], 'customer_id', ERRORS.clientTokenCustomer));
      if (errors.length > 0) return xml(c, errorResponseXml({ errors, message: messageOf(errors), params: body }), 422);
      const value = store.clientTokens.issue(new URL(c.req.url).origin, { merchantAccountId });
      return xml(c, toXml('clientToken', { value }), 201);
    });
  });
}

/** paymentMethodNonce.find (payment_method_nonce_gateway.js): 404 for an unknown or expired nonce. */
function registerNonceLookup(app: Hono, { store, faults }: GatewayDeps): void {
  app.get(`${BASE}/payment_method_nonces/:nonce`, (c) =>
    faults.apply(c, {}, () => {
      const nonce = c.req.param('nonce');
      const resolved = resolveNonce(store, nonce);
      if (!resolved.ok) return c.body(null, 404);
      return xml(
        c,
        toXml(
          'paymentMethodNonce',
          nonceXml(nonce, resolved.card, { consumed: resolved.consumed, threeDSecureInfo: resolved.threeDSecureInfo }),
        ),
      );
    }),
  );
}

/** transaction.sale (transaction_gateway.js `create` with type sale) and transaction.find (404 for an unknown id). */
function registerSaleAndFind(app: Hono, { store, faults }: GatewayDeps): void {
  app.post(`${BASE}/transactions`, async (c) => {
    const body = await jsonBody(c);
    const parsed = SaleRequest.safeParse(body);
    if (!parsed.success) return c.body(null, 400);
    const request = parsed.data.transaction;
    return faults.apply(
      c,
      {
        sale: true,
        orderId: request.orderId,
        customerEmail: request.customer?.email ?? store.vault.emailOfToken(request.paymentMethodToken),
      },
      () => transactionAnswer(c, sale(store, request), body, 201),
    );
  });

  // transaction.find: 404 for an unknown id
  app.get(`${BASE}/transactions/:id`, (c) => {
    const transaction = store.getTransaction(c.req.param('id'));
    if (!transaction) return faults.apply(c, {}, () => c.body(null, 404));
    return faults.apply(c, callOf(transaction), () => xml(c, toXml('transaction', transactionXml(transaction))));
  });
}

/** transaction.search: the matching ids (step 1), then one page of transactions (step 2). */
function registerSearch(app: Hono, { store, faults }: GatewayDeps): void {
  // transaction.search, step 1: the matching ids
  app.post(`${BASE}/transactions/advanced_search_ids`, async (c) => {
    const criteria = ((await jsonBody(c)).search ?? {}) as Record<string, unknown>;
    return faults.apply(c, searchSubject(criteria), () => {
      try {
        const ids = searchTransactions(searchable(store), criteria).map((t) => t.id);
        return xml(c, toXml('searchResults', { pageSize: PAGE_SIZE, ids: new XmlArray('item', ids) }));
      } catch (error) {
        if (error instanceof UnsupportedCriterion) return c.body(null, 400);
        throw error;
      }
    });
  });

  // transaction.search, step 2: one page of transactions (criteria plus `ids`)
  app.post(`${BASE}/transactions/advanced_search`, async (c) => {
    const criteria = ((await jsonBody(c)).search ?? {}) as Record<string, unknown>;
    return faults.apply(c, searchSubject(criteria), () => {
      try {
        const found = searchTransactions(searchable(store), criteria).slice(0, PAGE_SIZE);
        return xml(
          c,
          toXml(
            'creditCardTransactions',
            new XmlCollection('transaction', found.map(transactionXml), {
              currentPageNumber: 1,
              pageSize: PAGE_SIZE,
              totalItems: found.length,
            }),
          ),
        );
      } catch (error) {
        if (error instanceof UnsupportedCriterion) return c.body(null, 400);
        throw error;
      }
    });
  });
}

/** transaction.void / refund, and the sandbox's testing.settle / testing.settlementDecline (with their webhooks). */
function registerTransactionOperations(app: Hono, { store, faults, webhooks }: GatewayDeps): void {
  const notified = (result: SaleResult, kind: 'transaction_settled' | 'transaction_settlement_declined') => {
    if ('transaction' in result) webhooks.sendTransaction(kind, result.transaction);
    return result;
  };

  const onTransaction =
    (operation: (transaction: Transaction, body: Record<string, unknown>) => SaleResult) => async (c: Context) => {
      const body = await jsonBody(c);
      const transaction = store.getTransaction(c.req.param('id') ?? '');
      if (!transaction) return faults.apply(c, {}, () => c.body(null, 404));
      return faults.apply(c, callOf(transaction), () => transactionAnswer(c, operation(transaction, body), body));
    };

  app.put(
    `${BASE}/transactions/:id/void`,
    onTransaction((t) => voidTransaction(store, t)),
  );
  app.put(
    `${BASE}/transactions/:id/settle`,
    onTransaction((t) => notified(settleTransaction(store, t), 'transaction_settled')),
  );
  app.put(
    `${BASE}/transactions/:id/settlement_decline`,
    onTransaction((t) => notified(declineSettlement(store, t), 'transaction_settlement_declined')),
  );

  app.post(
    `${BASE}/transactions/:id/refund`,
    onTransaction((t, body) =>
      refundTransaction(store, t, (body.transaction as { amount?: unknown } | undefined)?.amount),
    ),
  );
}

/** dispute.find (dispute_gateway.js): `<dispute>`, 404 for an unknown id. */
function registerDisputeLookup(app: Hono, { store, faults }: GatewayDeps): void {
  app.get(`${BASE}/disputes/:id`, (c) =>
    faults.apply(c, {}, () => {
      const dispute = store.getDispute(c.req.param('id'));
      return dispute ? xml(c, toXml('dispute', disputeXml(dispute))) : c.body(null, 404);
    }),
  );
}
