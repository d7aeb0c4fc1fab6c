import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

// ------------------------------------------------------------------ fake sandbox (docs/CONTRACTS.md API)

interface FakeTx {
  id: string;
  orderId: string;
  amount: string;
  status: string;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason?: string;
  creditCard: { cardType: string; last4: string; bin: string };
}

/**
 * A stand-in for apps/payments-sandbox's server API with fault injection:
 * `mode = 'drop-after-charge'` charges then destroys the connection (the answer is lost);
 * `mode = 'down'` answers 503 without charging.
 */
export async function startFakeSandbox() {
  const txs: FakeTx[] = [];
  const state = {
    mode: 'ok' as 'ok' | 'drop-after-charge' | 'down',
    delayMs: 0,
    /** Sale requests received (counted on arrival, before `delayMs`): a charge is in flight once this moves. */
    received: 0,
    charges: 0,
    gate: undefined as Promise<void> | undefined,
    /** Braintree's search index lags behind sales: while true, lookups by orderId list nothing. */
    searchLags: false,
  };
  const app = new Hono();
  const NONCES: Record<string, Partial<FakeTx> & { reject?: string }> = {
    'fake-valid-nonce': {
      status: 'submitted_for_settlement',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      creditCard: { cardType: 'Visa', last4: '1111', bin: '411111' },
    },
    'fake-valid-mastercard-nonce': {
      status: 'submitted_for_settlement',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      creditCard: { cardType: 'MasterCard', last4: '4444', bin: '555555' },
    },
    'fake-processor-declined-visa-nonce': {
      status: 'processor_declined',
      processorResponseCode: '2000',
      processorResponseText: 'Do Not Honor',
      creditCard: { cardType: 'Visa', last4: '1115', bin: '400011' },
    },
    'fake-gateway-rejected-fraud-nonce': {
      status: 'gateway_rejected',
      processorResponseCode: '',
      processorResponseText: 'Unknown',
      gatewayRejectionReason: 'fraud',
      creditCard: { cardType: 'Visa', last4: '0002', bin: '400000' },
    },
    'fake-luhn-invalid-nonce': { reject: 'Credit card number is invalid.' },
  };
  /** Single-use nonces issued by {@link issueNonce} (approved Visa); `true` once consumed. */
  const singleUse = new Map<string, boolean>();
  let issued = 0;
  const issueNonce = () => {
    const nonce = `tokencc_fake_${++issued}`;
    singleUse.set(nonce, false);
    return nonce;
  };
  app.post('/v1/transactions', async (c) => {
    const body = await c.req.json<{ orderId: string; amount: string; paymentMethodNonce: string }>();
    state.received++;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    // a held charge is carried out only when the test opens the gate (a charge that lands after the caller gave up)
    if (state.gate) await state.gate;
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    // Like Braintree: no deduplication on orderId — every call is a new transaction; tokenized nonces are single-use,
    // Braintree's fake-… test nonces reusable.
    let n = NONCES[body.paymentMethodNonce];
    if (singleUse.has(body.paymentMethodNonce)) {
      if (singleUse.get(body.paymentMethodNonce))
        return c.json({ error: { code: '91564', message: 'Cannot use a payment_method_nonce more than once.' } }, 422);
      singleUse.set(body.paymentMethodNonce, true);
      n = NONCES['fake-valid-nonce'];
    }
    if (!n || n.reject)
      return c.json(
        { error: { code: '91565', message: n?.reject ?? 'Unknown or expired payment_method_nonce.' } },
        422,
      );
    const tx = { id: `tx${txs.length + 1}`, orderId: body.orderId, amount: body.amount, ...n } as FakeTx;
    txs.push(tx);
    if (tx.status !== 'processor_declined' && tx.status !== 'gateway_rejected') state.charges++;
    if (state.mode === 'drop-after-charge') {
      const incoming = (c.env as { incoming: { socket: { destroy(): void } } }).incoming;
      incoming.socket.destroy();
      return new Promise<Response>(() => undefined);
    }
    return c.json({ transaction: tx });
  });
  app.post('/v1/transactions/:id/void', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const tx = txs.find((t) => t.id === c.req.param('id'));
    if (!tx) return c.json({ error: { code: 'not_found', message: 'none' } }, 404);
    if (tx.status !== 'submitted_for_settlement' && tx.status !== 'authorized')
      return c.json(
        { error: { code: '91504', message: 'Transaction can only be voided if status is authorized.' } },
        422,
      );
    tx.status = 'voided';
    state.charges--;
    return c.json({ transaction: tx });
  });
  // Braintree's clientToken.generate(): a base64 JSON client token per call (docs/CONTRACTS.md "Sandbox server API").
  const clientTokens: string[] = [];
  app.post('/v1/client_token', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const payload = {
      version: 2,
      authorizationFingerprint: `fake.${randomBytes(8).toString('hex')}`,
      environment: 'sandbox',
    };
    const clientToken = Buffer.from(JSON.stringify(payload)).toString('base64');
    clientTokens.push(clientToken);
    return c.json({ clientToken });
  });
  app.get('/v1/transactions', (c) => {
    if (state.mode === 'down') return c.json({ error: { code: 'unavailable', message: 'down' } }, 503);
    const list = state.searchLags ? [] : txs.filter((t) => t.orderId === c.req.query('orderId'));
    const t = list.find((x) => x.status === 'submitted_for_settlement') ?? list.at(-1);
    return t
      ? c.json({ transaction: t, transactions: list })
      : c.json({ error: { code: 'not_found', message: 'none' } }, 404);
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    txs,
    clientTokens,
    state,
    issueNonce,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}

export type FakeSandbox = Awaited<ReturnType<typeof startFakeSandbox>>;
