/**
 * Path builders of join-api (DESIGN.md §4). All paths are relative to the API prefix {@link API_PREFIX}.
 */
export const API_PREFIX = '/api/v1';

const enc = encodeURIComponent;

/**
 * Path builders of every join-api route (DESIGN.md §4), relative to {@link API_PREFIX}; ids are URI-encoded.
 * Pass the result to {@link apiUrl}.
 */
export const paths = {
  countries: () => '/countries',
  joinCountries: () => '/join/countries',
  packages: () => '/packages',
  canadianPhone: () => '/phone/canadian',
  signups: () => '/signups',
  logout: () => '/sessions/logout',
  coupons: () => '/coupons',
  parent: (userId: number) => `/parents/${enc(String(userId))}`,
  pricingGroup: (userId: number) => `/parents/${enc(String(userId))}/pricing-group`,
  terms: (userId: number) => `/parents/${enc(String(userId))}/terms`,
  credentials: (userId: number) => `/parents/${enc(String(userId))}/credentials`,
  securityAnswers: (userId: number) => `/parents/${enc(String(userId))}/security-questions`,
  billingAddress: (userId: number) => `/parents/${enc(String(userId))}/billing-address`,
  coParentEmail: (userId: number) => `/parents/${enc(String(userId))}/coparent-email`,
  experiments: () => '/experiments',
  paymentsConfig: () => '/payments/config',
  orders: () => '/orders',
  securityQuestions: () => '/security-questions',
  inviteCheck: () => '/invites/check',
  inviteFamily: () => '/invites/family',
  inviteCoupons: () => '/invites/coupons',
  inviteExperiments: () => '/invites/experiments',
  openapi: () => '/openapi.json',
} as const;

/**
 * Builds `baseUrl` (without a trailing `/`) `+ API_PREFIX + path + ?query`, skipping undefined query values
 * (values are stringified and URL-encoded by `URLSearchParams`). Never throws.
 */
export function apiUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return `${baseUrl.replace(/\/$/, '')}${API_PREFIX}${path}${s ? `?${s}` : ''}`;
}
