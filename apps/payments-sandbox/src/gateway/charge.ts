/**
 * The charge both APIs make once a sale is valid (the XML gateway's `transaction.sale`, sale.ts, and the server API's
 * `POST /v1/transactions`, server-sales.ts): the outcome — duplicate check, the Vault's decline switch, the card's or
 * amount's outcome, 3D Secure —, vaulting on success (`storeInVaultOnSuccess`, Braintree "Vault"), and the stored
 * transaction.
 */
import { APPROVED, gatewayRejected, processorDeclined, type StoredCard } from '../cards.js';
import {
  randomId,
  type Customer,
  type SandboxStore,
  type ThreeDSecureInfo,
  type Transaction,
  type TransactionCustomer,
} from '../store.js';
import { duplicateOf, instrumentType, saleOutcome } from './transactions.js';

/**
 * Braintree's `transactionSource` values (braintree_node transaction_gateway_spec "allows specifying transactions with
 * transaction source as …", Braintree GraphQL `PaymentInitiator`); anything else is 915133.
 */
export const TRANSACTION_SOURCES: ReadonlySet<string> = new Set([
  'recurring',
  'recurring_first',
  'unscheduled',
  'moto',
  'installment',
  'installment_first',
  'merchant',
]);

/**
 * Sources of a merchant-initiated sale on stored credentials (Braintree "Recurring transactions": the customer is not
 * there, so no 3D Secure is asked and the issuer does not soft-decline for authentication). `moto` is customer
 * initiated but out of scope of SCA too ({@link SCA_EXEMPT}).
 */
const MERCHANT_INITIATED: ReadonlySet<string> = new Set(['recurring', 'unscheduled', 'installment', 'merchant']);
/** Sources exempt from 3D Secure: merchant-initiated ones and mail / telephone orders. */
export const SCA_EXEMPT: ReadonlySet<string> = new Set([...MERCHANT_INITIATED, 'moto']);
/** Sources Braintree marks `recurring: true` (transaction_gateway_spec: recurring_first and recurring). */
const RECURRING: ReadonlySet<string> = new Set(['recurring', 'recurring_first']);

export interface ChargeInput {
  card: StoredCard;
  amount: { minor: number; text: string };
  currencyCode: string;
  merchantAccountId: string;
  orderId: string;
  nonce?: string | undefined;
  /** The vaulted payment method charged (a token sale, or a nonce made from a token). */
  paymentMethodToken?: string | undefined;
  threeDSecureInfo?: ThreeDSecureInfo | undefined;
  threeDSecureRequired?: boolean | undefined;
  submitForSettlement?: boolean | undefined;
  transactionSource?: string | undefined;
  customer: TransactionCustomer;
  /** Vault the instrument on success, under `customer` (an existing one) or a new customer with the sale's details. */
  storeInVault?: { customer?: Customer | undefined } | undefined;
  billing?: Record<string, string> | undefined;
  deviceDataCaptured: boolean;
}

/** The outcome of a valid sale, in the gateway's order (duplicate, the decline switch and card, 3D Secure). */
function outcomeOf(store: SandboxStore, input: ChargeInput, merchantInitiated: boolean) {
  const declineCode = store.vault.declineFor(input.paymentMethodToken);
  const card = declineCode === undefined ? input.card : { ...input.card, forced: processorDeclined(declineCode) };
  const repeated = duplicateOf(store, {
    card,
    amount: input.amount.text,
    merchantAccountId: input.merchantAccountId,
    currencyCode: input.currencyCode,
  });
  const exempt = input.transactionSource !== undefined && SCA_EXEMPT.has(input.transactionSource);
  let outcome = repeated
    ? gatewayRejected('duplicate')
    : saleOutcome(
        card,
        input.amount.minor,
        input.threeDSecureInfo,
        input.threeDSecureRequired,
        merchantInitiated || exempt,
      );
  if (outcome === APPROVED && input.submitForSettlement) outcome = { ...APPROVED, status: 'submitted_for_settlement' };
  return outcome;
}

/** Charges a validated sale, vaults on success when asked, stores and returns the transaction. */
export function charge(store: SandboxStore, input: ChargeInput): Transaction {
  const merchantInitiated = input.transactionSource !== undefined && MERCHANT_INITIATED.has(input.transactionSource);
  const outcome = outcomeOf(store, input, merchantInitiated);
  const success = outcome.status === 'authorized' || outcome.status === 'submitted_for_settlement';
  let customer = input.customer;
  let paymentMethodToken = input.paymentMethodToken;
  if (success && input.storeInVault && paymentMethodToken === undefined) {
    const owner = input.storeInVault.customer ?? store.vault.createCustomer(customer);
    paymentMethodToken = store.vault.add(owner, input.card).token;
    customer = { ...customer, id: owner.id };
  }
  const now = store.nowIso();
  const { card } = input;
  const transaction: Transaction = {
    id: randomId(8),
    type: 'sale',
    orderId: input.orderId,
    amount: input.amount.text,
    currencyCode: input.currencyCode,
    merchantAccountId: input.merchantAccountId,
    paymentMethodNonce: input.nonce,
    paymentMethodToken,
    paymentInstrumentType: instrumentType(card),
    transactionSource: input.transactionSource,
    recurring: input.transactionSource !== undefined && RECURRING.has(input.transactionSource),
    merchantInitiated,
    instrument: card,
    ...outcome,
    creditCard: { cardType: card.cardType, last4: card.lastFour, bin: card.bin },
    threeDSecureInfo: input.threeDSecureInfo,
    customer,
    billing: input.billing,
    deviceDataCaptured: input.deviceDataCaptured,
    refundIds: [],
    disputes: [],
    statusHistory: [{ status: outcome.status, timestamp: now, amount: input.amount.text }],
    createdAt: now,
    updatedAt: now,
  };
  store.addTransaction(transaction);
  return transaction;
}
