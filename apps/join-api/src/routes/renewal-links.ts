import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { clientIp, isBrowserRequest, rateLimit, setSessionCookie } from '../context.js';
import { operation, type Refusals } from '../lib/operation.js';
import { RATE_LIMITS, reserveRateLimits } from '../lib/rate-limit.js';
import { paymentsConfigFor } from '../services/offers.js';
import { comeBackSession, linkAnswer, openLink, saveMethodByLink, turnOffByLink } from '../services/renewal/links.js';

/*
 * The links of the renewal e-mails (docs/RENEWAL.md "Links"): no sign-in, the token in the path is the only
 * credential (single-use, expiring, stored as a hash). Each request counts against the client address first; an
 * unknown, used, expired or other-purpose token answers 404 `link_invalid`, whatever the reason. They never read the
 * session cookie, so app.ts mounts them before the cookie CSRF guard (lib/operation.ts `guardRefusals`).
 */

/** What these handlers refuse besides their contract guard (lib/operation.ts `guardRefusals`). */
export const renewalLinkRefusals = {
  getRenewalLink: [
    [429, 'rate_limited'],
    [404, 'link_invalid'],
  ],
  turnOffRenewalByLink: [
    [429, 'rate_limited'],
    [404, 'link_invalid'],
  ],
  getRenewalLinkPaymentsConfig: [
    [429, 'rate_limited'],
    [404, 'link_invalid'],
    [503, 'payment_gateway_unavailable'],
  ],
  saveRenewalPaymentMethod: [
    [429, 'rate_limited'],
    [404, 'link_invalid'],
    [402, 'processor_declined'],
    [409, 'idempotency_in_flight'],
    [422, 'payment_method_expired'],
    [503, 'payment_gateway_unavailable'],
  ],
  createRenewalSession: [
    [429, 'rate_limited'],
    [404, 'link_invalid'],
  ],
} as const satisfies Partial<Refusals>;

export function renewalLinkRoutes() {
  const r = new Hono<AppEnv>();

  operation(r, 'getRenewalLink', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.renewalLinks);
    const s = c.get('services');
    c.header('cache-control', 'no-store');
    return c.json(linkAnswer(s, await openLink(s, input.param('token'))));
  });

  operation(r, 'turnOffRenewalByLink', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.renewalLinks);
    c.header('cache-control', 'no-store');
    return c.json(await turnOffByLink(c.get('services'), input.param('token')));
  });

  operation(r, 'getRenewalLinkPaymentsConfig', async (c, input) => {
    const s = c.get('services');
    // each answer mints a gateway client token: counted per client like GET /payments/config
    await reserveRateLimits(
      s.db,
      [
        { rule: RATE_LIMITS.renewalLinks, subject: clientIp(c) },
        { rule: RATE_LIMITS.clientTokensClient, subject: clientIp(c) },
      ],
      s.now(),
      s.env.RATE_LIMIT_FACTOR,
    );
    const l = await openLink(s, input.param('token'), ['update_payment_method']);
    c.header('cache-control', 'no-store');
    return c.json(await paymentsConfigFor(s, l.order.currency, { reqId: c.get('requestId') }));
  });

  operation(r, 'saveRenewalPaymentMethod', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.renewalLinks);
    const s = c.get('services');
    const body = await input.body();
    c.header('cache-control', 'no-store');
    return c.json(await saveMethodByLink(s, input.param('token'), input.header('Idempotency-Key'), body));
  });

  operation(r, 'createRenewalSession', async (c, input) => {
    await rateLimit(c, RATE_LIMITS.renewalLinks);
    const result = await comeBackSession(c.get('services'), input.param('token'));
    setSessionCookie(c, result.authToken);
    c.header('cache-control', 'no-store');
    // a browser keeps its session in the HttpOnly cookie only (context.ts isBrowserRequest)
    return c.json(isBrowserRequest(c) ? { userId: result.userId } : result);
  });

  return r;
}
