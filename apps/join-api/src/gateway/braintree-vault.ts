import { threeDSecurePolicy } from './three-d-secure.js';
import { VAULT_REFUSALS } from './vault-types.js';
import {
  paymentMethodSummary,
  type PaymentMethodSummary,
  type RecurringChargeRequest,
  type SavePaymentMethodRequest,
  type SavePaymentMethodResult,
  type VaultedMethod,
} from './types.js';
import { isNotFound, type Guarded } from './braintree-money.js';

/*
 * The `braintree` driver's vault (docs/RENEWAL.md): the first sale saves its method (`storeInVaultOnSuccess`), a
 * renewal is a merchant-initiated recurring sale on the saved token, and a parent whose renewal was declined saves a
 * new method (`paymentMethod.create`). Shapes as braintree_node 3.40 gives them (transaction.js, credit_card.js,
 * paypal_account.js, venmo_account.js, apple_pay_card.js, payment_method_gateway.js, customer_gateway.js).
 */

/** A vaulted instrument as a transaction carries it (`creditCard`, `paypalAccount`, …) or `paymentMethod.create` answers it. */
interface BtVaultedInstrument {
  token?: string | null;
  customerId?: string | null;
  cardType?: string | null;
  last4?: string | null;
  email?: string | null;
  payerEmail?: string | null;
  username?: string | null;
}

/** The fields of a sale's answer that name what it vaulted. */
export interface BtVaultingTransaction {
  paymentInstrumentType?: string | null;
  customer?: { id?: string | null } | null;
  creditCard?: BtVaultedInstrument | null;
  paypalAccount?: BtVaultedInstrument | null;
  venmoAccount?: BtVaultedInstrument | null;
  applePayCard?: BtVaultedInstrument | null;
}

/** A `paymentMethod.create` / `customer.create` result (braintree_node `Result`). */
interface BtVaultResult {
  success: boolean;
  message?: string;
  paymentMethod?: BtVaultedInstrument & { constructor?: { name?: string } };
  customer?: { id: string };
  verification?: { status?: string; processorResponseCode?: string; processorResponseText?: string } | null;
  errors?: { deepErrors(): { code: string; message: string }[] };
}

/** The calls of `braintree.BraintreeGateway` the vault makes. */
export interface BraintreeVaultLike {
  customer: { create(o: object): Promise<BtVaultResult>; delete(customerId: string): Promise<unknown> };
  paymentMethod: { create(o: object): Promise<BtVaultResult> };
  paymentMethodNonce: {
    find(nonce: string): Promise<{ type?: string; threeDSecureInfo?: Parameters<typeof threeDSecurePolicy>[0] }>;
  };
}

/** The instrument of a sale by its `paymentInstrumentType` (braintree_node payment_instrument_types.js). */
function instrumentOf(t: BtVaultingTransaction): BtVaultedInstrument | null | undefined {
  switch (t.paymentInstrumentType) {
    case 'paypal_account':
      return t.paypalAccount;
    case 'venmo_account':
      return t.venmoAccount;
    case 'apple_pay_card':
      return t.applePayCard;
    default:
      return t.creditCard;
  }
}

/**
 * What a sale made with `storeInVaultOnSuccess` saved: the customer Braintree filed it under and the instrument's
 * token, or undefined when the answer names no token (nothing was saved).
 */
export function vaultedFromSale(t: BtVaultingTransaction, summary: PaymentMethodSummary): VaultedMethod | undefined {
  const token = instrumentOf(t)?.token;
  const customerId = t.customer?.id;
  return token && customerId ? { customerId, token, summary } : undefined;
}

/**
 * The recurring sale of a renewal (Braintree "Recurring transactions": `transactionSource: 'recurring'` on a vaulted
 * `paymentMethodToken`, merchant-initiated, so no 3D Secure). The transaction takes its customer from the token's
 * vault customer — the parent's e-mail of the first sale — so a search by that e-mail finds both sales.
 */
export function recurringSaleRequest(req: RecurringChargeRequest, merchantAccountId: string): object {
  return {
    amount: req.amount,
    orderId: req.orderId,
    merchantAccountId,
    paymentMethodToken: req.paymentMethodToken,
    transactionSource: 'recurring',
    options: { submitForSettlement: true },
  };
}

