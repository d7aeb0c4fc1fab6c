import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { KEY } from './helpers.js';

/*
 * The SDK's answers, typed loosely: @types/braintree 3.4 lags the 3.40 SDK (no TransactionSearch export, no nonce
 * `consumed`, `customerId` required on creditCard…). The calls below are the SDK's real ones.
 */
interface Tx {
  id: string;
  status: string;
  amount: string;
  gatewayRejectionReason?: string | null;
  threeDSecureInfo?: { liabilityShifted: boolean; status: string };
  creditCard: { token?: string };
  refundIds: string[];
  paymentInstrumentType: string;
  customer: { email?: string };
  paypalAccount?: { payerEmail?: string };
  venmoAccount?: { username?: string };
  venmoAccountDetails?: { username?: string };
  applePayCard?: { cardType?: string; last4?: string };
}
interface Errors {
  deepErrors(): { code: string }[];
  for(name: string): Errors | undefined;
  on(name: string): { code: string }[] | undefined;
}
interface Result {
  success: boolean;
  message: string;
  errors: Errors;
  transaction: Tx;
  customer: {
    creditCards?: object[];
    paypalAccounts?: object[];
    venmoAccounts?: object[];
    paymentMethods?: { token: string }[];
  };
  clientToken: string;
  paymentMethodNonce: { nonce: string };
  verification?: { status: string };
}
interface Search {
  orderId(): { is(value: string): void };
  customerEmail(): { is(value: string): void };
}
interface Sdk {
  transaction: {
    sale(request: object): Promise<Result>;
    find(id: string): Promise<Tx>;
    void(id: string): Promise<Result>;
    refund(id: string, amount?: string): Promise<Result>;
    search(fn: (search: Search) => void): AsyncIterable<Tx>;
  };
  customer: { create(request: object): Promise<Result> };
  clientToken: { generate(request: object): Promise<Result> };
  paymentMethodNonce: {
    find(nonce: string): Promise<{
      type: string;
      consumed: boolean;
      details: object;
      binData: object;
      threeDSecureInfo?: object;
    }>;
    create(token: string): Promise<Result>;
  };
  testing: { settle(id: string): Promise<unknown> };
}

let sandbox: RunningSandbox;
let gateway: Sdk;

function gatewayWith(privateKey: string, merchantId = 'ofw_sandbox'): Sdk {
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment(
      '127.0.0.1',
      String(sandbox.port),
      'http://auth.venmo.dev:9292',
      false,
      'graphql.bt.local',
      '8080',
    ),
    merchantId,
    publicKey: 'sandbox_public_key',
    privateKey,
  }) as unknown as Sdk;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: ['http://localhost:3000'] });
  gateway = gatewayWith('sandbox_private_key');
});
afterAll(async () => {
  await sandbox.close();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** A single-use card nonce from the sandbox's hosted-field tokenization. */
async function cardNonce(number = '4111111111111111'): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authorization: KEY, creditCard: { number, expirationDate: '12/30', cvv: '123' } }),
  });
  const body = (await response.json()) as { creditCards: [{ nonce: string }] };
  return body.creditCards[0].nonce;
}

async function search(fn: (s: Search) => void): Promise<Tx[]> {
  const found: Tx[] = [];
  for await (const t of gateway.transaction.search(fn)) found.push(t);
  return found;
}

function codes(result: Result): string[] {
  return result.errors.deepErrors().map((e) => e.code);
}

