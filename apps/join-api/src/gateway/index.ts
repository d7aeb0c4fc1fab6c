import type { Env } from '../env.js';
import type { PaymentGateway } from './types.js';
import { createSandboxGateway } from './sandbox.js';
import { createBraintreeGateway } from './braintree.js';

export * from './types.js';

/** The gateway driver chosen by `PAYMENTS_DRIVER` (validated in env.ts). */
export async function createGateway(env: Env): Promise<PaymentGateway> {
  if (env.PAYMENTS_DRIVER === 'braintree') {
    const { default: braintree } = await import('braintree');
    const gw = new braintree.BraintreeGateway({
      environment: braintree.Environment[env.BRAINTREE_ENVIRONMENT!],
      merchantId: env.BRAINTREE_MERCHANT_ID!,
      publicKey: env.BRAINTREE_PUBLIC_KEY!,
      privateKey: env.BRAINTREE_PRIVATE_KEY!,
    });
    return createBraintreeGateway(gw, { merchantAccountId: env.BRAINTREE_MERCHANT_ACCOUNT_ID });
  }
  return createSandboxGateway({ baseUrl: env.SANDBOX_URL, timeoutMs: env.GATEWAY_TIMEOUT_MS });
}
