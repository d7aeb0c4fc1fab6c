import { describe, expect, it } from 'vitest';
import { THREE_DS_NONCE, makeApp } from './helpers.js';

/*
 * The Vault on the sandbox's JSON server API (docs/CONTRACTS.md "Sandbox server API"), with Braintree's semantics
 * (Braintree "Vault", "Recurring transactions").
 */
/** The JSON answers, as far as these tests read them. */
interface Tx {
  id: string;
  status: string;
  paymentMethodToken: string;
  customerId: string;
  processorResponseText: string;
}
interface Method {
  token: string;
  default: boolean;
  decline: unknown;
}
interface Body {
  transaction: Tx;
  error: { code: string; message: string };
  paymentMethod: Method;
  customers: unknown[];
  customer: { id: string; email: string };
}
type Answer = { status: number; body: Body };

const email = () => `parent-${Math.random().toString(36).slice(2, 10)}@example.com`;

function setup() {
  const sandbox = makeApp();
  const { app, post } = sandbox;
  const json = async (response: Response): Promise<Answer> => ({
    status: response.status,
    body: (await response.json()) as Body,
  });
  const charge = (body: Record<string, unknown>): Promise<Answer> => sandbox.charge(body);
  /** The first sale: a 3DS-authenticated card, vaulted (storeInVault) under a new customer. */
  const firstSale = async (payer = email(), nonce = THREE_DS_NONCE) =>
    charge({
      paymentMethodNonce: nonce,
      storeInVault: true,
      customer: { email: payer, firstName: 'Jane', lastName: 'Doe' },
      options: { submitForSettlement: true },
    });
  const renewal = (paymentMethodToken: string, extra: object = {}) =>
    sandbox.charge({
      paymentMethodToken,
      transactionSource: 'recurring',
      options: { submitForSettlement: true },
      ...extra,
    });
  const get = async (path: string) => json(await app.request(path));
  const del = async (path: string) => app.request(path, { method: 'DELETE' });
  const postJson = async (path: string, body: unknown) => json(await post(path, body));
  return { ...sandbox, charge, firstSale, renewal, get, del, postJson };
}

