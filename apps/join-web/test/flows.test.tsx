import { EXPERIMENTS, getBuildYourOwnPackage, getPackage, listPackages, offeredCatalogue } from '@ofw/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialLocale, toLocale } from '../src/i18n/locales.js';
import { inviteDecision } from '../src/invite/InvitePage.js';
import { fakeApi, parentState, renderApp } from './helpers.js';

const TOKEN = 'invite-token-aaaaaaaaaaaa';

describe('invited flow (§4 "Invited flow")', () => {
  const member = (userId: number, firstName: string) => ({ userId, firstName, lastName: 'X' });

  it('§4 redirect on an empty family or a missing userId; otherwise store userId, list the others, take a new token', () => {
    expect(inviteDecision({ familyMembers: [], userId: 5, coParentCountry: 'US' }, TOKEN)).toEqual({ kind: 'request' });
    expect(inviteDecision({ familyMembers: [member(4, 'Bo')], userId: null, coParentCountry: 'US' }, TOKEN)).toEqual({
      kind: 'request',
    });
    const d = inviteDecision(
      {
        familyMembers: [member(4, 'Bo'), member(5, 'Me')],
        userId: 5,
        coParentCountry: 'US',
        inviteToken: 'rotated-token-bbbbbbbbbb',
      },
      TOKEN,
    );
    expect(d).toMatchObject({ kind: 'join', userId: 5, token: 'rotated-token-bbbbbbbbbb', rotated: true });
    expect(d.kind === 'join' && d.coParents.map((m) => m.userId)).toEqual([4]);
    expect(
      inviteDecision({ familyMembers: [member(4, 'Bo')], userId: 5, coParentCountry: 'US', inviteToken: TOKEN }, TOKEN),
    ).toMatchObject({ rotated: false, token: TOKEN });
  });

  it('§4 /invite/$token with an empty family goes to /invite/request', async () => {
    const { history } = renderApp(
      `/invite/${TOKEN}`,
      fakeApi((c) =>
        c.path === '/invites/family' ? { body: { familyMembers: [], userId: null, coParentCountry: null } } : undefined,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Ask for a new invitation' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/invite/request');
  });

  it('§4 a valid invite lists the co-parents, replaces a rotated token, and the signup carries the new token', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/invites/family')
        return {
          body: {
            familyMembers: [member(4, 'Bo'), member(5, 'Me')],
            userId: 5,
            coParentCountry: 'US',
            inviteToken: 'rotated-token-bbbbbbbbbb',
          },
        };
      if (c.path === '/signups')
        return { status: 201, body: { signupId: 's', registrationKey: 'r', authToken: 't', userId: 5 } };
      return undefined;
    });
    const { history } = renderApp(`/invite/${TOKEN}`, api);
    expect(await screen.findByText('You are joining the family of Bo X.')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/invite/rotated-token-bbbbbbbbbb'));
    expect(api.calls.find((c) => c.path === '/invites/family')!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Me');
    await user.type(screen.getByLabelText('Last name'), 'X');
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Phone number'), '2065550199');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/signups')).toBe(true));
    expect(api.calls.find((c) => c.path === '/signups')!.body).toMatchObject({
      flow: 'ctj',
      inviteToken: 'rotated-token-bbbbbbbbbb',
    });
  });

  it('§4/§8 a failed family load stops loading and says so', async () => {
    renderApp(
      `/invite/${TOKEN}`,
      fakeApi((c) =>
        c.path === '/invites/family'
          ? { status: 401, body: { type: 'x', title: 'x', status: 401, code: 'invalid_invite_token' } }
          : undefined,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link no longer works: it may have expired, been used already, or been replaced by a newer invitation.',
    );
    expect(screen.queryByText('Checking your invitation…')).toBeNull();
  });

  it('§2 an invalid or expired invitation points to /invite/request, which says how to ask the co-parent for a new one', async () => {
    const { history } = renderApp(
      `/invite/${TOKEN}`,
      fakeApi((c) =>
        c.path === '/invites/family'
          ? { status: 401, body: { type: 'x', title: 'x', status: 401, code: 'invalid_invite_token' } }
          : undefined,
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'How to get a new invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for a new invitation' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/invite/request');
    const steps = screen.getByRole('heading', { level: 2, name: 'How to get a new invitation' }).nextElementSibling!;
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Ask your co-parent to sign in to their OurFamilyWizard account.',
      'Ask them to send a new invitation to the email address you use, and check that they typed it right.',
      'Open the link in the newest invitation email. If it does not arrive, look in your spam or junk folder.',
    ]);
  });
});

