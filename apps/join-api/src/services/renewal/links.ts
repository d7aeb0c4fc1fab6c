import { and, eq, gt, isNull } from 'drizzle-orm';
import { getPackage, renewalChargeAt } from '@ofw/domain';
import type { RenewalLink, RenewalPaymentMethodRequest, RenewalPaymentMethodResponse } from '@ofw/api-client';
import type { Services } from '../../context.js';
import { orders, renewalLinks, subscriptions, users, type RenewalLinkPurpose } from '../../db/schema.js';
import { GatewayUnavailableError } from '../../gateway/types.js';
import { hashToken } from '../../lib/tokens.js';
import { HttpProblem } from '../../lib/problem.js';
import { ServiceError } from '../errors.js';
import { markEmailProven } from '../email-proof.js';
import { issueToken } from '../../accounts.js';
import { chargeRenewal, type RenewalTarget } from './charge.js';
import { retrying, subscriptionAnswer, zoneOf, TERM_ORDER_COLUMNS } from './state.js';

type LinkRow = typeof renewalLinks.$inferSelect;

/** 404 `link_invalid`: one answer for an unknown, used, expired or other-purpose link (docs/RENEWAL.md "Links"). */
export const linkInvalid = () =>
  new HttpProblem(404, 'link_invalid', 'This link is not valid any more. Sign in to manage your subscription.');

/** A link's row, its subscription (with the order that bought it) and parent. */
export interface OpenedLink extends RenewalTarget {
  link: LinkRow;
}

/**
 * The link of `token` when it is live (unused, unexpired) and for one of `purposes` — with its subscription and parent.
 * @throws HttpProblem 404 `link_invalid` otherwise (whatever the reason).
 */
