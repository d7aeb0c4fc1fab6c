import creditCardType from 'credit-card-type';

/**
 * Card and nonce test data, mirroring Braintree's documented sandbox values
 * (developer.paypal.com/braintree/docs/reference/general/testing).
 */

/** Braintree's `details.cardType` names, keyed by credit-card-type's `type` (§9 "Card networks mapped"). */
const CARD_TYPE_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  'american-express': 'American Express',
  'diners-club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  elo: 'Elo',
  mir: 'Mir',
  hiper: 'Hiper',
  hipercard: 'Hipercard',
};

/** Braintree's display name for a card number's brand ('Unknown' when none matches). */
export function cardTypeName(number: string): string {
  const [match] = creditCardType(number);
  return (match && CARD_TYPE_NAMES[match.type]) ?? 'Unknown';
}

/** Cards that fail Braintree's sandbox verification with processor response 2000 "Do Not Honor". */
export const DECLINED_CARDS: ReadonlySet<string> = new Set([
  '4000111111111115',
  '5105105105105100',
  '378734493671000',
  '6011000990139424',
  '3566002020360505',
]);

/**
 * 3D Secure 2 test cards: the first three are Braintree's ("3D Secure › Testing": Successful No-Challenge
 * Authentication, Failed No-Challenge Authentication, Successful Challenge Authentication). `authenticationRequired`
 * is the sandbox's own: its lookup finds authentication unavailable (no liability shift possible) unless the merchant
 * asks for a challenge (`challengeRequested: true`), and its issuer soft-declines every sale with processor response
 * 2099 "Cardholder Authentication Required" unless the nonce was authenticated through that challenge — Braintree's
 * documented soft decline ("If you call Transaction.sale() without performing a 3D Secure authentication, the issuing
 * bank may return a soft decline … 2099"), which Braintree's sandbox only gives by the amount 2099.00.
 */
export const THREE_D_SECURE_CARDS = {
  frictionlessSuccess: '4000000000002701',
  frictionlessFailure: '4000000000002925',
  challenge: '4000000000002503',
  authenticationRequired: '4000000000002099',
} as const;

/** Processor response codes of a soft decline that asks for cardholder authentication (Braintree "Processor responses"). */
export const AUTHENTICATION_REQUIRED_CODE = 2099;

/** The card a stored nonce stands for; never holds the full number or the CVV. */
export interface StoredCard {
  kind: 'CreditCard' | 'VenmoAccount' | 'PayPalAccount' | 'ApplePayCard';
  bin: string;
  lastFour: string;
  cardType: string;
  expirationMonth: string;
  expirationYear: string;
  cardholderName?: string | undefined;
  /** Outcome forced by the card number or fake nonce, before amount rules apply. */
  forced?: TransactionOutcome | undefined;
  username?: string | undefined;
  /** Full card number, kept only to drive the 3D Secure test-card behaviour (never returned). */
  threeDSecureCard?: string | undefined;
  email?: string | undefined;
  /**
   * Whether a wallet account may be vaulted: a one-time PayPal payment (checkout flow) and a Venmo `single_use`
   * account may not (Braintree 82902 for PayPal; braintree_android `VenmoPaymentMethodUsage.SINGLE_USE`).
   * Cards are always vaultable (undefined).
   */
  vaultable?: boolean | undefined;
  /**
   * How the wallet account was approved, recorded on its nonce: braintree-web paypal-checkout `flow` (`checkout` —
   * one-time — or `vault`, a billing agreement) and venmo `paymentMethodUsage` (`single_use` / `multi_use`).
   */
  walletUsage?: 'checkout' | 'vault' | 'single_use' | 'multi_use' | undefined;
}

/**
 * Braintree's transaction statuses the sandbox produces (braintree_node lib/braintree/transaction.js `Status`):
 * a sale ends `authorized` / `submitted_for_settlement` or declined; void, `testing.settle`, refunds and simulated
 * settlement (store.ts `Simulation`: `settling` → `settled` or `settlement_declined`) move it on.
 */
