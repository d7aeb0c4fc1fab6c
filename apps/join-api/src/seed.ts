import { and, eq, isNull, sql } from 'drizzle-orm';
import { termEnd } from '@ofw/domain';
import type { Db } from './db/client.js';
import {
  countries,
  coupons,
  experiments,
  families,
  featureFlags,
  joinCountries,
  orders,
  securityQuestions,
  subscriptions,
  tokens,
  users,
} from './db/schema.js';
import { issueToken, revokeTokens } from './accounts.js';
import {
  COUPONS,
  EXPERIMENT_ROLLOUTS,
  FEATURE_FLAG_DEFAULTS,
  JOIN_COUNTRIES,
  PRIORITY_COUNTRIES,
  SECURITY_QUESTIONS,
  allCountryCodes,
} from './reference-data.js';
import { newId } from './lib/tokens.js';

/**
 * Seeds the reference data (countries, join countries, security questions en+es, coupons, experiments,
 * feature flags). Idempotent: existing rows are kept (operators may have changed flags or coupons).
 */
export async function seedReference(db: Db): Promise<void> {
  const priority = new Map<string, number>(PRIORITY_COUNTRIES.map((c, i) => [c, i + 1]));
  await db
    .insert(countries)
    .values(allCountryCodes().map((code) => ({ code, priority: priority.get(code) ?? 0 })))
    .onConflictDoNothing();
  await db
    .insert(joinCountries)
    .values(JOIN_COUNTRIES.map((c, i) => ({ code: c.code, currency: c.currency, position: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(securityQuestions)
    .values(
      SECURITY_QUESTIONS.flatMap((q) => [
        { id: q.id, locale: 'en', text: q.en },
        { id: q.id, locale: 'es', text: q.es },
      ]),
    )
    .onConflictDoNothing();
  await db
    .insert(coupons)
    .values(COUPONS.map((c) => ({ ...c })))
    .onConflictDoNothing();
  await db
    .insert(experiments)
    .values(EXPERIMENT_ROLLOUTS.map((e) => ({ ...e })))
    .onConflictDoNothing();
  await db
    .insert(featureFlags)
    .values(FEATURE_FLAG_DEFAULTS.map((f) => ({ ...f })))
    .onConflictDoNothing();
}

/** Links to the seeded demo data, printed at start-up. */
export interface DemoLinks {
  invite: string;
  inviteEmptyFamily: string;
  pro: string;
  join: string;
}

/**
 * The start-up lines listing the demo links. In production (where `SEED_DEMO` is off unless set) the pro-referral link
 * is never printed: it completes an account without paying.
 */
export function demoBanner(links: DemoLinks, production: boolean): string {
  return [
    'Demo links:',
    `  Regular join:            ${links.join}`,
    ...(production ? [] : [`  Pro-referred join:       ${links.pro}`]),
    `  Invited co-parent:       ${links.invite}`,
    `  Invite, empty family:    ${links.inviteEmptyFamily}`,
  ].join('\n');
}

const DEMO_PARENT_EMAIL = 'alex.demo@example.com';
const DEMO_COPARENT_EMAIL = 'sam.demo@example.com';
const DEMO_LONELY_EMAIL = 'riley.demo@example.com';

async function ensureUser(db: Db, email: string, make: () => Promise<number>): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row ? row.id : make();
}

/**
 * Demo data (idempotent by e-mail): a paid parent with an invited co-parent, an invite whose family is empty,
 * and a professional's referral. Fresh tokens are issued on every start (only hashes are stored, so old
 * links cannot be printed again) and the previous demo tokens are revoked.
 */
export async function seedDemo(db: Db, publicUrl: string, now = new Date()): Promise<DemoLinks> {
  const alexId = await ensureUser(db, DEMO_PARENT_EMAIL, () => insertPaidParent(db, now));
  const [alex] = await db.select().from(users).where(eq(users.id, alexId));
  const samId = await ensureUser(db, DEMO_COPARENT_EMAIL, async () => {
    const [sam] = await db
      .insert(users)
      .values({
        familyId: alex!.familyId,
        firstName: 'Sam',
        lastName: 'Demo',
        email: DEMO_COPARENT_EMAIL,
        country: 'US',
        flow: 'ctj',
        isInvited: true,
        accountState: 'invited',
      })
      .returning();
    return sam!.id;
  });
  const rileyId = await ensureUser(db, DEMO_LONELY_EMAIL, async () => {
    const [fam] = await db.insert(families).values({}).returning();
    const [riley] = await db
      .insert(users)
      .values({
        familyId: fam!.id,
        firstName: 'Riley',
        lastName: 'Demo',
        email: DEMO_LONELY_EMAIL,
        country: 'US',
        flow: 'ctj',
        isInvited: true,
        accountState: 'invited',
      })
      .returning();
    return riley!.id;
  });
  const [sam] = await db.select().from(users).where(eq(users.id, samId));
  const [riley] = await db.select().from(users).where(eq(users.id, rileyId));
  await revokeTokens(db, 'invite', samId, now);
  await revokeTokens(db, 'invite', rileyId, now);
  const invite = await issueToken(db, 'invite', { userId: samId, familyId: sam!.familyId, now });
  const lonely = await issueToken(db, 'invite', { userId: rileyId, familyId: riley!.familyId, now });
  // The previous demo pro-referral links die with the new one: each completes an account without paying.
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(tokens.kind, 'pro_referral'),
        isNull(tokens.revokedAt),
        isNull(tokens.usedAt),
        sql`${tokens.data}->>'demo' = 'true'`,
      ),
    );
  const pro = await issueToken(db, 'pro_referral', {
    data: { proFirstName: 'Dana', proLastName: 'Rivera', demo: true },
    now,
  });
  return {
    join: `${publicUrl}/join`,
    invite: `${publicUrl}/invite/${invite}`,
    inviteEmptyFamily: `${publicUrl}/invite/${lonely}`,
    pro: `${publicUrl}/join/pro?referral=${pro}`,
  };
}

/** The demo's paid parent: a family, Alex with a billing address, a paid order and its current one-year subscription. */
async function insertPaidParent(db: Db, now: Date): Promise<number> {
  const [fam] = await db.insert(families).values({}).returning();
  const [alex] = await db
    .insert(users)
    .values({
      familyId: fam!.id,
      firstName: 'Alex',
      lastName: 'Demo',
      email: DEMO_PARENT_EMAIL,
      phoneNumber: '2025550143',
      country: 'US',
      accountState: 'active',
      agreedToTermsAt: now,
      billingAddress: {
        streetAddress: '1 Demo Way',
        locality: 'Austin',
        region: 'TX',
        postalCode: '78701',
        countryCodeAlpha2: 'US',
      },
      requireCredentials: false,
      username: 'alex.demo',
      securityQuestionsComplete: true,
      // a real customer's address, proven: a demo sign-up with it is told "you already have an account" by its code
      // e-mail and cannot pay a second time (docs/IDENTITY.md)
      emailVerifiedAt: now,
    })
    .returning();
  const orderId = newId('ord');
  await db.insert(orders).values({
    id: orderId,
    userId: alex!.id,
    idempotencyKey: 'seed-demo',
    packageId: 2053,
    currency: 'USD',
    amountMinor: 21600,
    timeZone: alex!.timeZone,
    status: 'paid',
    gateway: 'seed',
    transactionId: 'seed',
    cardBrand: 'Visa',
    cardLast4: '1111',
  });
  await db.insert(subscriptions).values({
    userId: alex!.id,
    orderId,
    packageId: 2053,
    status: 'current',
    startsAt: now,
    // spec §3 subDurationInYears: the same calendar date a year later in the parent's zone
    expiresAt: termEnd(now, 1, alex!.timeZone),
  });
  return alex!.id;
}
