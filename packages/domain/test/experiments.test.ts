import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, FEATURE_FLAGS, isInTreatment, SUBSCRIPTION_STATUSES, FeatureFlagsSchema } from '../src/index.js';

describe('§9 Other constants: experiments, feature flags; §4 subscription status', () => {
  it('§9 experiments GROW-621, 722, 805, 892, 886, 794, 872', () => {
    expect(Object.values(EXPERIMENTS).sort()).toEqual(
      ['GROW-621', 'GROW-722', 'GROW-805', 'GROW-892', 'GROW-886', 'GROW-794', 'GROW-872'].sort(),
    );
  });

  it.each([
    [[{ name: 'GROW-621', value: 'treatment' }], 'GROW-621', true],
    [[{ name: 'GROW-621', value: 'control' }], 'GROW-621', false],
    [[{ name: 'GROW-722', value: 'treatment' }], 'GROW-621', false],
    [[], 'GROW-621', false],
    [undefined, 'GROW-621', false],
  ])("§3 Experiment value 'treatment': isInTreatment(%j, %s) → %s", (list, name, inTreatment) => {
    expect(isInTreatment(list, name)).toBe(inTreatment);
  });

  it('§9 feature flags Apple Pay, CAD PayPal, Venmo (default off)', () => {
    expect(FEATURE_FLAGS).toEqual(['applePay', 'cadPayPal', 'venmo']);
    expect(FeatureFlagsSchema.parse({})).toEqual({ applePay: false, cadPayPal: false, venmo: false });
  });

  it('§4 subscription status values: current, expired, none', () => {
    expect(SUBSCRIPTION_STATUSES).toEqual(['current', 'expired', 'none']);
  });
});
