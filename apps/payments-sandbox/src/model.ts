/**
 * The sandbox's records (transactions, disputes, the Vault's customers and payment methods, 3D Secure lookups) and the
 * small helpers every module shares; store.ts holds them.
 */
import { randomBytes } from 'node:crypto';
import type { StoredCard, TransactionOutcome } from './cards.js';

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
  /**
   * Braintree's `transactionSource` of the sale (transaction_gateway.js `_createSignature`; Braintree "Recurring
   * transactions"): `recurring`, `recurring_first`, `unscheduled`, `moto`, … ; undefined for a customer-initiated sale.
   */
  transactionSource?: string | undefined;
  /** Braintree's `transaction.recurring`: true for `recurring` and `recurring_first` sales. */
  recurring: boolean;
  /** A merchant-initiated sale on a vaulted payment method (recurring, unscheduled, installment): no 3D Secure. */
  merchantInitiated: boolean;
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

/**
 * A vaulted payment method (Braintree "Vault": `customer.create` or `paymentMethod.create` with a nonce, or a sale with
 * `storeInVaultOnSuccess`). Its token is what merchant-initiated sales charge (Braintree "Recurring transactions").
 */
export interface VaultedPaymentMethod {
  token: string;
  customerId: string;
  card: StoredCard;
  createdAt: string;
  updatedAt: string;
}

/** A vaulted customer; its first payment method token is its default (braintree_node customer.js `paymentMethods`). */
export interface Customer {
  id: string;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  paymentMethodTokens: string[];
  createdAt: string;
  updatedAt: string;
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

/** Forgets the oldest entries of a map past 10 000 (the sandbox keeps memory bounded). */
export function evictOldest<K, V>(map: Map<K, V>): void {
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
