import {
  GatewayUnavailableError,
  type CardSummary,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './types.js';

/*
 * The `braintree` driver (npm braintree, server SDK). Only the shapes used are typed here, so fixtures
 * shaped like the SDK's results drive the tests (Braintree's servers are unreachable from CI).
 * Flow: 3DS status re-checked with `paymentMethodNonce.find` → customer with `verifyCard` →
 * `transaction.sale` with `orderId` (Braintree's duplicate-order handle) and submitForSettlement.
 */

export interface BtCreditCard {
  cardType?: string | null;
  last4?: string | null;
  token?: string;
}
export interface BtTransaction {
  id: string;
  status: string;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  creditCard?: BtCreditCard | null;
}
export interface BtVerification {
  status: string;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  gatewayRejectionReason?: string | null;
  creditCard?: BtCreditCard | null;
}
export interface BtResult<T extends object = object> {
  success: boolean;
  message?: string;
  transaction?: BtTransaction;
  verification?: BtVerification;
  customer?: { id: string; paymentMethods?: BtCreditCard[]; creditCards?: BtCreditCard[] };
  errors?: { deepErrors(): { code: string; message: string; attribute?: string }[] };
  extra?: T;
}
export interface BtThreeDSecureInfo {
  liabilityShifted?: boolean;
  liabilityShiftPossible?: boolean;
  status?: string;
}

/** The subset of `braintree.BraintreeGateway` the driver calls. */
export interface BraintreeLike {
  clientToken: { generate(o: object): Promise<{ success: boolean; clientToken: string }> };
  paymentMethodNonce: {
    find(
      nonce: string,
    ): Promise<{ threeDSecureInfo?: BtThreeDSecureInfo | null; details?: { cardType?: string; lastFour?: string } }>;
  };
  customer: { create(o: object): Promise<BtResult> };
  transaction: {
    sale(o: object): Promise<BtResult>;
    /** The SDK answers a `stream.Readable` of transactions, which is an async iterable. */
    search(cb: (s: { orderId(): { is(v: string): void } }) => void): AsyncIterable<BtTransaction>;
  };
}

function card(c: BtCreditCard | null | undefined): CardSummary {
  return { brand: c?.cardType ?? null, last4: c?.last4 ?? null };
}

/** Maps a Braintree transaction (from sale or search) to a {@link ChargeResult}. */
export function mapBraintreeTransaction(t: BtTransaction): ChargeResult {
  if (t.status === 'processor_declined' || t.status === 'settlement_declined') {
    return {
      outcome: 'processor_declined',
      transactionId: t.id,
      card: card(t.creditCard),
      processorResponseCode: t.processorResponseCode ?? '',
      processorResponseText: t.processorResponseText ?? '',
    };
  }
  if (t.status === 'gateway_rejected' || t.status === 'failed' || t.status === 'voided') {
    return {
      outcome: 'gateway_rejected',
      transactionId: t.id,
      card: card(t.creditCard),
      gatewayRejectionReason: t.gatewayRejectionReason ?? t.status,
      ...(t.processorResponseCode ? { processorResponseCode: t.processorResponseCode } : {}),
      ...(t.processorResponseText ? { processorResponseText: t.processorResponseText } : {}),
    };
  }
  return {
    outcome: 'approved',
    transactionId: t.id,
    status: t.status,
    card: card(t.creditCard),
    processorResponseCode: t.processorResponseCode ?? '1000',
    processorResponseText: t.processorResponseText ?? 'Approved',
  };
}

/** Maps a failed SDK result (validation errors, failed verification, declined sale) to a decline. */
export function mapBraintreeFailure(result: BtResult): Exclude<ChargeResult, { outcome: 'approved' }> {
  if (result.transaction)
    return mapBraintreeTransaction(result.transaction) as Exclude<ChargeResult, { outcome: 'approved' }>;
  const v = result.verification;
  if (v?.status === 'processor_declined') {
    return {
      outcome: 'processor_declined',
      card: card(v.creditCard),
      processorResponseCode: v.processorResponseCode ?? '',
      processorResponseText: v.processorResponseText ?? '',
    };
  }
  if (v) {
    return {
      outcome: 'gateway_rejected',
      card: card(v.creditCard),
      gatewayRejectionReason: v.gatewayRejectionReason ?? v.status,
      ...(v.processorResponseCode ? { processorResponseCode: v.processorResponseCode } : {}),
    };
  }
  const first = result.errors?.deepErrors()[0];
  return {
    outcome: 'gateway_rejected',
    gatewayRejectionReason: first ? `validation:${first.code}` : (result.message ?? 'rejected'),
    ...(first ? { processorResponseCode: first.code, processorResponseText: first.message } : {}),
  };
}

async function guarded<T>(p: () => Promise<T>): Promise<T> {
  try {
    return await p();
  } catch (e) {
    // The SDK throws for network failures, timeouts and 5xx (braintree.errors.*): the outcome is unknown.
    throw new GatewayUnavailableError(`braintree: ${(e as Error).name}: ${(e as Error).message}`, { cause: e });
  }
}

export function createBraintreeGateway(
  gw: BraintreeLike,
  opts: { merchantAccountId?: string | undefined } = {},
): PaymentGateway {
  return {
    name: 'braintree',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const nonceInfo = await guarded(() => gw.paymentMethodNonce.find(req.paymentMethodNonce));
      const tds = nonceInfo.threeDSecureInfo;
      if (tds && tds.liabilityShiftPossible && !tds.liabilityShifted) {
        return {
          outcome: 'gateway_rejected',
          gatewayRejectionReason: 'three_d_secure',
          processorResponseText: tds.status ?? 'authentication failed',
        };
      }
      const customer = await guarded(() =>
        gw.customer.create({
          firstName: req.customer.firstName,
          lastName: req.customer.lastName,
          email: req.customer.email,
          paymentMethodNonce: req.paymentMethodNonce,
          creditCard: {
            billingAddress: req.billingAddress,
            options: {
              verifyCard: true,
              ...(opts.merchantAccountId ? { verificationMerchantAccountId: opts.merchantAccountId } : {}),
            },
          },
          ...(req.deviceData ? { deviceData: req.deviceData } : {}),
        }),
      );
      if (!customer.success) return mapBraintreeFailure(customer);
      const token = (customer.customer?.paymentMethods ?? customer.customer?.creditCards ?? [])[0]?.token;
      const sale = await guarded(() =>
        gw.transaction.sale({
          amount: req.amount,
          orderId: req.orderId,
          ...(token ? { paymentMethodToken: token } : { paymentMethodNonce: req.paymentMethodNonce }),
          ...(opts.merchantAccountId ? { merchantAccountId: opts.merchantAccountId } : {}),
          ...(req.deviceData ? { deviceData: req.deviceData } : {}),
          options: { submitForSettlement: true },
        }),
      );
      if (!sale.success || !sale.transaction) return mapBraintreeFailure(sale);
      return mapBraintreeTransaction(sale.transaction);
    },
    async findByOrderId(orderId: string) {
      const found = await guarded(async () => {
        const list: BtTransaction[] = [];
        for await (const t of gw.transaction.search((s) => s.orderId().is(orderId))) list.push(t);
        return list;
      });
      const ok = found.find((t) => mapBraintreeTransaction(t).outcome === 'approved');
      const pick = ok ?? found.at(-1);
      return pick ? mapBraintreeTransaction(pick) : null;
    },
    async clientAuthorization() {
      const res = await guarded(() =>
        gw.clientToken.generate(opts.merchantAccountId ? { merchantAccountId: opts.merchantAccountId } : {}),
      );
      return res.clientToken;
    },
  };
}
