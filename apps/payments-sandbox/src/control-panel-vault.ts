/**
 * The control panel's Vault (test-only, like the rest of `/sandbox/*`): find a parent's vaulted payment methods by
 * e-mail, and make a vaulted payment method's issuer decline — what a renewal meets when the card expired or the
 * account ran dry (Braintree "Processor responses": a merchant-initiated sale on a stored card declined `2004` "Expired
 * Card", `2001` "Insufficient Funds", …) — until it is approved again.
 *
 * - `POST /sandbox/payment-methods/{token}/decline` `{ processorResponseCode?: "2004" }` → every later sale on the token
 *   (either API, a nonce made from it included) is `processor_declined` with that code and Braintree's text;
 * - `POST /sandbox/payment-methods/{token}/approve` → sales on it follow the usual rules again;
 * - `GET /sandbox/customers?email=` → the customers with that e-mail (case-insensitive; every customer without it),
 *   each with its payment methods, the default first.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { DECLINE_TEXTS } from './cards.js';
import { instrumentType } from './gateway/transactions.js';
import type { SandboxStore, VaultedPaymentMethod } from './store.js';

const DeclineBody = z
  .object({
    processorResponseCode: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
  })
  .strict();

/** The default decline: 2004 "Expired Card", the renewal's usual hard decline. */
const DEFAULT_DECLINE = 2004;

async function declineBody(c: Context): Promise<z.infer<typeof DeclineBody> | undefined> {
  const text = await c.req.text();
  try {
    const parsed = DeclineBody.safeParse(text.trim() === '' ? {} : JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Registers the control panel's Vault routes. */
export function registerVaultControls(app: Hono, { store }: { store: SandboxStore }): void {
  const methodView = (m: VaultedPaymentMethod) => {
    const code = store.vault.declineFor(m.token);
    return {
      token: m.token,
      customerId: m.customerId,
      type: instrumentType(m.card),
      brand: m.card.cardType,
      last4: m.card.lastFour,
      ...(m.card.email ? { payerEmail: m.card.email } : {}),
      ...(m.card.username ? { username: m.card.username.replace(/^@/, '') } : {}),
      default: store.vault.isDefault(m),
      decline:
        code === undefined ? null : { processorResponseCode: String(code), processorResponseText: DECLINE_TEXTS[code] },
      createdAt: m.createdAt,
    };
  };
  const notFound = (c: Context) =>
    c.json({ error: { code: 'not_found', message: `No payment method ${c.req.param('token')}` } }, 404);

  app.post('/sandbox/payment-methods/:token/decline', async (c) => {
    const method = store.vault.get(c.req.param('token'));
    if (!method) return notFound(c);
    const body = await declineBody(c);
    const code = Number(body?.processorResponseCode ?? DEFAULT_DECLINE);
    if (!body || DECLINE_TEXTS[code] === undefined) {
      const codes = Object.keys(DECLINE_TEXTS).join(', ');
      const message = `body: { processorResponseCode?: one of Braintree's processor decline codes (${codes}) }`;
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    store.vault.decline(method.token, code);
    return c.json({ paymentMethod: methodView(method) });
  });

  app.post('/sandbox/payment-methods/:token/approve', (c) => {
    const method = store.vault.get(c.req.param('token'));
    if (!method) return notFound(c);
    store.vault.approve(method.token);
    return c.json({ paymentMethod: methodView(method) });
  });

  app.get('/sandbox/customers', (c) => {
    const customers = store.vault.findCustomers(c.req.query('email')).map((customer) => ({
      id: customer.id,
      email: customer.email ?? null,
      firstName: customer.firstName ?? null,
      lastName: customer.lastName ?? null,
      createdAt: customer.createdAt,
      paymentMethods: store.vault.methodsOf(customer).map(methodView),
    }));
    return c.json({ customers });
  });
}