describe('pro-referred flow (§1 flow "pro")', () => {
  it('§4 Completion: a pro-created account (userCreatedByPro) goes from details straight to the terms', async () => {
    const api = fakeApi((c) =>
      c.path === '/parents/7' && c.method === 'GET'
        ? { body: parentState({ flow: 'pro', userCreatedByPro: true, proFirstName: 'Dana', proLastName: 'Rivera' }) }
        : undefined,
    );
    renderApp('/join/pro?referral=pro-referral-token-123456', api);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number'), '2065550123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' }).querySelectorAll('li')).toHaveLength(3);
    // §1 the referral's professional (known to the server, not in the link) is named after the signup.
    expect(screen.getByText('You were referred by Dana Rivera.')).toBeInTheDocument();
  });

  it("§1 shows the professional's name and sends it (and the referral token) with the signup", async () => {
    const api = fakeApi();
    renderApp('/join/pro?proFirstName=Grace&proLastName=Hopper&referral=pro-referral-token-123456', api);
    expect(await screen.findByText('You were referred by Grace Hopper.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number'), '2065550123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/signups')).toBe(true));
    expect(api.calls.find((c) => c.path === '/signups')!.body).toMatchObject({
      flow: 'pro',
      proFirstName: 'Grace',
      proLastName: 'Hopper',
      proReferralToken: 'pro-referral-token-123456',
    });
  });
  it('§1 /join/pro without a referral token is the regular join: no professional named, the signup is flow join', async () => {
    const api = fakeApi();
    renderApp('/join/pro?proFirstName=Grace&proLastName=Hopper', api);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    expect(screen.queryByText(/You were referred by/)).toBeNull();
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number'), '2065550123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
    const body = api.calls.find((c) => c.path === '/signups')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ flow: 'join' });
    expect(body).not.toHaveProperty('proFirstName');
    expect(body).not.toHaveProperty('proReferralToken');
    expect(api.calls.find((c) => c.path === '/packages')!.search.get('flow')).toBe('join');
    expect(screen.queryByText(/You were referred by/)).toBeNull();
  });
});

async function toPackages(path: string, api: ReturnType<typeof fakeApi>, code = '+1', phone = '2065550123') {
  renderApp(path, api);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'L');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Country code'), code);
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your plan' });
  return user;
}

