/**
 * The Vault on the server API (docs/CONTRACTS.md "Sandbox server API"), the same rules as the XML gateway's
 * `paymentMethod.create` / `find` / `delete` (gateway/vault.ts; Braintree "Vault"): `POST /v1/payment_methods`
 * `{ customerId, paymentMethodNonce, makeDefault?, verifyCard? }`, `GET` and `DELETE /v1/payment_methods/{token}`,
 * and `POST /v1/customers` `{ email?, firstName?, lastName? }` → 201 `{ customer: { id, email, firstName, lastName } }`.
 * Refusals are 422 `{ error: { code, message } }` with Braintree's code (the first validation error), a declined
 * verification 422 `{ error, verification }`; an unknown token 404.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Faults } from './faults.js';
import { instrumentType } from './gateway/transactions.js';
import { createPaymentMethod } from './gateway/vault.js';
import { paymentMethodView } from './server-views.js';
import type { SandboxStore, VaultedPaymentMethod } from './store.js';

const CreateRequest = z
  .object({
    customerId: z.string().min(1).max(36),
    paymentMethodNonce: z.string().min(1).max(255),
    makeDefault: z.boolean().optional(),
    verifyCard: z.boolean().optional(),
  })
  .strict();

const CustomerRequest = z
  .object({
    email: z.string().min(1).max(255).optional(),
    firstName: z.string().max(255).optional(),
    lastName: z.string().max(255).optional(),
  })
  .strict();

const notFound = (c: Context, token: string) =>
  c.json({ error: { code: 'not_found', message: `No payment method ${token}` } }, 404);

/** Registers `/v1/payment_methods` (the caller checks the API key). */
export function registerServerVault(app: Hono, { store, faults }: { store: SandboxStore; faults: Faults }): void {
  const view = (method: VaultedPaymentMethod) => paymentMethodView(store, method, instrumentType(method.card));

  app.post('/v1/payment_methods', async (c) => {
    const parsed = CreateRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    const { customerId, paymentMethodNonce, makeDefault, verifyCard } = parsed.data;
    const customerEmail = store.vault.getCustomer(customerId)?.email;
    return faults.apply(c, { customerEmail }, () => {
      const result = createPaymentMethod(store, {
        customerId,
        paymentMethodNonce,
        options: { makeDefault, verifyCard },
      });
      if ('paymentMethod' in result) return c.json({ paymentMethod: view(result.paymentMethod) }, 201);
      if ('errors' in result) {
        const [first] = result.errors;
        return c.json({ error: { code: first?.code ?? 'invalid_request', message: first?.message ?? '' } }, 422);
      }
      const { status, processorResponseCode, processorResponseText, gatewayRejectionReason } = result.declined;
      return c.json(
        {
          error: { code: status, message: processorResponseText },
          verification: { status, processorResponseCode, processorResponseText, gatewayRejectionReason },
        },
        422,
      );
    });
  });

  // `customer.create` (Braintree "Customer: Create"): a vault customer to file payment methods under
  app.post('/v1/customers', async (c) => {
    const parsed = CustomerRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: { code: 'invalid_request', message: parsed.error.message } }, 400);
    const customer = store.vault.createCustomer(parsed.data);
    const { id, email, firstName, lastName } = customer;
    return c.json({ customer: { id, email, firstName, lastName } }, 201);
  });

  // `customer.delete` (Braintree "Customer: Delete"): the customer and its payment methods; 404 for an unknown id
  app.delete('/v1/customers/:id', (c) => {
    const customer = store.vault.getCustomer(c.req.param('id'));
    if (!customer) return notFound(c, c.req.param('id'));
    store.vault.deleteCustomer(customer);
    return c.body(null, 204);
  });

  app.get('/v1/payment_methods/:token', (c) => {
    const method = store.vault.get(c.req.param('token'));
    return method ? c.json({ paymentMethod: view(method) }) : notFound(c, c.req.param('token'));
  });

  app.delete('/v1/payment_methods/:token', (c) => {
    const method = store.vault.get(c.req.param('token'));
    if (!method) return notFound(c, c.req.param('token'));
    store.vault.delete(method);
    return c.body(null, 204);
  });
}
