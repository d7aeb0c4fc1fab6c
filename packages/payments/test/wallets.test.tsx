import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applePayPaymentRequest,
  createPaymentsClient,
  isApplePaySupported,
  runApplePaySession,
  type ApplePayAuthorization,
  type PaymentsConfig,
} from '../src/index.js';
import { PayPalButton, PaymentsProvider, useApplePay, usePaymentMethods, usePayments, useVenmo } from '../src/react.js';
import { SANDBOX_URL } from './fake-sandbox-frames.js';
import { FakeSession } from './fake-apple-pay-session.js';

const config = (flags: Partial<PaymentsConfig['flags']> = {}): PaymentsConfig => ({
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
  sandboxUrl: SANDBOX_URL,
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false, ...flags },
});

const wrapper = (flags: Partial<PaymentsConfig['flags']>) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <PaymentsProvider config={config(flags)}>{children}</PaymentsProvider>;
  };

/** The window with Apple's `ApplePaySession` global, which tests install and remove. */
const testWindow = window as Window & { ApplePaySession?: unknown };

afterEach(() => {
  delete testWindow.ApplePaySession;
  vi.restoreAllMocks();
});

describe('Apple Pay (spec §3 payment request, §4 "Apple Pay")', () => {
  it('§3 the payment request: display name label, final, USD/US defaults, postal address, supports3DS, four networks', () => {
    expect(applePayPaymentRequest({ displayName: 'OurFamilyWizard', amount: 216 })).toEqual({
      total: { label: 'OurFamilyWizard', amount: '216.00', type: 'final' },
      currencyCode: 'USD',
      countryCode: 'US',
      requiredBillingContactFields: ['postalAddress'],
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    });
  });

  it('§4 support only when the device can make payments and supports version 3', () => {
    expect(isApplePaySupported()).toBe(false);
    testWindow.ApplePaySession = FakeSession;
    expect(isApplePaySupported()).toBe(true);
    FakeSession.canMakePayments.mockReturnValueOnce(false);
    expect(isApplePaySupported()).toBe(false);
    FakeSession.supportsVersion.mockReturnValueOnce(false);
    expect(isApplePaySupported()).toBe(false);
  });

  it('§4 hook state without ApplePaySession: not supported, not loading', async () => {
    const { result } = renderHook(() => useApplePay({ amount: 216, currency: 'USD' }), {
      wrapper: wrapper({ applePay: true }),
    });
    await waitFor(() => expect(result.current.isLoading).toBe(false), { timeout: 5000 }); // first client: cold dynamic import
    expect(result.current).toMatchObject({ isSupported: false, instance: null, error: null });
  });

  /** Answers the sandbox's merchant validation and Apple Pay tokenization (its stand-ins of §7's two calls). */
  const applePayServer = (tokenizeStatus = 200) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = input instanceof Request ? input.url : String(input);
      const [status, body] = url.endsWith('/sessions')
        ? [200, { merchantSessionIdentifier: 'm' }]
        : [tokenizeStatus, tokenizeStatus === 200 ? { nonce: 'tokenapplepay_sb_1', type: 'ApplePayCard' } : {}];
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    });

  /** Renders useApplePay with Apple Pay supported, starts a session and authorises the payment on the sheet. */
  async function authorisedSession() {
    const { result } = renderHook(() => useApplePay({ amount: 216, currency: 'USD' }), {
      wrapper: wrapper({ applePay: true }),
    });
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    let paid!: Promise<ApplePayAuthorization | undefined>;
    act(() => {
      paid = result.current.pay();
    });
    const session = FakeSession.last!;
    session.onvalidatemerchant!({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' });
    await waitFor(() =>
      expect(session.completeMerchantValidation).toHaveBeenCalledWith({ merchantSessionIdentifier: 'm' }),
    );
    session.onpaymentauthorized!({ payment: { token: { paymentData: {} } } });
    return { result, session, paid };
  }

  it('§4 session steps: validation, payment authorised → tokenize; the nonce goes to the caller and the sheet waits for its answer', async () => {
    testWindow.ApplePaySession = FakeSession;
    const fetchMock = applePayServer();
    const { result, session, paid } = await authorisedSession();
    expect(session.version).toBe(3);
    expect((session.request as { total: { label: string } }).total.label).toBe('OurFamilyWizard');
    expect(session.begin).toHaveBeenCalled();
    const authorization = await paid;
    expect(authorization?.nonce).toBe('tokenapplepay_sb_1');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Nothing is charged yet: the sheet must not say "Done" before the server answered (§4 "then complete with
    // success or failure"; braintree-web apple-pay: "Once the transaction is complete, call completePayment").
    expect(session.completePayment).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);
    act(() => authorization!.complete(true));
    expect(session.completePayment).toHaveBeenCalledExactlyOnceWith(FakeSession.STATUS_SUCCESS);
    expect(result.current.isPending).toBe(false);
    authorization!.complete(false); // only the first answer counts
    expect(session.completePayment).toHaveBeenCalledTimes(1);

    let cancelled!: Promise<ApplePayAuthorization | undefined>;
    act(() => {
      cancelled = result.current.pay();
    });
    FakeSession.last!.oncancel!({});
    await expect(cancelled).resolves.toBeUndefined();
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });

  it('§4 a payment the server declines completes the sheet with failure, never success', async () => {
    testWindow.ApplePaySession = FakeSession;
    applePayServer();
    const { session, paid } = await authorisedSession();
    const authorization = await paid;
    act(() => authorization!.complete(false));
    expect(session.completePayment).toHaveBeenCalledExactlyOnceWith(FakeSession.STATUS_FAILURE);
  });

  it('§4/§8 a failed tokenization completes the sheet with failure and rejects (nothing reaches the caller to charge)', async () => {
    testWindow.ApplePaySession = FakeSession;
    applePayServer(500);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session, paid } = await authorisedSession();
    await expect(paid).rejects.toMatchObject({ code: 'APPLE_PAY_TOKENIZATION' });
    expect(session.completePayment).toHaveBeenCalledExactlyOnceWith(FakeSession.STATUS_FAILURE);
  });

  it('a sheet Apple already closed (cancelled while the server was charging) is not completed again', () => {
    testWindow.ApplePaySession = FakeSession;
    const instance = {
      performValidation: vi.fn(),
      tokenize: vi.fn(() => Promise.resolve({ nonce: 'tokenapplepay_sb_2' })),
    };
    const running = runApplePaySession(instance, applePayPaymentRequest({ displayName: 'OFW', amount: 1 }));
    const session = FakeSession.last!;
    session.onpaymentauthorized!({ payment: { token: {} } });
    return running.then((authorization) => {
      session.oncancel!({});
      authorization!.complete(true);
      expect(session.completePayment).not.toHaveBeenCalled();
    });
  });

  it('§5 Apple Pay is hidden for GBP even with the flag', async () => {
    testWindow.ApplePaySession = FakeSession;
    const { result } = renderHook(() => useApplePay({ amount: 155.99, currency: 'GBP' }), {
      wrapper: wrapper({ applePay: true }),
    });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isSupported).toBe(false);
  });
});

