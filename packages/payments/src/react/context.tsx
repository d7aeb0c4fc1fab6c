import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPaymentsClient, type PaymentsClient } from '../core/client.js';
import { toPaymentError, type PaymentError } from '../core/errors.js';
import type { PaymentsConfig } from '../core/types.js';

/** What {@link usePayments} returns: the config, the client once created, and the set-up status and error. */
export interface PaymentsContextValue {
  config: PaymentsConfig;
  /** The client, once created (null while loading or after an error). */
  client: PaymentsClient | null;
  status: 'loading' | 'ready' | 'error';
  error: PaymentError | null;
}

const PaymentsContext = createContext<PaymentsContextValue | null>(null);

/**
 * Creates one payments client per authorization and tears it down on unmount or when the authorization changes
 * ("one client per authorization; teardown of everything on unmount"). A new client is made when the driver,
 * authorization, `sandboxUrl` or `locale` changes, not when only the config object's identity does.
 * Never throws: a failed `createPaymentsClient` sets `status: 'error'` and `error` (mapped with `toPaymentError`, §8).
 */
export function PaymentsProvider({ config, children }: { config: PaymentsConfig; children?: ReactNode }) {
  const [state, setState] = useState<Omit<PaymentsContextValue, 'config'>>({
    client: null,
    status: 'loading',
    error: null,
  });
  const key = `${config.driver}|${config.authorization}|${'sandboxUrl' in config ? config.sandboxUrl : ''}|${config.locale ?? ''}`;

  useEffect(() => {
    let active = true;
    setState({ client: null, status: 'loading', error: null });
    const creating = createPaymentsClient(config);
    creating.then(
      (client) => {
        if (active) setState({ client, status: 'ready', error: null });
        else void client.teardown();
      },
      (error: unknown) => {
        if (active) setState({ client: null, status: 'error', error: toPaymentError(error) });
      },
    );
    return () => {
      active = false;
      creating.then(
        (client) => client.teardown(),
        () => undefined,
      );
    };
    // the client depends on the authorization, not on the config object's identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <PaymentsContext.Provider value={{ config, ...state }}>{children}</PaymentsContext.Provider>;
}

/**
 * The payments context.
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function usePayments(): PaymentsContextValue {
  const value = useContext(PaymentsContext);
  if (!value) throw new Error('usePayments must be used within <PaymentsProvider>');
  return value;
}
