/**
 * The server side of card payments (DESIGN.md §1 "PaymentGateway"). Two drivers: `sandbox`
 * (apps/payments-sandbox's server API) and `braintree` (npm braintree). Amounts are decimal strings
 * with 2 decimals in major units ("216.00"), as both providers take them.
 */
export interface ChargeRequest {
  /** Our order id: the provider's idempotency handle (a second charge for it returns the first). */
  orderId: string;
  amount: string;
  currencyCode: string;
  paymentMethodNonce: string;
  deviceData?: string;
  customer: { firstName: string; lastName: string; email: string; phone?: string };
  billingAddress: {
    streetAddress: string;
    extendedAddress?: string;
    locality: string;
    region: string;
    postalCode: string;
    countryCodeAlpha2: string;
  };
}

/** Brand and last four: the only card data join-api keeps (DESIGN.md §4). */
export interface CardSummary {
  brand: string | null;
  last4: string | null;
}

export type ChargeResult =
  | {
      outcome: 'approved';
      transactionId: string;
      status: string;
      card: CardSummary;
      processorResponseCode?: string;
      processorResponseText?: string;
    }
  | {
      outcome: 'processor_declined';
      transactionId?: string;
      card?: CardSummary;
      processorResponseCode: string;
      processorResponseText: string;
    }
  | {
      outcome: 'gateway_rejected';
      transactionId?: string;
      card?: CardSummary;
      gatewayRejectionReason: string;
      processorResponseCode?: string;
      processorResponseText?: string;
    };

/**
 * The gateway did not give a definite answer (timeout, network error, 5xx). The charge may or may not
 * have happened: the order stays `pending` and a retry (same Idempotency-Key) resolves it with
 * {@link PaymentGateway.findByOrderId} before charging again.
 */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'braintree';
  /** Charges a nonce. @throws GatewayUnavailableError when the outcome is unknown. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** The provider's transaction for an order (to resolve an order left in doubt), or null if none. @throws GatewayUnavailableError */
  findByOrderId(orderId: string): Promise<ChargeResult | null>;
  /**
   * The browser authorization for `GET /payments/config`: a new client token from the provider (3D Secure needs one).
   * @throws GatewayUnavailableError when the provider cannot issue one.
   */
  clientAuthorization(): Promise<string>;
}
