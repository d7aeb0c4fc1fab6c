/**
 * Transactions, customers, nonces and client tokens as Braintree's XML elements (the attributes the SDK's
 * `Transaction`, `Customer`, `CreditCard`, `PayPalAccount`, `PaymentMethodNonce` and `ThreeDSecureInfo` classes
 * read: braintree_node lib/braintree/transaction.js, customer.js, payment_method_nonce.js).
 */
import { binData, type StoredCard } from '../cards.js';
import type { Customer, Dispute, SandboxStore, ThreeDSecureInfo, Transaction, VaultedPaymentMethod } from '../store.js';
import { XmlArray, XmlTyped, type XmlObject } from './xml.js';

/** Braintree `processorResponseType` (transaction.js): approved, soft_declined (2000–2999 except hard), hard_declined. */
function processorResponseType(transaction: Transaction): string | null {
  const code = Number(transaction.processorResponseCode);
  if (!transaction.processorResponseCode) return null;
  if (code < 2000) return 'approved';
  if (code === 2004 || code === 2005 || code === 2007 || code === 2015) return 'hard_declined';
  return 'soft_declined';
}

export function threeDSecureXml(info: ThreeDSecureInfo | undefined): XmlObject | undefined {
  if (!info) return undefined;
  return {
    status: info.status,
    liabilityShifted: info.liabilityShifted,
    liabilityShiftPossible: info.liabilityShiftPossible,
    enrolled: info.enrolled,
    threeDSecureVersion: info.threeDSecureVersion,
    cavv: info.cavv ?? null,
    eciFlag: info.eciFlag ?? null,
    dsTransactionId: info.dsTransactionId ?? null,
    threeDSecureAuthenticationId: info.threeDSecureAuthenticationId ?? null,
  };
}

function cardXml(card: StoredCard, extra: XmlObject = {}): XmlObject {
  return {
    ...extra,
    bin: card.bin,
    last4: card.lastFour,
    cardType: card.cardType,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cardholderName: card.cardholderName ?? null,
    customerLocation: 'US',
    imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/unknown.png',
    ...binData(),
  };
}

function paypalXml(card: StoredCard, extra: XmlObject = {}): XmlObject {
  return {
    ...extra,
    payerEmail: card.email ?? null,
    email: card.email ?? null,
    payerFirstName: 'Jane',
    payerLastName: 'Doe',
  };
}

/** A Venmo account's username as Braintree's gateway answers it: without the leading @ braintree-web shows. */
export function venmoUsername(card: StoredCard): string {
  return (card.username ?? 'venmojoe').replace(/^@/, '');
}

function venmoXml(card: StoredCard, extra: XmlObject = {}): XmlObject {
  const username = venmoUsername(card);
  return { ...extra, username, venmoUserId: `Venmo-${username}` };
}

/** An Apple Pay card (apple_pay_card.js: cardType, last4, expiration, paymentInstrumentName, token once vaulted). */
function applePayXml(card: StoredCard, extra: XmlObject = {}): XmlObject {
  return {
    ...extra,
    cardType: card.cardType,
    last4: card.lastFour,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    paymentInstrumentName: `${card.cardType} ${card.lastFour}`,
    sourceDescription: `${card.cardType} ${card.lastFour}`,
    imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/apple_pay.png',
  };
}

/** A transaction as `<transaction>` (what `transaction.sale` / `find` / `void` / `refund` / search return). */
export function transactionXml(t: Transaction): XmlObject {
  const card = t.instrument;
  const token = t.paymentMethodToken ? { token: t.paymentMethodToken } : {};
  const approved = t.processorResponseCode === '1000';
  return {
    id: t.id,
    status: t.status,
    type: t.type,
    currencyIsoCode: t.currencyCode,
    amount: t.amount,
    merchantAccountId: t.merchantAccountId,
    orderId: t.orderId || null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    processorResponseCode: t.processorResponseCode || null,
    processorResponseText: t.processorResponseText,
    processorResponseType: processorResponseType(t),
    processorAuthorizationCode: approved ? t.id.slice(0, 6).toUpperCase() : null,
    gatewayRejectionReason: t.gatewayRejectionReason ?? null,
    paymentInstrumentType: t.paymentInstrumentType,
    recurring: t.recurring,
    customer: {
      id: t.customer.id ?? null,
      firstName: t.customer.firstName ?? null,
      lastName: t.customer.lastName ?? null,
      email: t.customer.email ?? null,
    },
    billing: t.billing ? { ...t.billing } : {},
    creditCard: card.kind === 'CreditCard' ? cardXml(card, token) : {},
    paypal: card.kind === 'PayPalAccount' ? paypalXml(card, token) : undefined,
    venmoAccount: card.kind === 'VenmoAccount' ? venmoXml(card, token) : undefined,
    applePay: card.kind === 'ApplePayCard' ? applePayXml(card, token) : undefined,
    threeDSecureInfo: threeDSecureXml(t.threeDSecureInfo),
    refundIds: new XmlArray('item', t.refundIds),
    refundedTransactionId: t.refundedTransactionId ?? null,
    statusHistory: new XmlArray(
      'status-event',
      t.statusHistory.map((e) => ({
        status: e.status,
        timestamp: e.timestamp,
        amount: e.amount,
        transactionSource: 'api',
      })),
    ),
    disputes: new XmlArray('dispute', t.disputes.map(disputeXml)),
  };
}

