import { teardownError } from '../core/errors.js';
import { trackTeardown } from '../core/teardown.js';
import {
  loadModule,
  type BraintreeClient,
  type BraintreeComponent,
  type BraintreeComponents,
  type BraintreeModuleName,
} from './modules.js';

/** Rejects with `onTimeout()` when `promise` has not settled after `ms` milliseconds (the promise itself goes on). */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]);
}

/** How long `teardown()` waits for a component's own teardown before it resolves (the teardown goes on). */
const TEARDOWN_WAIT_MS = 1_000;

/** braintree-web components created once per client and shared (all but the client and hosted fields). */
export type SharedModuleName = Exclude<BraintreeModuleName, 'client' | 'hostedFields'>;

/**
 * What the braintree driver's capabilities (hosted fields, 3D Secure, wallets, device data) share: one braintree-web
 * client, the components created with it (each torn down with the session), and the torn-down state.
 */
export interface BraintreeSession {
  readonly client: BraintreeClient;
  /** True once `teardown()` ran; every capability then refuses work ({@link BraintreeSession.guard}). */
  readonly tornDown: boolean;
  /** @throws PaymentsError (teardown) for `method` once the session is torn down. */
  guard(method: string): void;
  /** Records `component` for teardown; its own `teardown()` forgets it. Returns it. */
  track<T extends BraintreeComponent>(component: T): T;
  /**
   * The shared component `name`, created with `options` on first use (a failed creation is retried by the next call).
   * `variant` names another instance of the same module created with other options (e.g. Venmo `multi_use` beside
   * `single_use`: braintree-web takes `paymentMethodUsage` at `create` only).
   * @throws whatever braintree-web's `create` throws (e.g. THREEDS_NOT_ENABLED, VENMO_NOT_ENABLED).
   */
  shared<N extends SharedModuleName>(
    name: N,
    options: Record<string, unknown>,
    variant?: string,
  ): Promise<BraintreeComponents[N]>;
  /** The shared component `name` when one was asked for (created or still being created), else undefined. */
  existing<N extends SharedModuleName>(name: N): Promise<BraintreeComponents[N]> | undefined;
  /**
   * Forgets the shared component `name` and tears it down (without waiting): the next {@link BraintreeSession.shared}
   * creates a new one (e.g. 3D Secure after its authentication script never set up, so a retry loads it again).
   */
  discard(name: SharedModuleName): void;
  /** Tears every tracked component down (each waited for at most 1 s), then the client. Idempotent. */
  teardown(): Promise<void>;
}

/**
 * Creates the braintree-web client for `authorization` and the session around it.
 * @throws BraintreeError from `client.create` (e.g. CLIENT_AUTHORIZATION_INVALID, CLIENT_GATEWAY_NETWORK).
 */
export async function createBraintreeSession(authorization: string): Promise<BraintreeSession> {
  const clientModule = await loadModule('client');
  const client = await clientModule.create({ authorization });
  const components = new Set<BraintreeComponent>();
  const shared = new Map<string, Promise<BraintreeComponent>>();
  let tornDown = false;

  const session: BraintreeSession = {
    client,
    get tornDown() {
      return tornDown;
    },
    guard(method) {
      if (tornDown) throw teardownError(method);
    },
    track: (component) => trackTeardown(components, component),
    shared<N extends SharedModuleName>(name: N, options: Record<string, unknown>, variant?: string) {
      const key = variant ? `${name}:${variant}` : name;
      let creating = shared.get(key) as Promise<BraintreeComponents[N]> | undefined;
      if (!creating) {
        creating = loadModule(name)
          .then((module) => module.create({ client, ...options }))
          .then((created) => session.track(created))
          .catch((error: unknown) => {
            shared.delete(key);
            throw error;
          });
        shared.set(key, creating);
      }
      return creating;
    },
    existing<N extends SharedModuleName>(name: N) {
      return shared.get(name) as Promise<BraintreeComponents[N]> | undefined;
    },
    discard(name) {
      const creating = shared.get(name);
      shared.delete(name);
      void creating?.then((component) => component.teardown()).catch(() => undefined);
    },
    async teardown() {
      if (tornDown) return;
      tornDown = true;
      // each teardown starts at once (frames, scripts and listeners go synchronously); the wait is bounded because
      // paypalCheckout's teardown waits for its landing-frame service, which settles only when that frame loaded
      await Promise.allSettled(
        [...components].map((component) =>
          withTimeout(component.teardown(), TEARDOWN_WAIT_MS, () => new Error('teardown still running')),
        ),
      );
      components.clear();
      await client.teardown().catch(() => undefined);
    },
  };
  return session;
}
