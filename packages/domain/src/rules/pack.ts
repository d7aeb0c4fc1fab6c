import type { OrderPayload, Pack } from '../schemas.js';

/**
 * The pack of a build-your-own order: computed only when the selected package id equals the order payload's package
 * id (spec §4 "Pack").
 *
 * @returns a copy of the payload (services copied), or `undefined` when the ids differ.
 */
export function computePack(selectedPackageId: number, payload: OrderPayload): Pack | undefined {
  if (selectedPackageId !== payload.packageId) return undefined;
  return {
    packageId: payload.packageId,
    productId: payload.productId,
    services: payload.services.map((s) => ({ code: s.code, option: s.option })),
  };
}
