/**
 * Chargebacks (braintree_node lib/braintree/dispute.js; Braintree "Disputes"): a dispute is opened against a sale
 * that holds money and ends `won`, `lost`, `accepted` or `expired`. Braintree opens them itself when a cardholder's
 * bank disputes a charge (its sandbox through dispute test cards); here the test-only control panel opens and closes
 * them (control-panel.ts).
 */
import {
  DISPUTE_REPLY_DAYS,
  randomId,
  type Dispute,
  type DisputeStatus,
  type SandboxStore,
  type Transaction,
} from '../store.js';
import { parseAmount } from './transactions.js';
import type { GatewayErrorCode } from './errors.js';

/** braintree_node dispute.js `Reason`. */
export const DISPUTE_REASONS: ReadonlySet<string> = new Set([
  'cancelled_recurring_transaction',
  'credit_not_processed',
  'duplicate',
  'fraud',
  'general',
  'invalid_account',
  'not_recognized',
  'product_not_received',
  'product_unsatisfactory',
  'retrieval',
  'transaction_amount_differs',
]);

/** Sales a cardholder's bank can charge back: the money has left the cardholder (settling or settled). */
const DISPUTABLE: ReadonlySet<string> = new Set(['settling', 'settled']);

/** The sandbox's own codes (Braintree has no API call that opens a dispute, hence no code of its own). */
export const DISPUTE_ERRORS = {
  notDisputable: {
    code: 'sandbox_dispute_not_settled',
    message: 'Only a settling or settled sale can be disputed.',
  },
  amountInvalid: { code: '81503', message: 'Amount is an invalid format.' },
  amountTooLarge: { code: 'sandbox_dispute_amount_too_large', message: 'Dispute amount exceeds the sale amount.' },
  reasonInvalid: { code: 'sandbox_dispute_reason_invalid', message: 'Dispute reason is invalid.' },
  /** Dispute.CanOnlyAcceptOpenDispute (validation_error_codes.js) */
  canOnlyAcceptOpen: { code: '95704', message: 'Disputes can only be accepted when they are in an Open state' },
  closed: { code: 'sandbox_dispute_closed', message: 'Only an open dispute can be won, lost or expire.' },
} as const satisfies Record<string, GatewayErrorCode>;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Opens a chargeback on a settling or settled sale.
 * @param amount the disputed amount (decimal string), default the sale's; at most the sale's.
 * @param reason a braintree_node dispute.js `Reason`, default `fraud`.
 * @returns the open dispute (received and opened today, reply by {@link DISPUTE_REPLY_DAYS} days later), or the error.
 */
export function openDispute(
  store: SandboxStore,
  sale: Transaction,
  { amount, reason = 'fraud' }: { amount?: string | undefined; reason?: string | undefined },
): { dispute: Dispute } | { error: GatewayErrorCode } {
  if (sale.type !== 'sale' || !DISPUTABLE.has(sale.status)) return { error: DISPUTE_ERRORS.notDisputable };
  if (!DISPUTE_REASONS.has(reason)) return { error: DISPUTE_ERRORS.reasonInvalid };
  const parsed = parseAmount(amount ?? sale.amount);
  if (!parsed || parsed.minor <= 0) return { error: DISPUTE_ERRORS.amountInvalid };
  if (parsed.minor > (parseAmount(sale.amount)?.minor ?? 0)) return { error: DISPUTE_ERRORS.amountTooLarge };
  const now = store.nowIso();
  const today = now.slice(0, 10);
  const dispute: Dispute = {
    id: randomId(16),
    transactionId: sale.id,
    transactionDetails: { amount: sale.amount, orderId: sale.orderId, createdAt: sale.createdAt },
    amount: parsed.text,
    currencyCode: sale.currencyCode,
    merchantAccountId: sale.merchantAccountId,
    status: 'open',
    reason,
    kind: 'chargeback',
    receivedDate: today,
    replyByDate: addDays(today, DISPUTE_REPLY_DAYS),
    dateOpened: today,
    statusHistory: [{ status: 'open', timestamp: now, effectiveDate: today }],
    createdAt: now,
    updatedAt: now,
  };
  store.addDispute(dispute, sale);
  return { dispute };
}

/** Closes an open dispute (`won`, `lost`, `accepted`, `expired`); a closed one is an error (95704 for accept). */
export function closeDispute(
  store: SandboxStore,
  dispute: Dispute,
  status: Exclude<DisputeStatus, 'open'>,
): { dispute: Dispute } | { error: GatewayErrorCode } {
  if (dispute.status !== 'open')
    return { error: status === 'accepted' ? DISPUTE_ERRORS.canOnlyAcceptOpen : DISPUTE_ERRORS.closed };
  store.setDisputeStatus(dispute, status);
  return { dispute };
}
