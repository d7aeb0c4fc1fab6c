import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentAttempt } from '../src/join/payment-attempt.js';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { resetPaymentFakes } from './payment-fakes.js';
import { atPayment, premium, problem } from './payment-step.js';
import { parentState, renderApp } from './helpers.js';

vi.mock('@ofw/payments/react', async (importOriginal) =>
  (await import('./payment-fakes.js')).fakePaymentStep(importOriginal),
);

// The billing address on the payment step: refused on its fields before anything is charged, and an order refused
// for the address (docs/IDENTITY.md "Contract").

describe('payment step', () => {
  beforeEach(resetPaymentFakes);

  describe('docs/IDENTITY.md "Contract": an order refused for the address charges nothing and is not sent again', () => {
    /**
     * On the payment step in `locale`, the parent pays and gets `refusal`; `emailVerified` is what join-api reads of
     * the parent (given the orders sent so far).
     */
    async function refusedAt(
      locale: string,
      refusal: ReturnType<typeof problem>,
      emailVerified: (ordersSent: number, codesProven: number) => boolean,
    ) {
      let sent = 0;
      let proven = 0;
      const { api } = atPayment([() => (sent++, refusal)], undefined, (c) => {
        if (c.path === '/parents/7' && c.method === 'GET')
          return {
            body: parentState({
              agreedToTerms: true,
              billingAddressComplete: true,
              emailVerified: emailVerified(sent, proven),
            }),
          };
        if (c.path === '/parents/7/email-verification')
          return (proven++, { body: { emailVerified: true, existingAccount: null } });
        if (c.path === '/parents/7/email-code')
          return {
            body: { email: 'a@b.co', expiresAt: '2026-01-01T00:10:00Z', triesLeft: 5, resendAfterSeconds: 30 },
          };
        return undefined;
      });
      const state = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.state)!) as Record<string, unknown>;
      sessionStorage.setItem(STORAGE_KEYS.state, JSON.stringify({ ...state, languageLocale: locale }));
      renderApp('/join', api);
      const user = userEvent.setup();
      const pay = await screen.findByRole('button', { name: /^(Pay|Pagar)/ }, { timeout: 5000 });
      const parentReads = () => api.calls.filter((c) => c.path === '/parents/7' && c.method === 'GET').length;
      const readsBeforePay = parentReads();
      const stepsBeforePay = screen.getByRole('navigation', {
        name: /Sign-up progress|Progreso del registro/,
      }).textContent;
      await user.click(pay);
      const orders = () => api.calls.filter((c) => c.path === '/orders');
      const alert = await screen.findByRole('alert');
      return { api, user, orders, parentReads, readsBeforePay, stepsBeforePay, alert };
    }

    it.each([
      [
        'en-US',
        'Confirm your e-mail address before you pay: enter the code we send to it. Nothing was charged.',
        'Check your e-mail',
      ],
      [
        'es-MX',
        'Confirma tu dirección de correo antes de pagar: escribe el código que te enviamos. No se hizo ningún cargo.',
        'Revisa tu correo',
      ],
    ])(
      'docs/IDENTITY.md: a 403 email_unverified says so in %s, and "Check your e-mail" leads back to the code',
      async (locale, message, step) => {
        const { api, user, orders, alert } = await refusedAt(locale, problem(403, 'email_unverified'), () => false);
        expect(alert).toHaveTextContent(message);
        expect(screen.queryByRole('link', { name: /Sign in|Iniciar sesión/ })).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: step }));
        expect(await screen.findByRole('heading', { level: 1, name: step })).toBeInTheDocument();
        await waitFor(() => expect(api.calls.some((c) => c.path === '/parents/7/email-code')).toBe(true));
        expect(orders()).toHaveLength(1); // the order is not retried on its own
        // the refused attempt is dropped: once proven, the next Pay is a new attempt under a new key
        expect(loadPaymentAttempt(7)).toBeUndefined();
      },
    );

    it('docs/IDENTITY.md: after a 403 email_unverified the parent is read again and a join that had no "Check your e-mail" step has it again', async () => {
      // the parent read before paying said proven; join-api, which decides, refuses the order all the same
      const { user, orders, parentReads, readsBeforePay, stepsBeforePay } = await refusedAt(
        'en-US',
        problem(403, 'email_unverified'),
        (sent) => sent === 0,
      );
      expect(stepsBeforePay).not.toContain('Check your e-mail');
      await waitFor(() => expect(parentReads()).toBeGreaterThan(readsBeforePay));
      expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent('Check your e-mail');
      expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument(); // no move without a click
      await user.click(screen.getByRole('button', { name: 'Check your e-mail' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
      expect(orders()).toHaveLength(1);
    });

    it('docs/IDENTITY.md: once the address is proven after a 403 email_unverified, the join returns to the payment, its plan and terms kept', async () => {
      const { user, orders } = await refusedAt(
        'en-US',
        problem(403, 'email_unverified'),
        (sent, proven) => sent === 0 || proven > 0,
      );
      await user.click(screen.getByRole('button', { name: 'Check your e-mail' }));
      await user.type(await screen.findByLabelText('Code from the e-mail'), '123456{Enter}');
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Pay/ })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).not.toHaveTextContent('Check your e-mail');
      expect(orders()).toHaveLength(1); // nothing is paid until the parent presses Pay again
    });

    it.each([
      [
        'en-US',
        'This e-mail address already has an OurFamilyWizard account with a subscription. Sign in to use it; you can upgrade your plan from your account. Nothing was charged.',
        'Sign in',
      ],
      [
        'es-MX',
        'Esta dirección de correo ya tiene una cuenta de OurFamilyWizard con una suscripción. Inicia sesión para usarla; desde tu cuenta puedes mejorar tu plan. No se hizo ningún cargo.',
        'Iniciar sesión',
      ],
    ])(
      'docs/IDENTITY.md "One address, one subscription": a 409 already_subscribed says so in %s and offers sign-in at /ofw/home.form',
      async (locale, message, signIn) => {
        const { orders, alert } = await refusedAt(locale, problem(409, 'already_subscribed'), () => true);
        expect(alert).toHaveTextContent(message);
        expect(screen.getByRole('link', { name: signIn })).toHaveAttribute('href', '/ofw/home.form');
        expect(screen.queryByRole('button', { name: /Check your e-mail|Revisa tu correo/ })).not.toBeInTheDocument();
        expect(orders()).toHaveLength(1); // the order is not retried on its own
        expect(loadPaymentAttempt(7)).toBeUndefined();
      },
    );
  });

  /** At the payment step with this billing address typed, Pay pressed: the api, nothing charged yet. */
  async function payWithBilling(billing: Record<string, string>) {
    const { api } = atPayment([]);
    sessionStorage.setItem(
      STORAGE_KEYS.progress,
      JSON.stringify({
        step: 'payment',
        signedIn: true,
        years: 1,
        packageId: premium.id,
        billing,
        coParentEmail: { email: '' },
      }),
    );
    renderApp('/join', api);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pay/ }, { timeout: 5000 }));
    return api;
  }

  it('an empty billing address is described on its fields and nothing is charged', async () => {
    const api = await payWithBilling({ streetAddress: '', locality: '', region: '', postalCode: '' });
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveFocus());
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('This field is required.');
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });

  it('a US address with a Canadian province and postal code is refused on its fields in the country’s words (@ofw/domain checkBillingAddress, as join-api) and nothing is charged', async () => {
    const api = await payWithBilling({
      streetAddress: '1 Main St',
      locality: 'Ottawa',
      region: 'Ontario',
      postalCode: 'K1A 0B1',
    });
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveFocus());
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('Enter a US state, like NY or New York.');
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a ZIP code like 12345 or 12345-6789.');
    expect(screen.getByLabelText('Address line 2 (optional)')).not.toHaveAccessibleDescription();
    expect(api.calls.some((c) => c.path === '/orders')).toBe(false);
  });
});
