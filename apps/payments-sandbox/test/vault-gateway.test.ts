import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { KEY, gatewayAt } from './helpers.js';

/*
 * The Vault and merchant-initiated sales through the real braintree SDK 3.40 (customer_gateway.js,
 * payment_method_gateway.js, transaction_gateway.js). The SDK's answers are typed loosely (@types/braintree lags).
 */
interface Errors {
  deepErrors(): { code: string }[];
  for(name: string): Errors | undefined;
  on(name: string): { code: string }[] | undefined;
}
interface Method {
  token: string;
  customerId: string;
  default: boolean;
  last4?: string;
  constructor: { name: string };
}
interface Tx {
  id: string;
  status: string;
  recurring: boolean;
  currencyIsoCode: string;
  processorResponseCode: string;
  processorResponseText: string;
  customer: { id: string | null; email: string | null; firstName: string | null };
  creditCard: { token?: string };
  paypalAccount: { token?: string };
  venmoAccount?: { token?: string };
  applePayCard: { token?: string };
}
interface Result {
  success: boolean;
  message: string;
  errors: Errors;
  transaction: Tx;
  paymentMethod: Method;
  customer: { id: string };
}
interface Customer {
  id: string;
  email: string;
  paymentMethods: Method[];
  creditCards?: Method[];
}
interface Sdk {
  transaction: {
    sale(request: object): Promise<Result>;
    search(fn: (s: { customerEmail(): { is(v: string): void } }) => void): AsyncIterable<Tx>;
  };
  customer: { create(request: object): Promise<Result>; find(id: string): Promise<Customer> };
  paymentMethod: {
    create(request: object): Promise<Result>;
    find(token: string): Promise<Method>;
    update(token: string, request: object): Promise<Result>;
    delete(token: string): Promise<unknown>;
  };
}

let sandbox: RunningSandbox;
let gateway: Sdk;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: ['http://localhost:3000'] });
  gateway = gatewayAt(sandbox.port) as Sdk;
});
afterAll(async () => {
  await sandbox.close();
});

const email = () => `parent-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function cardNonce(number = '4111111111111111'): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authorization: KEY, creditCard: { number, expirationDate: '12/30', cvv: '123' } }),
  });
  return ((await response.json()) as { creditCards: [{ nonce: string }] }).creditCards[0].nonce;
}

async function walletNonce(wallet: 'paypal' | 'venmo', usage: string): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/wallets/${wallet}/approve?usage=${usage}`, { method: 'POST' });
  return ((await response.json()) as { nonce: string }).nonce;
}

/** The first sale of a subscription: vaulted under a new customer (Braintree "Vault": storeInVaultOnSuccess). */
function firstSale(paymentMethodNonce: string, payer: string, extra: object = {}) {
  return gateway.transaction.sale({
    amount: '120.00',
    paymentMethodNonce,
    orderId: `first-${payer}`,
    customer: { firstName: 'Jane', lastName: 'Doe', email: payer },
    options: { submitForSettlement: true, storeInVaultOnSuccess: true },
    ...extra,
  });
}

const renewal = (paymentMethodToken: string, extra: object = {}) =>
  gateway.transaction.sale({
    amount: '120.00',
    paymentMethodToken,
    transactionSource: 'recurring',
    orderId: `renewal-${Math.random()}`,
    options: { submitForSettlement: true },
    ...extra,
  });

