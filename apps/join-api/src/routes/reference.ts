import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { priceCatalogue, type Currency } from '@ofw/domain';
import { type PackagesResponse, type PaymentsConfig } from '@ofw/api-client';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv, Ctx, Services } from '../context.js';
import { operation } from '../lib/operation.js';
import { optionalParent, rateLimit, requireParent, requireSelf } from '../context.js';
import { countries, joinCountries, securityQuestions, signups } from '../db/schema.js';
import { RATE_LIMITS } from '../lib/rate-limit.js';
import { countryOptions, localeFrom } from '../reference.js';
import { availabilityFor, experimentsFor, flagsOf, pricingGroupOf } from '../services/offers.js';
import { hashToken } from '../lib/tokens.js';
import { HttpProblem, notFound } from '../lib/problem.js';
import { currentTerm, type UserRow } from '../accounts.js';
import { buyerCurrency } from '../pricing.js';
import { uiLanguageFor, type PricingGroup } from '@ofw/domain';
import { GatewayUnavailableError } from '../gateway/types.js';
import { CatalogueCache, ifNoneMatch } from '../lib/catalogue-cache.js';

const PUBLIC_CACHE = 'public, max-age=3600';

/**
 * The currency `GET /packages` prices in for a signed-in parent: their country's ({@link buyerCurrency}); asked for
 * without `?currency=`, that one.
 * @throws HttpProblem 422 `currency_not_offered` when `?currency=` names another currency (issue 12).
 */
function offeredCurrency(user: UserRow, asked: string | undefined, parsed: Currency): Currency {
  const theirs = buyerCurrency(user.country);
  if (asked === undefined || parsed === theirs) return theirs;
  const message = `This account pays in ${theirs}; packages in ${parsed} are not offered to it.`;
  throw new HttpProblem(422, 'currency_not_offered', message, { errors: [{ field: 'query.currency', message }] });
}

function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A client token for this checkout from the payment gateway (Braintree `clientToken.generate`, or the sandbox's
 * `POST /v1/client_token`). One per request: nothing that expires is cached.
 * @throws HttpProblem 503 `payment_gateway_unavailable` (with `Retry-After`) when the gateway cannot issue one.
 */
async function clientAuthorization(c: Ctx, currency: string): Promise<string> {
  const s = c.get('services');
  try {
    return await s.gateway.clientAuthorization(currency);
  } catch (e) {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    s.logger.warn({ reqId: c.get('requestId'), err: e.message }, 'payment gateway gave no client token');
    throw new HttpProblem(503, 'payment_gateway_unavailable', 'Payments are unavailable right now; retry shortly.', {
      headers: { 'retry-after': '5' },
    });
  }
}

export function referenceRoutes() {
  const r = new Hono<AppEnv>();

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
    // interface text follows the UI locale: es-US and es-MX are Spanish interfaces (domain README "Spanish")
    const lang = uiLanguageFor(localeFrom(c.req.header('accept-language')));
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

  // The priced catalogue in memory (issue 15, lib/catalogue-cache.ts): an anonymous answer is served from its cached
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
    const user = await optionalParent(c);
    if (!user) {
      const answer = await cache.anonymous(q.currency, q.flow, s.now());
      const headers = { etag: answer.etag, 'cache-control': 'private, max-age=60' };
      if (ifNoneMatch(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
      return c.body(answer.body, 200, { ...headers, 'content-type': 'application/json' });
    }
    const now = s.now();
    const group = await pricingGroupOf(s.db, user, now);
    const availability = await availabilityFor(s.db, user.isInvited ? 'invite' : 'join');
    // A parent with a current subscription: upgrades are priced with proration (§3 "Upgrade options", §4); the page
    // gets the term and the server's clock so that its own quote(...) of any upgrade equals what POST /orders charges.
    // A signed-in parent is offered their country's currency only (issue 12; POST /orders refuses any other).
    const currency = offeredCurrency(user, c.req.query('currency'), q.currency);
    const term = await currentTerm(s.db, user.id, now);
    const priced = term
      ? priceCatalogue({
          currency,
          flow: q.flow,
          pricingGroup: group,
          coupons: availability,
          currentTerm: term,
          now,
        })
      : cache.purchaseCatalogue(group, currency, q.flow, {
          list: availability,
          key: JSON.stringify(availability),
        });
    const body: PackagesResponse = {
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
    // A parent's answer changes with its subscription (an upgrade must not be shown from a stale cache).
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  operation(r, 'getPaymentsConfig', async (c, input) => {
    const s = c.get('services');
    const user = await requireParent(c);
    // every call mints a gateway client token (issue 12): limited per parent and per client
    await rateLimit(c, RATE_LIMITS.clientTokens, `parent:${user.id}`);
    await rateLimit(c, RATE_LIMITS.clientTokensClient);
    const flags = await flagsOf(s.db);
    const { currency } = input.query();
    const authorization = await clientAuthorization(c, currency);
    // BRAINTREE_ENVIRONMENT=Development runs the real braintree SDK against apps/payments-sandbox's gateway API: the
    // browser keeps the sandbox's fields (braintree-web's hosted-field frames are served only by Braintree).
    const sandboxFields = s.gateway.name === 'sandbox' || s.env.BRAINTREE_ENVIRONMENT === 'Development';
    const body: PaymentsConfig = sandboxFields
      ? {
          driver: 'sandbox',
          authorization,
          sandboxUrl: new URL(s.env.SANDBOX_URL).origin,
          displayName: 'OurFamilyWizard',
          flags,
        }
      : { driver: 'braintree', authorization, displayName: 'OurFamilyWizard', flags };
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  operation(r, 'getExperiments', async (c) => {
    const s = c.get('services');
    const user = await requireParent(c);
    return c.json(await experimentsFor(s.db, user.id));
  });

  operation(r, 'getCoupons', async (c: Ctx, input) => {
    const s = c.get('services');
    const user = await requireParent(c);
    const q = input.query();
    const [signup] = await s.db.select().from(signups).where(eq(signups.id, q.signupId)).limit(1);
    if (
      !signup ||
      signup.userId !== user.id ||
      !equalHashes(signup.registrationKeyHash, hashToken(q.registrationKey))
    ) {
      throw notFound('No signup matches this registration key.');
    }
    return c.json(await availabilityFor(s.db, user.isInvited ? 'invite' : 'join'));
  });

  operation(r, 'getPricingGroup', async (c, input) => {
    const user = await requireSelf(c, input.param('userId'));
    return c.json({
      eligiblePricingGroup: (user.migrationPricingGroup ?? user.coparentPricing) as PricingGroup,
      hasMigratedTo2kPackaging: user.hasMigratedTo2k,
    });
  });

  return r;
}
