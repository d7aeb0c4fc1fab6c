import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { paymentMethodVisibility, type Currency, type PaymentMethodVisibility } from '@ofw/domain';
import {
  applePayPaymentRequest,
  initializingError,
  isApplePaySupported,
  runApplePaySession,
  sessionError,
  type ApplePayAuthorization,
  type ApplePayInstance,
} from '../core/apple-pay.js';
import { PaymentsError, toPaymentError, type PaymentError } from '../core/errors.js';
import type {
  HostedFieldsCreateOptions,
  PayPalButtonInstance,
  PayPalButtonOptions,
  PayPalOptions,
  PayPalResult,
  VenmoResult,
  WalletVaultOptions,
} from '../core/types.js';
import { usePayments } from './context.js';

/** What {@link usePaymentMethods} returns: the §5 visibility plus the card brands to accept. */
export interface PaymentMethods extends PaymentMethodVisibility {
  /** For `useHostedFields({ supportedCardBrands })`: Amex/Discover refused where §5 hides them. */
  supportedCardBrands: NonNullable<HostedFieldsCreateOptions['supportedCardBrands']>;
}

/**
 * Which payment methods to show for a currency: @ofw/domain's `paymentMethodVisibility` (§5) with the config's
 * feature flags. Apple Pay additionally needs device support (`useApplePay().isSupported`).
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function usePaymentMethods(currency: Currency): PaymentMethods {
  const { config } = usePayments();
  const { applePay, cadPayPal, venmo } = config.flags;
  return useMemo(() => {
    const visibility = paymentMethodVisibility(currency, { applePay, cadPayPal, venmo });
    return {
      ...visibility,
      supportedCardBrands: { 'american-express': visibility.amex, discover: visibility.discover },
    };
  }, [currency, applePay, cadPayPal, venmo]);
}

/** §4 "Apple Pay" hook state, plus `pay`. */
export interface UseApplePayResult {
  instance: ApplePayInstance | null;
  /** §4: device can make payments, supports session version 3, and §5 shows Apple Pay for the currency. */
  isSupported: boolean;
  error: PaymentError | null;
  isLoading: boolean;
  /** True while a session runs (one at a time): from `pay()` until the sheet is completed or cancelled. */
  isPending: boolean;
  /**
   * Runs the Apple Pay sheet (call inside the click handler). Resolves with the authorization once the customer
   * authorised and the payment was tokenized — charge its `nonce`, then call its `complete(paid)` with the server's
   * answer (the sheet shows success only for `true`) — or with undefined on cancel.
   * @throws PaymentsError APPLE_PAY_NOT_ENABLED when there is no instance, APPLE_PAY_IN_PROGRESS while a session runs;
   *   the provider's error on validation/tokenization failure, or APPLE_PAY_TOKENIZATION for an empty nonce (these
   *   after `onError`; the sheet is then completed with failure).
   */
  pay(): Promise<ApplePayAuthorization | undefined>;
}

/**
 * Apple Pay (§3 payment request, §4 session steps). §8: 'Error initializing Apple Pay', 'Error processing Apple Pay
 * payment' and 'Error tokenizing Apple Pay payment' are logged and `onError` is invoked.
 * @param options.amount - the total to charge, major units (sent as a 2-decimal string, Apple Pay JS `total.amount`).
 * @param options.countryCode - merchant country, ISO alpha-2 (default US, §9).
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider; initialization errors are
 *   not thrown but set `error` (message id `payments.applePay.initializing`).
 */
