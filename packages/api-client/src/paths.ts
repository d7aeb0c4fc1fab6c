/**
 * The API prefix and URL building of join-api (docs/CONTRACTS.md "HTTP API"). Each operation's path is in the contract table
 * (`contract.ts`, filled in by `operationPath`), relative to {@link API_PREFIX}.
 */
export const API_PREFIX = '/api/v1';

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
