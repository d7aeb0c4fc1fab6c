import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { preferredLocale, uiLanguageFor } from '@ofw/domain';
import type { AppEnv, Services } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { clientIp, rateLimit } from '../context.js';
import { countries, joinCountries, securityQuestions } from '../db/schema.js';
import { RATE_LIMITS, reserveRateLimits } from '../lib/rate-limit.js';
import { countryOptions, localeFrom } from '../reference-data.js';
import {
  availabilityFor,
  experimentsFor,
  parentPackages,
  paymentsConfigFor,
  signupCoupons,
} from '../services/offers.js';
import { CatalogueCache, ifNoneMatch } from '../lib/catalogue-cache.js';
import { checkCouponCode } from '../services/coupon-check.js';

const PUBLIC_CACHE = 'public, max-age=3600';

/** What these handlers refuse besides their contract guard (lib/operation.ts `guardRefusals`). */
export const referenceRefusals = {
  getCountries: [],
  getJoinCountries: [],
  getSecurityQuestions: [],
  checkCanadianPhone: [[429, 'rate_limited']],
  getPackages: [[422, 'currency_not_offered']],
  getPaymentsConfig: [
    [429, 'rate_limited'],
    [503, 'payment_gateway_unavailable'],
  ],
  getExperiments: [],
  getCoupons: [[404, 'not_found']],
  checkCoupon: [
    [422, 'coupon_unknown'],
    [422, 'coupon_expired'],
    [422, 'coupon_not_applicable'],
    [429, 'rate_limited'],
  ],
  getPricingGroup: [],
} as const satisfies Partial<Refusals>;

/** The reference operations of `/api/v1` (countries, security questions, phone check; packages, prices, coupons). */
export function referenceRoutes() {
  const r = new Hono<AppEnv>();
  formOperations(r);
  catalogueOperations(r);
  return r;
}

/** What the join forms list: countries, join countries, security questions, and the Canadian phone check. */
function formOperations(r: Hono<AppEnv>): void {
  operation(r, 'getCountries', async (c) => {
    const { db } = c.get('services');
    const locale = localeFrom(c.req.header('accept-language'));
    const rows = await db.select().from(countries);
    c.header('cache-control', PUBLIC_CACHE);
    c.header('vary', 'Accept-Language');
    c.header('content-language', locale);
    return c.json(countryOptions(rows, locale));
  });

  operation(r, 'getJoinCountries', async (c) => {
    const { db } = c.get('services');
    const locale = localeFrom(c.req.header('accept-language'));
    const rows = await db.select().from(joinCountries).orderBy(asc(joinCountries.position));
    const options = countryOptions(
      rows.map((x) => ({ code: x.code, priority: x.position })),
      locale,
    );
    c.header('cache-control', PUBLIC_CACHE);
    c.header('vary', 'Accept-Language');
    return c.json(options);
  });

  operation(r, 'getSecurityQuestions', async (c) => {
    const { db } = c.get('services');
    // interface text follows the UI locale: es-US and es-MX are Spanish interfaces (domain README "Spanish"); the
    // locale is @ofw/domain's preferredLocale of the header (the first English or Spanish entry decides, by q-value)
    const lang = uiLanguageFor(preferredLocale(c.req.header('accept-language')));
    const rows = await db
      .select({ id: securityQuestions.id, text: securityQuestions.text })
      .from(securityQuestions)
      .where(eq(securityQuestions.locale, lang))
      .orderBy(asc(securityQuestions.id));
    c.header('cache-control', PUBLIC_CACHE);
    c.header('vary', 'Accept-Language');
    c.header('content-language', lang);
    return c.json(rows);
  });

  operation(r, 'checkCanadianPhone', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.phone);
    const { phoneNumber } = input.query();
    const digits = phoneNumber.replace(/\D/g, '');
    const parsed = parsePhoneNumberFromString(`+1${digits}`);
    return c.json({ isCanadianPhoneNumber: Boolean(parsed?.isValid() && parsed.country === 'CA') });
  });
}

/** The parent's catalogue: packages, payments configuration, experiments, coupons and pricing group. */
function catalogueOperations(r: Hono<AppEnv>): void {
  // The priced catalogue in memory (lib/catalogue-cache.ts): an anonymous answer is served from its cached
  // JSON with a strong ETag (304 to If-None-Match); a parent's answer reads what is theirs per request (pricing group,
  // coupons, current term) and reuses the priced catalogue when there is no term to prorate.
  // One cache per app (its database and settings), made on the first request.
  let catalogue: CatalogueCache | undefined;
  const catalogueOf = (s: Services) =>
    (catalogue ??= new CatalogueCache((audience) => availabilityFor(s.db, audience), s.env.CATALOGUE_CACHE_MS));
  operation(r, 'getPackages', async (c, input) => {
    const s = c.get('services');
    const q = input.query();
    const cache = catalogueOf(s);
    const user = input.auth?.user;
    if (!user) {
      const answer = await cache.anonymous(q.currency, q.flow, s.now());
      const headers = { etag: answer.etag, 'cache-control': 'private, max-age=60' };
      if (ifNoneMatch(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
      return c.body(answer.body, 200, { ...headers, 'content-type': 'application/json' });
    }
    // A signed-in parent (§3, §4): priced for their group, coupons, current term and country's currency
    const body = await parentPackages(s, user, { ...q, askedCurrency: c.req.query('currency') }, cache);
    // A parent's answer changes with its subscription (an upgrade must not be shown from a stale cache).
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  operation(r, 'getPaymentsConfig', async (c, input) => {
    const s = c.get('services');
    const { user } = input.auth;
    // every call mints a gateway client token: limited per parent and per client (one statement for both)
    await reserveRateLimits(
      s.db,
      [
        { rule: RATE_LIMITS.clientTokens, subject: `parent:${user.id}` },
        { rule: RATE_LIMITS.clientTokensClient, subject: clientIp(c) },
      ],
      s.now(),
      s.env.RATE_LIMIT_FACTOR,
    );
    const body = await paymentsConfigFor(s, input.query().currency, { reqId: c.get('requestId') });
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  operation(r, 'getExperiments', async (c, { auth: { user } }) =>
    c.json(await experimentsFor(c.get('services').db, user.id)),
  );

  operation(r, 'getCoupons', async (c, input) => {
    const s = c.get('services');
    const user = input.auth.user;
    const q = input.query();
    return c.json(await signupCoupons(s, user, q.signupId, q.registrationKey));
  });

  operation(r, 'checkCoupon', async (c, input) => {
    const { couponCode } = await input.body();
    const body = await checkCouponCode(c.get('services'), input.auth.user, couponCode, clientIp(c));
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  operation(r, 'getPricingGroup', (c, { auth: { user } }) =>
    c.json({
      eligiblePricingGroup: user.migrationPricingGroup ?? user.coparentPricing,
      hasMigratedTo2kPackaging: user.hasMigratedTo2k,
    }),
  );
}