export function useApplePay(options: {
  amount: number;
  currency: Currency;
  countryCode?: string;
  onError?: (error: PaymentError) => void;
}): UseApplePayResult {
  const { client, config } = usePayments();
  const methods = usePaymentMethods(options.currency);
  const [state, setState] = useState<Omit<UseApplePayResult, 'pay' | 'isPending'>>({
    instance: null,
    isSupported: false,
    error: null,
    isLoading: true,
  });
  const [isPending, setPending] = useState(false);
  const pending = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const wanted = methods.applePay && isApplePaySupported();

  useEffect(() => {
    if (!client) return;
    if (!wanted) {
      setState({ instance: null, isSupported: false, error: null, isLoading: false });
      return;
    }
    let active = true;
    setState((previous) => ({ ...previous, isLoading: true }));
    client.createApplePay().then(
      (instance) => active && setState({ instance, isSupported: true, error: null, isLoading: false }),
      (error: unknown) => {
        if (!active) return;
        const mapped = initializingError(error);
        optionsRef.current.onError?.(mapped);
        setState({ instance: null, isSupported: false, error: mapped, isLoading: false });
      },
    );
    return () => {
      active = false;
    };
  }, [client, wanted]);

  const pay = useCallback(async () => {
    const { instance } = state;
    if (!instance) throw new PaymentsError('APPLE_PAY_NOT_ENABLED', 'MERCHANT', 'Apple Pay is not available.');
    if (pending.current)
      throw new PaymentsError('APPLE_PAY_IN_PROGRESS', 'MERCHANT', 'An Apple Pay session is already in progress.');
    pending.current = true;
    setPending(true);
    const done = () => {
      pending.current = false;
      setPending(false);
    };
    const { amount, currency, countryCode } = optionsRef.current;
    try {
      const request = applePayPaymentRequest({
        displayName: config.displayName,
        amount,
        currencyCode: currency,
        ...(countryCode ? { countryCode } : {}),
        networks: { amex: methods.amex, discover: methods.discover },
      });
      const authorization = await runApplePaySession(instance, request);
      if (!authorization) {
        done();
        return undefined;
      }
      // the session runs on until the caller completes the sheet with the server's answer
      return { ...authorization, complete: (paid: boolean) => (authorization.complete(paid), done()) };
    } catch (error) {
      done();
      optionsRef.current.onError?.(sessionError(error));
      throw error;
    }
  }, [state, config.displayName, methods.amex, methods.discover]);

  return { ...state, isPending, pay };
}

interface WalletHook<T> {
  /** §5 visibility for the currency (with the config's flags). */
  isVisible: boolean;
  isPending: boolean;
  error: PaymentError | null;
  /** Call inside the click handler (the popup opens synchronously). One action at a time. */
  tokenize(): Promise<T>;
}

function useWallet<T>(isVisible: boolean, run: () => Promise<T>, activeCode: string): WalletHook<T> {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<PaymentError | null>(null);
  const pending = useRef(false);
  const tokenize = useCallback(() => {
    if (pending.current)
      return Promise.reject(new PaymentsError(activeCode, 'MERCHANT', 'Another tokenization request is active.'));
    pending.current = true;
    setPending(true);
    setError(null);
    // no await before run(): the popup must open inside the click handler
    return run()
      .catch((failure: unknown) => {
        setError(toPaymentError(failure));
        throw failure;
      })
      .finally(() => {
        pending.current = false;
        setPending(false);
      });
  }, [run, activeCode]);
  return { isVisible, isPending, error, tokenize };
}