describe('Braintree Vault on the XML gateway (real braintree SDK)', () => {
  it('Braintree "Vault": storeInVaultOnSuccess vaults the card under a new customer — transaction.customer.id, creditCard.token; customer.find lists it as default', async () => {
    const payer = email();
    const result = await firstSale(await cardNonce(), payer);
    expect(result.success).toBe(true);
    const { customer, creditCard } = result.transaction;
    expect(customer).toMatchObject({ email: payer, firstName: 'Jane' });
    expect(customer.id).toMatch(/\d+/);
    expect(creditCard.token).toMatch(/^[a-z0-9]{7}$/);
    const found = await gateway.customer.find(customer.id!);
    expect(found.email).toBe(payer);
    expect(found.paymentMethods).toHaveLength(1);
    expect(found.creditCards?.[0]).toMatchObject({ token: creditCard.token, default: true, last4: '1111' });
  });

  it('Braintree "Vault": wallets keep a token on their instrument — PayPal billing agreement, multi_use Venmo, Apple Pay', async () => {
    const paypal = await firstSale(await walletNonce('paypal', 'vault'), email());
    expect(paypal.transaction.paypalAccount.token).toMatch(/^[a-z0-9]{7}$/);
    const venmo = await firstSale(await walletNonce('venmo', 'multi_use'), email());
    expect(venmo.transaction.venmoAccount?.token).toMatch(/^[a-z0-9]{7}$/);
    const applePay = await firstSale('fake-apple-pay-visa-nonce', email());
    expect(applePay.transaction.applePayCard.token).toMatch(/^[a-z0-9]{7}$/);
    const method = await gateway.paymentMethod.find(applePay.transaction.applePayCard.token!);
    expect(method.constructor.name).toBe('ApplePayCard');
  });

  it('Braintree rule: a one-time PayPal (checkout flow) nonce is refused 82902 and a single_use Venmo nonce likewise — nothing charged, the nonce kept', async () => {
    const oneTime = await walletNonce('paypal', 'checkout');
    const paypal = await firstSale(oneTime, email());
    expect(paypal.success).toBe(false);
    expect(paypal.errors.for('transaction')?.for('paypalAccount')?.on('base')?.[0]?.code).toBe('82902');
    expect((await gateway.transaction.sale({ amount: '1.00', paymentMethodNonce: oneTime })).success).toBe(true);
    const venmo = await firstSale(await walletNonce('venmo', 'single_use'), email());
    expect(venmo.errors.deepErrors().map((e) => e.code)).toEqual(['sandbox_venmo_single_use']);
  });

  it('Braintree "Recurring transactions": a renewal on the token with transactionSource recurring needs no 3DS, is recurring, carries the customer and the merchant account currency; search by e-mail finds both sales', async () => {
    const payer = email();
    const first = await firstSale(await cardNonce(), payer, { merchantAccountId: 'ofw_gbp' });
    const token = first.transaction.creditCard.token!;
    const result = await renewal(token, { merchantAccountId: 'ofw_gbp' });
    expect(result.success).toBe(true);
    expect(result.transaction).toMatchObject({
      status: 'submitted_for_settlement',
      recurring: true,
      currencyIsoCode: 'GBP',
      customer: { id: first.transaction.customer.id, email: payer, firstName: 'Jane' },
      creditCard: { token },
    });
    expect(first.transaction.recurring).toBe(false);
    const found: Tx[] = [];
    for await (const t of gateway.transaction.search((s) => s.customerEmail().is(payer))) found.push(t);
    expect(found.map((t) => t.id)).toEqual([first.transaction.id, result.transaction.id]);
  });

  it('Braintree "Recurring transactions": a merchant-initiated sale is not soft-declined for authentication (the card that asks for 3DS sells), a customer-initiated one on the token is (2099)', async () => {
    const created = await gateway.customer.create({
      email: email(),
      paymentMethodNonce: await cardNonce('4000000000002099'),
    });
    const found = await gateway.customer.find(created.customer.id);
    const token = found.paymentMethods[0]!.token;
    expect((await renewal(token)).transaction.status).toBe('submitted_for_settlement');
    const customerInitiated = await gateway.transaction.sale({ amount: '10.00', paymentMethodToken: token });
    expect(customerInitiated.transaction).toMatchObject({
      status: 'processor_declined',
      processorResponseCode: '2099',
    });
  });

  it('Braintree rules: an unknown token is 91518; transactionSource must be one of Braintree’s (915133); moto and unscheduled are not recurring', async () => {
    const unknown = await renewal('nosuchtoken');
    expect(unknown.errors.for('transaction')?.on('paymentMethodToken')?.[0]?.code).toBe('91518');
    expect(unknown.message).toBe('Payment method token is invalid.');
    const first = await firstSale('fake-valid-nonce', email());
    const token = first.transaction.creditCard.token!;
    const invalid = await renewal(token, { transactionSource: 'invalid_value' });
    expect(invalid.errors.for('transaction')?.on('transactionSource')?.[0]?.code).toBe('915133');
    for (const source of ['moto', 'unscheduled'])
      expect((await renewal(token, { transactionSource: source })).transaction.recurring).toBe(false);
    expect((await renewal(token, { transactionSource: 'recurring_first' })).transaction.recurring).toBe(true);
  });

  it('Braintree "Vault": paymentMethod.create with a 3DS-verified nonce and makeDefault becomes the default; find, update, delete', async () => {
    const first = await firstSale(await cardNonce(), email());
    const customerId = first.transaction.customer.id!;
    const created = await gateway.paymentMethod.create({
      customerId,
      paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
      options: { makeDefault: true, verifyCard: true },
    });
    expect(created.success).toBe(true);
    expect(created.paymentMethod).toMatchObject({ customerId, default: true });
    const newToken = created.paymentMethod.token;
    expect((await gateway.paymentMethod.find(first.transaction.creditCard.token!)).default).toBe(false);
    expect((await gateway.customer.find(customerId)).paymentMethods.map((m) => m.token)[0]).toBe(newToken);
    const back = await gateway.paymentMethod.update(first.transaction.creditCard.token!, {
      options: { makeDefault: true },
    });
    expect(back.paymentMethod.default).toBe(true);
    await gateway.paymentMethod.delete(newToken);
    await expect(gateway.paymentMethod.find(newToken)).rejects.toMatchObject({ type: 'notFoundError' });
    await expect(gateway.paymentMethod.delete(newToken)).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('Braintree rules on paymentMethod.create: used card nonce 91731, one-time PayPal 82902 (paypalAccount.base), unknown customer 93105, declined verification not vaulted', async () => {
    const customerId = (await gateway.customer.create({ email: email() })).customer.id;
    const nonce = await cardNonce();
    expect((await gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce })).success).toBe(true);
    const reused = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: nonce });
    expect(reused.errors.for('creditCard')?.on('paymentMethodNonce')?.[0]?.code).toBe('91731');
    const paypal = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-paypal-one-time-nonce' });
    expect(paypal.errors.for('paypalAccount')?.on('base')?.[0]?.code).toBe('82902');
    const nobody = await gateway.paymentMethod.create({ customerId: 'nobody', paymentMethodNonce: 'fake-valid-nonce' });
    expect(nobody.errors.for('paymentMethod')?.on('customerId')?.[0]?.code).toBe('93105');
    const declined = await gateway.paymentMethod.create({
      customerId,
      paymentMethodNonce: await cardNonce('4000111111111115'),
      options: { verifyCard: true },
    });
    expect(declined.success).toBe(false);
    expect((await gateway.customer.find(customerId)).paymentMethods).toHaveLength(1);
  });

  it('control panel: POST /sandbox/payment-methods/{token}/decline makes renewals processor_declined 2004 "Expired Card" until /approve', async () => {
    const first = await firstSale('fake-valid-nonce', email());
    const token = first.transaction.creditCard.token!;
    const post = (path: string, body?: object) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : '',
      });
    expect((await post(`/sandbox/payment-methods/${token}/decline`)).status).toBe(200);
    const declined = await renewal(token);
    expect(declined.success).toBe(false);
    expect(declined.message).toBe('Expired Card');
    expect(declined.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2004' });
    expect((await post(`/sandbox/payment-methods/${token}/approve`)).status).toBe(200);
    expect((await renewal(token)).success).toBe(true);
  });
});
