/**
 * Public types of @ofw/payments. Shapes follow braintree-web 3.x (`HostedFields`, `ThreeDSecure`, …) so that the
 * screens see the same thing whichever driver is behind them (spec §3, §4; docs/PAYMENTS.md).
 */

import type {
  Address,
  FeatureFlags,
  PaymentsConfig as PaymentsConfigAnswer,
  PayPalResult,
  TokenizedCard,
  VerifyCardOptions as VerifyCardShape,
} from '@ofw/domain';
import type { HostedFieldKey, HostedFieldsCard, HostedFieldsEvent } from '../protocol.js';

// Shapes with their one home in @ofw/domain (spec §3, its zod schemas): re-exported, never redefined here.
export type {
  Address,
  CardBrand,
  PayPalResult,
  ThreeDSecureInfo,
  ThreeDSecureResult,
  TokenizedCard,
  VenmoResult,
} from '@ofw/domain';

// The hosted field keys, card and event names are the sandbox protocol's (their one home: `@ofw/payments/protocol`).
export { HOSTED_FIELD_KEYS, type HostedFieldKey, type HostedFieldsCard, type HostedFieldsEvent } from '../protocol.js';

/** The three fields of the card form (§2, §3 "Card form field state"). */
export const CARD_FORM_FIELDS = ['number', 'expirationDate', 'cvv'] as const;
/** A field of the card form: number, expirationDate or cvv (§2). */
export type CardFormField = (typeof CARD_FORM_FIELDS)[number];

/** Options of one hosted field (§2: placeholder, prefill, format-input, length limit). */
export interface HostedFieldOptions {
  /** The element (or a CSS selector of it) the field's iframe is mounted in. It must hold no payment frame yet. */
  container: HTMLElement | string;
  placeholder?: string;
  prefill?: string;
  formatInput?: boolean;
  maxlength?: number;
  minlength?: number;
}

/** braintree-web hosted fields `styles`: CSS selector → CSS property → value. */
export type HostedFieldsStyles = Record<string, Record<string, string>>;

/** Options of `createHostedFields` (braintree-web `hostedFields.create`, §5 "Hosted fields"). */
export interface HostedFieldsCreateOptions {
  fields: Partial<Record<HostedFieldKey, HostedFieldOptions>>;
  /** braintree-web `styles`: selectors (`input`, `.invalid`, `.valid`, `:focus`, `::placeholder`) to CSS properties. */
  styles?: HostedFieldsStyles;
  /** Card brands (credit-card-type `type`) to accept; a `false` brand makes the number invalid. */
  supportedCardBrands?: Partial<Record<string, boolean>>;
  /** Set-up timeout in ms (§4, §9: 60 000). */
  setupTimeoutMs?: number;
  /** Aborting tears the fields down, also while set-up is still in flight. */
  signal?: AbortSignal;
}

/** braintree-web `HostedFieldsFieldData`. */
export interface HostedFieldsFieldData {
  container: HTMLElement;
  isFocused: boolean;
  isEmpty: boolean;
  isPotentiallyValid: boolean;
  isValid: boolean;
}

/** braintree-web `HostedFieldsState` (what `getState()` returns and every event handler receives). */
export interface HostedFieldsState {
  cards: HostedFieldsCard[];
  emittedBy?: HostedFieldKey;
  fields: Partial<Record<HostedFieldKey, HostedFieldsFieldData>>;
}

/** A hosted fields event handler; receives the instance state. */
export type HostedFieldsHandler = (state: HostedFieldsState) => void;

/** Options of `HostedFieldsInstance.tokenize` (braintree-web `HostedFieldsTokenizeOptions`). */
export interface HostedFieldsTokenizeOptions {
  vault?: boolean;
  cardholderName?: string;
  billingAddress?: Pick<Address, 'postalCode' | 'streetAddress' | 'locality' | 'region' | 'countryCodeAlpha2'>;
}

