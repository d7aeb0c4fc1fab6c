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
}

interface NonceEntry {
  card: StoredCard;
  consumed: boolean;
  createdAt: number;
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
}

export interface Transaction extends TransactionOutcome {
  id: string;
  orderId: string;
  amount: string;
  currencyCode: string;
  paymentMethodNonce: string;
  paymentInstrumentType: string;
  creditCard: { cardType: string; last4: string; bin: string };
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  deviceDataCaptured: boolean;
  createdAt: string;
}

const SUCCESS: ReadonlySet<string> = new Set(['authorized', 'submitted_for_settlement']);

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
  private readonly transactions = new Map<string, Transaction[]>();
  private readonly lookups = new Map<string, ThreeDSecureLookup>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
    this.clientTokens = new ClientTokens(now);
  }

  /** Stores a card and returns a new single-use nonce. */
  createNonce(card: StoredCard, prefix = 'tokencc_sb'): string {
    const nonce = `${prefix}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(3)}`;
    this.nonces.set(nonce, { card, consumed: false, createdAt: this.now() });
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

  setThreeDSecure(nonce: string, info: ThreeDSecureInfo): void {
    const entry = this.nonces.get(nonce);
    if (entry) entry.threeDSecureInfo = info;
  }

  transactionsFor(orderId: string): readonly Transaction[] {
    return this.transactions.get(orderId) ?? [];
  }

  addTransaction(transaction: Transaction): void {
    const list = this.transactions.get(transaction.orderId) ?? [];
    list.push(transaction);
    this.transactions.set(transaction.orderId, list);
    evictOldest(this.transactions);
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
