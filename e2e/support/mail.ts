import { expect, type APIRequestContext } from '@playwright/test';
import { maildevURL } from './env';

/** One e-mail as maildev's REST API (`GET /api/email`) lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string }[];
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Waits until the suite's catcher holds an e-mail to `address` whose subject matches, and returns it (join-api's
 * outbox worker delivers within its poll interval; a retry after a failed send takes longer).
 */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
  timeoutMs = 30_000,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${maildevURL}/api/email`);
        const all = (await res.json()) as CaughtMail[];
        found = all.find(
          (m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && subject.test(m.subject),
        );
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `an e-mail to ${address} matching ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

/** All e-mails the catcher holds for `address`. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const all = (await (await request.get(`${maildevURL}/api/email`)).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}
