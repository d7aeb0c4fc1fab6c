import { expect, test } from '../../support/fixtures';
import { newParent } from '../../support/join';

// Time to first input: /join's prerendered first screen accepts typing before the app's JavaScript has
// run, and the app takes over without losing what was typed or the focus (docs/performance/join-web.md "First paint").
test('typing into /join before the app runs — the text and the focus survive the takeover', async ({ flow }) => {
  const { page, L } = flow;
  const parent = newParent('early');
  // Hold the app's entry script back: the page shows the prerendered shell only, as on a slow link.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/join', { waitUntil: 'commit' });
  const shell = page.locator('#root > [data-prerendered]');
  await expect(shell).toBeVisible();

  const firstName = page.getByLabel(L.firstName);
  await firstName.click();
  await page.keyboard.type(parent.firstName);
  await page.getByLabel(L.lastName).fill(parent.lastName);
  await page.getByLabel(L.email).click();
  await page.keyboard.type(parent.email.slice(0, 5));
  // Enter in the shell must not submit (a native submit would reload /join and drop the text).
  await page.keyboard.press('Enter');
  await expect(shell).toBeVisible();
  await expect(page.getByLabel(L.email)).toHaveValue(parent.email.slice(0, 5));

  release();
  await expect(shell).toHaveCount(0); // the app has replaced the shell
  await expect(page.getByLabel(L.firstName)).toHaveValue(parent.firstName);
  await expect(page.getByLabel(L.lastName)).toHaveValue(parent.lastName);
  await expect(page.getByLabel(L.email)).toBeFocused();
  // The caret is where it was: the parent goes on typing the same address.
  await page.keyboard.type(parent.email.slice(5));
  await expect(page.getByLabel(L.email)).toHaveValue(parent.email);

  // What was typed is the app's state: the details go through as if typed after the takeover.
  await page.getByLabel(L.phoneNumber).fill(parent.phoneNumber);
  await expect(page.getByLabel(L.country, { exact: true })).toHaveValue('US');
  await page.getByRole('button', { name: L.continue }).click();
  // the sign-up went through: the next step proves the address (docs/IDENTITY.md)
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.email') })).toBeVisible();
});

// docs/performance/join-web.md "First paint": the first screen of a fresh /join runs before TanStack Router and Query are loaded
// (the first-screen tree); the full app arrives right after. A Continue pressed before then waits for it and is sent
// once it is in — one POST /signups, nothing typed lost.
test('Continue on /join before the router is in — the sign-up is sent once, when the full app arrives', async ({
  flow,
}) => {
  const { page, L } = flow;
  const parent = newParent('before-router');
  // Hold the full app's chunk (router, query client, routes) back, as on a slow link.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const signups: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/signups'))
      signups.push(request.url());
  });
  await page.goto('/join');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0); // the first-screen tree has taken the shell over

  await page.getByLabel(L.firstName).fill(parent.firstName);
  await page.getByLabel(L.lastName).fill(parent.lastName);
  await page.getByLabel(L.email).fill(parent.email);
  await page.getByLabel(L.phoneNumber).fill(parent.phoneNumber);
  await page.getByRole('button', { name: L.continue }).click();
  await expect(page.locator('form[aria-busy="true"]')).toBeVisible(); // waiting for the full app
  expect(signups).toEqual([]);
  expect(new URL(page.url()).search).toBe(''); // no router yet: it names the step in the URL

  release();
  // the sign-up went through once: the next step proves the address (docs/IDENTITY.md)
  await expect(page.getByRole('heading', { level: 1, name: L.t('steps.email') })).toBeVisible();
  expect(signups).toHaveLength(1);
  expect(new URL(page.url()).searchParams.get('step')).toBe('email');
});

// The full app replaces the first-screen tree's markup in one commit: the page stays where the parent scrolled it
// (the browser's scroll anchoring would move it, and the router would scroll its first render to the top).
test('the full app takes over from the first screen without moving the page or the focus', async ({ flow }) => {
  const { page, L } = flow;
  await page.setViewportSize({ width: 360, height: 500 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/join');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0); // the first-screen tree has taken the shell over
  await page.getByLabel(L.phoneNumber).fill('206');
  await page.evaluate(() => window.scrollTo(0, 250));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  await expect(page).toHaveURL(/[?&]step=details/); // the router is in: it names the step in the URL
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.getByLabel(L.phoneNumber)).toBeFocused();
  await expect(page.getByLabel(L.phoneNumber)).toHaveValue('206');
});
