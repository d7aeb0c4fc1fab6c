/**
 * `transaction.search` (braintree_node lib/braintree/transaction_search.js, advanced_search.js, gateway.js
 * `createSearchResponse` / `pagingFunctionGenerator`, search_response_stream.js): the SDK first posts the criteria to
 * `/transactions/advanced_search_ids` (answer `<search-results>` with `page-size` and the `ids` array), then pages
 * through `/transactions/advanced_search` with the same criteria plus `ids: [...]` (answer
 * `<credit-card-transactions type="collection">` of `<transaction>`s).
 *
 * Criteria shapes (snake_case on the wire, camelCase here): text fields `{ is | isNot | startsWith | endsWith |
 * contains: "…" }`, multiple-value fields `["a", "b"]`, range fields `{ min?, max?, is? }`. A criterion the sandbox
 * does not know is refused (HTTP 400 → the SDK's UnexpectedError) rather than ignored, so a search never silently
 * matches more than asked.
 */
import type { Transaction } from '../store.js';

export const PAGE_SIZE = 50;

const TEXT_FIELDS: Readonly<Record<string, (t: Transaction) => string | undefined>> = {
  id: (t) => t.id,
  orderId: (t) => t.orderId,
  customerEmail: (t) => t.customer.email,
  customerFirstName: (t) => t.customer.firstName,
  customerLastName: (t) => t.customer.lastName,
  customerId: (t) => t.customer.id,
  paymentMethodToken: (t) => t.paymentMethodToken,
  creditCardCardholderName: (t) => t.instrument.cardholderName,
  paypalPayerEmail: (t) => t.instrument.email,
  refundedTransactionId: (t) => t.refundedTransactionId,
};

const MULTI_FIELDS: Readonly<Record<string, (t: Transaction) => string>> = {
  ids: (t) => t.id,
  status: (t) => t.status,
  merchantAccountId: (t) => t.merchantAccountId,
  paymentInstrumentType: (t) => t.paymentInstrumentType,
  type: (t) => t.type,
  creditCardCardType: (t) => t.instrument.cardType,
};

/** When a transaction entered one of these statuses (its status history, ms since the epoch). */
function enteredAt(t: Transaction, ...statuses: string[]): number[] {
  return t.statusHistory.filter((e) => statuses.includes(e.status)).map((e) => Date.parse(e.timestamp));
}

/**
 * Range fields (transaction_search.js `rangeFields`), each a transaction's values (any in range matches): `amount`,
 * `createdAt`, the status timestamps from its history — `authorizedAt` (a sale submitted for settlement at once was
 * authorized then too), `submittedForSettlementAt`, `settledAt`, `voidedAt`, `failedAt`, `gatewayRejectedAt`,
 * `processorDeclinedAt` — and `disputeDate`, the days its disputes were received.
 */
const RANGE_FIELDS: Readonly<Record<string, (t: Transaction) => number[]>> = {
  amount: (t) => [Number(t.amount)],
  createdAt: (t) => [Date.parse(t.createdAt)],
  authorizedAt: (t) => enteredAt(t, 'authorized', 'submitted_for_settlement').slice(0, 1),
  submittedForSettlementAt: (t) => enteredAt(t, 'submitted_for_settlement'),
  settledAt: (t) => enteredAt(t, 'settled'),
  voidedAt: (t) => enteredAt(t, 'voided'),
  failedAt: (t) => enteredAt(t, 'failed'),
  gatewayRejectedAt: (t) => enteredAt(t, 'gateway_rejected'),
  processorDeclinedAt: (t) => enteredAt(t, 'processor_declined'),
  disputeDate: (t) => t.disputes.map((d) => Date.parse(d.receivedDate)),
};

export class UnsupportedCriterion extends Error {}

function textMatches(value: string | undefined, criterion: unknown): boolean {
  if (typeof criterion !== 'object' || criterion === null) throw new UnsupportedCriterion('text criterion');
  const actual = (value ?? '').toLowerCase();
  for (const [operator, raw] of Object.entries(criterion as Record<string, unknown>)) {
    const wanted = String(raw).toLowerCase();
    const ok = {
      is: () => value !== undefined && actual === wanted,
      isNot: () => actual !== wanted,
      startsWith: () => value !== undefined && actual.startsWith(wanted),
      endsWith: () => value !== undefined && actual.endsWith(wanted),
      contains: () => value !== undefined && actual.includes(wanted),
    }[operator];
    if (!ok) throw new UnsupportedCriterion(`operator ${operator}`);
    if (!ok()) return false;
  }
  return true;
}

/**
 * A range bound: a number for `amount`, an ISO 8601 date-time for the timestamps, and for `disputeDate` (a date) the
 * day of the given date-time (UTC).
 */
function rangeValue(raw: unknown, field: string): number {
  const text = String(raw);
  const value = field === 'amount' ? Number(raw) : Date.parse(field === 'disputeDate' ? text.slice(0, 10) : text);
  if (Number.isNaN(value)) throw new UnsupportedCriterion(`range value for ${field}`);
  return value;
}

/** Whether a transaction matches every criterion; throws {@link UnsupportedCriterion} for an unknown one. */
export function matchesCriteria(transaction: Transaction, criteria: Record<string, unknown>): boolean {
  for (const [field, criterion] of Object.entries(criteria)) {
    const text = TEXT_FIELDS[field];
    const multi = MULTI_FIELDS[field];
    const range = RANGE_FIELDS[field];
    if (text) {
      if (!textMatches(text(transaction), criterion)) return false;
    } else if (multi) {
      const values = Array.isArray(criterion) ? criterion.map(String) : [String(criterion)];
      if (!values.includes(multi(transaction))) return false;
    } else if (range) {
      if (typeof criterion !== 'object' || criterion === null) throw new UnsupportedCriterion(field);
      const { min, max, is } = criterion as { min?: unknown; max?: unknown; is?: unknown };
      const bounds = {
        min: min === undefined ? -Infinity : rangeValue(min, field),
        max: max === undefined ? Infinity : rangeValue(max, field),
        is: is === undefined ? undefined : rangeValue(is, field),
      };
      const inRange = (value: number) =>
        value >= bounds.min && value <= bounds.max && (bounds.is === undefined || value === bounds.is);
      if (!range(transaction).some(inRange)) return false;
    } else {
      throw new UnsupportedCriterion(`unsupported search field ${field}`);
    }
  }
  return true;
}

/** The matching transactions, oldest first. */
export function searchTransactions(all: readonly Transaction[], criteria: Record<string, unknown>): Transaction[] {
  return all.filter((t) => matchesCriteria(t, criteria));
}

/** The `orderId` / `customerEmail` a search names with `is` (fault matching). */
export function searchSubject(criteria: Record<string, unknown>): { orderId?: string; customerEmail?: string } {
  const is = (value: unknown) =>
    typeof value === 'object' && value !== null && 'is' in value && typeof value.is === 'string' ? value.is : undefined;
  const orderId = is(criteria.orderId);
  const customerEmail = is(criteria.customerEmail);
  return { ...(orderId !== undefined ? { orderId } : {}), ...(customerEmail !== undefined ? { customerEmail } : {}) };
}