/** braintree-web `binData` of a tokenized card (§3 "Tokenized card result"). */
export interface BinData {
  commercial: string;
  countryOfIssuance: string;
  debit: string;
  durbinRegulated: string;
  healthcare: string;
  issuingBank: string;
  payroll: string;
  prepaid: string;
  productId: string;
}

/** braintree-web's `HostedFields` instance surface (what both drivers implement). */
export interface HostedFieldsInstance {
  on(event: HostedFieldsEvent, handler: HostedFieldsHandler): void;
  off(event: HostedFieldsEvent, handler: HostedFieldsHandler): void;
  getState(): HostedFieldsState;
  tokenize(options?: HostedFieldsTokenizeOptions): Promise<TokenizedCard>;
  clear(field: HostedFieldKey): Promise<void>;
  focus(field: HostedFieldKey): Promise<void>;
  setPlaceholder(field: HostedFieldKey, placeholder: string): Promise<void>;
  setAttribute(options: { field: HostedFieldKey; attribute: string; value: string | boolean }): Promise<void>;
  removeAttribute(options: { field: HostedFieldKey; attribute: string }): Promise<void>;
  teardown(): Promise<void>;
}

/** Feature flags of the payments config (§9 "Feature flags"): @ofw/domain's `FeatureFlags`. */
export type PaymentFlags = FeatureFlags;

/**
 * The config `createPaymentsClient` and `<PaymentsProvider>` take: join-api's `GET /api/v1/payments/config` answer
 * (@ofw/domain's `PaymentsConfig`, docs/CONTRACTS.md) plus the UI `locale` of the frames' labels (e.g. 'en-US',
 * 'es-MX'), which the page adds.
 */
export type PaymentsConfig = PaymentsConfigAnswer & { locale?: string };

/**
 * §3 "verifyCard options" (@ofw/domain `VerifyCardOptions`, their one home: `nonce`, `amount` in major units and `bin`
 * required, §5 "3D Secure") and how @ofw/payments shows the challenge and bounds the wait. `shippingAddress` is left
 * out: braintree-web's `verifyCard` reads a shipping address from `additionalInformation.shippingAddress` (braintree-web
 * ThreeDSecure `verifyCard` options), so it is passed there.
 */
export interface VerifyCardOptions extends Omit<VerifyCardShape, 'shippingAddress'> {
  /** How the bank's challenge is shown (§2): the 440 px modal (default) or a 400×400 inline frame in `container`. */
  challenge?: ChallengePresentation;
  /**
   * How long (ms) the verification may take before the bank's challenge shows or the result arrives: the
   * authentication script's set-up and the lookup (§4 "3D Secure flow" 7: the script may fail to load, fail to set up or
   * time out). Past it the attempt rejects with `THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT` (§8 "setup timed out") and may be
   * tried again. The customer's own time in the challenge is not bounded by it. Default {@link VERIFY_CARD_TIMEOUT_MS}.
   */
  timeoutMs?: number;
}

/** The default {@link VerifyCardOptions.timeoutMs}: 30 s for the authentication script's set-up and the lookup. */
export const VERIFY_CARD_TIMEOUT_MS = 30_000;

/** Localized labels of the 3D Secure challenge frame (§2). */
export interface ChallengeLabels {
  /** Dialog title. */
  title: string;
  /** the short interstitial shown before the bank's page. */
  interstitial: string;
  /** Accessible name of the close button. */
  close: string;
}

/** How the 3D Secure challenge is shown (§2: 440 px modal or 400×400 inline frame). */
export interface ChallengePresentation {
  variant?: 'modal' | 'inline';
  /** Where the inline frame goes (required for `inline`). */
  container?: HTMLElement;
  labels?: Partial<ChallengeLabels>;
  /** How long the interstitial shows before the bank's page loads, in ms (default 1200). */
  interstitialMs?: number;
}

