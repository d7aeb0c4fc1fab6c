import type { ApiClient } from '@ofw/api-client';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * An {@link ApiClient} whose implementation is loaded on its first call: `@ofw/api-client`'s client and
 * the zod schemas it validates with stay out of the first load of `/join`, and arrive with the first request (the
 * details step's country lists). Every method of the real client returns a Promise, so each method here awaits
 * `load()` (once; a failed load is tried again on the next call) and then calls the real one with the same arguments.
 * @param load - resolves to the real client, e.g. `() => import('@ofw/api-client').then((m) => m.createApiClient(o))`.
 * @returns a client with the real one's methods; a method name it does not have rejects with a TypeError.
 */
export function lazyApiClient(load: () => Promise<ApiClient>): ApiClient {
  let pending: Promise<ApiClient> | undefined;
  const client = () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
  const methods = new Map<string, AnyMethod>();
  return new Proxy({} as ApiClient, {
    get(_target, name) {
      // not a thenable: `await client` or returning it from an async function must give the client itself
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = async (...args) => {
          const real = (await client()) as unknown as Record<string, AnyMethod | undefined>;
          const fn = real[name];
          if (typeof fn !== 'function') throw new TypeError(`ApiClient has no method ${name}`);
          return fn(...args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
