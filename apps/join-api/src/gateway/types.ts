import type { ThreeDSecureSummary } from './three-d-secure.js';

export type { ThreeDSecureSummary } from './three-d-secure.js';

/**
 * The server side of card payments (docs/ARCHITECTURE.md "What runs" "PaymentGateway"). Two drivers: `sandbox`
 * (apps/payments-sandbox's server API) and `braintree` (npm braintree). Amounts are decimal strings
 * with 2 decimals in major units ("216.00"), as both providers take them.
 */
export interface ChargeRequest {
  /**
   * Our order id, sent with the sale so that support and reconciliation can find it. NOT an idempotency handle:
   * Braintree does not deduplicate on it (a second sale with one orderId is a second transaction); the order's charge
   * lease in orders.ts is the only guard against a second charge.
   */
  orderId: string;
  amount: string;
  currencyCode: string;
  paymentMethodNonce: string;
  deviceData?: string;
  customer: { firstName: string; lastName: string; email: string; phone?: string };
  billingAddress: GatewayBillingAddress;
  /**
   * Save the payment method in the vault when the sale succeeds (Braintree `options.storeInVaultOnSuccess`: the card's
   * 3D Secure authentication counts for this first, customer-initiated sale; later renewals are merchant-initiated,
   * docs/RENEWAL.md), under the parent's vault customer `customerId`, or a new customer made from `customer` when null.
   * Absent: nothing is saved. A method that cannot be saved (a one-time PayPal payment, a single-use Venmo account)
   * is refused by the provider: `gateway_rejected`-free validation errors come back as `payment_method_invalid`.
   */
  vault?: { customerId: string | null };
}

export type {
  RecurringChargeRequest,
  VaultedMethod,
  SavePaymentMethodResult,
  SavePaymentMethodRequest,
} from './vault-types.js';
import type {
  GatewayBillingAddress,
  RecurringChargeRequest,
  VaultedMethod,
  SavePaymentMethodResult,
  SavePaymentMethodRequest,
} from './vault-types.js';

/** Brand and last four: the only card data join-api keeps (docs/CONTRACTS.md "HTTP API"). */
export interface CardSummary {
  brand: string | null;
  last4: string | null;
}

/**
 * What paid, as far as the receipt names it — nothing more is kept (docs/CONTRACTS.md "HTTP API"): a card's brand and last four; an
 * Apple Pay card's brand and last four (Braintree `applePayCard.cardType` without its "Apple Pay - " prefix,
 * `applePayCard.last4`); the PayPal payer's e-mail (`paypalAccount.payerEmail`); the Venmo username with a leading @
 * (`venmoAccount.username`, §3 "details.username (with a leading @)"). A field the provider did not send is null.
 */
export type PaymentMethodSummary =
  | ({ type: 'card' } & CardSummary)
  | ({ type: 'apple_pay' } & CardSummary)
  | { type: 'paypal'; payerEmail: string | null }
  | { type: 'venmo'; username: string | null };

/** The Venmo username as the receipt shows it: with one leading @ (§3), or null. */
function venmoUsername(username: string | null | undefined): string | null {
  const bare = username?.trim().replace(/^@+/, '');
  return bare ? `@${bare}` : null;
}

/** A transaction's payment instrument with Braintree's field names (braintree_node transaction.js). */
export interface BraintreeInstrument {
  paymentInstrumentType?: string | null;
  creditCard?: { cardType?: string | null; last4?: string | null } | null;
  /** braintree_node: `new PayPalAccount(attributes.paypal)` (XML `<paypal>`). */
  paypalAccount?: { payerEmail?: string | null } | null;
  /** The `<venmo-account>` element as the SDK's AttributeSetter copies it (also as `venmoAccountDetails`). */
  venmoAccount?: { username?: string | null } | null;
  /** braintree_node: `new ApplePayCard(attributes.applePay)` (XML `<apple-pay>`). */
  applePayCard?: { cardType?: string | null; last4?: string | null } | null;
}

