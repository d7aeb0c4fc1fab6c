// The page's Content Security Policy: this origin and the payment provider's exact hosts (web.ts sends it).
/** Braintree's environments as join-api's `BRAINTREE_ENVIRONMENT` names them (the npm `braintree` SDK's). */
export type BraintreeEnvironment = 'Sandbox' | 'Production' | 'Development' | 'Qa';

/**
 * Which payment provider the page talks to, for {@link contentSecurityPolicy}: the payments sandbox (its origin
 * frames the card fields and answers the browser; its bank, `acsOrigin`, serves the 3D Secure challenge page on an
 * origin of its own, docs/PAYMENTS.md), or Braintree in one of its environments.
 */
export type CspPaymentsMode =
  | { driver: 'sandbox'; sandboxOrigin: string; acsOrigin: string }
  | { driver: 'braintree'; environment: BraintreeEnvironment; sandboxOrigin: string; acsOrigin: string };

/** Sources per CSP directive that the payment provider adds to the page's policy. */
interface ProviderSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  formAction: readonly string[];
}

/*
 * The hosts braintree-web 3.144 (client, hosted fields, 3D Secure, PayPal Checkout, Venmo, Apple Pay, data collector)
 * loads from or talks to, per Braintree environment. Sources:
 *  [doc] braintree-web's "Using braintree-web with a Content Security Policy" (jsdoc/Home.md of braintree/braintree-web,
 *        https://braintree.github.io/braintree-web/current/#content-security-policy): Basic, PayPal, Apple Pay,
 *        3D Secure and Data Collector directives;
 *  [src] braintree-web@3.144.0 itself: lib/constants.js (CLIENT_API_URLS, ASSETS_URLS, GRAPHQL_URLS, ANALYTICS_URL,
 *        FRAUDNET_URL), paypal-checkout/paypal-checkout.js (loadPayPalSDK's default `https://www.paypal.com/sdk/js`,
 *        the preload request to `https://www.{sandbox.}paypal.com/smart/buttons/preload`),
 *        three-d-secure/external/frameworks/songbird.js (Songbird from the gateway's `cardinalSongbirdUrl`),
 *        data-collector/fraudnet.js (FraudNet's frames and its `b.stats.paypal.com` beacon);
 *  [changelog] braintree-web's CHANGELOG.md 3.134.0 (in node_modules): "Add cardinaltrusted.com to required
 *        Content-Security-Policy directives, when using 3D Secure".
 * Cardinal's hosts (Songbird's script, its collect and step-up frames, its API) are the ones [doc]'s 3D Secure table
 * names, as it names them: `*.cardinalcommerce.com` and, since [changelog], `*.cardinaltrusted.com`. Songbird's URL
 * comes from the gateway's configuration (`cardinalSongbirdUrl`), not from braintree-web, so no exact host can be read
 * from [src]; no host under cardinaltrusted.com is guessed (spec §4 "3D Secure flow" 7: a blocked script is the flow's
 * failure, which verifyCard bounds). Those two wildcards are the only ones: every other host is exact.
 * Where [doc] writes another wildcard (`*.paypal.com`, `*.braintree-api.com`) the exact hosts of [src] are listed
 * instead. Not listed, on purpose:
 *  - `'unsafe-inline'` for PayPal's script-src ([doc]): the page allows its own inline scripts by hash only;
 *  - Google Pay's hosts: the product does not use braintree-web/google-payment;
 *  - Venmo: braintree-web opens venmo.com / account.venmo.com (sandbox account.ext.live.venmo.com) as a new window
 *    or app switch, a navigation no CSP directive governs; Apple Pay runs on the browser's ApplePaySession, no host
 *    (applepay.cdn-apple.com of [doc] serves Apple's button script, which the product does not load);
 * 3D Secure 2's challenge: [doc] asks for `frame-src *` and `form-action *` — the challenge frame's document goes to
 * the issuing bank's ACS URL (Songbird posts the CReq there: `Cardinal.continue('cca', { AcsUrl, Payload })`,
 * braintree-web three-d-secure/external/frameworks/songbird.js), and the 3DS Method posts to the ACS too; ACS hosts are
 * the issuers' own, which no list can name. EMV 3DS requires an ACS URL to be HTTPS, so this policy allows
 * {@link THREE_D_SECURE_ACS} (`https:`) in `frame-src` and `form-action` only — never `*` (which also admits `http:`),
 * and nothing else widened: scripts, connections and images keep their exact hosts.
 * `www.paypal.com` is in the Sandbox policy too: braintree-web loads the PayPal JS SDK from it (the client id chooses
 * the sandbox) and posts its analytics there in every environment; `c.paypal.com` serves FraudNet's script in both.
 */
/** Any HTTPS host: where an issuer's ACS may be (frame-src, form-action), see above. */
export const THREE_D_SECURE_ACS = 'https:';

/** Cardinal's hosts as [doc]'s 3D Secure table names them (both environments), see above. */
export const CARDINAL_HOSTS = ['https://*.cardinalcommerce.com', 'https://*.cardinaltrusted.com'] as const;

/** Where browsers send the page's CSP violation reports (`report-uri`, and `report-to` by this endpoint name). */
export const CSP_REPORT_PATH = '/api/v1/csp-reports';
export const CSP_REPORT_GROUP = 'csp';

