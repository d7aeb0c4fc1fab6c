import { PaymentsError } from '../core/errors.js';
import { POPUP_SIZES, awaitPopupMessage, openPopup } from '../core/popup.js';
import type {
  PayPalButtonInstance,
  PayPalButtonOptions,
  PayPalOptions,
  PayPalResult,
  VenmoResult,
  WalletVaultOptions,
} from '../core/types.js';

interface WalletMessage {
  source: 'ofw-sandbox-wallet';
  wallet: 'venmo' | 'paypal';
  type: 'approved' | 'canceled';
  payload?: unknown;
}

/** Whether a popup message is the sandbox's answer for `wallet` (docs/PAYMENTS.md). */
function isWalletMessage(wallet: WalletMessage['wallet']) {
  return (data: unknown): data is WalletMessage =>
    typeof data === 'object' &&
    data !== null &&
    (data as Partial<WalletMessage>).source === 'ofw-sandbox-wallet' &&
    (data as Partial<WalletMessage>).wallet === wallet;
}

const ERRORS = {
  venmo: {
    active: () =>
      new PaymentsError('VENMO_TOKENIZATION_REQUEST_ACTIVE', 'MERCHANT', 'Another tokenization request is active.'),
    canceled: () => new PaymentsError('VENMO_CANCELED', 'CUSTOMER', 'User canceled Venmo authorization.'),
  },
  paypal: {
    active: () =>
      new PaymentsError('PAYPAL_TOKENIZATION_REQUEST_ACTIVE', 'MERCHANT', 'Another tokenization request is active.'),
    canceled: () =>
      new PaymentsError('PAYPAL_POPUP_CLOSED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.'),
  },
};

/**
 * How the wallet account may be used later, under braintree-web's own names, as the sandbox's popup reads them
 * (`/wallets/<wallet>/popup?…`): PayPal `flow` (`checkout`, or `vault` for a billing agreement — braintree-web
 * paypal-checkout `createPayment({ flow })`), Venmo `paymentMethodUsage` (`single_use`, or `multi_use` —
 * braintree-web `venmo.create({ paymentMethodUsage })`). Always sent, so the sandbox never has to guess.
 */
export function walletUsageParams(wallet: 'venmo' | 'paypal', options?: WalletVaultOptions): Record<string, string> {
  const vault = options?.vault === true;
  return wallet === 'paypal'
    ? { flow: vault ? 'vault' : 'checkout' }
    : { paymentMethodUsage: vault ? 'multi_use' : 'single_use' };
}

/** Venmo and PayPal through the sandbox's popups; each wallet allows one action in progress (§4 "Other wallet flows"). */
export function createSandboxWallets(sandboxUrl: string) {
  const origin = new URL(sandboxUrl).origin;
  const inProgress = { venmo: false, paypal: false };

  function run<T>(
    wallet: 'venmo' | 'paypal',
    amount: string,
    currency: string,
    usage?: WalletVaultOptions,
  ): Promise<T> {
    // everything up to window.open runs synchronously, inside the caller's click handler
    if (inProgress[wallet]) return Promise.reject(ERRORS[wallet].active());
    const params = new URLSearchParams({
      origin: window.location.origin,
      amount,
      currency,
      ...walletUsageParams(wallet, usage),
    });
    let popup: Window;
    try {
      popup = openPopup(
        `${origin}/wallets/${wallet}/popup?${params.toString()}`,
        `ofw-sandbox-${wallet}`,
        wallet === 'venmo' ? POPUP_SIZES.venmo : POPUP_SIZES.default,
      );
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on openPopup's PaymentsError unchanged
      return Promise.reject(error);
    }
    inProgress[wallet] = true;
    return awaitPopupMessage(popup, origin, isWalletMessage(wallet), ERRORS[wallet].canceled)
      .then((message) => {
        if (message.type !== 'approved' || !message.payload) throw ERRORS[wallet].canceled();
        return message.payload as T;
      })
      .finally(() => {
        inProgress[wallet] = false;
      });
  }

  const tokenizePayPal = (options: PayPalOptions): Promise<PayPalResult> =>
    run<PayPalResult>('paypal', Number(options.amount).toFixed(2), options.currency ?? 'USD', options);

  /**
   * The sandbox's stand-in for PayPal's button: a native button whose click opens the sandbox PayPal popup at once
   * (inside the click handler) and reports approve / cancel / error like the braintree driver's PayPal Buttons.
   */
  function renderPayPalButton(options: PayPalButtonOptions): PayPalButtonInstance {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = ['ofw-sandbox-paypal-button', options.buttonClassName].filter(Boolean).join(' ');
    button.textContent = options.label ?? 'PayPal';
    button.addEventListener('click', () => {
      if (inProgress.paypal) return; // one payment at a time: a second click is ignored, like PayPal's onClick reject
      const started = tokenizePayPal(options);
      if (inProgress.paypal) {
        button.setAttribute('aria-busy', 'true');
        options.onStart?.();
      }
      started
        .then(
          (result) => options.onApprove(result),
          (error: unknown) => {
            if ((error as { code?: unknown }).code === 'PAYPAL_POPUP_CLOSED') options.onCancel?.();
            else options.onError?.(error);
          },
        )
        .finally(() => button.removeAttribute('aria-busy'));
    });
    options.container.append(button);
    return {
      teardown: () => {
        button.remove();
        return Promise.resolve();
      },
    };
  }

  return {
    /** Venmo (US/USD only; desktop approves in a 400×570 popup); `vault`: `paymentMethodUsage=multi_use`. */
    tokenizeVenmo: (options?: WalletVaultOptions): Promise<VenmoResult> =>
      run<VenmoResult>('venmo', '0.00', 'USD', options),
    /** PayPal checkout (`vault`: `flow=vault`); call inside the click handler so the popup is not blocked. */
    tokenizePayPal,
    renderPayPalButton,
  };
}