/**
 * Whether a wallet's account is approved for later charges (docs/RENEWAL.md: a renewal charges the saved method).
 * `vault: true` — PayPal runs braintree-web paypal-checkout's Vault flow (`createPayment({ flow: 'vault' })`, a billing
 * agreement, the PayPal JS SDK loaded with `vault: true`) and Venmo is created with `paymentMethodUsage: 'multi_use'`;
 * the nonce can then be stored in Braintree's vault. `false` or absent — as before: a one-time PayPal `checkout` and
 * a `single_use` Venmo account, which Braintree refuses to vault. With the sandbox driver the same braintree-web names
 * travel to the sandbox's wallet popup (`flow`, `paymentMethodUsage`).
 */
export interface WalletVaultOptions {
  /** Approve the account for later charges (PayPal Vault flow, Venmo `multi_use`). Default false. */
  vault?: boolean;
}

/** Options of a PayPal checkout (`tokenizePayPal`, braintree-web `paypalCheckout.createPayment`). */
export interface PayPalOptions extends WalletVaultOptions {
  /** Major units. With `vault`, shown by the sandbox's popup only (the Vault flow charges nothing itself). */
  amount: number | string;
  /** ISO 4217, default USD (§9 "PayPal SDK defaults"). */
  currency?: string;
  /**
   * With `vault`: the billing agreement's description PayPal shows the customer and keeps in their PayPal profile
   * (braintree-web `createPayment({ billingAgreementDescription })`, at most 255 characters). Ignored without `vault`.
   */
  billingAgreementDescription?: string;
}

/**
 * `renderPayPalButton` options: the PayPal checkout button for one amount (braintree-web `paypalCheckout` with the
 * PayPal JS SDK's Buttons, or the sandbox's own button). The customer's click opens PayPal's window at once (nothing
 * is awaited before it, so no popup blocker stops it); the payment is created then (`createPayment`, flow
 * `checkout`, intent `authorize`, §9 "PayPal SDK defaults"; with `vault`, flow `vault`: a billing agreement) and
 * tokenized when the customer approves.
 */
export interface PayPalButtonOptions extends PayPalOptions {
  /** Where the button goes (emptied of nothing; the button is appended and removed on `teardown`). */
  container: HTMLElement;
  /** The approved payment's §3 result (`nonce`, `type: 'PayPalAccount'`, `details` = payer info). */
  onApprove(result: PayPalResult): void;
  /** The customer closed PayPal's window or chose cancel: not an error (nothing to show, nothing charged). */
  onCancel?(): void;
  /** A provider failure (`createPayment` → PAYPAL_FLOW_FAILED / PAYPAL_INVALID_PAYMENT_OPTION, tokenization → PAYPAL_ACCOUNT_TOKENIZATION_FAILED, the SDK's own errors); map it with `toPaymentError`. */
  onError?(error: unknown): void;
  /** Called when a click starts a payment (one at a time: a click while one runs is ignored). */
  onStart?(): void;
  /** Accessible name of the sandbox's button (PayPal's own button names itself). Default 'PayPal'. */
  label?: string;
  /**
   * Class names added to the sandbox's native button, so it can look like the page's own buttons (PayPal's button
   * is PayPal's iframe, styled by PayPal, and ignores this). The button always has `ofw-sandbox-paypal-button`.
   */
  buttonClassName?: string;
}

/** A rendered PayPal button. */
export interface PayPalButtonInstance {
  /** Removes the button (and closes PayPal's window when open). */
  teardown(): Promise<void>;
}

/** A running data collector (braintree-web `DataCollector`): device data for fraud checks. */
export interface DataCollectorInstance {
  /** The string to send with the order as `deviceData` (JSON: `correlation_id`, and `device_session_id` with Kount). */
  readonly deviceData: string;
  /** Stops collecting and removes what the collector added to the page. */
  teardown(): Promise<void>;
}
