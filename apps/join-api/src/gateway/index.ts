import type { Env } from '../env.js';
import type { PaymentGateway } from './types.js';
import { createSandboxGateway } from './sandbox.js';
import { createBraintreeGateway } from './braintree.js';
import { deadlineAgent } from './deadline.js';

export * from './types.js';

/**
 * The gateway driver chosen by `PAYMENTS_DRIVER` (validated in env.ts). For `braintree` the SDK's Environment is built
 * from join-api's own validated env: the SDK reads `GATEWAY_HOST`/`GATEWAY_PORT`/`GATEWAY_SSL` for
 * `Environment.Development` only once, when first loaded, so a process env set later would be ignored.
 */
export async function createGateway(env: Env): Promise<PaymentGateway> {
  if (env.PAYMENTS_DRIVER === 'braintree') {
    const { default: braintree } = await import('braintree');
    const environment =
      env.BRAINTREE_ENVIRONMENT === 'Development'
        ? new braintree.Environment(
            env.GATEWAY_HOST,
            String(env.GATEWAY_PORT),
            'http://auth.venmo.dev:9292',
            env.GATEWAY_SSL,
            'graphql.bt.local',
            '8080',
          )
        : braintree.Environment[env.BRAINTREE_ENVIRONMENT!];
    const gw = new braintree.BraintreeGateway({
      environment,
      // every SDK request's sockets obey the driver's per-call deadline, connect included (deadline.ts); braintree 3.40
      // reads `customHttpAgent` (lib/braintree/config.js) though @types/braintree does not declare it
      ...({ customHttpAgent: deadlineAgent((environment as unknown as { ssl: boolean }).ssl) } as object),
      merchantId: env.BRAINTREE_MERCHANT_ID!,
      publicKey: env.BRAINTREE_PUBLIC_KEY!,
      privateKey: env.BRAINTREE_PRIVATE_KEY!,
    });
    return createBraintreeGateway(gw, {
      merchantAccounts: env.BRAINTREE_MERCHANT_ACCOUNTS!,
      timeoutMs: env.GATEWAY_TIMEOUT_MS,
    });
  }
  return createSandboxGateway({
    baseUrl: env.SANDBOX_URL,
    timeoutMs: env.GATEWAY_TIMEOUT_MS,
    apiKey: env.SANDBOX_API_KEY,
  });
}