describe('sandbox server API: the Vault and renewals', () => {
  it('Braintree "Vault": storeInVault on a successful sale answers paymentMethodToken and customerId; a declined sale vaults nothing', async () => {
    const { firstSale, charge, get } = setup();
    const payer = email();
    const { status, body } = await firstSale(payer);
    expect(status).toBe(200);
    expect(body.transaction).toMatchObject({
      status: 'submitted_for_settlement',
      paymentMethodToken: expect.stringMatching(/^[a-z0-9]{7}$/),
      customerId: expect.stringMatching(/^\d+$/),
      customer: { email: payer },
      recurring: false,
    });
    const method = await get(`/v1/payment_methods/${body.transaction.paymentMethodToken}`);
    expect(method.body.paymentMethod).toMatchObject({
      token: body.transaction.paymentMethodToken,
      customerId: body.transaction.customerId,
      default: true,
      paymentInstrumentType: 'credit_card',
      creditCard: { cardType: 'Visa', last4: '0002' },
    });
    const declined = await charge({ paymentMethodNonce: THREE_DS_NONCE, storeInVault: true, amount: '2001.00' });
    expect(declined.body.transaction.status).toBe('processor_declined');
    expect(declined.body.transaction.paymentMethodToken).toBeUndefined();
  });

  it('Braintree "Recurring transactions": a renewal on the token with transactionSource recurring asks no 3DS and carries the customer; a customer-initiated token sale without 3DS is refused three_d_secure', async () => {
    const { firstSale, renewal, charge } = setup();
    const payer = email();
    const first = (await firstSale(payer)).body.transaction;
    const { status, body } = await renewal(first.paymentMethodToken);
    expect(status).toBe(200);
    expect(body.transaction).toMatchObject({
      status: 'submitted_for_settlement',
      transactionSource: 'recurring',
      recurring: true,
      paymentMethodToken: first.paymentMethodToken,
      customerId: first.customerId,
      customer: { email: payer, firstName: 'Jane' },
    });
    expect(body.transaction.threeDSecureInfo).toBeUndefined();
    const customerInitiated = await charge({ paymentMethodToken: first.paymentMethodToken });
    expect(customerInitiated.body.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
  });

  it('Braintree rules: unknown token 91518, invalid transactionSource 915133, one-time PayPal 82902, single_use Venmo refused; nonce and token together are 400', async () => {
    const { renewal, charge, firstSale, app } = setup();
    expect((await renewal('nosuchtoken')).body.error).toEqual({
      code: '91518',
      message: 'Payment method token is invalid.',
    });
    const token = (await firstSale()).body.transaction.paymentMethodToken;
    expect((await renewal(token, { transactionSource: 'weekly' })).body.error.code).toBe('915133');
    const paypal = await charge({ paymentMethodNonce: 'fake-paypal-one-time-nonce', storeInVault: true });
    expect(paypal).toMatchObject({ status: 422, body: { error: { code: '82902' } } });
    const venmoNonce = (
      (await (await app.request('/v1/wallets/venmo/approve?usage=single_use', { method: 'POST' })).json()) as {
        nonce: string;
      }
    ).nonce;
    const venmo = await charge({ paymentMethodNonce: venmoNonce, storeInVault: true });
    expect(venmo.body.error.code).toBe('sandbox_venmo_single_use');
    expect((await charge({ paymentMethodNonce: venmoNonce })).status).toBe(200);
    expect((await charge({ paymentMethodNonce: 'fake-valid-nonce', paymentMethodToken: token })).status).toBe(400);
  });

  it('Braintree "Vault": POST /v1/payment_methods saves a 3DS-verified nonce as the new default; GET and DELETE; refusals as paymentMethod.create', async () => {
    const { firstSale, postJson, get, del, tokenize } = setup();
    const first = (await firstSale()).body.transaction;
    const created = await postJson('/v1/payment_methods', {
      customerId: first.customerId,
      paymentMethodNonce: THREE_DS_NONCE,
      makeDefault: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.paymentMethod).toMatchObject({
      customerId: first.customerId,
      default: true,
      creditCard: { last4: '0002' },
    });
    expect((await get(`/v1/payment_methods/${first.paymentMethodToken}`)).body.paymentMethod.default).toBe(false);
    const nonce = (await tokenize('4111111111111111')).body.creditCards[0].nonce as string;
    await postJson('/v1/payment_methods', { customerId: first.customerId, paymentMethodNonce: nonce });
    const reused = await postJson('/v1/payment_methods', { customerId: first.customerId, paymentMethodNonce: nonce });
    expect(reused).toMatchObject({ status: 422, body: { error: { code: '91731' } } });
    const unknown = await postJson('/v1/payment_methods', { customerId: 'nobody', paymentMethodNonce: THREE_DS_NONCE });
    expect(unknown.body.error.code).toBe('93105');
    const paypal = await postJson('/v1/payment_methods', {
      customerId: first.customerId,
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
    });
    expect(paypal.body.error.code).toBe('82902');
    expect((await del(`/v1/payment_methods/${created.body.paymentMethod.token}`)).status).toBe(204);
    expect((await get(`/v1/payment_methods/${created.body.paymentMethod.token}`)).status).toBe(404);
    expect((await get(`/v1/payment_methods/${first.paymentMethodToken}`)).body.paymentMethod.default).toBe(true);
  });

  it('Braintree "Customer: Create": POST /v1/customers files a customer that payment methods can be saved under', async () => {
    const { postJson } = setup();
    const made = (await postJson('/v1/customers', {
      email: 'new@example.com',
      firstName: 'Ana',
      lastName: 'Ruiz',
    })) as {
      status: number;
      body: { customer: { id: string; email: string } };
    };
    expect(made.status).toBe(201);
    expect(made.body.customer).toMatchObject({ email: 'new@example.com' });
    const saved = await postJson('/v1/payment_methods', {
      customerId: made.body.customer.id,
      paymentMethodNonce: THREE_DS_NONCE,
      makeDefault: true,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.paymentMethod).toMatchObject({ customerId: made.body.customer.id, default: true });
    expect((await postJson('/v1/customers', { nickname: 'x' })).status).toBe(400);
  });

  it('control panel: GET /sandbox/customers?email= finds the token; decline (default 2004 "Expired Card", or a given Braintree code) until approve; an unknown code is 400', async () => {
    const { firstSale, renewal, get, postJson } = setup();
    const payer = email();
    const first = (await firstSale(payer)).body.transaction;
    const { body } = await get(`/sandbox/customers?email=${encodeURIComponent(payer.toUpperCase())}`);
    expect(body.customers).toEqual([
      expect.objectContaining({
        id: first.customerId,
        email: payer,
        paymentMethods: [
          expect.objectContaining({
            token: first.paymentMethodToken,
            type: 'credit_card',
            brand: 'Visa',
            last4: '0002',
            default: true,
            decline: null,
          }),
        ],
      }),
    ]);
    const token = first.paymentMethodToken;
    expect((await postJson(`/sandbox/payment-methods/${token}/decline`, {})).body.paymentMethod.decline).toEqual({
      processorResponseCode: '2004',
      processorResponseText: 'Expired Card',
    });
    expect((await renewal(token)).body.transaction).toMatchObject({
      status: 'processor_declined',
      processorResponseCode: '2004',
      processorResponseText: 'Expired Card',
    });
    await postJson(`/sandbox/payment-methods/${token}/decline`, { processorResponseCode: '2001' });
    expect((await renewal(token)).body.transaction.processorResponseText).toBe('Insufficient Funds');
    expect(
      (await postJson(`/sandbox/payment-methods/${token}/decline`, { processorResponseCode: '2999' })).status,
    ).toBe(400);
    expect((await postJson('/sandbox/payment-methods/nosuch/decline', {})).status).toBe(404);
    await postJson(`/sandbox/payment-methods/${token}/approve`, {});
    expect((await renewal(token)).body.transaction.status).toBe('submitted_for_settlement');
  });
});