describe('visibility (spec §5 via @ofw/domain paymentMethodVisibility)', () => {
  it.each([
    ['USD', { venmo: true }, { venmo: true, payPal: true, amex: true }],
    ['CAD', { venmo: true }, { venmo: false, payPal: false, amex: false, discover: false }],
    ['CAD', { cadPayPal: true }, { payPal: true }],
    ['AUD', { venmo: true, applePay: true }, { venmo: false, payPal: false, applePay: false, amex: false }],
  ] as const)('%s with flags %j', (currency, flags, expected) => {
    const { result } = renderHook(() => usePaymentMethods(currency), { wrapper: wrapper(flags) });
    expect(result.current).toMatchObject(expected);
    expect(result.current.supportedCardBrands['american-express']).toBe(result.current.amex);
  });
});

describe('Venmo (spec §4 "Other wallet flows": one action in progress)', () => {
  it('popup approval resolves; a second tokenize while one runs is refused; closing the popup cancels', async () => {
    const popup = { closed: false } as Window & { closed: boolean };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const client = await createPaymentsClient(config({ venmo: true }));
    const first = client.tokenizeVenmo();
    expect(open).toHaveBeenCalledTimes(1);
    expect(String(open.mock.calls[0]![0])).toContain(`${SANDBOX_URL}/wallets/venmo/popup?`);
    expect(open.mock.calls[0]![2]).toContain('width=400,height=570');
    await expect(client.tokenizeVenmo()).rejects.toMatchObject({ code: 'VENMO_TOKENIZATION_REQUEST_ACTIVE' });
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: SANDBOX_URL,
        source: popup as unknown as MessageEventSource,
        data: {
          source: 'ofw-sandbox-wallet',
          wallet: 'venmo',
          type: 'approved',
          payload: { nonce: 'fake-venmo_sb_1', type: 'VenmoAccount', details: { username: '@venmojoe' } },
        },
      }),
    );
    await expect(first).resolves.toMatchObject({ type: 'VenmoAccount', details: { username: '@venmojoe' } });
    const second = client.tokenizeVenmo();
    popup.closed = true;
    await expect(second).rejects.toMatchObject({ code: 'VENMO_CANCELED', type: 'CUSTOMER' });
    open.mockReturnValue(null);
    await expect(client.tokenizeVenmo()).rejects.toMatchObject({ code: 'FRAME_SERVICE_FRAME_OPEN_FAILED' });
    await client.teardown();
  });

  it('§5 useVenmo is visible only for USD with the flag, once the client is ready', async () => {
    const usd = renderHook(() => useVenmo('USD'), { wrapper: wrapper({ venmo: true }) });
    await waitFor(() => expect(usd.result.current.isVisible).toBe(true));
    // hidden for a reason, not because the client is still loading: each provider's client is ready first
    const probe = (currency: 'USD' | 'CAD') => () => ({ venmo: useVenmo(currency), status: usePayments().status });
    const cad = renderHook(probe('CAD'), { wrapper: wrapper({ venmo: true }) });
    const noFlag = renderHook(probe('USD'), { wrapper: wrapper({}) });
    await waitFor(() => expect([cad.result.current.status, noFlag.result.current.status]).toEqual(['ready', 'ready']));
    expect(cad.result.current.venmo.isVisible).toBe(false);
    expect(noFlag.result.current.venmo.isVisible).toBe(false);
  });
});

