/**
 * Lazy loaders of the seven braintree-web modules the product uses. Each is a dynamic import, so nothing of
 * braintree-web is downloaded before the payment step mounts.
 *
 * Bundle note (TOOLCHAIN.md): braintree-web's package.json `browser` field maps every `braintree-web/<module>` to a
 * standalone bundle that repeats the shared code (7 modules ≈ 102 kB gz). Vite consumers should alias
 * `^braintree-web/([a-z0-9-]+)$` → `braintree-web/$1/index.js` (≈ 57 kB gz); see README "Bundling".
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

export interface BraintreeComponentModule<T = any> {
  create(options: Record<string, unknown>): Promise<T>;
  isSupported?: (options?: Record<string, unknown>) => boolean;
  VERSION?: string;
}

const loaders = {
  client: () => import('braintree-web/client'),
  hostedFields: () => import('braintree-web/hosted-fields'),
  threeDSecure: () => import('braintree-web/three-d-secure'),
  applePay: () => import('braintree-web/apple-pay'),
  venmo: () => import('braintree-web/venmo'),
  paypalCheckout: () => import('braintree-web/paypal-checkout'),
  dataCollector: () => import('braintree-web/data-collector'),
} as const;

export type BraintreeModuleName = keyof typeof loaders;

/** Loads one braintree-web module (CommonJS interop: `default` when present). */
export async function loadModule(name: BraintreeModuleName): Promise<BraintreeComponentModule> {
  const mod = (await loaders[name]()) as any;
  return (
    mod && mod.default && typeof mod.default.create === 'function' ? mod.default : mod
  ) as BraintreeComponentModule;
}
