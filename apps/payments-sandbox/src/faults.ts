/**
 * Fault control for tests (docs/PAYMENTS.md, docs/CONTRACTS.md "Sandbox server API"): `POST /sandbox/faults` queues a
 * fault that the next matching gateway calls of either API (the Braintree XML gateway, `/v1/transactions`,
 * `/v1/client_token`) suffer; `DELETE /sandbox/faults` clears the queue. Both answer 404 when
 * `NODE_ENV=production`.
 *
 * - `{ delayMs }`: the call is carried out, its answer held back (a charge can land after the caller gave up);
 * - `{ status }`: answered at once with that HTTP status, nothing carried out;
 * - `{ dropResponseAfterCharge: true }`: sales only — charged, then the connection is destroyed without an answer;
 * - `{ landAfterMs }`: sales only — the connection is destroyed at once without an answer and the sale is carried out
 *   `landAfterMs` later (a charge that lands after the caller's lease ran out; its nonce is used up only then);
 * - `{ duplicateSale: true }`: sales only — the sale is carried out and answered as usual, and a successful one is
 *   recorded a second time (a new id, the same order, amount, customer and instrument): the double charge a money
 *   check must catch (e2e support/join.ts `expectCharges`), which neither Braintree nor the sandbox would otherwise make.
 *
 * `PUT /sandbox/simulation` sets the gateway's behaviour over time (store.ts `Simulation`): settlement
 * (`submitted_for_settlement` → `settling` → `settled` / `settlement_declined`) and a search lag; `GET` reads it.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { randomId, type SandboxStore, type Transaction } from './store.js';

const MatchSchema = z
  .object({ orderId: z.string().min(1).max(255).optional(), customerEmail: z.string().min(1).max(255).optional() })
  .strict();

/** The body of `POST /sandbox/faults`: exactly one fault kind, `times` (default 1) and an optional `match`. */
export const FaultSchema = z
  .object({
    delayMs: z.number().int().min(0).max(600_000).optional(),
    status: z.number().int().min(400).max(599).optional(),
    dropResponseAfterCharge: z.literal(true).optional(),
    landAfterMs: z.number().int().min(0).max(600_000).optional(),
    duplicateSale: z.literal(true).optional(),
    times: z.number().int().min(1).max(1000).default(1),
    match: MatchSchema.optional(),
  })
  .strict()
  .refine(
    (f) =>
      [
        f.delayMs !== undefined,
        f.status !== undefined,
        f.dropResponseAfterCharge === true,
        f.landAfterMs !== undefined,
        f.duplicateSale === true,
      ].filter(Boolean).length === 1,
    { message: 'exactly one of delayMs, status, dropResponseAfterCharge, landAfterMs, duplicateSale' },
  );

/** The body of `PUT /sandbox/simulation` (store.ts `Simulation`); what is left out is turned off. */
export const SimulationSchema = z
  .object({
    settlement: z
      .object({
        settlingAfterMs: z.number().int().min(0).max(86_400_000),
        settledAfterMs: z.number().int().min(0).max(86_400_000),
        declinedRate: z.number().min(0).max(1).default(0),
      })
      .strict()
      .optional(),
    searchLagMs: z.number().int().min(0).max(600_000).default(0),
    duplicateCheck: z
      .object({ windowMs: z.number().int().min(1).max(86_400_000) })
      .strict()
      .optional(),
  })
  .strict();

export type Fault = z.infer<typeof FaultSchema>;

/** What a gateway call carries, to pick the faults that apply to it. */
export interface GatewayCall {
  /**
   * A charge (Braintree `transaction.sale`, `POST /v1/transactions`): only these take `dropResponseAfterCharge`,
   * `landAfterMs` and `duplicateSale`.
   */
  sale?: boolean;
  orderId?: string | undefined;
  customerEmail?: string | undefined;
}

