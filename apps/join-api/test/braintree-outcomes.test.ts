import { describe, expect, it } from 'vitest';
import { mapBraintreeFailure, mapBraintreeTransaction, type BtTransaction } from '../src/gateway/braintree.js';
import { GatewayUnavailableError } from '../src/gateway/types.js';
import { fakeSdk, gateway, req, validation } from './fake-braintree-sdk.js';

/*
 * What the braintree driver makes of Braintree's answers (Braintree "Transaction statuses", "Validation errors"):
 * refusals, declines, answers in doubt and reversals, over the strict fake SDK of fake-braintree-sdk.ts
 * (docs/PAYMENTS.md "Money safety").
 */
describe('braintree driver (strict in-process fake of the SDK)', () => {
  it('an unknown nonce (NotFound), an unknown one at sale (91565) and a used one (91564) are payment_method_invalid, not in doubt', async () => {
    const { sdk } = fakeSdk();
    const g = gateway(sdk);
    expect(await g.charge(req({ paymentMethodNonce: 'tokencc_nobody' }))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'unknown',
    });
    expect(await g.charge(req())).toMatchObject({ outcome: 'approved' });
    expect(await g.charge(req({ orderId: 'ord_2' }))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'consumed',
      processorResponseCode: '91564',
    });
    expect(mapBraintreeFailure(validation('91565', 'Unknown or expired payment_method_nonce.'))).toMatchObject({
      outcome: 'payment_method_invalid',
      reason: 'unknown',
    });
  });

  it('§8: a processor decline keeps its response code; other validation errors are gateway_rejected with the code', async () => {
    const { sdk } = fakeSdk();
    expect(await gateway(sdk).charge(req({ amount: '2001.00' }))).toMatchObject({
      outcome: 'processor_declined',
      processorResponseCode: '2001',
    });
    expect(mapBraintreeFailure(validation('91513', 'Merchant account ID is invalid.'))).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'validation:91513',
    });
  });

  it('a sale settled in another currency than priced is voided and refused (merchant account misconfigured)', async () => {
    const { sdk, calls } = fakeSdk({ merchantCurrency: { ofw_gbp: 'USD' } });
    expect(await gateway(sdk).charge(req({ currencyCode: 'GBP' }))).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'currency_mismatch:USD',
    });
    expect(calls.void).toEqual(['bt1']);
  });

  it('orderId is no idempotency handle: findByOrderId answers every transaction of the order; reverse voids, or refunds once settled', async () => {
    const { sdk, txs, nonces } = fakeSdk();
    const g = gateway(sdk);
    await g.charge(req());
    nonces.set('tokencc_again', { ...nonces.get('tokencc_3ds_ok')!, used: false });
    await g.charge(req({ paymentMethodNonce: 'tokencc_again' }));
    const found = await g.findByOrderId('ord_1');
    expect(found.map((f) => f.outcome)).toEqual(['approved', 'approved']);
    expect(await g.reverse(found[0]!.transactionId)).toBe('voided');
    expect(await g.reverse(found[0]!.transactionId)).toBe('already');
    txs[1]!.status = 'settled';
    expect(await g.reverse(found[1]!.transactionId)).toBe('refunded');
    expect(await g.findByOrderId('ord_none')).toEqual([]);
  });

  it('the SDK timeout is GATEWAY_TIMEOUT_MS and a charge (two calls) ends within maxChargeMs; timeouts are in doubt, a 503 is not in flight', async () => {
    const { sdk } = fakeSdk({
      saleError: Object.assign(new Error('Request timed out'), { name: 'unexpectedError', type: 'unexpectedError' }),
    });
    const g = gateway(sdk, 1234);
    expect(sdk.config.timeout).toBe(1234);
    expect(g.maxChargeMs).toBe(2 * 1234);
    const timedOut = await g.charge(req()).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(GatewayUnavailableError);
    expect((timedOut as GatewayUnavailableError).maybeInFlight).toBe(true);
    const down = fakeSdk({
      saleError: Object.assign(new Error('Service Unavailable'), {
        name: 'serviceUnavailableError',
        type: 'serviceUnavailableError',
      }),
    });
    const e503 = await gateway(down.sdk)
      .charge(req())
      .catch((e: unknown) => e);
    expect((e503 as GatewayUnavailableError).maybeInFlight).toBe(false);
  });

  it('Braintree "Transaction statuses": a refund (credit with the same orderId) is never an approval, a refunded sale holds no money, authorizing is in doubt, authorization_expired and settlement_declined hold none', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    await g.charge(req());
    txs[0]!.status = 'settled';
    expect(await g.reverse('bt1')).toBe('refunded');
    // the sale and its refund both carry ord_1; only the sale is listed, and it no longer holds money
    const found = await g.findByOrderId('ord_1');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      transactionId: 'bt1',
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'refunded',
    });
    expect(await g.reverse('bt1')).toBe('already');
    const sale = (status: string): BtTransaction => ({ id: 'x', type: 'sale', status });
    expect(mapBraintreeTransaction(sale('authorizing')).outcome).toBe('in_doubt');
    expect(mapBraintreeTransaction(sale('authorization_expired')).outcome).toBe('gateway_rejected');
    expect(mapBraintreeTransaction(sale('settlement_declined')).outcome).toBe('processor_declined');
    expect(mapBraintreeTransaction(sale('settling')).outcome).toBe('approved');
  });

  it('a sale still authorizing is in doubt (the order stays pending), and cannot be voided yet', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    const sale = sdk.transaction.sale.bind(sdk.transaction);
    sdk.transaction.sale = async (o) => {
      const r = await sale(o);
      r.transaction!.status = 'authorizing';
      return r;
    };
    const e = await g.charge(req()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
    expect(txs[0]!.status).toBe('authorizing');
    await expect(g.reverse('bt1')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('Braintree "Duplicate Transaction Checking" rejects a repeat sale of the order at once (gatewayRejectionReason duplicate) while the earlier sale may hold the money: in doubt, never a decline', async () => {
    const { sdk, txs } = fakeSdk();
    const g = gateway(sdk);
    // what Braintree answers a second sale of ord_1 for the same amount and card within the window: a failed result
    // carrying the rejected transaction (braintree_node `GatewayRejectionReason.Duplicate`)
    sdk.transaction.sale = (o) => {
      const r = o as { amount: string; orderId: string };
      const t: BtTransaction = {
        id: `bt${txs.length + 1}`,
        type: 'sale',
        amount: r.amount,
        orderId: r.orderId,
        status: 'gateway_rejected',
        gatewayRejectionReason: 'duplicate',
      };
      txs.push(t);
      return Promise.resolve({ success: false, message: 'Gateway Rejected: duplicate', transaction: t });
    };
    const e = await g.charge(req()).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
    // a search still lists the rejection as holding no money (the order's resolution passes it over)
    expect(await g.findByOrderId('ord_1')).toMatchObject([
      { outcome: 'gateway_rejected', gatewayRejectionReason: 'duplicate' },
    ]);
    // any other gateway rejection stays a refusal
    txs.length = 0;
    const fraud = { id: 'bt9', type: 'sale', status: 'gateway_rejected', gatewayRejectionReason: 'fraud' };
    expect(mapBraintreeFailure({ success: false, transaction: fraud })).toMatchObject({
      outcome: 'gateway_rejected',
      gatewayRejectionReason: 'fraud',
    });
  });

  it('one deadline per gateway call: an SDK call that never answers ends at GATEWAY_TIMEOUT_MS, in doubt', async () => {
    const { sdk } = fakeSdk();
    sdk.transaction.sale = () => new Promise(() => undefined); // the SDK's idle timer never fires
    const e = await gateway(sdk, 200)
      .charge(req())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect((e as GatewayUnavailableError).maybeInFlight).toBe(true);
  });
});
