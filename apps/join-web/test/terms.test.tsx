import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp, storeJoin, type Call } from './helpers.js';

/** Starts on the terms step of parent 7 (as a reload would); `signedIn` says whether the signup happened in this tab. */
function atTerms(signedIn: boolean, terms: (c: Call) => { status?: number; body?: unknown } | undefined) {
  storeJoin(
    { flow: 'join', isJoin: true, parent: { userId: 7, phoneCountryCode: '+1' }, address: { country: 'US' } },
    { step: 'terms', packageId: 2053, ...(signedIn ? { signedIn } : {}) },
  );
  const api = fakeApi((c) => (c.method === 'PUT' && c.path === '/parents/7/terms' ? terms(c) : undefined));
  renderApp('/join', api);
  return api;
}

const NOT_SAVED = 'What you entered could not be saved. Check your connection and try again.';
const termsPuts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === '/parents/7/terms');

describe('terms step', () => {
  it('a failed PUT …/terms says it was not saved and keeps the step; its Try again re-sends it and opens the payment step (README "Recoverable failures")', async () => {
    let failures = 1;
    const api = atTerms(true, () =>
      failures-- > 0
        ? { status: 500, body: { type: 'x', title: 'x', status: 500, code: 'internal_error' } }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_SAVED);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    expect(termsPuts(api)).toHaveLength(2);
  });

  it('without the signup session (signedIn unset) Continue sends nothing and says it was not saved', async () => {
    const api = atTerms(false, () => undefined);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_SAVED);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(termsPuts(api)).toHaveLength(0);
  });
});

describe('terms step: only what the product does', () => {
  it('§3 §4 the list names the chosen plan, its price and term, and, renewal not chosen, that it expires at the end of the term — no refund', async () => {
    atTerms(true, () => undefined);
    // 2053 is Premium, 1 year, USD 216.00 (§9)
    const list = await screen.findByText('Premium: $216.00 for 1 year, billed once when you pay.');
    const items = [...list.closest('ul, ol')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toContain(
      'Your subscription is current for 1 year from the day you pay and expires at the end of that term.',
    );
    expect(items.join(' ')).not.toMatch(/refund|renew/i);
  });

  it('§1 the terms read in the parent’s language (es-MX)', async () => {
    storeJoin(
      {
        flow: 'join',
        isJoin: true,
        languageLocale: 'es-MX',
        parent: { userId: 7, phoneCountryCode: '+1' },
        address: { country: 'US' },
      },
      { step: 'terms', packageId: 2053, signedIn: true },
    );
    renderApp('/join', fakeApi());
    expect(await screen.findByText('Prémium: $216.00 por 1 año, con un solo cargo al pagar.')).toBeInTheDocument();
  });
});

describe('terms step: the legal documents (§2 "A terms-and-conditions list")', () => {
  const legal = (locale: string) => ({
    termsOfService: `https://legal.example/${locale}/terms`,
    privacyPolicy: `https://legal.example/${locale}/privacy`,
  });
  const config = {
    driver: 'sandbox',
    authorization: 'sandbox_0123456789abcdef_ofw_sandbox',
    sandboxUrl: 'http://localhost:3010',
    displayName: 'OurFamilyWizard',
    flags: { applePay: false, cadPayPal: false, venmo: false },
    legal: { 'en-US': legal('en-US'), 'es-MX': legal('es-MX') },
  };

  it.each([
    ['en-US', 'Terms of Service', 'Privacy Policy', '(opens in a new tab)'],
    ['es-MX', 'Términos de servicio', 'Política de privacidad', '(se abre en una pestaña nueva)'],
  ])(
    '§2 %s: the Terms of Service and Privacy Policy are labelled links to the settings of the locale',
    async (locale, terms, privacy, newTab) => {
      storeJoin(
        {
          flow: 'join',
          isJoin: true,
          languageLocale: locale,
          parent: { userId: 7, phoneCountryCode: '+1' },
          address: { country: 'US' },
        },
        { step: 'terms', packageId: 2053, signedIn: true },
      );
      renderApp(
        '/join',
        fakeApi((c) => (c.path === '/payments/config' ? { body: config } : undefined)),
      );
      const named = (doc: string) => new RegExp(`^${doc}`);
      const tos = await screen.findByRole('link', { name: named(terms) }, { timeout: 5000 });
      expect(tos).toHaveAttribute('href', legal(locale).termsOfService);
      // it opens in a new tab, and says so to a screen reader
      expect(tos).toHaveAttribute('target', '_blank');
      expect(tos).toHaveTextContent(`${terms} ${newTab}`);
      expect(tos.closest('li')).not.toBeNull();
      expect(screen.getByRole('link', { name: named(privacy) })).toHaveAttribute('href', legal(locale).privacyPolicy);
    },
  );
});