/** What `paymentMethod.create` answered as a {@link VaultedMethod}: the summary by the instrument's class. */
function vaultedFromCreate(pm: NonNullable<BtVaultResult['paymentMethod']>, customerId: string): VaultedMethod {
  const kind = pm.constructor?.name;
  const type =
    kind === 'PayPalAccount'
      ? 'paypal_account'
      : kind === 'VenmoAccount'
        ? 'venmo_account'
        : kind === 'ApplePayCard'
          ? 'apple_pay_card'
          : 'credit_card';
  const summary = paymentMethodSummary({
    paymentInstrumentType: type,
    creditCard: pm,
    applePayCard: pm,
    paypalAccount: { payerEmail: pm.email ?? pm.payerEmail ?? null },
    venmoAccount: pm,
  });
  return { customerId: pm.customerId ?? customerId, token: pm.token ?? '', summary };
}

/** A failed `paymentMethod.create` as a refusal (`verification_failed` when the card's verification declined). */
function refusalOf(r: BtVaultResult): Extract<SavePaymentMethodResult, { outcome: 'refused' }> {
  if (r.verification && r.verification.status !== 'verified') {
    return {
      outcome: 'refused',
      reason: 'verification_failed',
      ...(r.verification.processorResponseCode ? { processorResponseCode: r.verification.processorResponseCode } : {}),
      ...(r.verification.processorResponseText ? { processorResponseText: r.verification.processorResponseText } : {}),
    };
  }
  const errors = r.errors?.deepErrors() ?? [];
  const known = errors.map((e) => VAULT_REFUSALS[e.code]).find(Boolean);
  const first = errors[0];
  return {
    outcome: 'refused',
    reason: known ?? 'not_vaultable',
    ...(first ? { processorResponseCode: first.code, processorResponseText: first.message } : {}),
  };
}

/**
 * Saves a new payment method for renewals (Braintree "Vault": `paymentMethod.create` with `makeDefault`; a card is
 * verified — `verifyCard` in the merchant account of the subscription's currency — with its 3D Secure authentication,
 * and a card nonce that skipped the 3D Secure lookup is refused as the first sale would refuse it). A parent with no
 * vault customer yet gets one first (`customer.create` with their name and e-mail).
 * @throws GatewayUnavailableError (through `guarded`) when an answer is lost.
 */
export async function braintreeSavePaymentMethod(
  gw: BraintreeVaultLike,
  guarded: Guarded,
  req: SavePaymentMethodRequest & { merchantAccountId: string },
): Promise<SavePaymentMethodResult> {
  let nonce: Awaited<ReturnType<BraintreeVaultLike['paymentMethodNonce']['find']>>;
  try {
    nonce = await guarded(() => gw.paymentMethodNonce.find(req.paymentMethodNonce));
  } catch (e) {
    if (isNotFound((e as { cause?: unknown }).cause ?? e)) return { outcome: 'refused', reason: 'unknown' };
    throw e;
  }
  const isCard = nonce.type === 'CreditCard';
  if (isCard && threeDSecurePolicy(nonce.threeDSecureInfo).decision === 'refuse')
    return { outcome: 'refused', reason: 'verification_failed', processorResponseText: 'three_d_secure' };
  let customerId = req.customerId;
  if (!customerId) {
    const made = await guarded(() => gw.customer.create({ ...req.customer }));
    if (!made.success || !made.customer) return refusalOf(made);
    customerId = made.customer.id;
  }
  const owner = customerId;
  const created = await guarded(() =>
    gw.paymentMethod.create({
      customerId: owner,
      paymentMethodNonce: req.paymentMethodNonce,
      ...(req.deviceData ? { deviceData: req.deviceData } : {}),
      ...(isCard && req.billingAddress ? { billingAddress: req.billingAddress } : {}),
      options: {
        makeDefault: true,
        ...(isCard ? { verifyCard: true, verificationMerchantAccountId: req.merchantAccountId } : {}),
      },
    }),
  );
  if (!created.success || !created.paymentMethod) return refusalOf(created);
  return { outcome: 'saved', vaulted: vaultedFromCreate(created.paymentMethod, owner) };
}

/**
 * `customer.delete` (braintree_node customer_gateway.js: `DELETE …/customers/{id}`, resolving with nothing on 200,
 * rejecting with a NotFoundError on 404 or an id that is not a path segment).
 * @throws GatewayUnavailableError (through `guarded`) when the answer is lost.
 */
export async function braintreeDeleteCustomer(
  gw: BraintreeVaultLike,
  guarded: Guarded,
  customerId: string,
): Promise<'deleted' | 'not_found'> {
  try {
    await guarded(() => gw.customer.delete(customerId));
    return 'deleted';
  } catch (e) {
    if (isNotFound((e as { cause?: unknown }).cause ?? e)) return 'not_found';
    throw e;
  }
}
