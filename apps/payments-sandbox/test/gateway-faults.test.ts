/**
 * The sandbox's fault control (POST /sandbox/faults) on the gateway API: delays, 503s, answers dropped after the
 * charge, matching on order id or e-mail, clearing; none of it in production.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/server.js';
import { addFault, gateway, sandbox, search, unique, useGatewaySandbox } from './gateway-sdk.js';

useGatewaySandbox();

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
