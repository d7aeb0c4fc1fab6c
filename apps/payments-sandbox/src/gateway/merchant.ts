/**
 * The sandbox's Braintree merchant (docs/PAYMENTS.md, docs/CONTRACTS.md "Braintree gateway API (sandbox)"):
 * one merchant `ofw_sandbox` with API keys and five merchant accounts, one currency each.
 */
import { MERCHANT_ID } from '../authorization.js';

export { MERCHANT_ID };

/** The API key pair the SDK sends as HTTP Basic auth (braintree_node http.js `authorizationHeader`). */
export const PUBLIC_KEY = 'sandbox_public_key';
export const PRIVATE_KEY = 'sandbox_private_key';

/** Merchant accounts and their single currency; a transaction's `currencyIsoCode` is its account's. */
export const MERCHANT_ACCOUNTS: Readonly<Record<string, string>> = {
  ofw_usd: 'USD',
  ofw_gbp: 'GBP',
  ofw_cad: 'CAD',
  ofw_aud: 'AUD',
  ofw_nzd: 'NZD',
};

/** Used when a call names no `merchantAccountId`, as Braintree uses the merchant's default account. */
export const DEFAULT_MERCHANT_ACCOUNT = 'ofw_usd';

export function isMerchantAccount(id: string): boolean {
  return Object.hasOwn(MERCHANT_ACCOUNTS, id);
}
