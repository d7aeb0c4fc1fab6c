import { randomBytes } from 'node:crypto';
import { ClientTokens } from './authorization.js';
import type { StoredCard, TransactionOutcome } from './cards.js';

/** Braintree nonces expire after three hours. */
const NONCE_TTL_MS = 3 * 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

export interface ThreeDSecureInfo {
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  status: string;
  enrolled: string;
  threeDSecureVersion: string;
  cavv?: string;
  eciFlag?: string;
  dsTransactionId?: string;
  /** Braintree's `threeDSecureAuthenticationId`: a sale may name it instead of sending the 3DS nonce. */
  threeDSecureAuthenticationId?: string;
}

export interface NonceEntry {
  card: StoredCard;
  consumed: boolean;
  createdAt: number;
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  /** Set for a nonce from `paymentMethodNonce.create` (a vaulted payment method's token). */
  paymentMethodToken?: string | undefined;
}

/** The customer details a transaction carries (Braintree `transaction.customer`). */
export interface TransactionCustomer {
  id?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** One transaction of either API (the sandbox's JSON `/v1/transactions` or the Braintree XML gateway). */
export interface Transaction extends TransactionOutcome {
  id: string;
  /** `sale`, or `credit` for a refund (braintree_node transaction.js `Type`). */
  type: 'sale' | 'credit';
  /** Braintree's `orderId` is optional; '' when absent. Never deduplicated. */
  orderId: string;
  amount: string;
  currencyCode: string;
  merchantAccountId: string;
  paymentMethodNonce?: string | undefined;
  paymentMethodToken?: string | undefined;
  paymentInstrumentType: string;
  /** The charged instrument (never a full card number: `threeDSecureCard` is not serialized). */
  instrument: StoredCard;
  creditCard: { cardType: string; last4: string; bin: string };
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  customer: TransactionCustomer;
  billing?: Record<string, string> | undefined;
  deviceDataCaptured: boolean;
  refundedTransactionId?: string | undefined;
  refundIds: string[];
  statusHistory: { status: string; timestamp: string; amount: string }[];
  /** The sale's disputes, oldest first (braintree_node transaction.js `disputes`); always empty on a credit. */
  disputes: Dispute[];
  createdAt: string;
  updatedAt: string;
}

/** Braintree's dispute statuses the sandbox produces (braintree_node dispute.js `Status`). */
export type DisputeStatus = 'open' | 'won' | 'lost' | 'accepted' | 'expired';

/**
 * A chargeback against a sale (braintree_node dispute.js; Braintree "Disputes"). Dates are `YYYY-MM-DD` (UTC), as
 * Braintree's `type="date"` fields; amounts are decimal strings in the sale's currency.
 */
export interface Dispute {
  id: string;
  transactionId: string;
  /** The disputed sale as Braintree's `dispute.transaction` details (transaction_details.js) carry it. */
  transactionDetails: { amount: string; orderId: string; createdAt: string };
  /** The amount disputed (Braintree `amountDisputed`; its deprecated `amount` is the same). */
  amount: string;
  currencyCode: string;
  merchantAccountId: string;
  status: DisputeStatus;
  /** braintree_node dispute.js `Reason` (default `fraud`). */
  reason: string;
  kind: 'chargeback';
  receivedDate: string;
  /** When the merchant must have answered: {@link DISPUTE_REPLY_DAYS} days after `receivedDate`. */
  replyByDate: string;
  dateOpened: string;
  /** Set when the dispute is won. */
  dateWon?: string | undefined;
  statusHistory: { status: DisputeStatus; timestamp: string; effectiveDate: string }[];
  createdAt: string;
  updatedAt: string;
}

/**
 * Days a merchant has to answer a chargeback in the sandbox: Braintree's reply-by date depends on the card network
 * and the reason (its SDK's sample notification, webhook_testing_gateway.js, gives 20 days); the sandbox gives fewer,
 * never more time than Braintree would.
 */
export const DISPUTE_REPLY_DAYS = 7;

/** A vaulted payment method (Braintree Vault; `customer.create` with a nonce). */
export interface VaultedPaymentMethod {
  token: string;
  customerId: string;
  card: StoredCard;
  createdAt: string;
}

/** A vaulted customer. */
export interface Customer {
  id: string;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  paymentMethodTokens: string[];
  createdAt: string;
}

const SUCCESS: ReadonlySet<string> = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

/** Successful sales (Braintree's `result.success` with an authorization). */
export function isSuccessful(transaction: Transaction): boolean {
  return SUCCESS.has(transaction.status);
}

/** Random lowercase alphanumerics (nonce parts, transaction ids). */
export function randomId(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

function evictOldest<K, V>(map: Map<K, V>): void {
  while (map.size > MAX_ENTRIES) {
    const first = map.keys().next();
    if (first.done) return;
    map.delete(first.value);
  }
}

/**
 * Test-only behaviour of the gateway over time, set through fault control (`PUT /sandbox/simulation`, 404 with
 * `NODE_ENV=production`; faults.ts). Off by default: sales stay `submitted_for_settlement` and searches see every
 * transaction at once.
 */
export interface Simulation {
  /**
   * Settlement over time (Braintree "Transaction statuses", braintree_node transaction.js `Status`): a transaction
   * `submitted_for_settlement` becomes `settling` `settlingAfterMs` after it was created, then `settled` — or, for a
   * sale with probability `declinedRate` (0–1), `settlement_declined` — `settledAfterMs` after it was created.
   */
  settlement?: { settlingAfterMs: number; settledAfterMs: number; declinedRate: number } | undefined;
  /**
   * How long a new transaction stays invisible to searches (ms): the gateway API's advanced search and the server
   * API's `GET /v1/transactions?orderId=` lag behind the sale, as a search index does; `transaction.find` by id does not.
   */
  searchLagMs: number;
  /**
   * Braintree's duplicate transaction checking (Control Panel › Processing options; braintree_node transaction.js
   * `GatewayRejectionReason.Duplicate`): a sale with the same payment instrument, amount and merchant account as a
   * successful sale made less than `windowMs` before is `gateway_rejected` `duplicate`. Off when unset.
   */
  duplicateCheck?: { windowMs: number } | undefined;
}

/** When a transaction moves on in settlement, decided when it was created. */
interface SettlementPlan {
  settlingAt: number;
  doneAt: number;
  outcome: 'settled' | 'settlement_declined';
}

/** A 3D Secure lookup that asked for a challenge (sandbox card 4000000000002503). */
export interface ThreeDSecureLookup {
  transactionId: string;
  nonce: string;
  card: StoredCard;
  amount: string;
  parentOrigin: string;
  /**
   * The provider's URL the bank POSTs its CRes to (EMV 3DS `notificationURL`, told to the ACS in the AReq), on the
   * origin the browser reached the provider by.
   */
  notificationUrl?: string;
  outcome?: 'complete' | 'fail';
  jwt?: string;
  /** The JWT was exchanged already (single use). */
  used: boolean;
}

/** In-memory state of one sandbox process: nonces, transactions by order id, 3DS lookups, client tokens. */
export class SandboxStore {
  /** Client tokens issued by `POST /v1/client_token` (valid 24 h). */
  readonly clientTokens: ClientTokens;
  private readonly nonces = new Map<string, NonceEntry>();
  private readonly transactions = new Map<string, Transaction>();
  private readonly byOrder = new Map<string, string[]>();
  private readonly customers = new Map<string, Customer>();
  private readonly paymentMethods = new Map<string, VaultedPaymentMethod>();
  private readonly authentications = new Map<string, ThreeDSecureInfo>();
  private readonly lookups = new Map<string, ThreeDSecureLookup>();
  private readonly settlementPlans = new Map<string, SettlementPlan>();
  private readonly disputes = new Map<string, Dispute>();
  private readonly now: () => number;
  /** Settlement over time and search lag (tests only, see {@link Simulation}); off by default. */
  simulation: Simulation = { searchLagMs: 0 };

  constructor(now: () => number = Date.now) {
    this.now = now;
    this.clientTokens = new ClientTokens(now);
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
   * Moves a transaction along its settlement plan up to now (statuses and history stamped at the planned times); a
   * transaction voided or settled by hand meanwhile leaves its plan.
   */
  private advance(transaction: Transaction): Transaction {
    const plan = this.settlementPlans.get(transaction.id);
    if (!plan) return transaction;
    const now = this.now();
    if (transaction.status === 'submitted_for_settlement' && now >= plan.settlingAt)
      this.setStatus(transaction, 'settling', plan.settlingAt);
    if (transaction.status === 'settling' && now >= plan.doneAt) this.setStatus(transaction, plan.outcome, plan.doneAt);
    if (transaction.status !== 'submitted_for_settlement' && transaction.status !== 'settling')
      this.settlementPlans.delete(transaction.id);
    return transaction;
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

  /** Moves a dispute to a new status, recorded in its status history (now). */
  setDisputeStatus(dispute: Dispute, status: DisputeStatus): void {
    const now = this.nowIso();
    dispute.status = status;
    dispute.updatedAt = now;
    if (status === 'won') dispute.dateWon = now.slice(0, 10);
    dispute.statusHistory.push({ status, timestamp: now, effectiveDate: now.slice(0, 10) });
  }

  addCustomer(customer: Customer): void {
    this.customers.set(customer.id, customer);
    evictOldest(this.customers);
  }

  getCustomer(id: string): Customer | undefined {
    return this.customers.get(id);
  }

  /** Vaults a payment method for a customer; returns its token. */
  vault(customer: Customer, card: StoredCard): VaultedPaymentMethod {
    const method: VaultedPaymentMethod = {
      token: randomId(7),
      customerId: customer.id,
      card,
      createdAt: new Date(this.now()).toISOString(),
    };
    this.paymentMethods.set(method.token, method);
    evictOldest(this.paymentMethods);
    customer.paymentMethodTokens.push(method.token);
    return method;
  }

  getPaymentMethod(token: string): VaultedPaymentMethod | undefined {
    return this.paymentMethods.get(token);
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
