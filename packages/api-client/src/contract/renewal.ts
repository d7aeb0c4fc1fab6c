/*
 * The renewal operations of join-api's contract (docs/CONTRACTS.md "HTTP API"); `contract` (../contract.ts) holds them
 * with the other areas.
 */
import { ParentStateSchema, PaymentsConfigSchema, IdempotencyKeySchema } from '../schemas.js';
import {
  AutoRenewRequestSchema,
  RenewalLinkParamsSchema,
  RenewalLinkSchema,
  RenewalPaymentMethodRequestSchema,
  RenewalPaymentMethodResponseSchema,
  RenewalSessionResponseSchema,
} from '../subscription.js';
import { UserIdParamsSchema, type Operation } from './operation.js';

/** Renewal: auto-renew, the renewal link and its payment method, and the come-back session (§4). */
export const renewalOperations = {
  putAutoRenew: {
    method: 'PUT',
    path: '/parents/{userId}/auto-renew',
    params: UserIdParamsSchema,
    summary: "Turn the subscription's automatic renewal on or off (docs/RENEWAL.md)",
    description:
      "Renewal charges the saved payment method on the term's last day at the package's price for a new term. Turning it on needs a current subscription (409 no_subscription) and a saved payment method (409 no_saved_payment_method: pay again with one that can be saved). Turning it off stops every reminder and charge not yet made; the subscription runs to its end.",
    auth: 'parent',
    body: AutoRenewRequestSchema,
    response: { status: 200, schema: ParentStateSchema },
    problems: [400, 401, 403, 404, 409, 415],
  },
  getRenewalLink: {
    method: 'GET',
    path: '/renewal-links/{token}',
    params: RenewalLinkParamsSchema,
    summary: "What a renewal e-mail's link is for, without signing in (docs/RENEWAL.md)",
    description:
      'The token is single-use and expires (turn-off: at the renewal; update card: at the last retry; come back: 30 days). An unknown, used or expired token answers 404 link_invalid, whatever the reason. Reading changes nothing.',
    auth: 'none',
    response: { status: 200, schema: RenewalLinkSchema },
    problems: [400, 404, 429],
  },
  turnOffRenewalByLink: {
    method: 'POST',
    path: '/renewal-links/{token}/turn-off',
    params: RenewalLinkParamsSchema,
    summary: "A reminder's link: turn automatic renewal off, nothing else",
    description:
      'Only a turn_off_renewal link (any other: 404 link_invalid). The subscription runs to its end; sent again, the same answer.',
    auth: 'none',
    response: { status: 200, schema: RenewalLinkSchema },
    problems: [400, 404, 429],
  },
  getRenewalLinkPaymentsConfig: {
    method: 'GET',
    path: '/renewal-links/{token}/payments-config',
    params: RenewalLinkParamsSchema,
    summary: "Client token for the update-card page, in the subscription's currency",
    auth: 'none',
    response: { status: 200, schema: PaymentsConfigSchema },
    problems: [400, 404, 429, 503],
  },
  saveRenewalPaymentMethod: {
    method: 'POST',
    path: '/renewal-links/{token}/payment-method',
    params: RenewalLinkParamsSchema,
    summary: 'A declined renewal: save a new payment method and pay the renewal with it',
    description:
      'Only an update_payment_method link. The method is saved in the vault for the parent (a card needs a 3D Secure-verified nonce) and becomes the one renewals charge; a renewal due is charged at once, exactly once per Idempotency-Key and renewal. A decline answers 402 (the link stays usable for another method).',
    auth: 'none',
    headers: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'Same key for every retry of one attempt (8–255 visible ASCII characters)',
        schema: IdempotencyKeySchema,
      },
    ],
    body: RenewalPaymentMethodRequestSchema,
    response: { status: 200, schema: RenewalPaymentMethodResponseSchema },
    problems: [400, 402, 404, 409, 415, 422, 429, 503],
  },
  createRenewalSession: {
    method: 'POST',
    path: '/renewal-links/{token}/session',
    params: RenewalLinkParamsSchema,
    summary: "A come-back link: sign the parent in to join again at the expired subscription's pricing (§4)",
    auth: 'none',
    response: { status: 200, schema: RenewalSessionResponseSchema },
    problems: [400, 404, 429],
  },
} as const satisfies Record<string, Operation>;
