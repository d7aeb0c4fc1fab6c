import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  fromMinor,
  LOCALES,
  priceCatalogue,
  resolvePricingGroup,
  type CouponAvailability,
  type Currency,
  type FeatureFlags,
  type LegalLinks,
  type PricingGroup,
} from '@ofw/domain';
import type { PackagesResponse, PaymentsConfig } from '@ofw/api-client';
import type { Services } from '../context.js';
import type { Db } from '../db/client.js';
import { coupons, experiments, featureFlags, idempotencyKeys, signups, subscriptions } from '../db/schema.js';
import { GatewayUnavailableError } from '../gateway/types.js';
import type { CatalogueCache } from '../lib/catalogue-cache.js';
import { hashToken } from '../lib/tokens.js';
import { buyerCurrency } from '../order-quote.js';
import { currentTermSql, termFromJson, type ParentTerm, type UserRow } from '../accounts.js';
import { ServiceError } from './errors.js';

/**
 * Offers (services): what a parent is offered — the packages priced for them, auto-applied coupons, the
 * pricing group, experiments, feature flags and the payments config — read from the database for the routes
 * (packages, coupons, payments config, invites) and for the order service. No HTTP here.
 */

/** A coupon as pricing reads it. */
type CouponJson = Pick<typeof coupons.$inferSelect, 'packageId' | 'discountMinor' | 'audience' | 'active'>;

const asAvailability = (c: Pick<CouponJson, 'packageId' | 'discountMinor'>): CouponAvailability => ({
  packageId: c.packageId,
  status: 'available',
  discountAmount: fromMinor(c.discountMinor),
});

/** A `coupons c` row as a {@link CouponJson} object. */
const couponObject = sql`json_build_object('packageId', c.package_id, 'discountMinor', c.discount_minor,
  'audience', c.audience, 'active', c.active)`;

/** The auto-applied coupons of an audience as a JSON array, in code order (a scalar subquery). */
function autoCouponsSql(audience: 'join' | 'invite'): SQL<CouponJson[]> {
  return sql<CouponJson[]>`(select coalesce(json_agg(${couponObject} order by c.code), '[]'::json)
    from ${coupons} c where c.audience = ${audience} and c.active and c.auto_apply)`;
}

/** Auto-applied coupon availability entries for an audience (§3), in code order. */
export async function availabilityFor(db: Db, audience: 'join' | 'invite'): Promise<CouponAvailability[]> {
  const [row] = await db.select({ coupons: autoCouponsSql(audience) }).from(sql`(select 1) as one`);
  return (row?.coupons ?? []).map(asAvailability);
}

/** The pricing group a parent's packages are priced for (§4 "Pricing group"), from their subscription status. */
export function pricingGroupFor(user: UserRow, status: 'current' | 'expired' | 'none'): PricingGroup {
  return resolvePricingGroup({
    subscriptionStatus: status,
    coparentPricing: user.coparentPricing,
    migrationPricingGroup: user.migrationPricingGroup,
    eligiblePricingGroup: user.migrationPricingGroup,
    hasMigratedTo2kPackaging: user.hasMigratedTo2k,
  });
}

/** Everything a parent's prices depend on, read by {@link readPricing} in one statement. */
export interface PricingReads {
  /** §4: current (a live subscription), expired (had one), none. */
  subscriptionStatus: 'current' | 'expired' | 'none';
  /** The live subscription's term, for proration; undefined without one. */
  term: ParentTerm | undefined;
  /** The auto-applied coupons of the parent's audience (§3: invited co-parents 'invite', others 'join'). */
  autoCoupons: CouponAvailability[];
  /** The coupon of the code asked for (any audience or state); undefined when none was asked for or it is unknown. */
  entered: CouponJson | undefined;
  /** The row of the Idempotency-Key asked for (POST /orders); undefined when none was asked for or it is new. */
  key: typeof idempotencyKeys.$inferSelect | undefined;
}

/**
 * What a parent's prices depend on — the current term and whether they ever subscribed (the pricing group), the
 * audience's auto-applied coupons, the coupon of a code, and (POST /orders) the request's Idempotency-Key — in ONE
 * statement: a round trip each cost join-api a socket write and a query build (docs/performance/join-api.md "Where the time goes").
 */