/**
 * Venmo: US/USD only (§5 visibility), desktop allowed; §3 result with `details.username` (leading @). Shown only
 * where the driver says the browser can run it (`isVenmoSupported`: braintree-web `isBrowserSupported()` with
 * `allowNewBrowserTab: false`, for a single-page app). On mount, a payment the customer approved in the Venmo app
 * and returned from is resumed (`resumeVenmo`) and handed to `options.onResume` — the page pays with it as with a
 * click; its failure is kept in `error`.
 * `tokenize` rejects with VENMO_TOKENIZATION_REQUEST_ACTIVE while one runs, an Error "The payments client is not
 * ready yet." before the client is ready, and the driver's errors (VENMO_CANCELED / VENMO_APP_CANCELED on cancel,
 * §8); a failure is also kept in `error`. `options.vault`: the account is approved for later charges
 * (`paymentMethodUsage: 'multi_use'`, see {@link WalletVaultOptions}); else `single_use`.
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function useVenmo(
  currency: Currency,
  options: { onResume?: (result: VenmoResult) => void } & WalletVaultOptions = {},
): WalletHook<VenmoResult> {
  const { client } = usePayments();
  const { venmo } = usePaymentMethods(currency);
  const vault = options.vault === true;
  const [supported, setSupported] = useState(false);
  const [resumeError, setResumeError] = useState<PaymentError | null>(null);
  const onResume = useRef(options.onResume);
  onResume.current = options.onResume;
  useEffect(() => {
    if (!client || !venmo) return;
    let active = true;
    client.isVenmoSupported({ vault }).then(
      (yes) => active && setSupported(yes),
      () => active && setSupported(false),
    );
    client.resumeVenmo({ vault }).then(
      (result) => {
        if (active && result) onResume.current?.(result);
      },
      (error: unknown) => active && setResumeError(toPaymentError(error)),
    );
    return () => {
      active = false;
    };
  }, [client, venmo, vault]);
  const run = useCallback(
    () =>
      client ? client.tokenizeVenmo({ vault }) : Promise.reject(new Error('The payments client is not ready yet.')),
    [client, vault],
  );
  const hook = useWallet(venmo && supported && Boolean(client), run, 'VENMO_TOKENIZATION_REQUEST_ACTIVE');
  return hook.error || !resumeError ? hook : { ...hook, error: resumeError };
}

/**
 * PayPal checkout from the product's own button, for the sandbox driver; tokenize inside the click handler so the
 * popup is not blocked. With the braintree driver `tokenize` rejects PAYPAL_BUTTON_REQUIRED: use `<PayPalButton>`,
 * which works with both drivers. `amount` is in major units. `tokenize` also rejects with
 * PAYPAL_TOKENIZATION_REQUEST_ACTIVE while one runs, an Error "The payments client is not ready yet." before the
 * client is ready, and PAYPAL_POPUP_CLOSED (type CUSTOMER) on cancel; a failure is also kept in `error`. `vault`:
 * the Vault flow (see {@link WalletVaultOptions}).
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function usePayPal(options: PayPalOptions & { currency: Currency }): WalletHook<PayPalResult> {
  const { client } = usePayments();
  const { payPal } = usePaymentMethods(options.currency);
  const { amount, currency, vault, billingAgreementDescription } = options;
  const run = useCallback(
    () =>
      client
        ? client.tokenizePayPal({
            amount,
            currency,
            ...(vault ? { vault } : {}),
            ...(billingAgreementDescription ? { billingAgreementDescription } : {}),
          })
        : Promise.reject(new Error('The payments client is not ready yet.')),
    [client, amount, currency, vault, billingAgreementDescription],
  );
  return useWallet(payPal && Boolean(client), run, 'PAYPAL_TOKENIZATION_REQUEST_ACTIVE');
}

/** Props of {@link PayPalButton}; `amount` in major units (see `PayPalOptions`). */
export interface PayPalButtonProps extends Omit<PayPalButtonOptions, 'container' | 'currency'> {
  currency: Currency;
  className?: string;
}

/**
 * The PayPal checkout button (§4 "Other wallet flows"; braintree-web `paypalCheckout` + the PayPal JS SDK's Buttons,
 * or the sandbox's button). Renders nothing where §5 hides PayPal for the currency. The button is created in a
 * layout effect into this component's `<div>` and torn down in cleanup, also when the render is still in flight
 * (StrictMode's double mount). Callbacks are read from a ref, so new closures do not re-render the button; a new
 * amount or currency does. `onCancel` is the customer's cancel (not an error); `onError` gets the provider error
 * (map it with `toPaymentError`), also when the button cannot be shown (e.g. PAYPAL_NOT_ENABLED). `vault` (with its
 * `billingAgreementDescription`) renders the Vault flow's button: the approved account can be charged again
 * ({@link WalletVaultOptions}); a change of either renders the button again.
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function PayPalButton({
  amount,
  currency,
  label,
  className,
  buttonClassName,
  vault,
  billingAgreementDescription,
  ...callbacks
}: PayPalButtonProps) {
  const { client } = usePayments();
  const { payPal } = usePaymentMethods(currency);
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef(callbacks);
  handlers.current = callbacks;

  useLayoutEffect(() => {
    const element = container.current;
    if (!client || !payPal || !element) return;
    let active = true;
    let handle: PayPalButtonInstance | undefined;
    client
      .renderPayPalButton({
        container: element,
        amount,
        currency,
        ...(label ? { label } : {}),
        ...(buttonClassName ? { buttonClassName } : {}),
        ...(vault ? { vault } : {}),
        ...(billingAgreementDescription ? { billingAgreementDescription } : {}),
        onApprove: (result) => handlers.current.onApprove(result),
        onCancel: () => handlers.current.onCancel?.(),
        onError: (error) => handlers.current.onError?.(error),
        onStart: () => handlers.current.onStart?.(),
      })
      .then(
        (rendered) => {
          if (active) handle = rendered;
          else void rendered.teardown();
        },
        (error: unknown) => {
          if (active) handlers.current.onError?.(error);
        },
      );
    return () => {
      active = false;
      void handle?.teardown();
    };
  }, [client, payPal, amount, currency, label, buttonClassName, vault, billingAgreementDescription]);

  if (!payPal) return null;
  return <div ref={container} className={className} data-ofw-paypal-button="" />;
}