/**
 * What paid, by the transaction's `paymentInstrumentType` (braintree_node payment_instrument_types.js): the PayPal
 * payer's e-mail, the Venmo username (leading @), the Apple Pay card's brand (without Braintree's "Apple Pay - "
 * prefix, `ApplePayCard.CardType`) and last four, else the card's brand and last four. Used by both drivers.
 */
export function paymentMethodSummary(t: BraintreeInstrument): PaymentMethodSummary {
  switch (t.paymentInstrumentType) {
    case 'paypal_account':
      return { type: 'paypal', payerEmail: t.paypalAccount?.payerEmail || null };
    case 'venmo_account':
      return { type: 'venmo', username: venmoUsername(t.venmoAccount?.username) };
    case 'apple_pay_card':
      return {
        type: 'apple_pay',
        brand: t.applePayCard?.cardType?.replace(/^Apple Pay - /, '') || null,
        last4: t.applePayCard?.last4 || null,
      };
    default:
      return { type: 'card', brand: t.creditCard?.cardType || null, last4: t.creditCard?.last4 || null };
  }
}
export type ChargeResult =
  | {
      outcome: 'approved';
      transactionId: string;
      status: string;
      /** What paid; null when nothing was charged (an upgrade whose credit covers the price). */
      paymentMethod: PaymentMethodSummary | null;
      processorResponseCode?: string;
      processorResponseText?: string;
      /**
       * What 3D Secure did for a card sale (absent for wallets and for transactions found by search):
       * `liabilityShifted` false means the card could not be authenticated and the merchant keeps the liability
       * (docs/PAYMENTS.md "3D Secure policy"; logged, and the hook a metric counts).
       */
      threeDSecure?: ThreeDSecureSummary;
      /** The saved method when the request asked for `vault` (absent otherwise, and for sales found by search). */
      vaulted?: VaultedMethod;
    }
  | {
      outcome: 'processor_declined';
      transactionId?: string;
      paymentMethod?: PaymentMethodSummary;
      processorResponseCode: string;
      processorResponseText: string;
    }
  | {
      outcome: 'gateway_rejected';
      transactionId?: string;
      paymentMethod?: PaymentMethodSummary;
      gatewayRejectionReason: string;
      processorResponseCode?: string;
      processorResponseText?: string;
    }
  | {
      /**
       * The nonce cannot be charged — unknown or expired (Braintree NotFound on `paymentMethodNonce.find`, validation
       * 91565) or already used (91564). Nothing was charged; the parent must enter the card again (422
       * `payment_method_expired`).
       */
      outcome: 'payment_method_invalid';
      reason: 'unknown' | 'consumed';
      processorResponseCode?: string;
      processorResponseText?: string;
    };

/**
 * A sale the provider holds for an order (all of them: the provider does not deduplicate on orderId; refunds —
 * `credit` transactions carrying the same orderId — are never listed). Its outcome comes from
 * {@link saleMoneyState}: `approved` holds money, a decline or rejection holds none, and `in_doubt` is a sale whose
 * money is not decided yet (Braintree `authorizing`): neither paid nor failed, looked at again later.
 */
export type FoundTransaction =
  | (ChargeResult & { transactionId: string; amount?: string })
  | { outcome: 'in_doubt'; transactionId: string; status: string; amount?: string };

/**
 * What a sale's status says about the money (Braintree "Transaction statuses", braintree_node transaction.js
 * `Status`): `held` — authorized or settling/settled and not refunded; `none` — declined, rejected, failed, voided,
 * expired before settlement (`authorization_expired`), refused at settlement (`settlement_declined`), or refunded
 * (a settled sale with refunds keeps its status; its `refundIds` say it was reversed); `in_doubt` — `authorizing`,
 * or a status this list does not know.
 */
