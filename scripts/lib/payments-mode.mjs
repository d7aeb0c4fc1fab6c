// The payment mode `pnpm start` and `pnpm dev` run join-api in, from the user's environment (docs/PAYMENTS.md):
//   - PAYMENTS_DRIVER unset or `sandbox`: join-api charges through the payments sandbox's own API (the default);
//   - PAYMENTS_DRIVER=braintree BRAINTREE_ENVIRONMENT=Development: join-api runs the real npm `braintree` SDK against
//     the sandbox's Braintree gateway API on this machine; the settings it needs are filled in when not given;
//   - PAYMENTS_DRIVER=braintree with Sandbox / Production / Qa: Braintree itself, with the user's own settings.
// Whatever PAYMENTS_DRIVER / BRAINTREE_* / GATEWAY_* the user gives passes through to join-api unchanged (the
// services inherit the environment); join-api's env module validates the result and names what is missing.

/** Hosts that reach this machine only. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The payments sandbox's test merchant (docs/PAYMENTS.md), as join-api's braintree driver reads it. */
const SANDBOX_MERCHANT = {
  BRAINTREE_MERCHANT_ID: 'ofw_sandbox',
  BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
  BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
  BRAINTREE_MERCHANT_ACCOUNTS: 'USD:ofw_usd,GBP:ofw_gbp,CAD:ofw_cad,AUD:ofw_aud,NZD:ofw_nzd',
};

/** Thrown by {@link paymentsMode} for a combination the start scripts refuse; its message says why and what to do. */
export class PaymentsModeError extends Error {
  name = 'PaymentsModeError';
}

/**
 * The payment mode to run and the environment join-api needs for it.
 * @param {Record<string, string | undefined>} env the user's environment (`process.env`).
 * @param {{ sandboxPort: string }} sandbox the port the payments sandbox listens on.
 * @returns {{ label: string, cards: string, apiEnv: Record<string, string>, sandboxEnv: Record<string, string> }} a
 *   one-line description for the start banner, the sandbox test cards that work in this mode (for the banner), and
 *   the variables to set for join-api and for the sandbox on top of `env` (only those the user did not give).
 * @throws {PaymentsModeError} for `BRAINTREE_ENVIRONMENT=Development` whose gateway is not this machine's sandbox.
 */
export function paymentsMode(env, { sandboxPort }) {
  const given = (key) => (env[key] === undefined || env[key] === '' ? undefined : env[key]);
  const driver = given('PAYMENTS_DRIVER') ?? 'sandbox';
  const environment = given('BRAINTREE_ENVIRONMENT');
  if (driver !== 'braintree')
    return {
      label: `${driver} driver — join-api charges through the payments sandbox's own API`,
      cards: '4111111111111111 pays, 4000111111111115 is declined',
      apiEnv: {},
      sandboxEnv: {},
    };
  if (environment !== 'Development')
    return {
      label: `braintree driver — Braintree ${environment ?? '(BRAINTREE_ENVIRONMENT not set)'} with the given BRAINTREE_* settings; the browser runs braintree-web`,
      cards: "Braintree's own sandbox test cards",
      apiEnv: {},
      sandboxEnv: {},
    };

  const host = given('GATEWAY_HOST') ?? '127.0.0.1';
  const port = given('GATEWAY_PORT') ?? sandboxPort;
  if (!LOOPBACK.has(host.toLowerCase()))
    throw new PaymentsModeError(
      `BRAINTREE_ENVIRONMENT=Development runs join-api's braintree SDK over plain HTTP against the local payments ` +
        `sandbox, but GATEWAY_HOST=${host} is not this machine. Unset GATEWAY_HOST (it defaults to 127.0.0.1, the ` +
        `sandbox on port ${sandboxPort}), or use BRAINTREE_ENVIRONMENT=Sandbox or Production for Braintree itself.`,
    );
  const apiEnv = {};
  const fill = (key, value) => {
    if (given(key) === undefined) apiEnv[key] = value;
  };
  // PAYMENTS_DRIVER=braintree and BRAINTREE_ENVIRONMENT=Development are the user's and reach join-api as given
  fill('GATEWAY_HOST', host);
  fill('GATEWAY_PORT', port);
  fill('GATEWAY_SSL', 'false');
  for (const [key, value] of Object.entries(SANDBOX_MERCHANT)) fill(key, value);
  return {
    // the sandbox listens on `localhost` by default, which may be ::1 only: bind it where GATEWAY_HOST points
    sandboxEnv: given('HOST') === undefined && host === '127.0.0.1' ? { HOST: '127.0.0.1' } : {},
    label:
      `braintree driver, BRAINTREE_ENVIRONMENT=Development — join-api runs the braintree SDK against the payments ` +
      `sandbox's gateway API at http://${host}:${port} (merchant ${given('BRAINTREE_MERCHANT_ID') ?? SANDBOX_MERCHANT.BRAINTREE_MERCHANT_ID}); ` +
      `the browser keeps the sandbox's card fields`,
    // docs/PAYMENTS.md "3D Secure policy": every card is looked up; one whose liability cannot shift is sold without it
    cards:
      '4111111111111111 pays (not enrolled: no liability shift), 4000000000002503 asks for a 3D Secure challenge, ' +
      '4000000000002925 fails authentication and is refused, 4000000000002099 is a soft decline that asks for one',
    apiEnv,
  };
}
