import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, type CspPaymentsMode } from '../src/web.js';

// The page's CSP per payments mode. Hosts: braintree-web 3.144's CSP documentation
// and its source (see BRAINTREE_SOURCES in src/web.ts).

const SANDBOX_ORIGIN = 'http://127.0.0.1:3010';
/** The sandbox's bank: its 3D Secure challenge page's own origin (docs/PAYMENTS.md). */
const ACS_ORIGIN = 'http://127.0.0.1:3011';
const SANDBOX_MODE: CspPaymentsMode = { driver: 'sandbox', sandboxOrigin: SANDBOX_ORIGIN, acsOrigin: ACS_ORIGIN };
const mode = (environment: 'Sandbox' | 'Production' | 'Development' | 'Qa'): CspPaymentsMode => ({
  driver: 'braintree',
  environment,
  sandboxOrigin: SANDBOX_ORIGIN,
  acsOrigin: ACS_ORIGIN,
});

/** The policy as directive name → its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );
}

/**
 * Cardinal's hosts exactly as braintree-web's CSP guide names them for 3D Secure (`*.cardinalcommerce.com`, and
 * `*.cardinaltrusted.com` since its CHANGELOG 3.134.0), in both environments: Songbird's URL is the gateway's
 * `cardinalSongbirdUrl`, so no exact Cardinal host can be known beforehand.
 */
const CARDINAL = ['https://*.cardinalcommerce.com', 'https://*.cardinaltrusted.com'];

/** What braintree-web, Cardinal, PayPal and FraudNet need in each Braintree environment, by directive. */
const NEEDS = {
  Sandbox: {
    'script-src': [
      ...CARDINAL,
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
    ],
    'frame-src': [
      ...CARDINAL,
      'https://assets.braintreegateway.com',
      'https://www.sandbox.paypal.com',
      'https://c.paypal.com',
      'https://c.sandbox.paypal.com',
    ],
    'connect-src': [
      ...CARDINAL,
      'https://api.sandbox.braintreegateway.com',
      'https://payments.sandbox.braintree-api.com',
      'https://client-analytics.sandbox.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
    ],
    'img-src': ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://b.stats.paypal.com'],
    'form-action': [...CARDINAL],
  },
  Production: {
    'script-src': [
      ...CARDINAL,
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
    ],
    'frame-src': [...CARDINAL, 'https://assets.braintreegateway.com', 'https://www.paypal.com', 'https://c.paypal.com'],
    'connect-src': [
      ...CARDINAL,
      'https://api.braintreegateway.com',
      'https://payments.braintree-api.com',
      'https://client-analytics.braintreegateway.com',
      'https://www.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
    ],
    'img-src': ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://b.stats.paypal.com'],
    'form-action': [...CARDINAL],
  },
} as const;

/** Hosts of one environment only (braintree-web serves www.paypal.com, c.paypal.com … from both). */
const PRODUCTION_ONLY = [
  'https://api.braintreegateway.com',
  'https://payments.braintree-api.com',
  'https://client-analytics.braintreegateway.com',
];
const SANDBOX_ONLY = [
  'https://api.sandbox.braintreegateway.com',
  'https://payments.sandbox.braintree-api.com',
  'https://client-analytics.sandbox.braintreegateway.com',
  'https://www.sandbox.paypal.com',
  'https://c.sandbox.paypal.com',
];

const ALL_MODES: CspPaymentsMode[] = [
  SANDBOX_MODE,
  mode('Sandbox'),
  mode('Production'),
  mode('Development'),
  mode('Qa'),
];

