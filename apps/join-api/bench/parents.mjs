// What the benches' simulated parents send: a sign-up body and the billing address of their orders.

/** The billing address of every bench order (Braintree's field names). */
export const BILLING = {
  streetAddress: '1 Main St',
  locality: 'Austin',
  region: 'TX',
  postalCode: '78701',
  countryCodeAlpha2: 'US',
};

/** A `POST /signups` body (join flow, US) for parent `i`; `email` defaults to `bench<i>@example.com`. */
export function signupBody(i, { firstName = 'Bench', email = `bench${i}@example.com` } = {}) {
  return JSON.stringify({
    flow: 'join',
    address: { country: 'US' },
    parent: { firstName, lastName: `P${i}`, email, phoneNumber: '2025550143' },
  });
}