export async function openLink(s: Services, token: string, purposes?: RenewalLinkPurpose[]): Promise<OpenedLink> {
  const now = s.now();
  const [row] = await s.db
    .select({
      link: renewalLinks,
      sub: subscriptions,
      order: TERM_ORDER_COLUMNS,
      user: users,
    })
    .from(renewalLinks)
    .innerJoin(subscriptions, eq(subscriptions.id, renewalLinks.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(users, eq(users.id, renewalLinks.userId))
    .where(and(eq(renewalLinks.hash, hashToken(token)), isNull(renewalLinks.usedAt), gt(renewalLinks.expiresAt, now)));
  if (!row || (purposes && !purposes.includes(row.link.purpose))) throw linkInvalid();
  return row;
}

/** Marks a link used, once: false when another request used it first. */
async function useLink(s: Services, link: LinkRow): Promise<boolean> {
  const used = await s.db
    .update(renewalLinks)
    .set({ usedAt: s.now() })
    .where(and(eq(renewalLinks.hash, link.hash), isNull(renewalLinks.usedAt)))
    .returning({ hash: renewalLinks.hash });
  return used.length > 0;
}

/** What the link's page shows (api-client `RenewalLink`): the parent's first name, the package, the subscription. */
export function linkAnswer(s: Services, l: OpenedLink): RenewalLink {
  return {
    purpose: l.link.purpose,
    languageLocale: l.user.languageLocale,
    firstName: l.user.firstName,
    timeZone: l.user.timeZone,
    packageName: getPackage(l.sub.packageId)?.displayName ?? String(l.sub.packageId),
    subscription: subscriptionAnswer(l, l.user, s.now()),
  };
}

/** A turn-off link: automatic renewal off (the term runs to its end), the link used. */
export async function turnOffByLink(s: Services, token: string): Promise<RenewalLink> {
  const l = await openLink(s, token, ['turn_off_renewal']);
  if (!(await useLink(s, l.link))) throw linkInvalid();
  const [sub] = await s.db
    .update(subscriptions)
    .set({ autoRenew: false, renewalDueAt: null })
    .where(and(eq(subscriptions.id, l.sub.id), eq(subscriptions.status, 'current')))
    .returning();
  s.logger.info({ userId: l.user.id, subscriptionId: l.sub.id }, 'automatic renewal turned off by link');
  return linkAnswer(s, { ...l, sub: sub ?? l.sub });
}

/** A come-back link: the parent signed in (a fresh auth token), the link used. */
export async function comeBackSession(s: Services, token: string): Promise<{ userId: number; authToken: string }> {
  const l = await openLink(s, token, ['come_back']);
  if (!(await useLink(s, l.link))) throw linkInvalid();
  const authToken = await issueToken(s.db, 'auth', { userId: l.user.id, now: s.now() });
  // the link reached the parent's address: it is proven, as a code would prove it (docs/IDENTITY.md)
  await markEmailProven(s.db, l.user.id, s.now());
  s.logger.info({ userId: l.user.id }, 'signed in by a come-back link');
  return { userId: l.user.id, authToken };
}

/**
 * An update-card link: the new method saved in the vault for the parent and made the one renewals charge; when a
 * declined renewal is being retried it is charged at once with it, once per Idempotency-Key (the order key
 * `renewal:<subscription>:link:<key>`). The link is used once the method is saved and nothing is due, or once the
 * renewal is paid; a decline leaves it usable for another method.
 * @throws HttpProblem 404 `link_invalid`, 402 `processor_declined`; ServiceError `payment_method_expired`,
 *   `key_in_flight`, `gateway_unavailable`.
 */
export async function saveMethodByLink(
  s: Services,
  token: string,
  key: string,
  body: RenewalPaymentMethodRequest,
): Promise<RenewalPaymentMethodResponse> {
  const l = await openLink(s, token, ['update_payment_method']);
  const { user } = l;
  let saved;
  try {
    saved = await s.gateway.savePaymentMethod({
      customerId: user.vaultCustomerId,
      customer: { firstName: user.firstName, lastName: user.lastName, email: user.email },
      paymentMethodNonce: body.paymentMethodNonce,
      ...(body.deviceData ? { deviceData: body.deviceData } : {}),
      ...(body.billingAddress ? { billingAddress: body.billingAddress } : {}),
      // a card is verified in the merchant account of the subscription's currency (Braintree verifyCard)
      currencyCode: l.order.currency,
    });
  } catch (e) {
    if (!(e instanceof GatewayUnavailableError)) throw e;
    throw new ServiceError('gateway_unavailable', 'The payment method could not be saved; retry shortly.', {
      retryAfterSeconds: 5,
    });
  }
  if (saved.outcome === 'refused') {
    if (saved.reason === 'verification_failed')
      throw new HttpProblem(402, 'processor_declined', 'The card was declined by the bank.');
    throw new ServiceError('payment_method_expired', 'This payment method cannot be saved. Enter it again.');
  }
  const { vaulted } = saved;
  await s.db.update(users).set({ vaultCustomerId: vaulted.customerId }).where(eq(users.id, user.id));
  const due = retrying(l.sub) ? l.sub.renewalDueAt : renewalChargeAt(l.sub.expiresAt, zoneOf(l, user));
  const [sub] = await s.db
    .update(subscriptions)
    .set({ paymentMethodToken: vaulted.token, paymentMethod: vaulted.summary, autoRenew: true, renewalDueAt: due })
    .where(and(eq(subscriptions.id, l.sub.id), eq(subscriptions.status, 'current')))
    .returning();
  if (!sub) throw linkInvalid();
  if (!retrying(sub)) {
    await useLink(s, l.link);
    return { outcome: 'saved', subscription: subscriptionAnswer({ ...l, sub }, user, s.now()) };
  }
  const charge = await chargeRenewal(s, { ...l, sub }, `renewal:${sub.id}:link:${key}`);
  if (charge.outcome === 'declined')
    throw new HttpProblem(402, 'processor_declined', 'The card was declined by the bank.');
  if (charge.outcome === 'busy')
    throw new ServiceError('key_in_flight', 'The renewal is being charged; retry shortly.');
  if (charge.outcome !== 'paid')
    throw new ServiceError('gateway_unavailable', 'The renewal could not be confirmed; retry with the same key.', {
      retryAfterSeconds: 1,
    });
  await useLink(s, l.link);
  s.metrics.renewalsTotal.inc({ outcome: 'renewed' });
  const [renewed] = await s.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, charge.order.id)));
  return { outcome: 'renewed', subscription: subscriptionAnswer({ ...l, sub: renewed ?? sub }, user, s.now()) };
}
