import { PaymentsError } from './errors.js';

/** §5 "Card client" / "Other wallet and bank rules": three underscore-separated alphanumeric parts. */
const TOKENIZATION_KEY = /^[a-zA-Z0-9]+_[a-zA-Z0-9]+_[a-zA-Z0-9_]+$/;

/**
 * A parsed authorization (§5 "Card client", §6 "Card authorization types"): a tokenization key with its environment
 * and merchant id, or a client token with the fields read from its base64 JSON.
 */
export type Authorization =
  | { kind: 'tokenizationKey'; value: string; environment: string; merchantId: string }
  | { kind: 'clientToken'; value: string; authorizationFingerprint: string; configUrl?: string; environment?: string };

function decodeBase64(value: string): string | undefined {
  try {
    if (typeof atob === 'function') return atob(value);
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses an authorization before use (§5 "Card client"): a tokenization key (`env_id_merchant`) or a client token
 * (base64 JSON with an `authorizationFingerprint`).
 * @throws PaymentsError `CLIENT_OPTION_REQUIRED` when empty, `CLIENT_INVALID_AUTHORIZATION` when neither format.
 */
export function parseAuthorization(authorization: unknown): Authorization {
  if (typeof authorization !== 'string' || authorization.trim() === '') {
    throw new PaymentsError(
      'CLIENT_OPTION_REQUIRED',
      'MERCHANT',
      'options.authorization is required when instantiating a client.',
    );
  }
  if (TOKENIZATION_KEY.test(authorization)) {
    // `env_id_merchant`: the merchant id is everything after the second `_` and may hold `_` itself (braintree-web's
    // create-authorization-data joins those parts: `sandbox_<16 hex>_ofw_sandbox` → `ofw_sandbox`).
    const [environment = '', , ...merchant] = authorization.split('_');
    return { kind: 'tokenizationKey', value: authorization, environment, merchantId: merchant.join('_') };
  }
  const decoded = decodeBase64(authorization);
  if (decoded) {
    try {
      const token = JSON.parse(decoded) as Record<string, unknown>;
      if (typeof token.authorizationFingerprint === 'string') {
        return {
          kind: 'clientToken',
          value: authorization,
          authorizationFingerprint: token.authorizationFingerprint,
          ...(typeof token.configUrl === 'string' ? { configUrl: token.configUrl } : {}),
          ...(typeof token.environment === 'string' ? { environment: token.environment } : {}),
        };
      }
    } catch {
      // not JSON: fall through
    }
  }
  throw new PaymentsError(
    'CLIENT_INVALID_AUTHORIZATION',
    'MERCHANT',
    'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  );
}
