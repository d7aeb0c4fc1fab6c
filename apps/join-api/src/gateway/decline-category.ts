import type { DeclineCategory } from '@ofw/api-client';
import type { ChargeResult } from './types.js';

/** A refused charge, as either gateway driver reports it. */
export type Decline = Extract<ChargeResult, { outcome: 'processor_declined' | 'gateway_rejected' }>;

/**
 * Braintree processor response codes (Braintree "Processor responses" reference; braintree_node
 * `transaction.processorResponseCode`) per coarse category; every other code is `card_declined`.
 * - 2001 Insufficient Funds, 2002 Limit Exceeded, 2003 Cardholder's Activity Limit Exceeded;
 * - 2004 Expired Card;
 * - 2010 Card Issuer Declined CVV, 2060 Address Verification and Card Security Code Failed, 2099 Cardholder
 *   Authentication Required.
 */
const PROCESSOR_CATEGORIES: Record<string, DeclineCategory> = {
  '2001': 'insufficient_funds',
  '2002': 'insufficient_funds',
  '2003': 'insufficient_funds',
  '2004': 'expired_card',
  '2010': 'authentication_failed',
  '2060': 'authentication_failed',
  '2099': 'authentication_failed',
};

/**
 * Braintree `gatewayRejectionReason`s (braintree_node `Transaction.GatewayRejectionReason`) that mean the card could
 * not be verified: `cvv`, `avs`, `avs_and_cvv` (the merchant's verification rules) and `three_d_secure` (3D Secure
 * required and not authenticated). Every other reason (`fraud`, `risk_threshold`, …) is `card_declined`; `duplicate`
 * never gets here — it is in doubt, not a decline (types.ts `isDuplicateRejection`).
 */
const AUTHENTICATION_REJECTIONS = new Set(['cvv', 'avs', 'avs_and_cvv', 'three_d_secure']);

/**
 * The coarse category a 402 answer carries for a refused charge (api-client `DeclineCategorySchema`): what the
 * parent can act on, nothing a card tester could use beyond it. The processor's code and text stay in the logs.
 */
export function declineCategory(result: Decline): DeclineCategory {
  if (result.outcome === 'gateway_rejected')
    return AUTHENTICATION_REJECTIONS.has(result.gatewayRejectionReason) ? 'authentication_failed' : 'card_declined';
  return PROCESSOR_CATEGORIES[result.processorResponseCode] ?? 'card_declined';
}
