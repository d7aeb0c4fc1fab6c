/**
 * The Vault on the XML gateway (Braintree "Vault"), as braintree_node calls it: `customer.create` (POST /customers),
 * `customer.find` (GET /customers/{id}), `customer.delete` (DELETE /customers/{id}), `paymentMethod.create` (POST /payment_methods), `paymentMethod.find` /
 * `update` / `delete` (GET / PUT / DELETE /payment_methods/any/{token}: customer_gateway.js, payment_method_gateway.js)
 * and `paymentMethodNonce.create` (POST /payment_methods/{token}/nonces). Unknown ids and tokens are 404 (the SDK's
 * NotFoundError); registered after routes.ts, so its auth and API-version checks apply.
 */
import type { Context, Hono } from 'hono';
import type { Faults } from '../faults.js';
import type { SandboxStore } from '../store.js';
import { errorResponseXml, type GatewayError } from './errors.js';
import { jsonBody, messageOf, xml } from './http.js';
import { BASE } from './routes.js';
import { customerXml, nonceXml, paymentMethodXml } from './serialize.js';
import {
  CustomerRequest,
  PaymentMethodRequest,
  createCustomer,
  createPaymentMethod,
  updatePaymentMethod,
  type Declined,
} from './vault.js';
import { toXml } from './xml.js';

/** 422 `<api-error-response>` with validation errors, or with the failed verification of a declined card. */
function refusal(c: Context, result: { errors: GatewayError[] } | Declined, params: unknown): Response {
  if ('errors' in result)
    return xml(c, errorResponseXml({ errors: result.errors, message: messageOf(result.errors), params }), 422);
  const verification = {
    status: result.declined.status,
    processorResponseCode: result.declined.processorResponseCode || null,
    processorResponseText: result.declined.processorResponseText,
    gatewayRejectionReason: result.declined.gatewayRejectionReason ?? null,
    creditCard: { bin: result.card.bin, last4: result.card.lastFour, cardType: result.card.cardType },
  };
  const message =
    result.declined.status === 'gateway_rejected'
      ? `Gateway Rejected: ${result.declined.gatewayRejectionReason ?? ''}`
      : result.declined.processorResponseText;
  return xml(c, errorResponseXml({ message, params, verification }), 422);
}

/** Registers the Vault's gateway calls. */
export function registerVaultGateway(app: Hono, { store, faults }: { store: SandboxStore; faults: Faults }): void {
  const method = (c: Context) => store.vault.get(c.req.param('token') ?? '');
  const methodAnswer = (c: Context, token: string, status: 200 | 201 = 200) => {
    const found = store.vault.get(token);
    if (!found) return c.body(null, 404);
    const [root, body] = paymentMethodXml(found, store);
    return xml(c, toXml(root, body), status);
  };

  // paymentMethodNonce.create: a new single-use nonce for a vaulted payment method (404 for an unknown token)
  app.post(`${BASE}/payment_methods/:token/nonces`, (c) =>
    faults.apply(c, {}, () => {
      const found = method(c);
      if (!found) return c.body(null, 404);
      const nonce = store.createNonce(found.card, 'tokencc_sb_vault', found.token);
      return xml(c, toXml('paymentMethodNonce', nonceXml(nonce, found.card, { consumed: false })), 201);
    }),
  );

  app.post(`${BASE}/customers`, async (c) => {
    const body = await jsonBody(c);
    const parsed = CustomerRequest.safeParse(body);
    if (!parsed.success) return c.body(null, 400);
    return faults.apply(c, { customerEmail: parsed.data.customer.email }, () => {
      const result = createCustomer(store, parsed.data.customer);
      if (!('customer' in result)) return refusal(c, result, body);
      return xml(c, toXml('customer', customerXml(result.customer, store)), 201);
    });
  });

  app.get(`${BASE}/customers/:id`, (c) => {
    const customer = store.vault.getCustomer(c.req.param('id'));
    return faults.apply(c, { customerEmail: customer?.email }, () =>
      customer ? xml(c, toXml('customer', customerXml(customer, store))) : c.body(null, 404),
    );
  });

  // `customer.delete` (braintree_node customer_gateway.js: DELETE …/customers/{id}): 200 with no body, as Braintree
  // answers; the SDK's http.js takes only 200, 201 and 422 as answers (a 204 would be its UnexpectedError), 404 unknown
  app.delete(`${BASE}/customers/:id`, (c) => {
    const customer = store.vault.getCustomer(c.req.param('id'));
    return faults.apply(c, { customerEmail: customer?.email }, () => {
      if (!customer) return c.body(null, 404);
      store.vault.deleteCustomer(customer);
      return c.body(null, 200);
    });
  });

  app.post(`${BASE}/payment_methods`, async (c) => {
    const body = await jsonBody(c);
    const parsed = PaymentMethodRequest.safeParse(body);
    if (!parsed.success) return c.body(null, 400);
    return faults.apply(c, {}, () => {
      const result = createPaymentMethod(store, parsed.data.paymentMethod);
      if (!('paymentMethod' in result)) return refusal(c, result, body);
      return methodAnswer(c, result.paymentMethod.token, 201);
    });
  });

  app.get(`${BASE}/payment_methods/any/:token`, (c) =>
    faults.apply(c, {}, () => methodAnswer(c, c.req.param('token'))),
  );

  app.put(`${BASE}/payment_methods/any/:token`, async (c) => {
    const body = await jsonBody(c);
    const parsed = PaymentMethodRequest.safeParse(body);
    if (!parsed.success) return c.body(null, 400);
    return faults.apply(c, {}, () => {
      const found = method(c);
      if (!found) return c.body(null, 404);
      const result = updatePaymentMethod(store, found, parsed.data.paymentMethod);
      if (!('paymentMethod' in result)) return refusal(c, result, body);
      return methodAnswer(c, found.token);
    });
  });

  app.delete(`${BASE}/payment_methods/any/:token`, (c) =>
    faults.apply(c, {}, () => {
      const found = method(c);
      if (!found) return c.body(null, 404);
      store.vault.delete(found);
      return c.body(null, 200);
    }),
  );
}