export type TransactionStatus =
  | 'authorized'
  | 'authorization_expired'
  | 'submitted_for_settlement'
  | 'settling'
  | 'settled'
  | 'settlement_declined'
  | 'voided'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'failed';

export interface TransactionOutcome {
  status: TransactionStatus;
  processorResponseCode: string;
  processorResponseText: string;
  gatewayRejectionReason?: string;
}

/** Processor response texts for the 2000-range decline codes (Braintree "Processor responses"). */
export const DECLINE_TEXTS: Readonly<Record<number, string>> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2008: 'Card Account Length Error',
  2009: 'No Such Issuer',
  2010: 'Card Issuer Declined CVV',
  2011: 'Voice Authorization Required',
  2012: 'Processor Declined - Possible Lost Card',
  2013: 'Processor Declined - Possible Stolen Card',
  2014: 'Processor Declined - Fraud Suspected',
  2015: 'Transaction Not Allowed',
  2016: 'Duplicate Transaction',
  2017: 'Cardholder Stopped Billing',
  2018: 'Cardholder Stopped All Billing',
  2019: 'Invalid Transaction',
  2020: 'Violation',
  2021: 'Security Violation',
  2022: 'Declined - Updated Cardholder Available',
  2038: 'Processor Declined',
  2041: 'Declined - Call For Approval',
  2044: 'Declined - Call Issuer',
  2046: 'Declined',
  2047: 'Call Issuer. Pick Up Card',
  2057: 'Issuer or Cardholder has put a restriction on the card',
  2099: 'Cardholder Authentication Required',
};

/** A processor decline with the given code. */
export function processorDeclined(code: number): TransactionOutcome {
  return {
    status: 'processor_declined',
    processorResponseCode: String(code),
    processorResponseText: DECLINE_TEXTS[code] ?? 'Processor Declined',
  };
}

export const APPROVED: TransactionOutcome = {
  status: 'authorized',
  processorResponseCode: '1000',
  processorResponseText: 'Approved',
};

export function gatewayRejected(reason: string): TransactionOutcome {
  return {
    status: 'gateway_rejected',
    processorResponseCode: '',
    processorResponseText: 'Unknown',
    gatewayRejectionReason: reason,
  };
}

/**
 * Outcome for an amount, per Braintree's sandbox "Transaction amounts" table.
 * @param amountMinor amount in minor units (cents).
 */
export function outcomeForAmount(amountMinor: number): TransactionOutcome {
  if (amountMinor >= 200000 && amountMinor <= 299999) return processorDeclined(Math.floor(amountMinor / 100));
  if (amountMinor >= 300000 && amountMinor <= 300099) {
    return {
      status: 'failed',
      processorResponseCode: '3000',
      processorResponseText: 'Processor Network Unavailable - Try Again',
    };
  }
  if (amountMinor === 500100) return gatewayRejected('application_incomplete');
  return APPROVED;
}

/** The sandbox's problem codes for a nonce it cannot charge (Braintree validation error codes). */
export const NONCE_ERRORS = {
  unknown: { code: '91565', message: 'Unknown or expired payment_method_nonce.' },
  consumed: { code: '91564', message: 'Cannot use a payment_method_nonce more than once.' },
  invalidCard: { code: '81715', message: 'Credit card number is invalid.' },
} as const;

const visa = (lastFour: string, extra: Partial<StoredCard> = {}): StoredCard => ({
  kind: 'CreditCard',
  bin: '401288',
  lastFour,
  cardType: 'Visa',
  expirationMonth: '12',
  expirationYear: '2030',
  ...extra,
});

