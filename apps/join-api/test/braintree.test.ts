import { describe, expect, it } from 'vitest';
import {
  createBraintreeGateway,
  mapBraintreeFailure,
  type BraintreeLike,
  type BtResult,
  type BtTransaction,
} from '../src/gateway/braintree.js';
import { GatewayUnavailableError, type ChargeRequest } from '../src/gateway/types.js';
import { loadEnv, EnvError } from '../src/env.js';

// Fixtures shaped like the braintree SDK's results (Braintree docs: Transaction.sale result object,
// Customer.create with verifyCard, PaymentMethodNonce.find).
const approvedTx = {
  id: 'bt_tx_1',
  status: 'submitted_for_settlement',
  processorResponseCode: '1000',
  processorResponseText: 'Approved',
  creditCard: { cardType: 'Visa', last4: '1111', token: 'pm_1' },
};
const declinedTx = {
  id: 'bt_tx_2',
  status: 'processor_declined',
  processorResponseCode: '2000',
  processorResponseText: 'Do Not Honor',
  creditCard: { cardType: 'Visa', last4: '0002' },
};
const req: ChargeRequest = {
  orderId: 'ord_1',
  amount: '216.00',
  currencyCode: 'USD',
  paymentMethodNonce: 'fake-valid-nonce',
  customer: { firstName: 'A', lastName: 'B', email: 'a@b.c' },
  billingAddress: { streetAddress: '1', locality: 'x', region: 'TX', postalCode: '78701', countryCodeAlpha2: 'US' },
};

/** A Braintree search answer: like the SDK's `stream.Readable`, an async iterable of transactions. */
function searchStream(items: BtTransaction[]): AsyncIterable<BtTransaction> {
  return {
    [Symbol.asyncIterator]: () => {
      let i = 0;
      return {
        next: () =>
          Promise.resolve<IteratorResult<BtTransaction>>(
            i < items.length ? { value: items[i++]!, done: false } : { value: undefined, done: true },
          ),
      };
    },
  };
}

function fakeSdk(o: { nonce?: object; customer?: BtResult; sale?: BtResult | Error; search?: BtTransaction[] } = {}) {
  const calls: { sale: Record<string, unknown>[]; customer: Record<string, unknown>[] } = { sale: [], customer: [] };
  const sdk: BraintreeLike = {
    clientToken: { generate: () => Promise.resolve({ success: true, clientToken: 'eyJjbGllbnQtdG9rZW4i' }) },
    paymentMethodNonce: { find: () => Promise.resolve(o.nonce ?? { threeDSecureInfo: null }) },
    customer: {
      create: (x) => {
        calls.customer.push(x as Record<string, unknown>);
        return Promise.resolve(
          o.customer ?? {
            success: true,
            customer: { id: 'c1', paymentMethods: [{ token: 'pm_1', cardType: 'Visa', last4: '1111' }] },
          },
        );
      },
    },
    transaction: {
      sale: (x) => {
        calls.sale.push(x as Record<string, unknown>);
        if (o.sale instanceof Error) return Promise.reject(o.sale);
        return Promise.resolve(o.sale ?? { success: true, transaction: approvedTx });
      },
      search: () => searchStream(o.search ?? []),
    },
  };
  return { sdk, calls };
}

describe('braintree driver (result mapping with SDK-shaped fixtures)', () => {
  it('vaults a customer with verifyCard, then sells the vaulted card with orderId and submitForSettlement', async () => {
    const { sdk, calls } = fakeSdk();
    const r = await createBraintreeGateway(sdk).charge(req);
    expect(r).toMatchObject({ outcome: 'approved', transactionId: 'bt_tx_1', card: { brand: 'Visa', last4: '1111' } });
    expect(calls.customer[0]).toMatchObject({
      paymentMethodNonce: 'fake-valid-nonce',
      creditCard: { options: { verifyCard: true } },
    });
    expect(calls.sale[0]).toMatchObject({
      amount: '216.00',
      orderId: 'ord_1',
      paymentMethodToken: 'pm_1',
      options: { submitForSettlement: true },
    });
  });

  it('§8: a processor decline keeps its response code; a failed verification is a processor decline too', async () => {
    expect(
      await createBraintreeGateway(
        fakeSdk({ sale: { success: false, message: 'Do Not Honor', transaction: declinedTx } }).sdk,
      ).charge(req),
    ).toMatchObject({ outcome: 'processor_declined', processorResponseCode: '2000' });
    const verification = {
      success: false,
      verification: {
        status: 'processor_declined',
        processorResponseCode: '2001',
        processorResponseText: 'Insufficient Funds',
      },
    };
    expect(await createBraintreeGateway(fakeSdk({ customer: verification }).sdk).charge(req)).toMatchObject({
      outcome: 'processor_declined',
      processorResponseCode: '2001',
    });
  });

  it('§8: gateway rejections and validation errors map to gateway_rejected with the reason or code', () => {
    expect(
      mapBraintreeFailure({
        success: false,
        transaction: { id: 't', status: 'gateway_rejected', gatewayRejectionReason: 'cvv' },
      }),
    ).toMatchObject({ outcome: 'gateway_rejected', gatewayRejectionReason: 'cvv' });
    expect(
      mapBraintreeFailure({
        success: false,
        message: 'Cannot use a payment_method_nonce more than once.',
        errors: { deepErrors: () => [{ code: '93107', message: 'Cannot use a payment_method_nonce more than once.' }] },
      }),
    ).toMatchObject({ outcome: 'gateway_rejected', processorResponseCode: '93107' });
  });

  it('§4 3D Secure: re-checked server side — a possible but missing liability shift is rejected before any charge', async () => {
    const { sdk, calls } = fakeSdk({
      nonce: {
        threeDSecureInfo: { liabilityShiftPossible: true, liabilityShifted: false, status: 'authenticate_failed' },
      },
    });
    expect(await createBraintreeGateway(sdk).charge(req)).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'three_d_secure',
    });
    expect(calls.sale).toHaveLength(0);
  });

  it('an SDK exception (network, timeout, 5xx) is an order in doubt; findByOrderId resolves it from a search', async () => {
    const err = Object.assign(new Error('Request timed out'), { name: 'timeoutError' });
    await expect(createBraintreeGateway(fakeSdk({ sale: err }).sdk).charge(req)).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    expect(await createBraintreeGateway(fakeSdk({ search: [approvedTx] }).sdk).findByOrderId('ord_1')).toMatchObject({
      outcome: 'approved',
      transactionId: 'bt_tx_1',
    });
    expect(await createBraintreeGateway(fakeSdk({ search: [] }).sdk).findByOrderId('ord_1')).toBeNull();
  });

  it('DESIGN §1: PAYMENTS_DRIVER=braintree without its settings fails at start-up naming each missing one', () => {
    expect(() => loadEnv({ PAYMENTS_DRIVER: 'braintree', BRAINTREE_MERCHANT_ID: 'm' })).toThrow(EnvError);
    try {
      loadEnv({ PAYMENTS_DRIVER: 'braintree' });
    } catch (e) {
      expect((e as Error).message).toContain('BRAINTREE_PRIVATE_KEY is required when PAYMENTS_DRIVER=braintree');
    }
    expect(loadEnv({}).PAYMENTS_DRIVER).toBe('sandbox');
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
