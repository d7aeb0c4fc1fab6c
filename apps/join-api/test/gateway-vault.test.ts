import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { ChargeRequest, PaymentGateway, VaultedMethod } from '../src/gateway/types.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { braintreeDevEnv } from './helpers.js';

/*
 * The vault calls of both drivers against apps/payments-sandbox in-process (docs/RENEWAL.md): the `braintree` driver
 * on the real npm braintree SDK speaking the sandbox's gateway API, the `sandbox` driver on its server API. What
 * Braintree does is what both must do: "Vault" (storeInVaultOnSuccess, paymentMethod.create, customer.create) and
 * "Recurring transactions" (transactionSource recurring on a saved token, no 3D Secure).
 */

describe.each(['braintree', 'sandbox'] as const)('the vault through apps/payments-sandbox (%s driver)', (driver) => {
  let sandbox: RunningSandbox;
  let gateway: PaymentGateway;
  let n = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    gateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...braintreeDevEnv(sandbox.port, driver), SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: 5_000 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  /** A card nonce as the hosted fields and a frictionless 3D Secure lookup leave it. */
  const cardNonce = () => {
    const nonce = sandbox.store.createNonce({ ...VISA });
    sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
    return nonce;
  };
  const customer = () => ({
    firstName: 'Ida',
    lastName: 'Vault',
    email: `${driver}.vault.${++n}.${Date.now()}@example.com`,
  });
  const sale = (o: Partial<ChargeRequest> = {}): ChargeRequest => ({
    orderId: `ord_${driver}_${++n}`,
    amount: '216.00',
    currencyCode: 'USD',
    paymentMethodNonce: cardNonce(),
    customer: customer(),
    billingAddress: {
      streetAddress: '1 Main St',
      locality: 'Austin',
      region: 'TX',
      postalCode: '78701',
      countryCodeAlpha2: 'US',
    },
    ...o,
  });
  const firstSale = async (): Promise<{ vaulted: VaultedMethod; email: string }> => {
    const req = sale({ vault: { customerId: null } });
    const r = await gateway.charge(req);
    if (r.outcome !== 'approved' || !r.vaulted) throw new Error(`first sale not vaulted: ${JSON.stringify(r)}`);
    return { vaulted: r.vaulted, email: req.customer.email };
  };
  const renewal = (token: string, email: string, orderId = `ord_${driver}_r${++n}`) =>
    gateway.chargeVaulted({
      orderId,
      amount: '216.00',
      currencyCode: 'USD',
      paymentMethodToken: token,
      customer: { firstName: 'Ida', lastName: 'Vault', email },
    });

  it('Braintree "Vault": the 3DS-authenticated first sale saves the card under a new customer; a sale without `vault` saves nothing', async () => {
    const { vaulted, email } = await firstSale();
    expect(vaulted).toMatchObject({ summary: { type: 'card', brand: 'Visa', last4: VISA.lastFour } });
    expect(vaulted.token).toMatch(/\w+/);
    const [owner] = sandbox.store.vault.findCustomers(email);
    expect(owner?.id).toBe(vaulted.customerId);
    const plain = await gateway.charge(sale());
    expect(plain).toMatchObject({ outcome: 'approved' });
    expect(plain.outcome === 'approved' && plain.vaulted).toBeFalsy();
  });

  it('a first sale whose answer was lost still names its saved method when found by its order id (Braintree transaction search)', async () => {
    const req = sale({ vault: { customerId: null } });
    const r = await gateway.charge(req);
    const [found] = await gateway.findByOrderId(req.orderId);
    expect(found).toMatchObject({ outcome: 'approved', vaulted: r.outcome === 'approved' ? r.vaulted : {} });
    expect(found?.outcome === 'approved' && found.vaulted?.token).toBeTruthy();
  });

  it('Braintree "Recurring transactions": a renewal sells the saved token as recurring, without 3D Secure, in the first sale\'s customer', async () => {
    const { vaulted, email } = await firstSale();
    const r = await renewal(vaulted.token, email);
    expect(r).toMatchObject({ outcome: 'approved', paymentMethod: { type: 'card', last4: VISA.lastFour } });
    const sold = sandbox.store.allTransactions().filter((t) => t.customer.email === email);
    expect(sold).toHaveLength(2);
    expect(sold[1]).toMatchObject({
      transactionSource: 'recurring',
      recurring: true,
      paymentMethodToken: vaulted.token,
    });
  });

  it('Braintree customer.delete (the erasure of a parent): the customer and its saved methods are gone; a second delete finds nothing', async () => {
    const { vaulted, email } = await firstSale();
    expect(await gateway.deleteCustomer(vaulted.customerId)).toBe('deleted');
    expect(sandbox.store.vault.getCustomer(vaulted.customerId)).toBeUndefined();
    expect(await renewal(vaulted.token, email)).toMatchObject({
      outcome: 'gateway_rejected',
      processorResponseCode: '91518',
    });
    expect(await gateway.deleteCustomer(vaulted.customerId)).toBe('not_found');
  });

  it('a renewal on a card the bank now declines (control panel, 2004 "Expired Card") is a processor decline; an unknown token is refused (91518)', async () => {
    const { vaulted, email } = await firstSale();
    const res = await fetch(`${sandbox.url}/sandbox/payment-methods/${vaulted.token}/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.ok).toBe(true);
    expect(await renewal(vaulted.token, email)).toMatchObject({
      outcome: 'processor_declined',
      processorResponseCode: '2004',
    });
    expect(await renewal('no-such-token', email)).toMatchObject({
      outcome: 'gateway_rejected',
      processorResponseCode: '91518',
    });
  });

  it('Braintree "Vault": a new card is saved as the customer\'s default (a customer made first when there is none); a used nonce and a one-time PayPal account are refused', async () => {
    const { vaulted } = await firstSale();
    const who = customer();
    const nonce = cardNonce();
    const saved = await gateway.savePaymentMethod({
      customerId: vaulted.customerId,
      customer: who,
      paymentMethodNonce: nonce,
    });
    expect(saved).toMatchObject({
      outcome: 'saved',
      vaulted: { customerId: vaulted.customerId, summary: { type: 'card' } },
    });
    expect(saved.outcome === 'saved' && saved.vaulted.token).not.toBe(vaulted.token);
    const fresh = await gateway.savePaymentMethod({ customerId: null, customer: who, paymentMethodNonce: cardNonce() });
    expect(fresh.outcome).toBe('saved');
    expect(fresh.outcome === 'saved' && sandbox.store.vault.findCustomers(who.email).map((c) => c.id)).toContain(
      fresh.outcome === 'saved' ? fresh.vaulted.customerId : '',
    );
    expect(
      await gateway.savePaymentMethod({ customerId: vaulted.customerId, customer: who, paymentMethodNonce: nonce }),
    ).toMatchObject({
      outcome: 'refused',
      reason: 'consumed',
    });
    expect(
      await gateway.savePaymentMethod({
        customerId: vaulted.customerId,
        customer: who,
        paymentMethodNonce: 'fake-paypal-one-time-nonce',
      }),
    ).toMatchObject({ outcome: 'refused', reason: 'not_vaultable' });
  });

  it('Braintree "Vault": a one-time PayPal nonce cannot be saved by the first sale either — nothing is charged', async () => {
    const r = await gateway.charge(
      sale({ paymentMethodNonce: 'fake-paypal-one-time-nonce', vault: { customerId: null } }),
    );
    expect(r.outcome).not.toBe('approved');
  });
});
