import { existsSync, readFileSync } from 'node:fs';
import { demoLinksFile } from './env';

/** The demo links of this run's join-api (paths relative to baseURL), captured by support/serve-api.mjs. */
export interface DemoLinks {
  /**
   * `/join/pro?referral=<token>` — referrals of the professional Dana Rivera, each single-use once it grants an
   * account; one per seeded set (E2E_DEMO_COPIES).
   */
  pro: string[];
  /** `/invite/<token>` — a "Sam Demo" invited into Alex Demo's family, each single-use once claimed; one per set. */
  invite: string[];
  /** `/invite/<token>` — Riley Demo, whose family has no other member. */
  inviteEmptyFamily: string;
}

/**
 * Reads the demo links of this run's join-api. join-api stores tokens only as hashes and prints fresh links at every
 * start (README "Run"), so they are known only from that output; it prints them just after it starts listening,
 * hence the short wait.
 */
export async function demoLinks(timeoutMs = 30_000): Promise<DemoLinks> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(demoLinksFile)) {
    if (Date.now() > until) throw new Error(`join-api printed no demo links (${demoLinksFile} missing)`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return JSON.parse(readFileSync(demoLinksFile, 'utf8')) as DemoLinks;
}
