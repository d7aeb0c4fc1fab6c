import { ClientTokens } from './authorization.js';
import type { StoredCard } from './cards.js';
import { TestClock } from './clock.js';
import { authorizationExpiresAt } from './expiry.js';
import {
  evictOldest,
  randomId,
  type Customer,
  type Dispute,
  type DisputeStatus,
  type NonceEntry,
  type Simulation,
  type ThreeDSecureInfo,
  type ThreeDSecureLookup,
  type Transaction,
  type VaultedPaymentMethod,
} from './model.js';
import { Vault } from './vault.js';

export * from './model.js';

/** Braintree nonces expire after three hours. */
const NONCE_TTL_MS = 3 * 60 * 60 * 1000;

/** A transaction's move to a new status at `at` (ms), found by {@link SandboxStore.runDue}. */
export interface StatusChange {
  transaction: Transaction;
  status: Transaction['status'];
  at: number;
}

/** When a transaction moves on in settlement, decided when it was created. */
interface SettlementPlan {
  settlingAt: number;
  doneAt: number;
  outcome: 'settled' | 'settlement_declined';
}

/** In-memory state of one sandbox process: nonces, transactions by order id, 3DS lookups, client tokens. */
export class SandboxStore {
  /** Client tokens issued by `POST /v1/client_token` (valid 24 h). */
  readonly clientTokens: ClientTokens;
  private readonly nonces = new Map<string, NonceEntry>();
  private readonly transactions = new Map<string, Transaction>();
  private readonly byOrder = new Map<string, string[]>();
  private readonly authentications = new Map<string, ThreeDSecureInfo>();
  private readonly lookups = new Map<string, ThreeDSecureLookup>();
  private readonly settlementPlans = new Map<string, SettlementPlan>();
  private readonly disputes = new Map<string, Dispute>();
  /** The test clock (`/sandbox/clock`): real time, or the `now` given, plus an offset that only grows. */
  readonly clock: TestClock;
  /** Braintree's Vault: customers and their payment methods. */
  readonly vault: Vault;
  /** Settlement over time and search lag (tests only, see {@link Simulation}); off by default. */
  simulation: Simulation = { searchLagMs: 0 };

  /** @param now the time source before the test clock's offset (default real time). */
  constructor(now: () => number = Date.now) {
    this.clock = new TestClock(now);
    this.clientTokens = new ClientTokens(() => this.now());
    this.vault = new Vault(() => this.nowIso());
  }

  /** The sandbox's time (ms): the time source plus the test clock's offset. */
  now(): number {
    return this.clock.now();
  }

  /** Stores a card and returns a new single-use nonce. */
  createNonce(card: StoredCard, prefix = 'tokencc_sb', paymentMethodToken?: string): string {
    const nonce = `${prefix}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(3)}`;
    this.nonces.set(nonce, { card, consumed: false, createdAt: this.now(), paymentMethodToken });
    evictOldest(this.nonces);
    return nonce;
  }

  /** The entry for a live, unconsumed-or-consumed nonce; undefined when unknown or expired. */
  getNonce(nonce: string): NonceEntry | undefined {
    const entry = this.nonces.get(nonce);
    if (!entry) return undefined;
    if (this.now() - entry.createdAt > NONCE_TTL_MS) {
      this.nonces.delete(nonce);
      return undefined;
    }
    return entry;
  }

  consume(nonce: string): void {
    const entry = this.nonces.get(nonce);
    if (entry) entry.consumed = true;
  }

  /**
   * Records a 3D Secure result on a nonce and gives it a `threeDSecureAuthenticationId` (Braintree returns one in
   * `threeDSecureInfo`; a sale may name it with a vaulted token).
   */
  setThreeDSecure(nonce: string, info: ThreeDSecureInfo): void {
    const entry = this.nonces.get(nonce);
    if (!entry) return;
    const authenticationId = info.threeDSecureAuthenticationId ?? randomId(24);
    const withId = { ...info, threeDSecureAuthenticationId: authenticationId };
    entry.threeDSecureInfo = withId;
    this.authentications.set(authenticationId, withId);
    evictOldest(this.authentications);
  }

  getAuthentication(authenticationId: string): ThreeDSecureInfo | undefined {
    return this.authentications.get(authenticationId);
  }

  /** The order's transactions, oldest first (settlement brought up to date). */
  transactionsFor(orderId: string): readonly Transaction[] {
    return (this.byOrder.get(orderId) ?? []).flatMap((id) => this.getTransaction(id) ?? []);
  }

  /** Every transaction, oldest first (settlement brought up to date). */
  allTransactions(): Transaction[] {
    return [...this.transactions.values()].map((t) => this.advance(t));
  }

  getTransaction(id: string): Transaction | undefined {
    const transaction = this.transactions.get(id);
    return transaction && this.advance(transaction);
  }

  /** Whether a search sees the transaction yet ({@link Simulation.searchLagMs} after it was created). */
  searchable(transaction: Transaction): boolean {
    const lag = this.simulation.searchLagMs;
    return lag === 0 || Date.parse(transaction.createdAt) + lag <= this.now();
  }