export function saleMoneyState(t: {
  status: string;
  refundIds?: readonly string[] | null;
}): 'held' | 'none' | 'in_doubt' {
  if (NO_MONEY_STATUSES.has(t.status)) return 'none';
  if (HELD_STATUSES.has(t.status)) return (t.refundIds?.length ?? 0) > 0 ? 'none' : 'held';
  return 'in_doubt';
}

/** Braintree statuses in which a sale holds its money (braintree_node transaction.js `Status`). */
export const HELD_STATUSES: ReadonlySet<string> = new Set([
  'authorized',
  'submitted_for_settlement',
  'settlement_pending',
  'settling',
  'settled',
  'settlement_confirmed',
]);
const NO_MONEY_STATUSES: ReadonlySet<string> = new Set([
  'processor_declined',
  'gateway_rejected',
  'failed',
  'voided',
  'authorization_expired',
  'settlement_declined',
  'refunded',
]);

/**
 * The gateway did not give a definite answer (timeout, network error, 5xx). The charge may or may not
 * have happened: the order stays `pending` and a retry resolves it with {@link PaymentGateway.findByOrderId}
 * before charging again.
 * `maybeInFlight` is false only when the gateway answered that it carried nothing out (503 Service Unavailable,
 * 429, 401/403): then no call about the order can still land and its lease may end at once. A timeout, a dropped
 * connection, a 500 or a 504 may still be processed by the provider after the caller gave up.
 */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
  readonly maybeInFlight: boolean;
  constructor(message: string, opts: { cause?: unknown; maybeInFlight?: boolean } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.maybeInFlight = opts.maybeInFlight ?? true;
  }
}

/**
 * Braintree's duplicate transaction checking (on by default, a 30 s window: Braintree "Duplicate Transaction
 * Checking") rejects a sale as `gateway_rejected` with `gatewayRejectionReason` `duplicate`
 * (braintree_node transaction.js `GatewayRejectionReason.Duplicate`) when an earlier sale with the same amount, order
 * id and card went through — and it answers at once, without waiting for an earlier sale still in flight. So such a
 * rejection says nothing about the card: the earlier sale it duplicates, under the same order id, may hold the money.
 * Both drivers raise it from `charge` as {@link duplicateInDoubt} (in doubt, never a decline), and a rejection found
 * by {@link PaymentGateway.findByOrderId} decides nothing about the order (finalize.ts `resolveFromGateway`).
 * @returns whether `t` is a sale rejected by duplicate checking.
 */
export function isDuplicateRejection(t: { outcome: string; gatewayRejectionReason?: string }): boolean {
  return t.outcome === 'gateway_rejected' && t.gatewayRejectionReason === 'duplicate';
}

/**
 * The in-doubt error for a sale Braintree's duplicate checking rejected ({@link isDuplicateRejection}): the order stays
 * pending under its lease (`maybeInFlight`: the earlier sale may still be landing) and is resolved by search.
 * @param driver the driver's name, for the message; `transactionId` the rejected sale's id, when the answer had one.
 */