export async function readPricing(
  db: Db,
  user: UserRow,
  now: Date,
  ask: { couponCode?: string | undefined; idempotencyKey?: string } = {},
): Promise<PricingReads> {
  const code = ask.couponCode?.trim().toUpperCase() ?? null;
  const [row] = await db
    .select({
      term: currentTermSql(user.id, now),
      subscribed: sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${user.id})`,
      autoCoupons: autoCouponsSql(audienceOf(user)),
      entered: sql<CouponJson | null>`(select ${couponObject} from ${coupons} c where c.code = ${code})`,
      key: idempotencyKeys,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      idempotencyKeys,
      and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, ask.idempotencyKey ?? sql`null`)),
    );
  const term = termFromJson(row?.term);
  return {
    subscriptionStatus: term ? 'current' : row?.subscribed ? 'expired' : 'none',
    term,
    autoCoupons: (row?.autoCoupons ?? []).map(asAvailability),
    entered: row?.entered ?? undefined,
    key: row?.key ?? undefined,
  };
}

/** §3: coupons are offered per audience — invited co-parents 'invite', every other parent 'join'. */
export function audienceOf(user: Pick<UserRow, 'isInvited'>): 'join' | 'invite' {
  return user.isInvited ? 'invite' : 'join';
}

/** Value of an experiment for a user: a stable hash of (user, experiment) against the rollout (§3, §9). */
export function experimentValue(userId: number, name: string, rolloutPercent: number): 'treatment' | 'control' {
  const h = Number.parseInt(hashToken(`${name}:${userId}`).slice(0, 8), 16) % 100;
  return h < rolloutPercent ? 'treatment' : 'control';
}

export async function experimentsFor(db: Db, userId: number) {
  const rows = await db.select().from(experiments).orderBy(asc(experiments.name));
  return rows.map((r) => ({ name: r.name, value: experimentValue(userId, r.name, r.rolloutPercent) }));
}

export async function flagsOf(db: Db): Promise<FeatureFlags> {
  const rows = await db.select().from(featureFlags);
  const on = (n: string) => rows.some((r) => r.name === n && r.enabled);
  return { applePay: on('applePay'), cadPayPal: on('cadPayPal'), venmo: on('venmo') };
}

/**
 * The currency a signed-in parent's packages are priced in: their country's ({@link buyerCurrency}); asked for
 * without `?currency=` (`asked` undefined), that one.
 * @throws ServiceError `currency_not_offered` when `?currency=` names another currency (POST /orders
 * refuses any other too).
 */
export function offeredCurrency(user: UserRow, asked: string | undefined, parsed: Currency): Currency {
  const theirs = buyerCurrency(user.country);
  if (asked === undefined || parsed === theirs) return theirs;
  const message = `This account pays in ${theirs}; packages in ${parsed} are not offered to it.`;
  throw new ServiceError('currency_not_offered', message, { errors: [{ field: 'query.currency', message }] });
}

/**
 * `GET /packages` for a signed-in parent (§3, §4): the catalogue priced for their pricing group, coupons and
 * country's currency. With a current subscription, upgrades are priced with proration and the answer carries the
 * term and the server's clock, so that the page's own quote(...) of any upgrade equals what POST /orders charges;
 * without one, the priced catalogue comes from `cache`.
 * @param query - `currency` as parsed (default applied), `askedCurrency` the raw `?currency=` (undefined when absent).
 * @throws ServiceError `currency_not_offered` (see {@link offeredCurrency}).
 */
export async function parentPackages(
  s: Services,
  user: UserRow,
  query: { currency: Currency; askedCurrency: string | undefined },
  cache: CatalogueCache,
): Promise<PackagesResponse> {
  const now = s.now();
  const reads = await readPricing(s.db, user, now);
  const group = pricingGroupFor(user, reads.subscriptionStatus);
  const availability = reads.autoCoupons;
  const currency = offeredCurrency(user, query.askedCurrency, query.currency);
  const { term } = reads;
  // The parent's own flow, as POST /orders prices it, whatever `?flow=` asks: a parent nobody referred is not shown
  // the pro package (spec §9 "A: 119.97 (pro)"; §1 the pro flow is the professional-referred join).
  const flow = user.flow;
  const priced = term
    ? priceCatalogue({ currency, flow, pricingGroup: group, coupons: availability, currentTerm: term, now })
    : cache.purchaseCatalogue(group, currency, flow, { list: availability, key: JSON.stringify(availability) });
  return {
    packages: priced.packages,
    byo: priced.byo,
    upgradeOptions: priced.upgradeOptions,
    pricingGroup: group,
    currentTerm: term
      ? {
          packageId: term.packageId,
          currency: term.currency as Currency,
          years: term.years,
          startsAt: term.startsAt,
          expiresAt: term.expiresAt,
          valueMinor: term.valueMinor,
          listPriceMinor: term.listPriceMinor,
        }
      : null,
    quotedAt: now,
  };
}

/**
 * The Terms of Service and Privacy Policy the terms list links to (§2), per UI locale: `TERMS_OF_SERVICE_URL` and
 * `PRIVACY_POLICY_URL` with `{locale}` replaced by each locale.
 */
export function legalLinks(env: Pick<Services['env'], 'TERMS_OF_SERVICE_URL' | 'PRIVACY_POLICY_URL'>) {
  const at = (template: string, locale: string) => template.replaceAll('{locale}', locale);
  return Object.fromEntries(
    LOCALES.map((l) => [
      l,
      { termsOfService: at(env.TERMS_OF_SERVICE_URL, l), privacyPolicy: at(env.PRIVACY_POLICY_URL, l) },
    ]),
  ) as Record<string, LegalLinks>;
}

/**
 * `GET /payments/config` (docs/CONTRACTS.md "HTTP API"): a fresh gateway client token for `currency` (Braintree
 * `clientToken.generate`, or the sandbox's `POST /v1/client_token` — one per call, nothing that expires is cached),
 * which fields the browser uses, the feature flags, and the legal documents' addresses per locale ({@link legalLinks}). BRAINTREE_ENVIRONMENT=Development runs the real braintree
 * SDK against apps/payments-sandbox's gateway API, so the browser keeps the sandbox's fields (braintree-web's
 * hosted-field frames are served only by Braintree).
 * @param trace - the request id for the log line of a refusal.
 * @throws ServiceError `gateway_unavailable` (retry after 5 s) when the gateway cannot issue a client token.
 */
export async function paymentsConfigFor(
  s: Services,
  currency: Currency,
  trace: { reqId?: string } = {},
): Promise<PaymentsConfig> {
  const flags = await flagsOf(s.db);
  let authorization: string;
  try {
    authorization = await s.gateway.clientAuthorization(currency);
  } catch (e) {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    s.logger.warn({ ...trace, err: e.message }, 'payment gateway gave no client token');
    throw new ServiceError('gateway_unavailable', 'Payments are unavailable right now; retry shortly.', {
      retryAfterSeconds: 5,
    });
  }
  const sandboxFields = s.gateway.name === 'sandbox' || s.env.BRAINTREE_ENVIRONMENT === 'Development';
  return sandboxFields
    ? {
        driver: 'sandbox',
        authorization,
        sandboxUrl: new URL(s.env.SANDBOX_URL).origin,
        displayName: 'OurFamilyWizard',
        flags,
        legal: legalLinks(s.env),
      }
    : { driver: 'braintree', authorization, displayName: 'OurFamilyWizard', flags, legal: legalLinks(s.env) };
}

function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `GET /coupons` (§3): the auto-applied coupons of a parent's own signup, proven by its registration key (compared
 * as hashes in constant time).
 * @throws ServiceError `signup_not_found` when no signup of this parent has this registration key.
 */
export async function signupCoupons(
  s: Services,
  user: UserRow,
  signupId: string,
  registrationKey: string,
): Promise<CouponAvailability[]> {
  const [signup] = await s.db.select().from(signups).where(eq(signups.id, signupId)).limit(1);
  if (!signup || signup.userId !== user.id || !equalHashes(signup.registrationKeyHash, hashToken(registrationKey)))
    throw new ServiceError('signup_not_found', 'No signup matches this registration key.');
  return availabilityFor(s.db, audienceOf(user));
}
