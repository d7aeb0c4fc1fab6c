import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import braintree from 'braintree';
import { outcomeForAmount, startSandbox, type RunningSandbox, type Transaction } from 'payments-sandbox';
import { loadEnv } from '../src/env.js';
import { createGateway } from '../src/gateway/index.js';
import { createSandboxGateway } from '../src/gateway/sandbox.js';
import type { PaymentGateway } from '../src/gateway/types.js';
import { subscriptions } from '../src/db/schema.js';
import { chargeLeaseMs } from '../src/services/orders.js';
import { THREE_DS_OK, VISA } from './sandbox-cards.js';
import { braintreeDevEnv, signup, testApp, type TestApp } from './helpers.js';

/*
 * What the gateway-sandbox tests share: join-api's order path against apps/payments-sandbox in-process — the
 * `braintree` driver on the REAL npm braintree SDK speaking the sandbox's Braintree gateway API (Environment built from
 * GATEWAY_HOST/PORT), and the `sandbox` driver on the sandbox's own API. Faults come from the sandbox's fault control
 * (POST /sandbox/faults), matched on the parent's e-mail so the tests never take each other's. Every paid parent ends
 * with exactly one approved, unvoided transaction (counted by customer e-mail, as support would) and a current
 * subscription.
 */

/** The gateway timeout of these apps (GATEWAY_TIMEOUT_MS), in ms. */
export const TIMEOUT_MS = 600;
const SUCCESS = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

/** The SDK's TransactionGateway prototype (braintree_node transaction_gateway.js), where `transaction.sale` lives. */
const saleGateway = Object.getPrototypeOf(
  new braintree.BraintreeGateway({
    environment: braintree.Environment.Sandbox,
    merchantId: 'm',
    publicKey: 'p',
    privateKey: 'k',
  }).transaction,
) as { sale(o: object): Promise<unknown> };

/** The two payment drivers the order path is run through. */
export const DRIVERS = ['braintree', 'sandbox'] as const;

/**
 * A payments sandbox and a join-api app on `driver`, started before the calling suite's tests and closed after them
 * (register it inside a `describe`): `t` and `sandbox` are set from the suite's first test on. The app's clock runs
 * `skew` ms ahead (`now`); `pastLease()` moves it past a charge lease.
 */