function matches(fault: Fault, call: GatewayCall): boolean {
  const salesOnly = fault.dropResponseAfterCharge || fault.landAfterMs !== undefined || fault.duplicateSale;
  if (salesOnly && !call.sale) return false;
  if (fault.match?.orderId !== undefined && fault.match.orderId !== call.orderId) return false;
  if (fault.match?.customerEmail !== undefined && fault.match.customerEmail !== call.customerEmail) return false;
  return true;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A successful sale's status (the money is taken or will be): what `duplicateSale` records twice. */
const CHARGED: ReadonlySet<Transaction['status']> = new Set(['authorized', 'submitted_for_settlement']);

/** The queue of pending faults (in memory, per sandbox process). */
export class Faults {
  private queue: Fault[] = [];

  /** @param store where `duplicateSale` finds the sale a call made and records its copy. */
  constructor(private readonly store: SandboxStore) {}

  add(fault: Fault): void {
    this.queue.push({ ...fault });
  }

  clear(): void {
    this.queue = [];
  }

  list(): readonly Fault[] {
    return this.queue;
  }

  /** Takes one use of the first fault matching the call (oldest first); undefined when none applies. */
  take(call: GatewayCall): Fault | undefined {
    const index = this.queue.findIndex((fault) => matches(fault, call));
    if (index < 0) return undefined;
    const fault = this.queue[index];
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) this.queue.splice(index, 1);
    return fault;
  }

  /**
   * Runs a gateway call under the first matching fault: `status` answers without running it, `delayMs` runs it and
   * holds the answer back, `dropResponseAfterCharge` runs it and destroys the client's socket (only under
   * `@hono/node-server`, where `c.env.incoming` is the Node request), `landAfterMs` destroys the socket at once and
   * runs the call that much later, `duplicateSale` runs it and records its successful sale a second time.
   */
  async apply(c: Context, call: GatewayCall, run: () => Response | Promise<Response>): Promise<Response> {
    const fault = this.take(call);
    if (!fault) return run();
    if (fault.status !== undefined) return new Response(null, { status: fault.status });
    if (fault.duplicateSale) return this.duplicating(run);
    const env = c.env as Partial<HttpBindings> | undefined;
    if (fault.landAfterMs !== undefined) {
      const landed = setTimeout(
        () =>
          void Promise.resolve()
            .then(run)
            .catch(() => undefined),
        fault.landAfterMs,
      );
      landed.unref();
      env?.incoming?.socket.destroy();
      return new Response(null, { status: 504 });
    }
    const response = await run();
    if (fault.delayMs !== undefined) {
      await sleep(fault.delayMs);
      return response;
    }
    env?.incoming?.socket.destroy();
    return response;
  }

  /** Runs a sale and records each successful sale it made a second time, as a new transaction of the same order. */
  private async duplicating(run: () => Response | Promise<Response>): Promise<Response> {
    const before = new Set(this.store.allTransactions().map((t) => t.id));
    const response = await run();
    const made = this.store
      .allTransactions()
      .filter((t) => !before.has(t.id) && t.type === 'sale' && CHARGED.has(t.status));
    for (const sale of made) {
      this.store.addTransaction({
        ...sale,
        id: randomId(8),
        refundIds: [],
        disputes: [],
        statusHistory: sale.statusHistory.map((entry) => ({ ...entry })),
      });
    }
    return response;
  }
}

/** `POST|DELETE|GET /sandbox/faults` and `GET /sandbox/transactions` (test-only; 404 in production). */
export function registerFaultControl(
  app: Hono,
  { faults, store, production }: { faults: Faults; store: SandboxStore; production: boolean },
): void {
  app.use('/sandbox/*', async (c, next) => {
    if (production) return c.json({ error: { message: 'Not found' } }, 404);
    await next();
  });
  app.post('/sandbox/faults', async (c) => {
    const parsed = FaultSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    faults.add(parsed.data);
    return c.json({ faults: faults.list() }, 201);
  });
  app.get('/sandbox/faults', (c) => c.json({ faults: faults.list() }));
  app.put('/sandbox/simulation', async (c) => {
    const parsed = SimulationSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    store.simulation = parsed.data;
    return c.json({ simulation: store.simulation });
  });
  app.get('/sandbox/simulation', (c) => c.json({ simulation: store.simulation }));
  app.delete('/sandbox/faults', (c) => {
    faults.clear();
    return c.body(null, 204);
  });
  // Every transaction of an order or a customer email, oldest first (what a test checks after a dropped answer).
  app.get('/sandbox/transactions', (c) => {
    const orderId = c.req.query('orderId');
    const customerEmail = c.req.query('customerEmail');
    if (!orderId && !customerEmail)
      return c.json({ error: { code: 'invalid_request', message: 'orderId or customerEmail is required' } }, 400);
    const transactions = store
      .allTransactions()
      .filter(
        (t) =>
          (orderId === undefined || t.orderId === orderId) &&
          (customerEmail === undefined || t.customer.email === customerEmail),
      )
      .map(({ instrument: _instrument, ...rest }) => rest);
    return c.json({ transactions });
  });
}
