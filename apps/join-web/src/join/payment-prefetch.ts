import type { ApiClient, Currency } from '@ofw/api-client';
import { currencyForCountry } from '@ofw/domain';
import type { PaymentsConfig } from '@ofw/payments';
import { toLocale } from '../i18n/locales.js';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../services.js';
import { paymentStep } from './lazy-step.js';
import { useJoin } from './use-join.js';

/**
 * The payments config query (`GET /payments/config` for the currency charged; the client token is issued for that
 * currency's merchant account, issue 10), cached for the page's life: one token per parent and currency. Used by
 * the payment step, and prefetched by the terms step ({@link usePaymentStepPrefetch}), so both share one request.
 * @param api - join-api client.
 * @param userId - the signed-up parent (part of the key: a token is issued for one parent).
 * @param signedIn - whether the parent has signed up (the session cookie is set); the query is disabled before.
 * @param currency - the currency charged (`currencyForCountry` of the join country).
 */
export function paymentsConfigQuery(
  api: ApiClient,
  userId: number | string | undefined,
  signedIn: boolean,
  currency: Currency,
) {
  return queryOptions({
    queryKey: ['paymentsConfig', userId, currency] as const,
    queryFn: () => api.getPaymentsConfig({ currency }),
    staleTime: Infinity,
    enabled: signedIn,
  });
}

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
 * Issue 15 "payment step usable": while the parent reads the terms, loads what the payment step needs — its chunk
 * (with @ofw/payments; rendered without suspending, see `paymentStep`), the payments config (once;
 * {@link paymentsConfigQuery}'s cache), the driver's code ({@link warmPaymentsDriver}) and the card frames'
 * connection and script ({@link warmCardFrames}). Errors are ignored: the payment step asks again and shows them.
 */
export function usePaymentStepPrefetch(): void {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { state, progress } = useJoin();
  const currency = currencyForCountry(state.address.country);
  const locale = toLocale(state.languageLocale);
  const signedIn = Boolean(progress.signedIn);
  const userId = state.parent.userId;
  useEffect(() => {
    void paymentStep.preload().catch(() => undefined);
    if (!signedIn) return;
    queryClient
      .ensureQueryData(paymentsConfigQuery(api, userId, signedIn, currency))
      .then((data) => {
        const config = { ...data, locale } as PaymentsConfig;
        warmCardFrames(config);
        return warmPaymentsDriver(config);
      })
      .catch(() => undefined);
  }, [api, queryClient, signedIn, userId, currency, locale]);
}