const BRAINTREE_SOURCES: Record<'sandbox' | 'production', ProviderSources> = {
  sandbox: {
    script: [
      'https://js.braintreegateway.com', // [doc] Basic
      'https://assets.braintreegateway.com', // [doc] Basic; [src] ASSETS_URLS.sandbox
      'https://www.paypal.com', // [src] loadPayPalSDK: the PayPal JS SDK
      'https://www.paypalobjects.com', // [doc] PayPal: the SDK's assets
      'https://c.paypal.com', // [src] FRAUDNET_URL (fb.js)
      ...CARDINAL_HOSTS, // [doc] 3D Secure: Songbird
    ],
    frame: [
      'https://assets.braintreegateway.com', // [doc] Basic: hosted-field frames
      'https://www.sandbox.paypal.com', // [doc] PayPal: buttons and checkout frames of a sandbox client id
      'https://c.paypal.com', // [doc] Data Collector; [src] fraudnet.js frames
      'https://c.sandbox.paypal.com', // [doc] Data Collector: FraudNet with `sandbox: true`
      ...CARDINAL_HOSTS, // [doc] 3D Secure: Songbird's collect and step-up frames
      THREE_D_SECURE_ACS, // [doc] 3D Secure: the issuer's ACS page
    ],
    connect: [
      'https://api.sandbox.braintreegateway.com', // [doc] Basic; [src] CLIENT_API_URLS.sandbox
      'https://payments.sandbox.braintree-api.com', // [doc] Basic (*.braintree-api.com); [src] GRAPHQL_URLS.sandbox
      'https://client-analytics.sandbox.braintreegateway.com', // [doc] Basic
      'https://www.paypal.com', // [src] ANALYTICS_URL (xoplatform logger), every environment
      'https://www.sandbox.paypal.com', // [src] PayPal SDK preload; the SDK's own calls
      'https://t.paypal.com', // PayPal SDK's logging
      'https://c.paypal.com', // [src] FraudNet
      'https://c.sandbox.paypal.com', // FraudNet with `sandbox: true`
      ...CARDINAL_HOSTS, // [doc] 3D Secure: Cardinal's API
    ],
    img: [
      'https://assets.braintreegateway.com', // [doc] Basic
      'https://checkout.paypal.com', // [doc] PayPal
      'https://www.paypalobjects.com', // PayPal button artwork
      'https://t.paypal.com', // PayPal SDK's tracking pixel
      'https://b.stats.paypal.com', // [src] fraudnet.js beacon
    ],
    formAction: [
      ...CARDINAL_HOSTS, // [doc] 3D Secure: Songbird posts into its frames
      THREE_D_SECURE_ACS, // [doc] 3D Secure: the CReq and the 3DS Method go to the issuer's ACS
    ],
  },
  production: {
    script: [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
      ...CARDINAL_HOSTS,
    ],
    frame: [
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://c.paypal.com',
      ...CARDINAL_HOSTS,
      THREE_D_SECURE_ACS,
    ],
    connect: [
      'https://api.braintreegateway.com',
      'https://payments.braintree-api.com',
      'https://client-analytics.braintreegateway.com',
      'https://www.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
      ...CARDINAL_HOSTS,
    ],
    img: [
      'https://assets.braintreegateway.com',
      'https://checkout.paypal.com',
      'https://www.paypalobjects.com',
      'https://t.paypal.com',
      'https://b.stats.paypal.com',
    ],
    formAction: [...CARDINAL_HOSTS, THREE_D_SECURE_ACS],
  },
};

/**
 * The sandbox's sources: its origin frames the card fields, the 3DS step-up and wallet pages and answers the browser;
 * its bank's origin (`acsOrigin`) is where the challenge frame's document goes (docs/PAYMENTS.md) — framed, never fetched
 * nor posted to from the page (the provider's frame posts the CReq).
 */
function sandboxSources(sandboxOrigin: string, acsOrigin: string): ProviderSources {
  return { script: [], frame: [sandboxOrigin, acsOrigin], connect: [sandboxOrigin], img: [], formAction: [] };
}

/**
 * The provider's sources for a payments mode. Braintree's `Development` environment is the local one (the npm
 * `braintree` SDK against the payments sandbox's gateway API): the browser keeps the sandbox's fields there, because
 * braintree-web's hosted-field frames are served only by Braintree, so the page gets the sandbox's sources. `Qa` is
 * a Braintree-internal pre-production environment: it gets the Sandbox hosts, never production's.
 */
function providerSources(mode: CspPaymentsMode): ProviderSources {
  if (mode.driver === 'sandbox' || mode.environment === 'Development')
    return sandboxSources(mode.sandboxOrigin, mode.acsOrigin);
  return BRAINTREE_SOURCES[mode.environment === 'Production' ? 'production' : 'sandbox'];
}

/**
 * A strict CSP allowing only this origin and the payment provider's exact hosts (docs/CONTRACTS.md "HTTP API" / §6): no wildcard but
 * Braintree's documented Cardinal hosts ({@link CARDINAL_HOSTS}),
 * no scheme source but `data:` images and — with Braintree itself — `https:` in `frame-src` / `form-action` for the
 * issuer's 3D Secure ACS page, no `'unsafe-eval'`, `frame-ancestors 'none'`.
 * @param mode the payments driver, and for `braintree` its environment (see {@link CspPaymentsMode}).
 * @returns the policy, directives joined by `; ` ({@link withScriptSources} adds a page's inline-script hashes).
 * @example contentSecurityPolicy({ driver: 'sandbox', sandboxOrigin: 'http://localhost:3010', acsOrigin: 'http://127.0.0.1:3011' })
 */
export function contentSecurityPolicy(mode: CspPaymentsMode): string {
  const p = providerSources(mode);
  const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${list(p.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${list(p.img)}`,
    "font-src 'self'",
    `connect-src 'self'${list(p.connect)}`,
    `frame-src${p.frame.length ? list(p.frame) : " 'none'"}`,
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${list(p.formAction)}`,
    "frame-ancestors 'none'",
    // violations are reported to join-api (CSP3 `report-to`, with the Reporting-Endpoints header web.ts sends;
    // `report-uri` for browsers without the Reporting API)
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
}
