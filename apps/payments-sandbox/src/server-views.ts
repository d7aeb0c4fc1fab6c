/**
 * The sandbox server API's JSON views (docs/CONTRACTS.md "Sandbox server API"): transactions, disputes and vaulted
 * payment methods under braintree_node's names.
 */
import type { StoredCard } from './cards.js';
import { venmoUsername } from './gateway/serialize.js';
import type { Dispute, SandboxStore, Transaction, VaultedPaymentMethod } from './store.js';

/**
 * A wallet transaction's account, under the names braintree_node's `Transaction` gives them (`paypalAccount`
 * `payerEmail`, `venmoAccount` `username` — Braintree's, without the @ braintree-web adds —, `applePayCard` `cardType`
 * and `last4`), as the gateway XML has them (`<paypal>`, `<venmo-account>`, `<apple-pay>`, gateway/serialize.ts).
 */
export function walletView(card: StoredCard) {
  if (card.kind === 'PayPalAccount') return { paypalAccount: { payerEmail: card.email ?? null } };
  if (card.kind === 'VenmoAccount') return { venmoAccount: { username: venmoUsername(card) } };
  if (card.kind === 'ApplePayCard') return { applePayCard: { cardType: card.cardType, last4: card.lastFour } };
  return {};
}

/**
 * The sandbox server API's view of a transaction (docs/CONTRACTS.md "Sandbox server API"), under braintree_node
 * `Transaction` names: a sale's `refunds` are its credit transactions (`{ id, amount, status }`, oldest first), its
 * `disputes` its chargebacks; `statusHistory` is `[{ status, timestamp, amount }]`, oldest first.
 */
export function v1View(store: SandboxStore, t: Transaction) {
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    processorResponseCode: t.processorResponseCode,
    processorResponseText: t.processorResponseText,
    ...(t.gatewayRejectionReason ? { gatewayRejectionReason: t.gatewayRejectionReason } : {}),
    refundIds: t.refundIds,
    ...(t.refundedTransactionId ? { refundedTransactionId: t.refundedTransactionId } : {}),
    refunds: t.refundIds.flatMap((id) => {
      const refund = store.getTransaction(id);
      return refund ? [{ id: refund.id, amount: refund.amount, status: refund.status }] : [];
    }),
    disputes: t.disputes.map(disputeView),
    statusHistory: t.statusHistory,
    merchantAccountId: t.merchantAccountId,
    creditCard: t.creditCard,
    ...walletView(t.instrument),
    ...(t.threeDSecureInfo ? { threeDSecureInfo: t.threeDSecureInfo } : {}),
    paymentInstrumentType: t.paymentInstrumentType,
    ...(t.paymentMethodToken ? { paymentMethodToken: t.paymentMethodToken } : {}),
    ...(t.customer.id ? { customerId: t.customer.id } : {}),
    customer: t.customer,
    ...(t.transactionSource ? { transactionSource: t.transactionSource } : {}),
    recurring: t.recurring,
    amount: t.amount,
    currencyCode: t.currencyCode,
    orderId: t.orderId,
    paymentMethodNonce: t.paymentMethodNonce,
    deviceDataCaptured: t.deviceDataCaptured,
    createdAt: t.createdAt,
  };
}

/** A dispute as the server API shows it (braintree_node dispute.js names; dates `YYYY-MM-DD`). */
export function disputeView(d: Dispute) {
  return {
    id: d.id,
    transactionId: d.transactionId,
    status: d.status,
    amount: d.amount,
    currencyCode: d.currencyCode,
    reason: d.reason,
    kind: d.kind,
    receivedDate: d.receivedDate,
    replyByDate: d.replyByDate,
    dateOpened: d.dateOpened,
    ...(d.dateWon ? { dateWon: d.dateWon } : {}),
    statusHistory: d.statusHistory,
  };
}

/**
 * A vaulted payment method as the server API shows it: `{ token, customerId, default, paymentInstrumentType,
 * creditCard: { cardType, last4, bin, expirationMonth, expirationYear }, paypalAccount? | venmoAccount? |
 * applePayCard?, createdAt, updatedAt }` — the instrument summary a transaction gives, plus the token's own fields.
 */
export function paymentMethodView(store: SandboxStore, method: VaultedPaymentMethod, instrumentType: string) {
  const card = method.card;
  return {
    token: method.token,
    customerId: method.customerId,
    default: store.vault.isDefault(method),
    paymentInstrumentType: instrumentType,
    creditCard: {
      cardType: card.cardType,
      last4: card.lastFour,
      bin: card.bin,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
    },
    ...walletView(card),
    createdAt: method.createdAt,
    updatedAt: method.updatedAt,
  };
}
