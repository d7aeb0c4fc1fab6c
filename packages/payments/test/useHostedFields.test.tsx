import { StrictMode, useRef } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toPaymentError, type PaymentsConfig } from '../src/index.js';
import { PaymentsProvider, useHostedFields, usePayments } from '../src/react.js';
import { SANDBOX_URL, installFakeFrames, type FakeFrames } from './fake-sandbox-frames.js';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';

const config: PaymentsConfig = {
  driver: 'sandbox',
  authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
  sandboxUrl: SANDBOX_URL,
  displayName: 'OurFamilyWizard',
  flags: { applePay: false, cadPayPal: false, venmo: false },
};

let last: ReturnType<typeof useHostedFields> | undefined;

function CardForm() {
  const number = useRef<HTMLDivElement>(null);
  const expirationDate = useRef<HTMLDivElement>(null);
  const cvv = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={number} data-testid="number" />
      <div ref={expirationDate} data-testid="expirationDate" />
      <div ref={cvv} data-testid="cvv" />
      <Fields refs={{ number, expirationDate, cvv }} />
    </>
  );
}

function Fields({
  refs,
}: {
  refs: Record<'number' | 'expirationDate' | 'cvv', React.RefObject<HTMLDivElement | null>>;
}) {
  const hosted = useHostedFields({
    fields: {
      number: { container: refs.number.current ?? '[data-testid=number]' },
      expirationDate: { container: refs.expirationDate.current ?? '[data-testid=expirationDate]' },
      cvv: { container: refs.cvv.current ?? '[data-testid=cvv]' },
    },
  });
  last = hosted;
  return <p>status: {hosted.status}</p>;
}

describe('useHostedFields (docs/CONTRACTS.md, spec §4 "Hosted card fields")', () => {
  let fake: FakeFrames;
  beforeEach(() => {
    fake = installFakeFrames();
    last = undefined;
  });
  afterEach(() => fake.stop());

  it('StrictMode double mount creates one set of frames, never a duplicate iframe error', async () => {
    const { unmount } = render(
      <StrictMode>
        <PaymentsProvider config={config}>
          <CardForm />
        </PaymentsProvider>
      </StrictMode>,
    );
    await screen.findByText('status: ready');
    expect(document.querySelectorAll('iframe[name="braintree-hosted-field-number"]')).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
    expect(last?.error).toBeNull();
    unmount();
    await waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(0));
  });

  it('§4 touched on focus, hasBlurred on blur, validity on change; §2 showError; form valid when all three are', async () => {
    render(
      <PaymentsProvider config={config}>
        <CardForm />
      </PaymentsProvider>,
    );
    await screen.findByText('status: ready');
    act(() => fake.focus('number'));
    expect(last!.fields.number).toMatchObject({ touched: true, hasBlurred: false });
    act(() => fake.type('number', '4111'));
    expect(last!.showError('number')).toBe(false); // invalid but potentially valid, not blurred yet
    expect(last!.cardBrand).toMatchObject({ type: 'visa', lengths: [16, 18, 19], code: { name: 'CVV', size: 3 } });
    act(() => fake.blur('number'));
    expect(last!.fields.number.hasBlurred).toBe(true);
    expect(last!.showError('number')).toBe(true); // invalid, touched and blurred
    act(() => fake.type('cvv', '12a'));
    expect(last!.showError('cvv')).toBe(true); // not potentially valid
    expect(last!.isValid).toBe(false);
    act(() => {
      fake.type('number', TEST_CARDS.visa.number);
      fake.type('expirationDate', '12 / 30');
      fake.type('cvv', '123');
    });
    expect(last!.isValid).toBe(true);
    expect(last!.showError('number')).toBe(false);
  });

  it('§3 tokenize returns the nonce; FIELDS_INVALID marks the fields so their errors show', async () => {
    render(
      <PaymentsProvider config={config}>
        <CardForm />
      </PaymentsProvider>,
    );
    await screen.findByText('status: ready');
    fake.nextTokenize = {
      error: {
        code: 'HOSTED_FIELDS_FIELDS_INVALID',
        type: 'CUSTOMER',
        message: 'x',
        details: { invalidFieldKeys: ['number', 'cvv'] },
      },
    };
    let failure: unknown;
    await act(async () => {
      await last!.tokenize().catch((error: unknown) => (failure = error));
    });
    expect(toPaymentError(failure)).toMatchObject({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      messageId: 'payments.hostedFields.fieldsInvalid',
      field: 'number',
    });
    expect(last!.showError('number')).toBe(true);
    expect(last!.showError('expirationDate')).toBe(false);
    fake.nextTokenize = { payload: { nonce: 'tokencc_sb_ok', type: 'CreditCard', description: 'ending in 11' } };
    await expect(last!.tokenize()).resolves.toMatchObject({ nonce: 'tokencc_sb_ok' });
  });

  it('usePayments outside the provider names the missing provider', () => {
    expect(() => renderHook(() => usePayments())).toThrow('usePayments must be used within <PaymentsProvider>');
  });
});
