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
  createdAt: string;
  updatedAt: string;
}

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
  private readonly now: () => number;

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

  /** The order's transactions, oldest first. */
  transactionsFor(orderId: string): readonly Transaction[] {
    return (this.byOrder.get(orderId) ?? []).flatMap((id) => this.transactions.get(id) ?? []);
  }

  /** Every transaction, oldest first. */
  allTransactions(): Transaction[] {
    return [...this.transactions.values()];
  }

  getTransaction(id: string): Transaction | undefined {
    return this.transactions.get(id);
  }

  addTransaction(transaction: Transaction): void {
    this.transactions.set(transaction.id, transaction);
    evictOldest(this.transactions);
    if (transaction.orderId) {
      const list = this.byOrder.get(transaction.orderId) ?? [];
      list.push(transaction.id);
      this.byOrder.set(transaction.orderId, list);
      evictOldest(this.byOrder);
    }
  }

  /** Moves a transaction to a new status and records it in its status history. */
  setStatus(transaction: Transaction, status: Transaction['status']): void {
    transaction.status = status;
    const now = new Date(this.now()).toISOString();
    transaction.updatedAt = now;
    transaction.statusHistory.push({ status, timestamp: now, amount: transaction.amount });
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
