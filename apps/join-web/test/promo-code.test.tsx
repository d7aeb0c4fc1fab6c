import { getPackage } from '@ofw/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../src/state/join-state.js';
import { fakeApi, rateLimited, renderApp, signedInJoin, signedInProgress, storeJoin, type Call } from './helpers.js';

const premium = getPackage(2053)!; // Premium 1 year, $216.00 (§9); the seeded WELCOME10 is $10.00 off it

const problem = (code: string) => ({
  status: 422,
  body: { type: `https://ofw.example/problems/${code}`, title: code, status: 422, code },
});

/** join-api's `POST /coupons/check` as seeded: WELCOME10 applies, the others say why not. */
function couponCheck(c: Call) {
  if (c.method !== 'POST' || c.path !== '/coupons/check') return undefined;
  const code = (c.body as { couponCode: string }).couponCode.toUpperCase();
  if (code === 'WELCOME10') return { body: { code, packageId: premium.id, status: 'available', discountAmount: 10 } };
  if (code === 'SPRING15') return problem('coupon_expired');
  if (code === 'WELCOMEUK10') return problem('coupon_not_applicable');
  if (code === 'GUESS') return rateLimited(1800);
  return problem('coupon_unknown');
}

/** The plans step of parent 7 (signed up in this tab), 2 years on the switch. */
function atPlans() {
  storeJoin(signedInJoin, { ...signedInProgress, step: 'package', years: 2 });
  const api = fakeApi(couponCheck);
  renderApp('/join?step=package', api);
  return api;
}

const premiumCard = () => screen.getByRole('heading', { level: 2, name: 'Premium' }).closest('article, li, section')!;

async function applyCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add promotion code' }));
  const input = screen.getByLabelText('Promotion code');
  expect(input).toHaveFocus();
  if (code) await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  return user;
}

describe('promotion code on the plans step (§3 coupon availability entry, §4 "Discount")', () => {
  it("§4 a valid code is checked by join-api and lowers its plan's card price; the code is kept for the order, and Remove restores the price", async () => {
    const api = atPlans();
    const user = await applyCode('welcome10');
    expect(
      await screen.findByText('Promotion code WELCOME10 applied: $10.00 off Premium, 1 year.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/coupons/check')!.body).toEqual({ couponCode: 'welcome10' });
    // the switch moved to the code's plan length, and the card's price is the quote with the entry: $216.00 − $10.00
    const card = within(premiumCard() as HTMLElement);
    expect(card.getAllByText(/\$206\.00/).length).toBeGreaterThan(0);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!)).toMatchObject({
      years: 1,
      coupon: { code: 'WELCOME10', packageId: premium.id, status: 'available', discountAmount: 10 },
    });

    await user.click(screen.getByRole('button', { name: 'Remove code WELCOME10' }));
    await waitFor(() => expect(within(premiumCard() as HTMLElement).queryByText(/\$206\.00/)).toBeNull());
    expect(within(premiumCard() as HTMLElement).getAllByText(/\$216\.00/).length).toBeGreaterThan(0);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!).coupon).toBeUndefined();
  });

  it.each([
    ['NOSUCH', 'We do not recognize this promotion code. Check the spelling and try again.'],
    ['SPRING15', 'This promotion code has expired.'],
    ['WELCOMEUK10', 'This promotion code cannot be used with the plans offered to you.'],
    ['GUESS', 'Too many attempts. Please wait 30 minutes and try again.'],
  ])('§4 "Discount" %s is refused with its reason, and no price changes', async (code, reason) => {
    atPlans();
    await applyCode(code);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByLabelText('Promotion code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/\$206\.00/)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.progress)!).coupon).toBeUndefined();
  });

  it('an empty code asks for one and sends nothing', async () => {
    const api = atPlans();
    await applyCode('');
    expect(await screen.findByText('Enter a promotion code.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/coupons/check')).toBe(false);
  });
});
