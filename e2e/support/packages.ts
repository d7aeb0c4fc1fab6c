import { expect, type APIRequestContext } from '@playwright/test';
import { getPackage, type BuildYourOwnPackage, type Currency, type Package, type PackageFamily } from '@ofw/domain';

/** join-api's `GET /api/v1/packages` for an anonymous parent (§4 default pricing group). */
export async function servedPackages(
  request: APIRequestContext,
  currency: Currency,
  flow: 'join' | 'pro' | 'ctj' = 'join',
): Promise<{ packages: Package[]; byo: BuildYourOwnPackage | null }> {
  const res = await request.get(`/api/v1/packages?currency=${currency}&flow=${flow}`);
  expect(res.ok(), `GET /packages?currency=${currency}&flow=${flow}`).toBe(true);
  return (await res.json()) as { packages: Package[]; byo: BuildYourOwnPackage | null };
}

/**
 * The catalogue package (@ofw/domain) of the tier join-api serves in this currency; its served total must be the
 * domain's (§9), so a spec's expected prices always come from @ofw/domain.
 */
export async function servedTier(
  request: APIRequestContext,
  currency: Currency,
  family: PackageFamily,
  years: 1 | 2,
  flow: 'join' | 'pro' | 'ctj' = 'join',
): Promise<Package> {
  const { packages } = await servedPackages(request, currency, flow);
  const served = packages.find(
    (p) => p.family === family && p.subDurationInYears === years && p.packageType === 'parent',
  );
  expect(served, `join-api serves ${family} ${years}y in ${currency}`).toBeDefined();
  const pkg = getPackage(served!.id);
  expect(pkg, `package ${served!.id} is in @ofw/domain's catalogue`).toBeDefined();
  expect(served!.totalPrice).toBe(pkg!.totalPrice);
  return pkg!;
}