export function duplicateInDoubt(driver: string, transactionId?: string): GatewayUnavailableError {
  const sale = transactionId ? `sale ${transactionId}` : 'sale';
  return new GatewayUnavailableError(`${driver}: ${sale} rejected as a duplicate of an earlier sale of the order`);
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'braintree';
  /**
   * The longest a {@link PaymentGateway.charge} can take before it gives up (ms): every gateway call it makes, each
   * bounded by the driver's timeout. The order's charge lease is longer than this.
   */
  readonly maxChargeMs: number;
  /**
   * Charges a nonce. Never answers a {@link isDuplicateRejection duplicate rejection}: that is in doubt.
   * @throws GatewayUnavailableError when the outcome is unknown, or the sale was rejected as a duplicate.
   */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * Every transaction the provider holds for an order, oldest first (empty when none). Used to resolve an order left
   * in doubt and to find late approvals. @throws GatewayUnavailableError
   */
  findByOrderId(orderId: string): Promise<FoundTransaction[]>;
  /**
   * Gives an approved transaction's money back: void while it is not settled, refund once it is (Braintree
   * `transaction.void` / `transaction.refund`). 'already' when it was voided or refunded before.
   * @throws GatewayUnavailableError
   */
  reverse(transactionId: string): Promise<'voided' | 'refunded' | 'already'>;
  /**
   * The browser authorization for `GET /payments/config`: a new client token from the provider (3D Secure needs one),
   * for the merchant account of `currency` (so 3D Secure runs in the currency charged).
   * @throws GatewayUnavailableError when the provider cannot issue one.
   */
  clientAuthorization(currency?: string): Promise<string>;
  /**
   * One sale as the provider holds it now, with its refunds and disputes (Braintree `transaction.find`, whose answer
   * carries `refundIds` and `disputes`; each refund read by id for its amount and status). Undefined when the provider
   * knows no such transaction. Used to decide whether a paid order's money is still held (sale-money.ts).
   * @throws GatewayUnavailableError
   */
  saleMoney(transactionId: string): Promise<SaleMoney | undefined>;
  /**
   * The sales whose money may have left since `since` without a notification — Braintree posts none for a card
   * refund or a void made in its control panel: refunds (`credit` transactions) created and sales voided in
   * [`since`, `until`], by Braintree's transaction search (`type`, `createdAt`, `voidedAt`).
   * @throws GatewayUnavailableError
   */
  changedSales(since: Date, until: Date): Promise<ChangedSale[]>;
  /**
   * A renewal: a merchant-initiated recurring sale on a saved method ({@link RecurringChargeRequest}). Never answers a
   * {@link isDuplicateRejection duplicate rejection}: that is in doubt.
   * @throws GatewayUnavailableError when the outcome is unknown, or the sale was rejected as a duplicate.
   */
  chargeVaulted(req: RecurringChargeRequest): Promise<ChargeResult>;
  /**
   * Saves a new payment method for renewals and makes it the customer's default ({@link SavePaymentMethodResult}).
   * @throws GatewayUnavailableError when the outcome is unknown.
   */
  savePaymentMethod(req: SavePaymentMethodRequest): Promise<SavePaymentMethodResult>;
  /**
   * Deletes a customer from the vault with every payment method filed under it (Braintree `customer.delete`): the
   * erasure of a parent (SECURITY.md "Erasure"). `not_found` when the vault has no such customer (already deleted).
   * @throws GatewayUnavailableError when the outcome is unknown.
   */
  deleteCustomer(customerId: string): Promise<'deleted' | 'not_found'>;
}

/** A dispute on a sale (braintree_node dispute.js): `status` open, won, lost, accepted, expired…; money in major units. */
export interface SaleDispute {
  id: string;
  status: string;
  /** `chargeback`, `pre_arbitration` or `retrieval` (a retrieval request takes no money). */
  kind: string | null;
  amount: string | null;
  reason: string | null;
  /** The date the merchant must answer by (YYYY-MM-DD), when the provider gave one. */
  replyByDate: string | null;
}

/** A refund of a sale: its own transaction (`credit`), with its amount (major units) and status. */
export interface SaleRefund {
  id: string;
  amount: string;
  status: string;
}

/** A sale's money as the provider holds it now ({@link PaymentGateway.saleMoney}); amounts are decimal strings in major units. */
export interface SaleMoney {
  transactionId: string;
  orderId: string | null;
  status: string;
  amount: string;
  currencyCode: string | null;
  refunds: SaleRefund[];
  disputes: SaleDispute[];
}

/** A sale whose money may have left, found by search ({@link PaymentGateway.changedSales}). */
export interface ChangedSale {
  /** The sale. */
  transactionId: string;
  /** 'refund' (a credit was created for it) or 'void'. */
  kind: 'refund' | 'void';
  /** The refund's id for a refund, the sale's for a void. */
  subjectId: string;
  /** When the refund was created or the sale voided. */
  occurredAt: Date;
}
