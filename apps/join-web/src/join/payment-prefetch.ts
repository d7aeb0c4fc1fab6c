import { paymentsConfigQuery } from '@ofw/api-client/query';
import { currencyForCountry } from '@ofw/domain';
import type { PaymentsConfig } from '@ofw/payments';
import { toLocale } from '../i18n/locales.js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../services.js';
import { paymentStep } from './lazy-step.js';
import { useSignedInUserId } from './server-state.js';
import { useJoin } from './use-join.js';

/** Origin of the hosted-field frames of each payments driver (braintree-web's frames come from its assets host). */
function frameOrigin(config: PaymentsConfig): string | undefined {
  if (config.driver === 'sandbox') return new URL(config.sandboxUrl).origin;
  if (config.driver === 'braintree') return 'https://assets.braintreegateway.com';
  return undefined;
}

const warmed = new Set<string>();

/**
 * Warms what the card frames will need, once per origin: a preconnect to the frames' origin (DNS, TCP, TLS done
 * before the first frame is created) and, for the sandbox, its frame script (`/hosted-fields/frame.js`, cacheable),
 * fetched the way the frame's `<script>` will ask for it.
 * @param config - the payments config.
 */
export function warmCardFrames(config: PaymentsConfig): void {
  const origin = frameOrigin(config);
  if (!origin || warmed.has(origin) || typeof document === 'undefined') return;
  warmed.add(origin);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  document.head.append(link);
  if (config.driver === 'sandbox')
    void fetch(`${origin}/hosted-fields/frame.js`, { mode: 'no-cors', credentials: 'include' }).catch(() => undefined);
}

/**
 * Loads the sandbox driver's code (a dynamic import inside `createPaymentsClient`) by creating a client and tearing
 * it down at once — it makes no request and holds nothing shared —, so the payment step's `<PaymentsProvider>` finds
 * the code loaded. Not for the braintree driver: braintree-web caches one client per authorization, and tearing a
 * warm-up client down could tear down the one the payment step is being handed (its code loads with the step).
 * @param config - the payments config, with the UI locale.
 * @returns when the code is loaded (at once for another driver); rejects as `createPaymentsClient` does.
 */
export async function warmPaymentsDriver(config: PaymentsConfig): Promise<void> {
  if (config.driver !== 'sandbox') return;
  const { createPaymentsClient } = await import('@ofw/payments');
  const client = await createPaymentsClient(config);
  await client.teardown();
}

/**
 * The payment step usable at once: while the parent reads the terms, loads what the payment step needs — its chunk
 * (with @ofw/payments; rendered without suspending, see `paymentStep`), the payments config (once: api-client's
 * `paymentsConfigQuery`, the payment step's query too), the driver's code ({@link warmPaymentsDriver}) and the card frames'
 * connection and script ({@link warmCardFrames}). Errors are ignored: the payment step asks again and shows them.
 */
export function usePaymentStepPrefetch(): void {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { state } = useJoin();
  const currency = currencyForCountry(state.address.country);
  const locale = toLocale(state.languageLocale);
  const userId = useSignedInUserId();
  useEffect(() => {
    void paymentStep.preload().catch(() => undefined);
    if (userId === undefined) return;
    queryClient
      .ensureQueryData(paymentsConfigQuery(api, { userId, currency }))
      .then((data) => {
        const config: PaymentsConfig = { ...data, locale };
        warmCardFrames(config);
        return warmPaymentsDriver(config);
      })
      .catch(() => undefined);
  }, [api, queryClient, userId, currency, locale]);
}