/** Braintree's static test nonces (reusable, unlike tokenized ones). */
export const FAKE_NONCES: Record<string, StoredCard | { error: keyof typeof NONCE_ERRORS }> = {
  'fake-valid-nonce': visa('1881'),
  'fake-valid-visa-nonce': visa('1881'),
  'fake-valid-amex-nonce': { ...visa('0005'), bin: '378282', cardType: 'American Express' },
  'fake-valid-mastercard-nonce': { ...visa('4444'), bin: '555555', cardType: 'MasterCard' },
  'fake-valid-discover-nonce': { ...visa('1117'), bin: '601111', cardType: 'Discover' },
  'fake-valid-jcb-nonce': { ...visa('0000'), bin: '353011', cardType: 'JCB' },
  'fake-valid-maestro-nonce': { ...visa('0004'), bin: '630400', cardType: 'Maestro' },
  'fake-valid-dinersclub-nonce': { ...visa('0004'), bin: '305693', cardType: 'Diners Club' },
  'fake-processor-declined-visa-nonce': visa('0002', { bin: '400011', forced: processorDeclined(2000) }),
  'fake-processor-declined-mastercard-nonce': {
    ...visa('5100', { forced: processorDeclined(2000) }),
    bin: '510510',
    cardType: 'MasterCard',
  },
  'fake-processor-declined-amex-nonce': {
    ...visa('1000', { forced: processorDeclined(2000) }),
    bin: '378734',
    cardType: 'American Express',
  },
  'fake-processor-declined-discover-nonce': {
    ...visa('9424', { forced: processorDeclined(2000) }),
    bin: '601100',
    cardType: 'Discover',
  },
  'fake-processor-failure-jcb-nonce': {
    ...visa('0505', {
      forced: {
        status: 'failed',
        processorResponseCode: '3000',
        processorResponseText: 'Processor Network Unavailable - Try Again',
      },
    }),
    bin: '356600',
    cardType: 'JCB',
  },
  'fake-gateway-rejected-fraud-nonce': visa('0025', { forced: gatewayRejected('fraud') }),
  'fake-luhn-invalid-nonce': { error: 'invalidCard' },
  'fake-consumed-nonce': { error: 'consumed' },
  'fake-three-d-secure-visa-full-authentication-nonce': visa('0002', { bin: '400000' }),
  'fake-three-d-secure-visa-failed-authentication-nonce': visa('0002', { bin: '400000' }),
  'fake-venmo-account-nonce': {
    kind: 'VenmoAccount',
    bin: '',
    lastFour: '',
    cardType: 'Venmo',
    expirationMonth: '',
    expirationYear: '',
    username: 'venmojoe',
  },
  'fake-paypal-one-time-nonce': {
    kind: 'PayPalAccount',
    bin: '',
    lastFour: '',
    cardType: 'PayPal',
    expirationMonth: '',
    expirationYear: '',
    email: 'jane.doe@example.com',
    vaultable: false,
  },
  'fake-paypal-billing-agreement-nonce': {
    kind: 'PayPalAccount',
    bin: '',
    lastFour: '',
    cardType: 'PayPal',
    expirationMonth: '',
    expirationYear: '',
    email: 'jane.doe@example.com',
    vaultable: true,
  },
  'fake-apple-pay-visa-nonce': { ...visa('1881'), kind: 'ApplePayCard', cardType: 'Apple Pay - Visa' },
};

/** Braintree's `binData` shape; the sandbox knows nothing about issuers, so every flag is 'Unknown'. */
export function binData() {
  return {
    prepaid: 'Unknown',
    healthcare: 'Unknown',
    debit: 'Unknown',
    durbinRegulated: 'Unknown',
    commercial: 'Unknown',
    payroll: 'Unknown',
    issuingBank: 'Unknown',
    countryOfIssuance: 'Unknown',
    productId: 'Unknown',
  };
}

/** The tokenized payment-method payload of §3 for a stored card and its nonce. */
export function paymentMethodPayload(nonce: string, card: StoredCard, extra: Record<string, unknown> = {}) {
  return {
    nonce,
    type: 'CreditCard',
    description: `ending in ${card.lastFour.slice(-2)}`,
    details: {
      cardholderName: card.cardholderName,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      bin: card.bin,
      cardType: card.cardType,
      lastFour: card.lastFour,
      lastTwo: card.lastFour.slice(-2),
    },
    binData: binData(),
    ...extra,
  };
}