export function sandboxOrders(driver: (typeof DRIVERS)[number]) {
  let sandbox!: RunningSandbox;
  let t!: TestApp;
  let skew = 0;
  let n = 0;
  /**
   * Parents whose next sale Braintree's duplicate checking rejects (the sandbox has no such switch): the sale is not
   * carried out; a `gateway_rejected` `duplicate` transaction of the order is recorded (searchable, as on Braintree)
   * and answered as each API answers a rejected sale.
   */
  const duplicateFor = new Set<string>();
  const realSale = saleGateway.sale;

  /** Records the rejected duplicate of the order's first sale in the sandbox; undefined when the parent is not armed. */
  const rejectAsDuplicate = (email: string | undefined, orderId: string): Transaction | undefined => {
    if (!email || !duplicateFor.delete(email)) return undefined;
    const [first] = sandbox.store.transactionsFor(orderId);
    const now = new Date().toISOString();
    const rejected: Transaction = {
      ...first!,
      id: `dup${Date.now().toString(36)}`,
      status: 'gateway_rejected',
      gatewayRejectionReason: 'duplicate',
      processorResponseCode: '',
      processorResponseText: 'Unknown',
      statusHistory: [{ status: 'gateway_rejected', timestamp: now, amount: first!.amount }],
      createdAt: now,
      updatedAt: now,
    };
    sandbox.store.addTransaction(rejected);
    return rejected;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    const env = { ...braintreeDevEnv(sandbox.port, driver), GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS) };
    saleGateway.sale = function (this: unknown, o: object) {
      const r = o as { orderId: string; customer?: { email?: string } };
      const rejected = rejectAsDuplicate(r.customer?.email, r.orderId);
      if (!rejected) return realSale.call(this, o);
      // the SDK's answer to a rejected sale: a failed result carrying the transaction
      return Promise.resolve({ success: false, message: 'Gateway Rejected: duplicate', transaction: rejected });
    };
    /** The sandbox API's answer to a rejected sale: 200 with the transaction (docs/CONTRACTS.md "Sandbox server API"). */
    const sandboxFetch: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && typeof input === 'string' && input.endsWith('/v1/transactions')) {
        const r = JSON.parse(init.body as string) as { orderId: string; customer?: { email?: string } };
        const rejected = rejectAsDuplicate(r.customer?.email, r.orderId);
        if (rejected) return Response.json({ transaction: { ...rejected, instrument: undefined } });
      }
      return fetch(input, init);
    };
    const gateway: PaymentGateway =
      driver === 'braintree'
        ? await createGateway(loadEnv({ ...env, SANDBOX_URL: sandbox.url }))
        : createSandboxGateway({ baseUrl: sandbox.url, timeoutMs: TIMEOUT_MS, fetch: sandboxFetch });
    t = await testApp({ sandboxUrl: sandbox.url, gateway, env, now: () => new Date(Date.now() + skew) });
  });
  afterAll(async () => {
    saleGateway.sale = realSale;
    await t.close();
    await sandbox.close();
  });

  const parent = (country: 'US' | 'GB' = 'US', app: TestApp = t) => {
    const email = `${driver}.${++n}.${Date.now()}@example.com`;
    return signup(app, {
      address: { country },
      parent:
        country === 'GB'
          ? { firstName: 'Gwen', lastName: `P${n}`, email, phoneCountryCode: '+44', phoneNumber: '7400123456' }
          : { firstName: 'Ida', lastName: `P${n}`, email, phoneNumber: '2025550101' },
    }).then((p) => ({ ...p, email }));
  };
  /** A single-use card nonce as the hosted fields + a frictionless 3D Secure lookup leave it. */
  const cardNonce = (o: { declined?: boolean; threeDS?: boolean } = {}) => {
    const nonce = sandbox.store.createNonce({ ...VISA, ...(o.declined ? { forced: outcomeForAmount(200_000) } : {}) });
    if (o.threeDS !== false) sandbox.store.setThreeDSecure(nonce, THREE_DS_OK);
    return nonce;
  };
  const approvedFor = (email: string) =>
    sandbox.store
      .allTransactions()
      .filter((x) => x.type === 'sale' && x.customer.email === email && SUCCESS.has(x.status));
  /**
   * The sandbox's test control: `POST /sandbox/faults` queues a fault, `PUT /sandbox/simulation` sets the search lag.
   * Sent again once when a kept-alive connection was reset: the server closed it idle (after a slow beforeAll), before
   * reading the request.
   */
  const control = async (method: 'POST' | 'PUT', path: 'faults' | 'simulation', body: object) => {
    const send = () =>
      fetch(`${sandbox.url}/sandbox/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const reset = (e: Error) => {
      if ((e.cause as { code?: string } | undefined)?.code === 'ECONNRESET') return send();
      throw e;
    };
    expect((await send().catch(reset)).status).toBeLessThan(300);
  };
  const fault = (body: object) => control('POST', 'faults', body);
  /** What is left out of the simulation is turned off. */
  const simulate = (body: object) => control('PUT', 'simulation', body);
  const subscribed = async (userId: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).filter(
      (s) => s.status === 'current',
    );
  const pastLease = () => {
    skew += chargeLeaseMs(t.deps) + 1_000;
  };

  return {
    get t() {
      return t;
    },
    get sandbox() {
      return sandbox;
    },
    /** join-api's clock: now, `skew` ms ahead. */
    now: () => new Date(Date.now() + skew),
    duplicateFor,
    parent,
    cardNonce,
    approvedFor,
    fault,
    simulate,
    subscribed,
    pastLease,
  };
}
