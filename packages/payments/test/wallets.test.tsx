import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PayPalButton,
  PaymentsProvider,
  applePayPaymentRequest,
  createPaymentsClient,
  isApplePaySupported,
  useApplePay,
  usePaymentMethods,
  useVenmo,
  type PaymentsConfig,
} from '../src/index.js';
import { SANDBOX_URL } from './fake-sandbox-frames.js';

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

class FakeSession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static last: FakeSession | undefined;
  static supportsVersion = vi.fn((version: number) => version <= 3);
  static canMakePayments = vi.fn(() => true);
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
  oncancel: ((event: unknown) => void) | null = null;
  begin = vi.fn();
  abort = vi.fn();
  completeMerchantValidation = vi.fn();
  completePayment = vi.fn();
  constructor(
    readonly version: number,
    readonly request: unknown,
  ) {
    FakeSession.last = this;
  }
}

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

  it('§4 session steps: validation, payment authorised → tokenize → success; cancel resolves with nothing', async () => {
    testWindow.ApplePaySession = FakeSession;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = input instanceof Request ? input.url : String(input);
      const body = url.endsWith('/sessions')
        ? { merchantSessionIdentifier: 'm' }
        : { nonce: 'tokenapplepay_sb_1', type: 'ApplePayCard' };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    const { result } = renderHook(() => useApplePay({ amount: 216, currency: 'USD' }), {
      wrapper: wrapper({ applePay: true }),
    });
    await waitFor(() => expect(result.current.isSupported).toBe(true));
    let paid!: Promise<string | undefined>;
    act(() => {
      paid = result.current.pay();
    });
    const session = FakeSession.last!;
    expect(session.version).toBe(3);
    expect((session.request as { total: { label: string } }).total.label).toBe('OurFamilyWizard');
    expect(session.begin).toHaveBeenCalled();
    session.onvalidatemerchant!({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' });
    await waitFor(() =>
      expect(session.completeMerchantValidation).toHaveBeenCalledWith({ merchantSessionIdentifier: 'm' }),
    );
    session.onpaymentauthorized!({ payment: { token: { paymentData: {} } } });
    await expect(paid).resolves.toBe('tokenapplepay_sb_1');
    expect(session.completePayment).toHaveBeenCalledWith(FakeSession.STATUS_SUCCESS);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    let cancelled!: Promise<string | undefined>;
    act(() => {
      cancelled = result.current.pay();
    });
    FakeSession.last!.oncancel!({});
    await expect(cancelled).resolves.toBeUndefined();
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
    const cad = renderHook(() => useVenmo('CAD'), { wrapper: wrapper({ venmo: true }) });
    const noFlag = renderHook(() => useVenmo('USD'), { wrapper: wrapper({}) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cad.result.current.isVisible).toBe(false);
    expect(noFlag.result.current.isVisible).toBe(false);
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
    render(
      <PaymentsProvider config={config()}>
        <PayPalButton amount={99} currency="GBP" label="PayPal" onApprove={vi.fn()} />
      </PaymentsProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('[data-ofw-paypal-button]')).toBeNull();
  });
});
