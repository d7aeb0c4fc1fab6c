import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, type CspPaymentsMode } from '../src/web.js';

// Issue 10 item 4: the page's CSP per payments mode (DESIGN.md §5/§6). Hosts: braintree-web 3.144's CSP documentation
// and its source (see BRAINTREE_SOURCES in src/web.ts).

const SANDBOX_ORIGIN = 'http://127.0.0.1:3010';
const mode = (environment: 'Sandbox' | 'Production' | 'Development' | 'Qa'): CspPaymentsMode => ({
  driver: 'braintree',
  environment,
  sandboxOrigin: SANDBOX_ORIGIN,
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

/** What braintree-web, Cardinal, PayPal and FraudNet need in each Braintree environment, by directive. */
const NEEDS = {
  Sandbox: {
    'script-src': [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
      'https://songbirdstag.cardinalcommerce.com',
      'https://cas.static.client.cardinaltrusted.com',
    ],
    'frame-src': [
      'https://assets.braintreegateway.com',
      'https://www.sandbox.paypal.com',
      'https://c.paypal.com',
      'https://c.sandbox.paypal.com',
      'https://centinelapistag.cardinalcommerce.com',
    ],
    'connect-src': [
      'https://api.sandbox.braintreegateway.com',
      'https://payments.sandbox.braintree-api.com',
      'https://client-analytics.sandbox.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.sandbox.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
      'https://centinelapistag.cardinalcommerce.com',
    ],
    'img-src': ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://b.stats.paypal.com'],
    'form-action': ['https://centinelapistag.cardinalcommerce.com'],
  },
  Production: {
    'script-src': [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
      'https://c.paypal.com',
      'https://songbird.cardinalcommerce.com',
      'https://static.client.cardinaltrusted.com',
    ],
    'frame-src': [
      'https://assets.braintreegateway.com',
      'https://www.paypal.com',
      'https://c.paypal.com',
      'https://centinelapi.cardinalcommerce.com',
    ],
    'connect-src': [
      'https://api.braintreegateway.com',
      'https://payments.braintree-api.com',
      'https://client-analytics.braintreegateway.com',
      'https://www.paypal.com',
      'https://t.paypal.com',
      'https://c.paypal.com',
      'https://centinelapi.cardinalcommerce.com',
    ],
    'img-src': ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://b.stats.paypal.com'],
    'form-action': ['https://centinelapi.cardinalcommerce.com'],
  },
} as const;

/** Hosts of one environment only (braintree-web serves www.paypal.com, c.paypal.com … from both). */
const PRODUCTION_ONLY = [
  'https://api.braintreegateway.com',
  'https://payments.braintree-api.com',
  'https://client-analytics.braintreegateway.com',
  'https://songbird.cardinalcommerce.com',
  'https://centinelapi.cardinalcommerce.com',
  'https://static.client.cardinaltrusted.com',
  'https://client.cardinaltrusted.com',
];
const SANDBOX_ONLY = [
  'https://api.sandbox.braintreegateway.com',
  'https://payments.sandbox.braintree-api.com',
  'https://client-analytics.sandbox.braintreegateway.com',
  'https://www.sandbox.paypal.com',
  'https://c.sandbox.paypal.com',
  'https://songbirdstag.cardinalcommerce.com',
  'https://centinelapistag.cardinalcommerce.com',
  'https://cas.static.client.cardinaltrusted.com',
  'https://cas.client.cardinaltrusted.com',
];

const ALL_MODES: CspPaymentsMode[] = [
  { driver: 'sandbox', sandboxOrigin: SANDBOX_ORIGIN },
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
    },
  );

  it("Development (the braintree SDK against the payments sandbox) is exactly the sandbox driver's policy", () => {
    const sandbox = contentSecurityPolicy({ driver: 'sandbox', sandboxOrigin: SANDBOX_ORIGIN });
    expect(contentSecurityPolicy(mode('Development'))).toBe(sandbox);
    const policy = directives(sandbox);
    expect(policy.get('frame-src')).toEqual([SANDBOX_ORIGIN]);
    expect(policy.get('connect-src')).toEqual(["'self'", SANDBOX_ORIGIN]);
    expect(sandbox).not.toContain('braintree');
  });

  it('Qa never gets a production host', () => {
    const csp = contentSecurityPolicy(mode('Qa'));
    expect(csp).toBe(contentSecurityPolicy(mode('Sandbox')));
    for (const host of PRODUCTION_ONLY) expect(csp).not.toContain(host);
  });

  it.each(ALL_MODES)("no wildcard or bare scheme source, no 'unsafe-eval', frame-ancestors 'none' (%o)", (m) => {
    const csp = contentSecurityPolicy(m);
    const policy = directives(csp);
    for (const [directive, sources] of policy) {
      for (const source of sources) {
        expect(source, directive).not.toContain('*');
        // a scheme source (`https:`, `http:`, `wss:` …) allows every host of that scheme; only `data:` images
        if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) expect(`${directive} ${source}`).toBe('img-src data:');
        if (source.startsWith('http')) expect(new URL(source).origin, directive).toBe(source);
      }
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
