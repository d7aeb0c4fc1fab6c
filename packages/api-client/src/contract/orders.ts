/*
 * The order and payment operations of join-api's contract (docs/CONTRACTS.md "HTTP API"); `contract`
 * (../contract.ts) holds them with the other areas.
 */
import {
  ExperimentsResponseSchema,
  OrderRequestSchema,
  OrderResponseSchema,
  PaymentsConfigQuerySchema,
  PaymentsConfigSchema,
  IdempotencyKeySchema,
} from '../schemas.js';
import type { Operation } from './operation.js';

/** Orders and payments: experiments, the payments config and `POST /orders` (§5, §7). */
export const paymentOperations = {
  getExperiments: {
    method: 'GET',
    path: '/experiments',
    summary: 'Experiments of the parent (§3, §7)',
    auth: 'parent',
    response: { status: 200, schema: ExperimentsResponseSchema },
    problems: [401],
  },
  getPaymentsConfig: {
    method: 'GET',
    path: '/payments/config',
    summary: 'Payment provider authorization and wallet flags',
    description:
      'authorization is a client token issued for this request (Braintree clientToken.generate in the merchant account of the currency, or the sandbox POST /v1/client_token); 3D Secure needs one and runs in that currency. When the gateway cannot issue one the answer is 503 payment_gateway_unavailable with Retry-After.',
    auth: 'parent',
    query: PaymentsConfigQuerySchema,
    response: { status: 200, schema: PaymentsConfigSchema },
    problems: [400, 401, 429, 503],
  },
  createOrder: {
    method: 'POST',
    path: '/orders',
    summary: 'Pay for a package: re-priced by the server, charged once per Idempotency-Key',
    description:
      "A parent with a current subscription can only upgrade: the server charges the prorated price (as GET /packages shows it), ends the old subscription and starts the new one in one transaction, and answers purchaseFlow 'upgrade'; the package already held answers 409 order_already_paid; any other package that is not an upgrade (a downgrade, a shorter term) answers 409 not_an_upgrade. A package priced in another currency than the parent's country's answers 422 currency_not_offered. The parent's address must be proven first (403 email_unverified, docs/IDENTITY.md), and another account proven at the same address must not hold a current subscription or a payment in progress (409 already_subscribed: sign in to it instead). The bank's soft decline asking for 3D Secure (processor response 2099) answers 402 authentication_required: the key stays open for ONE retry with the same body but a new paymentMethodNonce (and deviceData), authenticated with a challenge; a replay of the first request answers the same 402, a second 2099 is a final 402 processor_declined, any other body 422 idempotency_key_reused. expectedCharge is what the page showed (the Pay button and the 3D Secure amount): when the server's quote for the order differs (a coupon switched off, a pricing-group change, a proration day boundary) the answer is 409 price_changed with the new quote, and nothing is charged or stored under the Idempotency-Key (the same key may be sent again with the confirmed amount).",
    auth: 'parent',
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'Same key for every retry of one payment attempt (8–255 visible ASCII characters, e.g. a UUID)',
        schema: IdempotencyKeySchema,
      },
    ],
    body: OrderRequestSchema,
    response: { status: 201, schema: OrderResponseSchema },
    problems: [400, 401, 402, 403, 409, 415, 422, 429, 503],
  },
} as const satisfies Record<string, Operation>;