  /**
   * Moves a transaction along its settlement plan up to now (statuses and history stamped at the planned times) and
   * expires an authorization left too long (expiry.ts); a transaction voided or settled by hand meanwhile leaves its
   * plan. Each move is reported to `changes` when given.
   */
  private advance(transaction: Transaction, changes?: StatusChange[]): Transaction {
    const now = this.now();
    const move = (status: Transaction['status'], at: number) => {
      this.setStatus(transaction, status, at);
      changes?.push({ transaction, status, at });
    };
    const expiresAt = authorizationExpiresAt(transaction);
    if (transaction.status === 'authorized' && expiresAt !== undefined && now >= expiresAt)
      move('authorization_expired', expiresAt);
    const plan = this.settlementPlans.get(transaction.id);
    if (!plan) return transaction;
    if (transaction.status === 'submitted_for_settlement' && now >= plan.settlingAt) move('settling', plan.settlingAt);
    if (transaction.status === 'settling' && now >= plan.doneAt) move(plan.outcome, plan.doneAt);
    if (transaction.status !== 'submitted_for_settlement' && transaction.status !== 'settling')
      this.settlementPlans.delete(transaction.id);
    return transaction;
  }

  /**
   * Brings every transaction and dispute up to now, as the gateway's own jobs would have by then (after the test clock
   * moved): settlement plans, authorization expiry, and open disputes past their reply-by date (→ `expired`, stamped
   * the day after it). Returns what moved, oldest first.
   */
  runDue(): { transactions: StatusChange[]; disputes: Dispute[] } {
    const transactions: StatusChange[] = [];
    for (const transaction of this.transactions.values()) this.advance(transaction, transactions);
    const today = this.nowIso().slice(0, 10);
    const disputes = [...this.disputes.values()].filter((d) => d.status === 'open' && d.replyByDate < today);
    for (const dispute of disputes)
      this.setDisputeStatus(dispute, 'expired', Date.parse(`${dispute.replyByDate}T00:00:00Z`) + 86_400_000);
    transactions.sort((a, b) => a.at - b.at);
    return { transactions, disputes };
  }

  addTransaction(transaction: Transaction): void {
    this.transactions.set(transaction.id, transaction);
    evictOldest(this.transactions);
    const settlement = this.simulation.settlement;
    if (settlement && transaction.status === 'submitted_for_settlement') {
      const created = Date.parse(transaction.createdAt);
      const declined = transaction.type === 'sale' && Math.random() < settlement.declinedRate;
      this.settlementPlans.set(transaction.id, {
        settlingAt: created + settlement.settlingAfterMs,
        doneAt: created + Math.max(settlement.settlingAfterMs, settlement.settledAfterMs),
        outcome: declined ? 'settlement_declined' : 'settled',
      });
      evictOldest(this.settlementPlans);
    }
    if (transaction.orderId) {
      const list = this.byOrder.get(transaction.orderId) ?? [];
      list.push(transaction.id);
      this.byOrder.set(transaction.orderId, list);
      evictOldest(this.byOrder);
    }
  }

  /** Moves a transaction to a new status and records it in its status history (at `at`, ms; default now). */
  setStatus(transaction: Transaction, status: Transaction['status'], at: number = this.now()): void {
    transaction.status = status;
    const now = new Date(at).toISOString();
    transaction.updatedAt = now;
    transaction.statusHistory.push({ status, timestamp: now, amount: transaction.amount });
  }

  /** Records a dispute on its sale (`transaction.disputes`). */
  addDispute(dispute: Dispute, transaction: Transaction): void {
    this.disputes.set(dispute.id, dispute);
    evictOldest(this.disputes);
    transaction.disputes.push(dispute);
  }

  getDispute(id: string): Dispute | undefined {
    return this.disputes.get(id);
  }

  /** Moves a dispute to a new status, recorded in its status history (at `at`, ms; default now). */
  setDisputeStatus(dispute: Dispute, status: DisputeStatus, at: number = this.now()): void {
    const now = new Date(at).toISOString();
    dispute.status = status;
    dispute.updatedAt = now;
    if (status === 'won') dispute.dateWon = now.slice(0, 10);
    dispute.statusHistory.push({ status, timestamp: now, effectiveDate: now.slice(0, 10) });
  }

  getCustomer(id: string): Customer | undefined {
    return this.vault.getCustomer(id);
  }

  getPaymentMethod(token: string): VaultedPaymentMethod | undefined {
    return this.vault.get(token);
  }

  /** The store's clock (ISO timestamps of transactions follow it). */
  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  addLookup(lookup: ThreeDSecureLookup): void {
    this.lookups.set(lookup.transactionId, lookup);
    evictOldest(this.lookups);
  }

  getLookup(transactionId: string): ThreeDSecureLookup | undefined {
    return this.lookups.get(transactionId);
  }

  findLookupByJwt(jwt: string): ThreeDSecureLookup | undefined {
    for (const lookup of this.lookups.values()) if (lookup.jwt === jwt) return lookup;
    return undefined;
  }
}