describe('PayPal button (spec §4 "Other wallet flows", §5 visibility)', () => {
  const approve = (popup: Window, type: 'approved' | 'canceled') =>
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: SANDBOX_URL,
        source: popup as unknown as MessageEventSource,
        data: {
          source: 'ofw-sandbox-wallet',
          wallet: 'paypal',
          type,
          ...(type === 'approved'
            ? { payload: { nonce: 'fake-paypal-one-time-nonce', type: 'PayPalAccount', details: {} } }
            : {}),
        },
      }),
    );

  it('§4 under StrictMode one button; its click opens the popup at once; approve, then cancel as its own outcome; one at a time', async () => {
    const popup = { closed: false } as Window & { closed: boolean };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const onApprove = vi.fn();
    const onCancel = vi.fn();
    const onError = vi.fn();
    const view = render(
      <StrictMode>
        <PaymentsProvider config={config()}>
          <PayPalButton
            amount={216}
            currency="USD"
            label="Pay with PayPal"
            buttonClassName="page-button page-button--secondary"
            onApprove={onApprove}
            onCancel={onCancel}
            onError={onError}
          />
        </PaymentsProvider>
      </StrictMode>,
    );
    const button = await screen.findByRole('button', { name: 'Pay with PayPal' });
    await new Promise((resolve) => setTimeout(resolve, 20)); // StrictMode's first render has torn down by now
    expect(screen.getAllByRole('button', { name: 'Pay with PayPal' })).toHaveLength(1);
    expect([...button.classList]).toEqual(['ofw-sandbox-paypal-button', 'page-button', 'page-button--secondary']);
    act(() => button.click());
    expect(open).toHaveBeenCalledTimes(1); // synchronously, inside the click
    expect(String(open.mock.calls[0]![0])).toContain('amount=216.00');
    act(() => button.click()); // one payment at a time: ignored
    expect(open).toHaveBeenCalledTimes(1);
    approve(popup, 'approved');
    await waitFor(() => expect(onApprove).toHaveBeenCalledWith(expect.objectContaining({ type: 'PayPalAccount' })));
    act(() => button.click());
    approve(popup, 'canceled');
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onError).not.toHaveBeenCalled();
    view.unmount();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
  });

  it('§5 renders nothing where PayPal is hidden (GBP)', async () => {
    const Status = () => <output>{usePayments().status}</output>;
    render(
      <PaymentsProvider config={config()}>
        <Status />
        <PayPalButton amount={99} currency="GBP" label="PayPal" onApprove={vi.fn()} />
      </PaymentsProvider>,
    );
    // hidden because GBP hides PayPal, not because the client is still loading
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('ready'));
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[data-ofw-paypal-button]')).toBeNull();
  });
});