describe('contentSecurityPolicy per payments mode', () => {
  it.each(['Sandbox', 'Production'] as const)(
    'Braintree %s: each host braintree-web needs is in its directive, no host of the other environment anywhere',
    (environment) => {
      const policy = directives(contentSecurityPolicy(mode(environment)));
      for (const [directive, hosts] of Object.entries(NEEDS[environment]))
        for (const host of hosts) expect(policy.get(directive), `${directive} ${host}`).toContain(host);
      const foreign = environment === 'Sandbox' ? PRODUCTION_ONLY : SANDBOX_ONLY;
      for (const [directive, sources] of policy)
        for (const host of foreign) expect(sources, `${directive} ${host}`).not.toContain(host);
      // production's PayPal frames are www.paypal.com; a sandbox client id frames www.sandbox.paypal.com
      if (environment === 'Sandbox') expect(policy.get('frame-src')).not.toContain('https://www.paypal.com');
      // the sandbox's origin has no place in a Braintree page
      expect(contentSecurityPolicy(mode(environment))).not.toContain(SANDBOX_ORIGIN);
      expect(contentSecurityPolicy(mode(environment))).not.toContain(ACS_ORIGIN);
    },
  );

  it("Development (the braintree SDK against the payments sandbox) is exactly the sandbox driver's policy", () => {
    const sandbox = contentSecurityPolicy(SANDBOX_MODE);
    expect(contentSecurityPolicy(mode('Development'))).toBe(sandbox);
    const policy = directives(sandbox);
    // docs/PAYMENTS.md: the challenge frame holds the provider's page, whose document goes to the bank's own origin
    expect(policy.get('frame-src')).toEqual([SANDBOX_ORIGIN, ACS_ORIGIN]);
    // the bank is framed only: the page neither fetches from it nor posts a form to it (the provider's frame does)
    expect(policy.get('connect-src')).toEqual(["'self'", SANDBOX_ORIGIN]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(sandbox).not.toContain('braintree');
  });

  it('Qa never gets a production host', () => {
    const csp = contentSecurityPolicy(mode('Qa'));
    expect(csp).toBe(contentSecurityPolicy(mode('Sandbox')));
    for (const host of PRODUCTION_ONLY) expect(csp).not.toContain(host);
  });

  it.each(['Sandbox', 'Production', 'Qa'] as const)(
    "Braintree %s: an issuer's 3D Secure ACS on any HTTPS host may be framed and posted to — and nothing else is widened",
    (environment) => {
      // braintree-web's CSP guide (jsdoc/Home.md "3D Secure Specific Directives"): frame-src * and form-action *,
      // as the ACS URL is the issuer's own; EMV 3DS ACS URLs are HTTPS, so `https:` and never `*` or `http:`
      const policy = directives(contentSecurityPolicy(mode(environment)));
      expect(policy.get('frame-src')).toContain('https:');
      expect(policy.get('form-action')).toContain('https:');
      for (const [directive, sources] of policy) {
        if (directive !== 'frame-src' && directive !== 'form-action')
          expect(sources, directive).not.toContain('https:');
        expect(sources, directive).not.toContain('http:');
      }
    },
  );

  it.each(ALL_MODES)(
    "no wildcard but Braintree's documented Cardinal hosts, no scheme source but data: images and the ACS's https:, no 'unsafe-eval' (%o)",
    (m) => {
      const csp = contentSecurityPolicy(m);
      const policy = directives(csp);
      const braintreeItself = m.driver === 'braintree' && m.environment !== 'Development';
      for (const [directive, sources] of policy) {
        for (const source of sources) {
          if (!CARDINAL.includes(source)) expect(source, directive).not.toContain('*');
          // a scheme source (`https:`, `http:`, `wss:` …) allows every host of that scheme: only `data:` images, and
          // with Braintree itself `https:` where the issuer's ACS page goes (frame-src, form-action)
          if (/^[a-z][a-z0-9+.-]*:$/i.test(source))
            expect(['img-src data:', ...(braintreeItself ? ['frame-src https:', 'form-action https:'] : [])]).toContain(
              `${directive} ${source}`,
            );
          if (source.startsWith('http') && source !== 'https:' && !CARDINAL.includes(source))
            expect(new URL(source).origin, directive).toBe(source);
        }
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    },
  );

  it.each(['Sandbox', 'Production', 'Qa'] as const)(
    'Braintree %s: Songbird\'s script, frames, API and posts are allowed by the documented Cardinal hosts, and no guessed cardinaltrusted.com host is named (spec §4 "3D Secure flow")',
    (environment) => {
      const csp = contentSecurityPolicy(mode(environment));
      const policy = directives(csp);
      for (const directive of ['script-src', 'frame-src', 'connect-src', 'form-action'])
        for (const host of CARDINAL) expect(policy.get(directive), `${directive} ${host}`).toContain(host);
      // only the documented wildcards: no invented subdomain of Cardinal's domains
      expect(csp.match(/https:\/\/[a-z0-9.-]+\.cardinal(commerce|trusted)\.com/g)).toBeNull();
    },
  );

  it.each(ALL_MODES)('violations are reported to join-api: report-uri and report-to name its endpoint (%o)', (m) => {
    const policy = directives(contentSecurityPolicy(m));
    expect(policy.get('report-uri')).toEqual(['/api/v1/csp-reports']);
    expect(policy.get('report-to')).toEqual(['csp']);
  });
});
