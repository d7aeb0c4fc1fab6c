import { describe, expect, it } from 'vitest';
import { applyUpgradeOption, getPackage, purchaseFlow } from '../src/index.js';

describe("§4 Purchase flow: 'upgrade' when upgrade options or prorated price info exist", () => {
  const options = {
    subscriptionUpgradeOptions: { '2056': { packageId: 2056, price: 300.5, priceFormatted: '$300.50' } },
  };
  it.each([
    [{}, 'purchase'],
    [{ upgradeOptions: null, proratedPriceInfo: undefined }, 'purchase'],
    [{ upgradeOptions: { subscriptionUpgradeOptions: {} } }, 'purchase'],
    [{ upgradeOptions: {} }, 'purchase'],
    [{ upgradeOptions: options }, 'upgrade'],
    [{ proratedPriceInfo: { proratedPrice: 12, proratedPriceFormatted: '$12.00' } }, 'upgrade'],
    [{ upgradeOptions: { '2056': {} } }, 'upgrade'],
  ])('§4 purchaseFlow(%j) → %s', (input, flow) => {
    expect(purchaseFlow(input)).toBe(flow);
  });

  it('§3 applyUpgradeOption sets proratedPriceInfo from the upgrade option of the package', () => {
    const pkg = getPackage(2056)!;
    expect(applyUpgradeOption(pkg, options).proratedPriceInfo).toEqual({
      proratedPrice: 300.5,
      proratedPriceFormatted: '$300.50',
    });
    expect(pkg.proratedPriceInfo).toBeUndefined();
    const other = getPackage(2055)!;
    expect(applyUpgradeOption(other, options)).toBe(other);
    expect(applyUpgradeOption(other, undefined)).toBe(other);
  });
});