/**
 * A dispute as `<dispute>` (braintree_node dispute.js; the fields of webhook_testing_gateway.js
 * `subjectXmlForDisputeOpened`: amount, amount-disputed, amount-won, currency-iso-code, received-date, reply-by-date,
 * kind, status, reason, id, `<transaction>` with id and amount, date-opened, date-won once won), plus its status
 * history. What `dispute.find`, a dispute notification and a transaction's `<disputes>` carry.
 */
export function disputeXml(d: Dispute): XmlObject {
  return {
    id: d.id,
    amount: d.amount,
    amountDisputed: d.amount,
    amountWon: d.status === 'won' ? d.amount : '0.00',
    currencyIsoCode: d.currencyCode,
    merchantAccountId: d.merchantAccountId,
    receivedDate: new XmlTyped('date', d.receivedDate),
    replyByDate: new XmlTyped('date', d.replyByDate),
    kind: d.kind,
    status: d.status,
    reason: d.reason,
    transaction: {
      id: d.transactionId,
      amount: d.transactionDetails.amount,
      orderId: d.transactionDetails.orderId || null,
      createdAt: new XmlTyped('datetime', d.transactionDetails.createdAt),
    },
    dateOpened: new XmlTyped('date', d.dateOpened),
    dateWon: d.dateWon === undefined ? undefined : new XmlTyped('date', d.dateWon),
    statusHistory: new XmlArray(
      'status-history',
      d.statusHistory.map((e) => ({
        status: e.status,
        timestamp: new XmlTyped('datetime', e.timestamp),
        effectiveDate: new XmlTyped('date', e.effectiveDate),
      })),
    ),
    createdAt: new XmlTyped('datetime', d.createdAt),
    updatedAt: new XmlTyped('datetime', d.updatedAt),
  };
}

/** The element name of a vaulted method of each kind (`<credit-card>`, …; payment_method_parser.js). */
const VAULTED_ROOT = {
  CreditCard: 'creditCard',
  PayPalAccount: 'paypalAccount',
  VenmoAccount: 'venmoAccount',
  ApplePayCard: 'applePayCard',
} as const;

/** A vaulted payment method's fields (credit_card.js, paypal_account.js, venmo_account.js, apple_pay_card.js). */
function vaultedXml(method: VaultedPaymentMethod, isDefault: boolean): XmlObject {
  const extra: XmlObject = {
    token: method.token,
    customerId: method.customerId,
    default: isDefault,
    createdAt: method.createdAt,
    updatedAt: method.updatedAt,
  };
  if (method.card.kind === 'PayPalAccount')
    return paypalXml(method.card, { ...extra, billingAgreementId: `B-${method.token.toUpperCase()}` });
  if (method.card.kind === 'VenmoAccount') return venmoXml(method.card, extra);
  if (method.card.kind === 'ApplePayCard') return applePayXml(method.card, extra);
  return cardXml(method.card, { ...extra, maskedNumber: `${method.card.bin}******${method.card.lastFour}` });
}

/**
 * A vaulted payment method as `paymentMethod.find` / `create` / `update` answer it: `<credit-card>`,
 * `<paypal-account>`, `<venmo-account>` or `<apple-pay-card>` (payment_method_parser.js picks the class by it).
 */
export function paymentMethodXml(method: VaultedPaymentMethod, store: SandboxStore): [string, XmlObject] {
  return [VAULTED_ROOT[method.card.kind], vaultedXml(method, store.vault.isDefault(method))];
}

/** A customer as `<customer>` with its vaulted payment methods grouped by kind (customer.js). */
export function customerXml(customer: Customer, store: SandboxStore): XmlObject {
  const methods = store.vault.methodsOf(customer);
  const ofKind = (kind: StoredCard['kind'], item: string) =>
    new XmlArray(
      item,
      methods
        .filter((m) => m.card.kind === kind)
        .map((m) => vaultedXml(m, m.token === customer.paymentMethodTokens[0])),
    );
  return {
    id: customer.id,
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
    email: customer.email ?? null,
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
    creditCards: ofKind('CreditCard', 'credit-card'),
    paypalAccounts: ofKind('PayPalAccount', 'paypal-account'),
    venmoAccounts: ofKind('VenmoAccount', 'venmo-account'),
    applePayCards: ofKind('ApplePayCard', 'apple-pay-card'),
  };
}

/** `<payment-method-nonce>` (payment_method_nonce.js; `paymentMethodNonce.find` / `create`). */
export function nonceXml(
  nonce: string,
  card: StoredCard,
  options: { consumed: boolean; threeDSecureInfo?: ThreeDSecureInfo | undefined },
): XmlObject {
  const details: XmlObject =
    card.kind === 'PayPalAccount'
      ? { email: card.email ?? null, payerInfo: { email: card.email ?? null, firstName: 'Jane', lastName: 'Doe' } }
      : card.kind === 'VenmoAccount'
        ? { username: (card.username ?? '').replace(/^@/, ''), venmoUserId: `Venmo-${card.username ?? ''}` }
        : {
            bin: card.bin,
            lastTwo: card.lastFour.slice(-2),
            lastFour: card.lastFour,
            cardType: card.cardType,
            expirationMonth: card.expirationMonth,
            expirationYear: card.expirationYear,
            cardholderName: card.cardholderName ?? null,
          };
  return {
    nonce,
    type: card.kind,
    consumed: options.consumed,
    default: false,
    isLocked: false,
    description: card.kind === 'CreditCard' ? `ending in ${card.lastFour.slice(-2)}` : card.cardType,
    details,
    threeDSecureInfo: threeDSecureXml(options.threeDSecureInfo),
    binData: card.kind === 'CreditCard' ? { ...binData() } : undefined,
  };
}
