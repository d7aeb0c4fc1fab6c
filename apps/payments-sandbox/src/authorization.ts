/**
 * Authorizations the sandbox accepts, as Braintree's client API does (spec §5 "Card client"): a tokenization key
 * (`env_id_merchant`, static, for tokenizing only) or a client token (base64 JSON issued server-side by
 * `POST /v1/client_token`, like the Braintree SDK's `clientToken.generate`, valid 24 h). 3D Secure needs a client
 * token: braintree-web refuses a tokenization key (`THREEDS_CAN_NOT_USE_TOKENIZATION_KEY`) and the gateway answers
 * 403 to a lookup authorized by one.
 */
import { randomBytes } from 'node:crypto';

/** Braintree's tokenization key format: three underscore-separated alphanumeric parts (spec §5 "Card client"). */
export const TOKENIZATION_KEY = /^[a-zA-Z0-9]+_[a-zA-Z0-9]+_[a-zA-Z0-9_]+$/;

/** Braintree client tokens (and so their authorization fingerprints) are valid for 24 hours. */
export const CLIENT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The sandbox's merchant id (also the last part of its tokenization key `sandbox_<16 hex>_ofw_sandbox`; braintree-web's key regex allows underscores there and joins the parts after the second). */
export const MERCHANT_ID = 'ofw_sandbox';

/** Braintree's answer to a bad authorization (HTTP 401). */
export const AUTHORIZATION_INVALID =
  'Authorization is invalid. Make sure your client token or tokenization key is valid.';
/** braintree-web's text for HTTP 403 (`CLIENT_AUTHORIZATION_INSUFFICIENT`). */
export const AUTHORIZATION_INSUFFICIENT = 'The authorization used has insufficient privileges.';

/** The decoded client token (a subset of Braintree's v2 client token fields). */
export interface ClientTokenPayload {
  version: 2;
  authorizationFingerprint: string;
  configUrl: string;
  clientApiUrl: string;
  assetsUrl: string;
  environment: 'sandbox';
  merchantId: string;
  merchantAccountId?: string;
  threeDSecureEnabled: true;
  challenges: string[];
}

/** What an `authorization` string turned out to be; `undefined` when it is neither (→ 401). */
export type AuthorizationKind = 'tokenizationKey' | 'clientToken' | undefined;

interface Fingerprint {
  issuedAt: number;
  merchantAccountId?: string | undefined;
}

const MAX_FINGERPRINTS = 10_000;

/** Issues client tokens and remembers their fingerprints for {@link CLIENT_TOKEN_TTL_MS}. */
export class ClientTokens {
  private readonly fingerprints = new Map<string, Fingerprint>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /**
   * A new client token for the sandbox at `origin` (e.g. `http://localhost:3010`): base64 of the JSON
   * {@link ClientTokenPayload}.
   */
  issue(origin: string, options: { merchantAccountId?: string | undefined } = {}): string {
    const authorizationFingerprint = `${randomBytes(24).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    this.fingerprints.set(authorizationFingerprint, {
      issuedAt: this.now(),
      merchantAccountId: options.merchantAccountId,
    });
    while (this.fingerprints.size > MAX_FINGERPRINTS) {
      const first = this.fingerprints.keys().next();
      if (first.done) break;
      this.fingerprints.delete(first.value);
    }
    const clientApiUrl = `${origin}/merchants/${MERCHANT_ID}/client_api`;
    const payload: ClientTokenPayload = {
      version: 2,
      authorizationFingerprint,
      configUrl: `${clientApiUrl}/v1/configuration`,
      clientApiUrl,
      assetsUrl: origin,
      environment: 'sandbox',
      merchantId: MERCHANT_ID,
      ...(options.merchantAccountId ? { merchantAccountId: options.merchantAccountId } : {}),
      threeDSecureEnabled: true,
      challenges: [],
    };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  /** Whether a fingerprint was issued here and is less than 24 h old. */
  isLive(fingerprint: string): boolean {
    const entry = this.fingerprints.get(fingerprint);
    if (!entry) return false;
    if (this.now() - entry.issuedAt > CLIENT_TOKEN_TTL_MS) {
      this.fingerprints.delete(fingerprint);
      return false;
    }
    return true;
  }

  /**
   * Classifies an authorization: a well-formed tokenization key, a live client token issued here, or neither.
   * A client token that decodes but was not issued here (or expired) is `undefined`, as the gateway rejects it.
   */
  kindOf(authorization: string): AuthorizationKind {
    if (TOKENIZATION_KEY.test(authorization)) return 'tokenizationKey';
    const fingerprint = fingerprintOf(authorization);
    return fingerprint !== undefined && this.isLive(fingerprint) ? 'clientToken' : undefined;
  }
}

/** The `authorizationFingerprint` of a base64 JSON client token, if `value` is one. */
export function fingerprintOf(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null) return undefined;
    const fingerprint: unknown = (decoded as { authorizationFingerprint?: unknown }).authorizationFingerprint;
    return typeof fingerprint === 'string' ? fingerprint : undefined;
  } catch {
    return undefined;
  }
}
