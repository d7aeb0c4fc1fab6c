import type { BraintreeInstrument } from './types.js';
import type { BtMoneyTransaction, MoneySearchBuilder } from './braintree-money.js';
import type { BraintreeVaultLike } from './braintree-vault.js';

/*
 * The shapes of npm braintree 3.40 (braintree_node) the `braintree` driver reads and the calls it makes: only what is
 * used is typed, so both the real SDK and an in-process fake drive the driver.
 */

export interface BtCreditCard {
  cardType?: string | null;
  last4?: string | null;
  token?: string;
}
export interface BtTransaction extends BraintreeInstrument, Omit<BtMoneyTransaction, 'amount'> {
  /** The transaction's customer; `id` is the vault customer's when the sale saved its method or used a token. */
  customer?: { id?: string | null; email?: string | null } | null;
  id: string;
  status: string;
  /** `sale`, or `credit` for a refund (braintree_node transaction.js `Type`). */
  type?: string | null;
  /** Refunds of this sale (a refunded sale keeps its `settled` status). */
  refundIds?: string[] | null;
  amount?: string;
  currencyIsoCode?: string | null;
  merchantAccountId?: string | null;
  orderId?: string | null;
  paymentInstrumentType?: string | null;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  creditCard?: BtCreditCard | null;
}
export interface BtError {
  code: string;
  message: string;
  attribute?: string;
}
export interface BtResult {
  success: boolean;
  message?: string;
  transaction?: BtTransaction;
  errors?: { deepErrors(): BtError[] };
}
export interface BtThreeDSecureInfo {
  liabilityShifted?: boolean;
  liabilityShiftPossible?: boolean;
  status?: string;
}
export interface BtPaymentMethodNonce {
  type?: string;
  details?: { cardType?: string; lastFour?: string } | null;
  threeDSecureInfo?: BtThreeDSecureInfo | null;
}
export type SearchBuilder = MoneySearchBuilder & {
  orderId(): { is(v: string): void };
  customerEmail(): { is(v: string): void };
  /** A multiple-value field (braintree_node transaction_search.js): `is` selects one value. */
  type(): { is(v: string): void };
};

/** The subset of `braintree.BraintreeGateway` the driver calls. */
export interface BraintreeLike extends Pick<BraintreeVaultLike, 'customer' | 'paymentMethod'> {
  config: { timeout: number };
  clientToken: { generate(o: object): Promise<{ success: boolean; clientToken: string; message?: string }> };
  paymentMethodNonce: { find(nonce: string): Promise<BtPaymentMethodNonce> };
  transaction: {
    sale(o: object): Promise<BtResult>;
    find(id: string): Promise<BtTransaction>;
    void(id: string): Promise<BtResult>;
    refund(id: string): Promise<BtResult>;
    /** The SDK answers a `stream.Readable` of transactions, which is an async iterable. */
    search(cb: (s: SearchBuilder) => void): AsyncIterable<BtTransaction>;
  };
}
