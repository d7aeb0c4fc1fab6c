import { useCallback, useEffect, useRef, useState } from 'react';
import { toPaymentError, type PaymentError } from '../core/errors.js';
import type { DataCollectorInstance } from '../core/types.js';
import { usePayments } from './context.js';

/** What {@link useDataCollector} returns. */
export interface UseDataCollectorResult {
  /** 'loading' until the collector runs; 'error' when it could not start (the payment goes on without device data). */
  status: 'loading' | 'ready' | 'error';
  error: PaymentError | null;
  /**
   * The collector's `deviceData`, to send with the order (read when the customer pays). Waits for a collector still
   * starting; resolves undefined when there is none (no client yet, it failed, or the component unmounted). Never
   * rejects.
   */
  getDeviceData: () => Promise<string | undefined>;
}

/**
 * Owns a data collector (braintree-web `dataCollector`) for as long as the calling component is mounted: created in
 * an effect as soon as the payments client is ready — fraud tools (PayPal FraudNet, Kount) collect from creation on,
 * so Braintree's "Collect device data" guide creates it when the checkout page loads, not when the customer pays —
 * kept in a ref, and torn down on unmount or when the client changes, also when its creation is still in flight
 * (then it is torn down as soon as it arrives; StrictMode's mount–unmount–mount leaves exactly one running), the
 * pattern of `<PayPalButton>` and react-stripe-js's Elements.
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider; a failed creation is not
 *   thrown but sets `status: 'error'` and `error` (mapped with `toPaymentError`, §8 "Data collector").
 */
export function useDataCollector(): UseDataCollectorResult {
  const { client } = usePayments();
  const collector = useRef<Promise<DataCollectorInstance | undefined> | undefined>(undefined);
  const [state, setState] = useState<Pick<UseDataCollectorResult, 'status' | 'error'>>({
    status: 'loading',
    error: null,
  });

  useEffect(() => {
    if (!client) return;
    let active = true;
    setState({ status: 'loading', error: null });
    const creating = client.createDataCollector();
    const current = creating.then(
      (instance) => {
        if (!active) {
          void instance.teardown().catch(() => undefined);
          return undefined;
        }
        setState({ status: 'ready', error: null });
        return instance;
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error: toPaymentError(error) });
        return undefined;
      },
    );
    collector.current = current;
    return () => {
      active = false;
      if (collector.current === current) collector.current = undefined;
      void current.then((instance) => instance?.teardown().catch(() => undefined));
    };
  }, [client]);

  const getDeviceData = useCallback(
    async () => (collector.current ? (await collector.current)?.deviceData : undefined),
    [],
  );

  return { ...state, getDeviceData };
}