describe('package choice variants', () => {
  it('§4/§9 a +44 parent pays in GBP: £ prices and a VAT line', async () => {
    const api = fakeApi();
    await toPackages('/join', api, '+44', '7700900123');
    const gbp = listPackages({ currency: 'GBP', packageType: 'parent', years: 1 }).find(
      (p) => p.vatAmount !== undefined && p.family !== 'BYO',
    )!;
    await waitFor(() => expect(document.getElementById(gbp.selectButtonId)).not.toBeNull());
    const card = document.getElementById(gbp.selectButtonId)!.closest('article')!;
    expect(within(card).getByText(`£${gbp.totalPrice.toFixed(2)}`)).toBeInTheDocument();
    expect(within(card).getByText(`Includes £${gbp.vatAmount!.toFixed(2)} VAT`)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/packages')!.search.get('currency')).toBe('GBP');
  });

  it('§4 Discount: an available coupon shows the amount and the floored percent', async () => {
    const pkg = getPackage(2053)!; // Premium 1 year (P3, 2k series)
    const api = fakeApi((c) =>
      c.path === '/coupons' ? { body: [{ packageId: pkg.id, status: 'available', discountAmount: 25 }] } : undefined,
    );
    await toPackages('/join', api);
    expect(await screen.findByText('Save $25.00 (11%)')).toBeInTheDocument(); // floor(25 × 100 / 216)
  });

  it('§3 build-your-own: options change the live total, and Select stores the a-la-carte choice', async () => {
    const byo = getBuildYourOwnPackage(2050)!;
    const api = fakeApi((c) =>
      c.path === '/packages' ? { body: { packages: [], byo, upgradeOptions: null, pricingGroup: 'P3' } } : undefined,
    );
    const user = await toPackages('/join', api);
    const base = byo.subscriptionLengthOptions.SUB1YEAR!.price;
    expect(await screen.findByText(`Total: $${base.toFixed(2)}`)).toBeInTheDocument();
    const tonemeter = byo.subscriptionLengthOptions.SUB1YEAR!.options.find((o) => o.optionName === 'TONEMETER')!;
    await user.click(screen.getByRole('checkbox', { name: /ToneMeter/ }));
    expect(tonemeter.price).toBe(10);
    expect(await screen.findByText('Total: $120.00')).toBeInTheDocument(); // 110 + ToneMeter 10, by quote
    await user.click(screen.getByRole('button', { name: 'Select my plan' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('ofw.join.progress')!)).toMatchObject({
      packageId: 2050,
      alaCarte: { subscription: 'SUB1YEAR', tonemeter: true },
    });
  });

  it('§9 the calls feature (CALLSBASIC) has no price: not offered even when a catalogue lists it at 0', async () => {
    const byo = structuredClone(getBuildYourOwnPackage(2050)!);
    // a catalogue as an older join-api served it: the §9 calls minutes at 0
    for (const minutes of [45, 60]) {
      byo.subscriptionLengthOptions.SUB1YEAR!.options.push({
        code: 'CALLSBASIC',
        description: `Calls, ${minutes} minutes`,
        duration: 'SUB1YEAR',
        optionCode: `CALLSBASIC_${minutes}`,
        optionName: 'CALLSBASIC',
        price: 0,
        priceFormatted: '$0.00',
      });
    }
    const api = fakeApi((c) =>
      c.path === '/packages' ? { body: { packages: [], byo, upgradeOptions: null, pricingGroup: 'P3' } } : undefined,
    );
    await toPackages('/join', api);
    const builder = await screen.findByRole('region', { name: 'Build your own plan' });
    expect(within(builder).getByRole('checkbox', { name: /ToneMeter/ })).toBeInTheDocument();
    expect(within(builder).queryByRole('combobox', { name: /call/i })).toBeNull();
    expect(within(builder).queryByText(/Calls, \d+ minutes/)).toBeNull();
  });

  it('§4 upgrade: with upgrade options the cards show the prorated price', async () => {
    const pkg = listPackages({ currency: 'USD', packageType: 'parent', family: 'MAX', years: 1 })[0]!;
    const api = fakeApi((c) =>
      c.path === '/packages'
        ? {
            body: {
              packages: [pkg],
              byo: null,
              upgradeOptions: {
                subscriptionUpgradeOptions: { [pkg.id]: { packageId: pkg.id, price: 52.34, priceFormatted: '$52.34' } },
              },
              pricingGroup: 'P3',
            },
          }
        : undefined,
    );
    await toPackages('/join', api);
    expect(await screen.findByText('Upgrade today for $52.34 (prorated)')).toBeInTheDocument();
    expect(screen.getByText(/Upgrading charges only the prorated difference/)).toBeInTheDocument();
  });
});

/** What the package step shows with every §9 experiment in one arm: its text, in page order, and the section order. */
async function packageStepWith(value: 'treatment' | 'control') {
  const experiments = Object.values(EXPERIMENTS).map((name) => ({ name, value }));
  const offer = offeredCatalogue('P3', 'USD', 'join');
  const api = fakeApi((c) => {
    if (c.path === '/experiments') return { body: experiments };
    if (c.path === '/packages') {
      return { body: { packages: offer.packages, byo: offer.byo, upgradeOptions: null, pricingGroup: 'P3' } };
    }
    return undefined;
  });
  await toPackages('/join', api);
  expect(offer.byo).not.toBeNull();
  await screen.findAllByRole('button', { name: /^Select/ });
  await screen.findByRole('heading', { name: 'Build your own plan' });
  const main = document.querySelector('main') ?? document.body;
  const seen = {
    text: main.textContent,
    sections: screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent),
  };
  cleanup();
  sessionStorage.clear();
  return seen;
}

describe('§9 "Experiments flagged" change nothing a parent sees', () => {
  it('§3/§9 with every experiment (GROW-621, 722, 805, 892, 886, 794, 872) in treatment the package step shows what control shows', async () => {
    const control = await packageStepWith('control');
    const treatment = await packageStepWith('treatment');
    expect(treatment.text).toBe(control.text);
    expect(treatment.sections).toEqual(control.sections);
    expect(treatment.text).not.toContain('Most popular');
  });

  it('§2 FAQ accordion: in treatment too, the plans come first, then the Back button, then the FAQ; no badge', async () => {
    const experiments = Object.values(EXPERIMENTS).map((name) => ({ name, value: 'treatment' }));
    const api = fakeApi((c) => (c.path === '/experiments' ? { body: experiments } : undefined));
    await toPackages('/join', api);
    const firstSelect = (await screen.findAllByRole('button', { name: /^Select/ }))[0]!;
    const back = screen.getByRole('button', { name: 'Back' });
    const faqHeading = screen.getByRole('heading', { name: 'Frequently asked questions' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(firstSelect, back)).toBe(true);
    expect(follows(back, faqHeading)).toBe(true);
    expect(screen.queryByText('Most popular')).toBeNull();
  });
});

describe('language', () => {
  it('§1 the browser languages pick the locale, nearest first: the first English or Spanish entry decides', () => {
    expect(initialLocale(['es-MX', 'en'])).toBe('es-MX');
    expect(initialLocale(['en-GB'])).toBe('en-GB');
    expect(initialLocale(['es_US'])).toBe('es-US');
    // any other Spanish reads es-US; British English for AU/NZ/IE (the table: @ofw/domain preferred-locale.test.ts)
    expect(initialLocale(['fr-FR', 'es-ES'])).toBe('es-US');
    expect(initialLocale(['es-419', 'es-MX'])).toBe('es-US');
    expect(initialLocale(['en-AU', 'es-MX'])).toBe('en-GB');
    expect(initialLocale(['fr-FR', 'en-US'])).toBe('en-US');
    expect(initialLocale(['de'])).toBe('en-US');
  });
});

describe('a stored locale', () => {
  it('§1 toLocale reads a stored value by the same rule as the browser languages (@ofw/domain preferredLocale)', () => {
    expect(toLocale('es_MX')).toBe('es-MX');
    expect(toLocale('es-mx')).toBe('es-MX');
    expect(toLocale('es')).toBe('es-US');
    expect(toLocale('en-GB')).toBe('en-GB');
    expect(toLocale('fr')).toBe('en-US');
    expect(toLocale(undefined)).toBe('en-US');
  });
});
