/** What a spec drives a join with (`Flow`), the parent it joins as, and the test cards it pays with. */
import type { Locator, Page } from '@playwright/test';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';
import type { Labels } from './labels';

/**
 * What a spec drives a join with: the page, the labels of its UI locale, `check` (run on every step: axe, and at
 * 360 px no sideways scroll) and `press` (a tap on a touch screen, a click otherwise). Made by the `flow` fixture
 * (support/fixtures.ts) from the project's locale and viewport.
 */
export interface Flow {
  page: Page;
  L: Labels;
  /** join-api's payment driver in this project (fixture option `paymentsDriver`). */
  paymentsDriver: PaymentsDriver;
  /** The card a parent pays with: VISA_OK with either driver (sold without a liability shift, docs/PAYMENTS.md). */
  card: Card;
  check: (step: string) => Promise<void>;
  press: (target: Locator) => Promise<void>;
}

/** join-api's payment driver (`PAYMENTS_DRIVER`). */
export type PaymentsDriver = 'sandbox' | 'braintree';

/** A parent unique to one test run, so parallel tests never collide on the email. */
export function newParent(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: `Lovelace-${tag}`,
    email: `ada.${tag}.${id}@example.com`,
    phoneNumber: '2065550123',
    username: `ada_${tag}_${id}`.slice(0, 30),
    password: 'correct horse battery staple 42',
  };
}
export type Parent = ReturnType<typeof newParent>;

/** Fills a labelled control that may be a <select> or a text input (e.g. "State"). */
export async function fillOrSelect(page: Page, label: string, value: string): Promise<void> {
  const control = page.getByLabel(label, { exact: true });
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') await control.selectOption(value);
  else await control.fill(value);
}
/** A test card (payments-sandbox README "Test values"; the cards are @ofw/test-kit's `TEST_CARDS`). */
export interface Card {
  number: string;
  expiry: string;
  cvv: string;
}
export const VISA_OK: Card = TEST_CARDS.visa;
export const VISA_DECLINED: Card = TEST_CARDS.visaDeclined;
/** 3D Secure frictionless success: authenticated (liability shifted) without a challenge, then authorizes. */
export const VISA_3DS_FRICTIONLESS: Card = TEST_CARDS.visa3dsFrictionless;
/** 3D Secure challenge: the bank page offers "Complete authentication" / "Fail authentication". */
export const VISA_3DS_CHALLENGE: Card = TEST_CARDS.visa3dsChallenge;