async function addFault(body: unknown) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('Braintree gateway API (real braintree SDK 3.40 against the sandbox)', () => {
  it('Braintree rule: HTTP Basic auth on every call — a wrong private key is an AuthenticationError, so is an unknown merchant', async () => {
    await expect(gatewayWith('wrong').transaction.find('x')).rejects.toMatchObject({ type: 'authenticationError' });
    await expect(gatewayWith('sandbox_private_key', 'nope').clientToken.generate({})).rejects.toMatchObject({
      type: 'authenticationError',
    });
  });

  it('Braintree rule: X-ApiVersion is required (426 → UpgradeRequired without it)', async () => {
    const auth = Buffer.from('sandbox_public_key:sandbox_private_key').toString('base64');
    const response = await fetch(`${sandbox.url}/merchants/ofw_sandbox/transactions/x`, {
      headers: { authorization: `Basic ${auth}` },
    });
    expect(response.status).toBe(426);
  });

  it('clientToken.generate issues a sandbox client token recording the merchant account; an unknown account is 92807', async () => {
    const result = await gateway.clientToken.generate({ merchantAccountId: 'ofw_gbp' });
    expect(result.success).toBe(true);
    const token = JSON.parse(Buffer.from(result.clientToken, 'base64').toString('utf8')) as Record<string, string>;
    expect(token).toMatchObject({ merchantId: 'ofw_sandbox', merchantAccountId: 'ofw_gbp' });
    expect(sandbox.store.clientTokens.kindOf(result.clientToken)).toBe('clientToken');
    const bad = await gateway.clientToken.generate({ merchantAccountId: 'ofw_eur' });
    expect(bad.success).toBe(false);
    expect(codes(bad)).toEqual(['92807']);
  });

  it('Braintree rule: the currency is the merchant account’s — a sale in ofw_gbp is GBP; default account ofw_usd', async () => {
    const gbp = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_gbp',
    });
    expect(gbp.success).toBe(true);
    expect(gbp.transaction).toMatchObject({
      currencyIsoCode: 'GBP',
      merchantAccountId: 'ofw_gbp',
      status: 'authorized',
    });
    const usd = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(usd.transaction).toMatchObject({ currencyIsoCode: 'USD', merchantAccountId: 'ofw_usd' });
  });

  it('Braintree rule (Validation errors, Address): billing fields are optional — a GB sale with address line 2 (extendedAddress) and no region is sold and keeps them', async () => {
    const result = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_gbp',
      billing: {
        streetAddress: '1 High St',
        extendedAddress: 'Flat 2',
        locality: 'London',
        postalCode: 'SW1A 1AA',
        countryCodeAlpha2: 'GB',
      },
    });
    expect(result.success).toBe(true);
    const billing = (result.transaction as unknown as { billing: Record<string, unknown> }).billing;
    expect(billing).toMatchObject({ streetAddress: '1 High St', extendedAddress: 'Flat 2', postalCode: 'SW1A 1AA' });
    expect(billing.region ?? null).toBeNull();
  });

  it('Braintree rule (Validation errors, Address): 81804 extended address over 255, 81813 postal code characters, 81809 more than 9 letters or digits — nothing charged', async () => {
    const sale = (billing: object) =>
      gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', billing });
    const onBilling = (r: Result, field: string) =>
      r.errors
        .for('transaction')
        ?.for('billing')
        ?.on(field)
        ?.map((e) => e.code);
    const long = await sale({ streetAddress: '1 Main St', extendedAddress: 'x'.repeat(256) });
    expect(long.success).toBe(false);
    expect(onBilling(long, 'extendedAddress')).toEqual(['81804']);
    expect(onBilling(await sale({ postalCode: 'SW1A 1AA!' }), 'postalCode')).toEqual(['81813']);
    expect(onBilling(await sale({ postalCode: '12345-67890' }), 'postalCode')).toEqual(['81809']);
    expect((await sale({ postalCode: '12345-6789', extendedAddress: 'x'.repeat(255) })).success).toBe(true);
  });

  it('Braintree rule: an unknown merchantAccountId is validation error 91513', async () => {
    const result = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      merchantAccountId: 'ofw_eur',
    });
    expect(result.success).toBe(false);
    expect(result.errors.for('transaction')?.on('merchantAccountId')?.[0]?.code).toBe('91513');
  });

  it('Braintree rule: a nonce is single-use — 91564 on reuse, also after customer.create vaulted it', async () => {
    const nonce = await cardNonce();
    const first = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(first.success).toBe(true);
    const again = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(again.success).toBe(false);
    expect(again.errors.for('transaction')?.on('paymentMethodNonce')?.[0]?.code).toBe('91564');
    expect(again.message).toBe('Cannot use a payment_method_nonce more than once.');

    const vaulted = await cardNonce();
    const customer = await gateway.customer.create({ email: 'v@example.com', paymentMethodNonce: vaulted });
    expect(customer.success).toBe(true);
    expect(customer.customer.creditCards?.[0]).toMatchObject({ last4: '1111', cardType: 'Visa' });
    expect((await gateway.paymentMethodNonce.find(vaulted)).consumed).toBe(true);
    const afterVault = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: vaulted });
    expect(codes(afterVault)).toEqual(['91564']);
  });

  it('Braintree rule: an unknown nonce on a sale is 91565; paymentMethodNonce.find of it is NotFound', async () => {
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'tokencc_sb_unknown' });
    expect(codes(result)).toEqual(['91565']);
    await expect(gateway.paymentMethodNonce.find('tokencc_sb_unknown')).rejects.toMatchObject({
      type: 'notFoundError',
    });
  });

  it('Braintree rule: fake-… test nonces stay reusable', async () => {
    for (let i = 0; i < 2; i += 1) {
      const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-visa-nonce' });
      expect(result.success).toBe(true);
    }
  });

  it('paymentMethodNonce.find describes a card nonce (type, details, binData) and a 3DS nonce’s threeDSecureInfo', async () => {
    const nonce = await cardNonce();
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found).toMatchObject({
      type: 'CreditCard',
      consumed: false,
      details: { bin: '411111', lastFour: '1111', cardType: 'Visa' },
    });
    expect(found.binData).toHaveProperty('prepaid');
    const threeDS = await gateway.paymentMethodNonce.find('fake-three-d-secure-visa-full-authentication-nonce');
    expect(threeDS.threeDSecureInfo).toMatchObject({
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
    });
  });

  it('paymentMethodNonce.create gives a single-use nonce for a vaulted token', async () => {
    const customer = await gateway.customer.create({ paymentMethodNonce: 'fake-valid-nonce' });
    const token = customer.customer.paymentMethods?.[0]?.token ?? '';
    const created = await gateway.paymentMethodNonce.create(token);
    expect(created.success).toBe(true);
    const nonce = created.paymentMethodNonce.nonce;
    expect((await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: nonce })).success).toBe(true);
    expect(codes(await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
    const byToken = await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token });
    expect(byToken.transaction.creditCard.token).toBe(token);
    await expect(gateway.paymentMethodNonce.create('nope')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('Braintree rule: orderId is never deduplicated — two sales with one orderId are two transactions', async () => {
    const orderId = unique('order');
    const a = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await cardNonce(), orderId });
    const b = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await cardNonce(), orderId });
    expect(a.transaction.id).not.toBe(b.transaction.id);
    expect((await search((s) => s.orderId().is(orderId))).map((t) => t.id)).toEqual([
      a.transaction.id,
      b.transaction.id,
    ]);
  });

  it('Braintree rule: test amounts — 2000.00–2999.99 processor_declined with that code, 3000.00 failed', async () => {
    const declined = await gateway.transaction.sale({ amount: '2001.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(declined.success).toBe(false);
    expect(declined.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001' });
    expect(declined.message).toBe('Insufficient Funds');
    const failed = await gateway.transaction.sale({ amount: '3000.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(failed.transaction).toMatchObject({ status: 'failed', processorResponseCode: '3000' });
    const fakeDeclined = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-processor-declined-visa-nonce',
    });
    expect(fakeDeclined.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
  });

  it('Braintree rule: threeDSecure.required rejects a card nonce without 3DS (gateway_rejected three_d_secure) and passes a successful 3DS', async () => {
    const plain = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await cardNonce(),
      options: { threeDSecure: { required: true } },
    });
    expect(plain.success).toBe(false);
    expect(plain.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
    const full = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce',
      options: { threeDSecure: { required: true } },
    });
    expect(full.success).toBe(true);
    expect(full.transaction.threeDSecureInfo).toMatchObject({
      liabilityShifted: true,
      status: 'authenticate_successful',
    });
    const failedAuth = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-three-d-secure-visa-failed-authentication-nonce',
    });
    expect(failedAuth.transaction.gatewayRejectionReason).toBe('three_d_secure');

    // the sandbox's own 3DS lookup (frictionless success card) yields a nonce that passes
    const clientToken = (await gateway.clientToken.generate({})).clientToken;
    const lookup = await fetch(`${sandbox.url}/v1/browser/three_d_secure/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ authorization: clientToken, nonce: await cardNonce('4000000000002701'), amount: '10.00' }),
    });
    const looked = (await lookup.json()) as { paymentMethod: { nonce: string } };
    const viaLookup = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: looked.paymentMethod.nonce,
      options: { threeDSecure: { required: true } },
    });
    expect(viaLookup.success).toBe(true);
    expect(viaLookup.transaction.threeDSecureInfo?.liabilityShifted).toBe(true);
  });

  it('Braintree rule: required: true fails whenever liability cannot shift — a looked-up 4111 nonce (authentication_unavailable) is rejected three_d_secure with it and sold without it; the step-up card soft-declines 2099', async () => {
    const clientToken = (await gateway.clientToken.generate({})).clientToken;
    const lookedUp = async (number: string) => {
      const lookup = await fetch(`${sandbox.url}/v1/browser/three_d_secure/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ authorization: clientToken, nonce: await cardNonce(number), amount: '10.00' }),
      });
      return ((await lookup.json()) as { paymentMethod: { nonce: string } }).paymentMethod.nonce;
    };
    const required = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4111111111111111'),
      options: { threeDSecure: { required: true } },
    });
    expect(required.success).toBe(false);
    expect(required.transaction).toMatchObject({
      status: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
    const merchantLiable = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4111111111111111'),
    });
    expect(merchantLiable.success).toBe(true);
    expect(merchantLiable.transaction.threeDSecureInfo).toMatchObject({
      liabilityShifted: false,
      status: 'authentication_unavailable',
    });
    const soft = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: await lookedUp('4000000000002099'),
    });
    expect(soft.success).toBe(false);
    expect(soft.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2099' });
  });

  it('Braintree rule: a one-time PayPal nonce cannot be vaulted — 82902 on customer.create and on storeInVaultOnSuccess', async () => {
    const customer = await gateway.customer.create({ paymentMethodNonce: 'fake-paypal-one-time-nonce' });
    expect(customer.success).toBe(false);
    expect(customer.errors.for('customer')?.for('paypalAccount')?.on('base')?.[0]?.code).toBe('82902');
    const sale = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
      options: { storeInVaultOnSuccess: true },
    });
    expect(codes(sale)).toEqual(['82902']);
    const oneTime = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-paypal-one-time-nonce',
    });
    expect(oneTime.transaction.paymentInstrumentType).toBe('paypal_account');
    // braintree_node transaction.js: `paypalAccount = new PayPalAccount(attributes.paypal)`
    expect(oneTime.transaction.paypalAccount).toMatchObject({ payerEmail: 'jane.doe@example.com' });
    const applePay = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-apple-pay-visa-nonce',
    });
    expect(applePay.transaction.paymentInstrumentType).toBe('apple_pay_card');
    // braintree_node transaction.js: `applePayCard = new ApplePayCard(attributes.applePay)`
    expect(applePay.transaction.applePayCard).toMatchObject({ cardType: 'Apple Pay - Visa', last4: '1881' });
    const billingAgreement = await gateway.customer.create({
      paymentMethodNonce: 'fake-paypal-billing-agreement-nonce',
    });
    expect(billingAgreement.success).toBe(true);
    expect(billingAgreement.customer.paypalAccounts).toHaveLength(1);
    const venmo = await gateway.customer.create({ paymentMethodNonce: 'fake-venmo-account-nonce' });
    expect(venmo.customer.venmoAccounts?.[0]).toMatchObject({ username: 'venmojoe' });
  });

  it('Braintree rule: customer.create with verifyCard does not vault a declined card and uses the nonce up', async () => {
    const nonce = await cardNonce('4000111111111115');
    const result = await gateway.customer.create({
      paymentMethodNonce: nonce,
      creditCard: { options: { verifyCard: true } },
    });
    expect(result.success).toBe(false);
    expect(result.verification?.status).toBe('processor_declined');
    expect(codes(await gateway.transaction.sale({ amount: '1.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
  });

  it('transaction.search by orderId and by customerEmail returns every matching transaction; find returns one', async () => {
    const email = `${unique('buyer')}@example.com`;
    const orderId = unique('order');
    const sales = [];
    for (const amount of ['10.00', '2000.00', '12.00']) {
      sales.push(
        await gateway.transaction.sale({
          amount,
          paymentMethodNonce: 'fake-valid-nonce',
          orderId,
          customer: { email, firstName: 'Ada', lastName: 'Lovelace' },
        }),
      );
    }
    const byEmail = await search((s) => s.customerEmail().is(email));
    expect(byEmail.map((t) => t.id)).toEqual(sales.map((r) => r.transaction.id));
    expect(byEmail[1]?.status).toBe('processor_declined');
    expect(byEmail[0]?.customer).toMatchObject({ email, firstName: 'Ada' });
    expect(await search((s) => s.orderId().is(orderId))).toHaveLength(3);
    expect(await search((s) => s.orderId().is(unique('none')))).toHaveLength(0);
    const found = await gateway.transaction.find(sales[0]!.transaction.id);
    expect(found).toMatchObject({ orderId, amount: '10.00', currencyIsoCode: 'USD', status: 'authorized' });
    await expect(gateway.transaction.find('nope')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('Braintree rule: void only authorized / submitted_for_settlement (91504); refund only settled/settling (91506); testing.settle', async () => {
    const authorized = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
    const voided = await gateway.transaction.void(authorized.transaction.id);
    expect(voided.transaction.status).toBe('voided');
    expect(codes(await gateway.transaction.void(authorized.transaction.id))).toEqual(['91504']);

    const submitted = await gateway.transaction.sale({
      amount: '20.00',
      paymentMethodNonce: 'fake-valid-nonce',
      options: { submitForSettlement: true },
    });
    expect(submitted.transaction.status).toBe('submitted_for_settlement');
    expect(codes(await gateway.transaction.refund(submitted.transaction.id))).toEqual(['91506']);
    await gateway.testing.settle(submitted.transaction.id);
    expect((await gateway.transaction.find(submitted.transaction.id)).status).toBe('settled');
    expect(codes(await gateway.transaction.void(submitted.transaction.id))).toEqual(['91504']);
    const partial = await gateway.transaction.refund(submitted.transaction.id, '5.00');
    expect(partial.success).toBe(true);
    expect(partial.transaction).toMatchObject({
      type: 'credit',
      amount: '5.00',
      refundedTransactionId: submitted.transaction.id,
    });
    const rest = await gateway.transaction.refund(submitted.transaction.id);
    expect(rest.transaction.amount).toBe('15.00');
    expect(codes(await gateway.transaction.refund(submitted.transaction.id))).toEqual(['91512']);
    expect((await gateway.transaction.find(submitted.transaction.id)).refundIds).toHaveLength(2);
  });
});

describe('fault control (POST /sandbox/faults) on the gateway API', () => {
  it('delayMs holds the answer back but the charge exists meanwhile', async () => {
    const orderId = unique('delay');
    await addFault({ delayMs: 2_000, match: { orderId } });
    let answered = false;
    const pending = gateway.transaction
      .sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId })
      .finally(() => (answered = true));
    // the charge is carried out while its answer is still held back
    await expect.poll(() => sandbox.store.transactionsFor(orderId).length).toBe(1);
    expect(answered).toBe(false);
    const result = await pending;
    expect(result.success).toBe(true);
  });

  it('status 503 answers at once and carries nothing out (ServiceUnavailableError); times is respected', async () => {
    const orderId = unique('unavailable');
    await addFault({ status: 503, times: 2, match: { orderId } });
    for (let i = 0; i < 2; i += 1) {
      await expect(
        gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId }),
      ).rejects.toMatchObject({
        type: 'serviceUnavailableError',
      });
    }
    expect(sandbox.store.transactionsFor(orderId)).toHaveLength(0);
    expect(
      (await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId })).success,
    ).toBe(true);
  });

  it('dropResponseAfterCharge charges, then closes the socket: the SDK rejects and a search finds the transaction', async () => {
    const orderId = unique('drop');
    await addFault({ dropResponseAfterCharge: true, match: { orderId } });
    // not a sale: the drop fault waits for the next matching sale
    expect(await search((s) => s.orderId().is(orderId))).toHaveLength(0);
    await expect(
      gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId }),
    ).rejects.toMatchObject({
      type: 'unexpectedError',
    });
    const found = await search((s) => s.orderId().is(orderId));
    expect(found).toHaveLength(1);
    expect(found[0]?.status).toBe('authorized');
  });

  it('match on customerEmail only hits calls carrying it; a fault for another order is left alone', async () => {
    const email = `${unique('f')}@example.com`;
    await addFault({ status: 503, match: { customerEmail: email } });
    const other = await gateway.transaction.sale({
      amount: '10.00',
      paymentMethodNonce: 'fake-valid-nonce',
      orderId: unique('o'),
    });
    expect(other.success).toBe(true);
    await expect(
      gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', customer: { email } }),
    ).rejects.toMatchObject({ type: 'serviceUnavailableError' });
  });

  it('faults apply to /v1/transactions too; DELETE /sandbox/faults clears them', async () => {
    const orderId = unique('v1');
    await addFault({ status: 503, match: { orderId } });
    const post = () =>
      fetch(`${sandbox.url}/v1/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paymentMethodNonce: 'fake-valid-nonce', amount: '1.00', currencyCode: 'USD', orderId }),
      });
    expect((await post()).status).toBe(503);
    await addFault({ status: 503, match: { orderId } });
    expect((await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await post()).status).toBe(200);
    const listed = (await (await fetch(`${sandbox.url}/sandbox/transactions?orderId=${orderId}`)).json()) as {
      transactions: unknown[];
    };
    expect(listed.transactions).toHaveLength(1);
  });

  it('fault control answers 404 when NODE_ENV=production', async () => {
    const production = await startSandbox({ port: 0, host: '127.0.0.1', nodeEnv: 'production' });
    try {
      const response = await fetch(`${production.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 503 }),
      });
      expect(response.status).toBe(404);
      expect((await fetch(`${production.url}/sandbox/faults`, { method: 'DELETE' })).status).toBe(404);
      expect((await fetch(`${production.url}/sandbox/transactions?orderId=x`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('wallet popup nonces through the gateway API', () => {
  const approve = async (wallet: string, usage?: string) => {
    const query = usage ? `?usage=${usage}` : '';
    const response = await fetch(`${sandbox.url}/v1/wallets/${wallet}/approve${query}`, { method: 'POST' });
    return ((await response.json()) as { nonce: string }).nonce;
  };

  it('Braintree rule: a PayPal popup nonce is one-time (82902 on vaulting) unless created with flow vault', async () => {
    const oneTime = await gateway.customer.create({ paymentMethodNonce: await approve('paypal') });
    expect(codes(oneTime)).toEqual(['82902']);
    const vault = await gateway.customer.create({ paymentMethodNonce: await approve('paypal', 'vault') });
    expect(vault.success).toBe(true);
  });

  it('Braintree rule: a Venmo single_use nonce cannot be vaulted; it can still be charged once', async () => {
    const nonce = await approve('venmo', 'single_use');
    const vaulted = await gateway.customer.create({ paymentMethodNonce: nonce });
    expect(vaulted.success).toBe(false);
    expect(vaulted.errors.for('customer')?.for('venmoAccount')?.on('base')?.[0]?.code).toBe('sandbox_venmo_single_use');
    const sale = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sale.transaction.paymentInstrumentType).toBe('venmo_account');
    // braintree_node transaction.js: the <venmo-account> element (Braintree's username has no @)
    expect(sale.transaction.venmoAccount).toMatchObject({ username: 'venmojoe' });
    expect(sale.transaction.venmoAccountDetails).toMatchObject({ username: 'venmojoe' });
    expect(codes(await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce }))).toEqual(['91564']);
  });
});
