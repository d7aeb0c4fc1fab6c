import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Labels } from './labels';
import { mailsTo } from './mail';

/** What the step needs of a spec's `Flow` (support/join-flow.ts; support/join.ts calls it: no import back). */
interface CodeFlow {
  page: Page;
  L: Labels;
  check: (step: string) => Promise<void>;
  press: (target: Locator) => Promise<void>;
}

/** The subject of join-api's code e-mail in any of its catalogues ("Your OurFamilyWizard code", "Tu código de …"). */
const CODE_SUBJECT = /OurFamilyWizard code|código de OurFamilyWizard/;

/**
 * The 6-digit code of the latest code e-mail the suite's maildev holds for `address` (docs/IDENTITY.md), once it
 * arrived; `after` skips the codes already seen (a new code replaces the last one).
 */
export async function emailCodeFor(request: APIRequestContext, address: string, after: string[] = []): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const codes = (await mailsTo(request, address))
          .filter((m) => CODE_SUBJECT.test(m.subject))
          .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
          .filter((c): c is string => c !== undefined && !after.includes(c));
        code = codes.at(-1);
        return code !== undefined;
      },
      { timeout: 30_000, message: `a code e-mail to ${address}` },
    )
    .toBe(true);
  return code!;
}

/**
 * The "Check your e-mail" step after the sign-up: waits for it, reads the code from maildev, types it, confirms, and
 * waits for the step to go.
 */
export async function emailCodeStep(flow: CodeFlow, address: string): Promise<void> {
  const { page, L } = flow;
  const heading = page.getByRole('heading', { level: 1, name: L.t('steps.email') });
  await expect(heading).toBeVisible();
  const code = await emailCodeFor(page.request, address);
  await flow.check('e-mail code');
  await page.getByLabel(L.t('email.codeLabel')).fill(code);
  await flow.press(page.getByRole('button', { name: L.t('email.confirm') }));
  await expect(heading).toBeHidden();
}
